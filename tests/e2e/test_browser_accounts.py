"""A guest plays, signs up, finishes the game, and finds it in their statistics and replay."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.e2e.test_browser_game import cell, start_shuffled
from tests.web.conftest import COMPUTER_FLEET, fleet_cells

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_guest_signs_up_finishes_the_game_and_replays_it(live_server, page: Page, console_errors):
    game = start_shuffled(page, live_server.url)
    page.reload()
    targets = fleet_cells(COMPUTER_FLEET)
    for label in targets[:3]:
        cell(page, "Enemy", label).click()
        expect(cell(page, "Enemy", label)).to_have_attribute("aria-label", re.compile(", hit"))

    page.get_by_role("navigation", name="Account").get_by_role("link", name="Statistics").click()
    expect(page.get_by_role("heading", name="Sign up to keep your statistics")).to_be_visible()
    page.get_by_role("main").get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("admiral_nelson")
    page.get_by_label("Password", exact=True).fill("trafalgar-1805-victory")
    page.get_by_label("Password confirmation").fill("trafalgar-1805-victory")
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_role("heading", name="No finished games yet")).to_be_visible()
    game.refresh_from_db()
    assert game.owner.username == "admiral_nelson"

    # The unfinished game came along: continue it from the front page and win.
    page.get_by_role("link", name="Battleship").first.click()
    page.get_by_role("link", name=re.compile("^Continue the game")).click()
    for label in targets[3:]:
        cell(page, "Enemy", label).click()
        expect(cell(page, "Enemy", label)).to_have_attribute("aria-label", re.compile("hit|sunk"))
    expect(page.get_by_role("heading", name=re.compile("You won"))).to_be_visible()

    page.get_by_role("link", name="Statistics").click()
    overview = page.get_by_role("region", name="Overview")
    expect(overview.get_by_text("Games played")).to_be_visible()
    expect(overview.locator("dd").first).to_have_text("1")
    expect(page.get_by_role("img", name=re.compile("Heat map"))).to_be_visible()

    page.get_by_role("link", name="History").click()
    page.get_by_role("link", name=re.compile("^Replay the game")).click()
    steps = Game.objects.get(pk=game.pk).moves
    expect(page.get_by_role("heading", name="Before the first shot")).to_be_visible()
    page.get_by_role("link", name="Next").click()
    expect(
        page.get_by_role("heading", name=re.compile(f"^Shot 1 of {steps}: you fired at A6"))
    ).to_be_visible()
    expect(page.get_by_role("link", name="Next")).to_be_focused()
    page.get_by_role("slider", name="Shot").fill(str(steps))
    expect(page.get_by_role("heading", name=re.compile("You won!"))).to_be_visible()
    expect(page).to_have_url(re.compile(rf"\?step={steps}$"))
    page.get_by_role("link", name="Previous").click()
    expect(page.get_by_role("slider", name="Shot")).to_have_value(str(steps - 1))
    assert console_errors == []


@pytest.mark.parametrize("path", ["/stats", "/history"])
def test_changing_the_mode_puts_the_opponent_and_rules_back_to_all(
    live_server, page: Page, console_errors, path
):
    from tests.e2e.test_browser_look import log_in
    from tests.e2e.tour import records

    records("filter_player")
    log_in(page, live_server.url, "filter_player")
    page.goto(live_server.url + path)
    page.get_by_role("combobox", name="Opponent").select_option(label="5. Admiral")
    page.get_by_role("combobox", name="Rules").select_option(label="Salvo")
    page.get_by_role("combobox", name="Mode").select_option(label="Sector battle")
    # The classic game's choices do not stay chosen under the sector battle.
    expect(page.get_by_role("combobox", name="Opponent")).to_have_value("")
    expect(page.get_by_role("combobox", name="Rules")).to_have_value("")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("combobox", name="Mode")).to_have_value("sector")
    expect(page.get_by_role("alert")).to_have_count(0)
    # All opponents, and the sector battle's three.
    expect(page.get_by_role("combobox", name="Opponent").locator("option")).to_have_count(4)
    assert console_errors == []
