"""Placing a fleet with a pointer: the ship's outline before the click, and drag and drop."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.e2e.test_browser_game import cell, choose_opponent

pytestmark = pytest.mark.django_db(transaction=True)


def outline(page: Page) -> tuple[list[str], list[str]]:
    """The cells the outline covers, and those of them shown as blocked."""
    board = page.get_by_role("grid", name=re.compile("Your fleet"))
    covered = board.locator("button.preview").evaluate_all("bs => bs.map(b => b.value)")
    blocked = board.locator("button.blocked").evaluate_all("bs => bs.map(b => b.value)")
    return covered, blocked


def test_the_ships_outline_follows_the_pointer_and_is_red_where_it_cannot_go(
    live_server, page: Page, console_errors
):
    choose_opponent(page, live_server.url, "Recruit")
    cell(page, "Your fleet", "B2").hover()
    assert outline(page) == (["B2", "B3", "B4", "B5", "B6"], [])  # the Carrier, across
    page.keyboard.press("r")
    assert outline(page) == (["B2", "C2", "D2", "E2", "F2"], [])  # turned: down
    cell(page, "Your fleet", "H2").hover()
    assert outline(page) == (["H2", "I2", "J2"], ["H2", "I2", "J2"])  # runs off the board
    assert console_errors == []


def test_a_placed_ship_is_dragged_to_a_new_place(live_server, page: Page, console_errors):
    game = choose_opponent(page, live_server.url, "Recruit")
    cell(page, "Your fleet", "A1").click()  # the Carrier, across from A1
    expect(page.get_by_text(re.compile(r"Carrier \(5\)\s+at A1"))).to_be_visible()
    # Taken by its third cell and dropped on E5: it now starts two cells to the left.
    cell(page, "Your fleet", "A3").hover()
    page.mouse.down()
    cell(page, "Your fleet", "C4").hover()
    cell(page, "Your fleet", "E5").hover()
    assert outline(page) == (["E3", "E4", "E5", "E6", "E7"], [])
    with page.expect_response(re.compile("ships$")):
        page.mouse.up()
    expect(page.get_by_text(re.compile(r"Carrier \(5\)\s+at E3"))).to_be_visible()
    carrier = Game.objects.get(pk=game.pk).ships.get(player=0, name="Carrier")
    assert (carrier.row, carrier.col, carrier.orientation) == (4, 2, "H")
    assert console_errors == []


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "has_touch": True}


def centre(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None
    return {"x": found["x"] + found["width"] / 2, "y": found["y"] + found["height"] / 2}


def test_a_placed_ship_is_dragged_with_a_finger(live_server, page: Page, console_errors):
    page.set_viewport_size({"width": 375, "height": 800})
    game = choose_opponent(page, live_server.url, "Recruit")
    cell(page, "Your fleet", "A1").click()
    expect(page.get_by_text(re.compile(r"Carrier \(5\)\s+at A1"))).to_be_visible()
    page.locator("table.setup-board").evaluate("board => board.scrollIntoView()")
    touch = page.context.new_cdp_session(page)
    path = [centre(cell(page, "Your fleet", label)) for label in ["A1", "C2", "F3", "F4"]]
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [path[0]]})
    for point in path[1:]:
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    with page.expect_response(re.compile("ships$")):
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(page.get_by_text(re.compile(r"Carrier \(5\)\s+at F4"))).to_be_visible()
    carrier = Game.objects.get(pk=game.pk).ships.get(player=0, name="Carrier")
    assert (carrier.row, carrier.col) == (5, 3)
    assert console_errors == []


def test_on_a_phone_nothing_stays_over_the_board_while_placing(live_server, page: Page):
    """Shuffle, Clear all and Start come before the ships and the board on a phone (Start in
    the first screen); nothing kept at the screen's foot covers a row of the board, wherever
    the page is scrolled (issue 41: a sticky bar covered rows E to J)."""
    page.set_viewport_size({"width": 375, "height": 800})
    choose_opponent(page, live_server.url, "Recruit")
    page.get_by_role("button", name="Shuffle").click()
    start = page.get_by_role("button", name="Start the game")
    expect(start).to_be_in_viewport()
    covered = set()
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, 80):
        page.evaluate(f"window.scrollTo(0, {y})")
        covered |= set(
            page.evaluate(
                """() => Array.from(document.querySelectorAll('table.setup-board td[data-row]'))
                  .filter((td) => {
                    const b = td.getBoundingClientRect();
                    if (b.top < 0 || b.bottom > innerHeight) return false;
                    const [x, y] = [b.left + b.width / 2, b.top + b.height / 2];
                    const seen = document.elementFromPoint(x, y);
                    return !seen || !td.contains(seen);
                  }).map((td) => td.querySelector('button').value)"""
            )
        )
    assert covered == set()
