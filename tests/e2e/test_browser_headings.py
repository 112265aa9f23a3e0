"""What a screen reader hears of a heading, as Chromium computes it: "Against the Admiral,
level 5", one name, the comma in the line (not "Admiral , level 5")."""

import re

import pytest
from playwright.sync_api import Page, expect

from daily.models import today
from tests.e2e.test_browser_game import choose_opponent

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_games_heading_reads_as_one_sentence(live_server, page: Page, console_errors):
    choose_opponent(page, live_server.url, "Admiral")
    expect(page.get_by_role("heading", level=1)).to_have_accessible_name(
        "Against the Admiral, level 5"
    )


def test_the_daily_heading_reads_as_one_sentence(live_server, page: Page, console_errors):
    page.goto(live_server.url + "/daily")
    name = re.compile(rf"^Daily challenge, {today().day} \w+ {today().year}$")
    expect(page.get_by_role("heading", level=1)).to_have_accessible_name(name)
