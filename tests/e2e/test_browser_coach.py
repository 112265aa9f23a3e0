"""The coach in real Chromium: a hint's heat map in a game, and a finished game's analysis on
its replay; both clean for axe-core at a desktop's width and a phone's."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import unexpected
from tests.e2e.test_browser_game import cell, start_shuffled
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE
from tests.web.conftest import COMPUTER_FLEET, fleet_cells

pytestmark = pytest.mark.django_db(transaction=True)

# Set to a folder to keep a picture of each state (docs/screenshots/ has the ones taken).
SHOTS = os.environ.get("COACH_SCREENSHOTS")


def picture(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / name), full_page=True, caret="initial")


@pytest.fixture(scope="module")
def axe_source() -> str:
    return AXE.read_text()


@pytest.mark.parametrize(("width", "scheme"), [(1280, "light"), (375, "light"), (375, "dark")])
def test_a_hint_shows_the_admirals_heat_map_after_a_warning(
    live_server, page: Page, console_errors, axe_source, width, scheme
):
    page.set_viewport_size({"width": width, "height": 900})
    page.emulate_media(color_scheme=scheme)
    game = start_shuffled(page, live_server.url, "Admiral")
    page.reload()
    cell(page, "Enemy", "A6").click()
    expect(cell(page, "Enemy", "A6")).to_have_attribute("aria-label", re.compile("hit"))
    page.get_by_role("button", name="Hint").click()
    expect(page.get_by_role("heading", name="Show a hint?")).to_be_visible()
    expect(page.get_by_text("will not count for the leaderboard")).to_be_visible()
    game.refresh_from_db()
    assert not game.hinted
    assert check(page, axe_source) == []
    page.get_by_role("button", name="Show hint anyway").click()
    expect(page.get_by_role("status")).to_contain_text(re.compile(r"Likeliest: [A-J]\d+ \d+ %"))
    expect(page.get_by_role("heading", name="Hint: the Admiral's heat map")).to_be_visible()
    # Around the hit on A6 the chances are highest: the likeliest cell is one of its neighbours.
    likeliest = re.search(r"Likeliest: ([A-J]\d+)", page.get_by_role("status").inner_text())[1]
    assert likeliest in {"A5", "A7", "B6"}
    expect(cell(page, "Enemy", likeliest)).to_have_attribute(
        "aria-label", re.compile(rf"^{likeliest}, hit chance \d+ %$")
    )
    game.refresh_from_db()
    assert game.hinted
    assert check(page, axe_source) == []
    picture(page, f"coach-hint-{width}-{scheme}.png")
    # A shot draws the board again without the stale heat map.
    cell(page, "Enemy", likeliest).click()
    expect(cell(page, "Enemy", likeliest)).to_have_attribute(
        "aria-label", re.compile(r", (hit|miss)")
    )
    expect(page.get_by_role("heading", name="Hint: the Admiral's heat map")).to_have_count(0)
    assert unexpected(console_errors) == []


@pytest.mark.parametrize("width", [1280, 375])
def test_a_finished_games_replay_shows_its_analysis(
    live_server, page: Page, console_errors, axe_source, width
):
    page.set_viewport_size({"width": width, "height": 900})
    game = start_shuffled(page, live_server.url)
    page.reload()
    for label in ["A1", *fleet_cells(COMPUTER_FLEET)]:  # A1 first: a poor opening
        cell(page, "Enemy", label).click()
        expect(cell(page, "Enemy", label)).to_have_attribute("aria-label", re.compile(", "))
    expect(page.get_by_role("heading", name=re.compile("You won"))).to_be_visible()
    page.get_by_role("link", name="Review the game").click()
    expect(page.get_by_role("heading", name="Analysis")).to_be_visible()
    expect(page.get_by_text(re.compile(r"\d+ of your 18 shots were on a cell"))).to_be_visible()
    expect(page.get_by_role("img", name=re.compile("hit chance as a share"))).to_be_visible()
    page.get_by_role("link", name="Next").click()
    expect(page.get_by_text(re.compile(r"Your shot at A1: hit chance \d+ %"))).to_be_visible()
    game.refresh_from_db()
    assert game.analysis is not None
    assert check(page, axe_source) == []
    picture(page, f"coach-replay-{width}.png")
    assert unexpected(console_errors) == []
