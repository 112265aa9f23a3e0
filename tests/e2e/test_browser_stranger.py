"""Two new accounts press "Play a stranger" in two browsers and are in one game within
seconds; they play live (each sees the other's shot and the clock), one resigns, the winner's
page says +N and the loser's -N, and /stats shows each rating with its history; one account
in two tabs is never paired with itself. axe-clean at each step."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from duels.models import Duel, RatingChange
from strangers.models import Seek
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE
from tests.web.conftest import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def axe_source() -> str:
    return AXE.read_text()


def signed_up(browser: Browser, base: str, name: str, width: int) -> Page:
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    get_user_model().objects.create_user(name, password=PASSWORD)
    page.goto(base + "/login")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile("/login"))
    return page


def seek(page: Page, base: str) -> None:
    page.goto(base + "/")
    page.get_by_role("link", name="Play a stranger").first.click()
    expect(page.get_by_role("heading", name="Play a stranger")).to_be_visible()
    page.get_by_role("button", name="Find an opponent").click()


@pytest.mark.parametrize("width", [375])
def test_two_strangers_meet_play_live_and_see_their_ratings_change(
    live_server, browser: Browser, axe_source, width
):
    base = live_server.url
    ann, bob = (signed_up(browser, base, name, width) for name in ("ann", "bob"))
    seek(ann, base)
    expect(ann.get_by_role("heading", name="Looking for an opponent")).to_be_visible()
    expect(ann.get_by_role("status")).to_contain_text("Looking for someone to play Classic")
    assert check(ann, axe_source) == []
    seek(bob, base)
    # Both are taken to the one game within seconds (Ann's page asks each second).
    for page, other in ((ann, "bob"), (bob, "ann")):
        expect(page.get_by_role("heading", level=1)).to_have_text(
            re.compile(f"^Against {other}"), timeout=5000
        )
    assert ann.url == bob.url
    game = Duel.objects.get()
    assert (game.pairing, game.rated) == ("stranger", True)
    for page in (ann, bob):
        page.get_by_role("button", name="Shuffle").click()
        page.get_by_role("button", name="Ready", exact=True).click()
    for page in (ann, bob):
        expect(page.get_by_text(re.compile("The coin flip"))).to_be_visible(timeout=5000)
        expect(page.get_by_role("timer")).to_contain_text(re.compile(r"Time left: [0-9]:\d\d"))
    assert check(ann, axe_source) == []
    game.refresh_from_db()
    first = game.seated[game.engine().current_player].owner.username
    mover, waiter = (ann, bob) if first == "ann" else (bob, ann)
    mover.get_by_role("grid", name=re.compile("waters")).get_by_role(
        "button", name="E5", exact=True
    ).click()
    # The other sees the shot live, and their own clock running.
    expect(waiter.get_by_role("status").first).to_contain_text("fired at E5", timeout=5000)
    expect(waiter.locator("#friend-status")).to_contain_text("Your turn.")
    # Their clock starts again with the move (the first move had 30 s; a move has 60).
    expect(waiter.get_by_role("timer")).to_contain_text(re.compile(r"Time left: (1:00|0:5\d)"))
    # Someone else watches from the list of live games, and sees the end come live.
    spectator = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    spectator.goto(base + "/live")
    spectator.get_by_role("link", name=re.compile("^Watch")).click()
    expect(spectator.get_by_role("heading", level=1)).to_have_text(
        re.compile("^(ann against bob|bob against ann)")
    )
    expect(spectator.get_by_role("status")).to_contain_text("1 move so far")
    assert check(spectator, axe_source) == []
    waiter.get_by_text("Resign…").click()
    waiter.get_by_role("button", name="Yes, resign").click()
    expect(waiter.get_by_text(re.compile(r"Your rating: \d+ \(-\d+\)"))).to_be_visible()
    expect(mover.get_by_text(re.compile(r"Your rating: \d+ \(\+\d+\)"))).to_be_visible(timeout=5000)
    assert RatingChange.objects.count() == 2
    expect(spectator.get_by_role("status")).to_contain_text("The game is over", timeout=5000)
    assert check(mover, axe_source) == []
    for page in (ann, bob):
        page.goto(base + "/stats")
        expect(page.get_by_role("heading", name="Your ratings")).to_be_visible()
        chart = page.get_by_role("img", name=re.compile("Your rating under the Classic rules"))
        expect(chart).to_be_visible()
    assert check(ann, axe_source) == []


def test_one_account_in_two_tabs_is_never_paired_with_itself(live_server, browser: Browser):
    base = live_server.url
    page = signed_up(browser, base, "solo", 1280)
    other_tab = page.context.new_page()
    seek(page, base)
    seek(other_tab, base)
    for tab in (page, other_tab):
        expect(tab.get_by_role("heading", name="Looking for an opponent")).to_be_visible()
    other_tab.wait_for_timeout(2500)  # a few of the pages' questions
    assert Duel.objects.count() == 0
    assert Seek.objects.filter(status="seeking").count() == 1  # the second tab's replaced it
    expect(page.get_by_role("status")).to_contain_text("You stopped looking", timeout=3000)
