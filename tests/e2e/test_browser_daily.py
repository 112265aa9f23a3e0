"""A daily challenge in real Chromium, from the first shot to the share text, at a desktop's
width and a phone's: keyboard and mouse, axe-core clean, no sideways scroll; on a phone the
board's column numbers in sight under the summary bar, and a refused shot moving nothing."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from battleship.classic import Coordinate
from daily.fleet import day_board
from daily.models import DailyAttempt, today
from tests.e2e.conftest import unexpected
from tests.e2e.test_browser_turn import column_numbers_read_under_the_summary
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE

pytestmark = pytest.mark.django_db(transaction=True)

# Set to a folder to keep a picture of each state (as the coach's test does).
SHOTS = os.environ.get("DAILY_SCREENSHOTS")


def picture(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=Path(SHOTS) / name, full_page=True, caret="initial")


def cell(page: Page, label: str):
    # The board is named by its heading, as a player sees it (it was "Enemy waters"): the
    # day's fleet, and at the end your shots.
    board = re.compile("^(The day's fleet|Your shots)$")
    return page.get_by_role("grid", name=board).get_by_role(
        "button", name=re.compile(rf"^{label}(,|$)")
    )


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (375, 800)])
def test_a_daily_game_to_its_share_text(live_server, page: Page, console_errors, width, height):
    axe = AXE.read_text()
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Play today's challenge").click()
    expect(page.get_by_role("heading", name=re.compile("^Daily challenge"))).to_be_visible()
    page.wait_for_load_state("load")
    assert check(page, axe) == []
    picture(page, f"daily-start-{width}.png")

    # The test knows the fleet (the server's own helper); a player would not.
    ships = [str(c) for ship in day_board(today()).ships for c in ship.cells]
    water = [str(Coordinate(r, c)) for r in range(10) for c in range(10)]
    water = [label for label in water if label not in ships]

    # A miss by the mouse, then one from the keyboard: arrows move, Enter fires.
    cell(page, water[0]).click()
    expect(page.get_by_role("status")).to_contain_text(f"{water[0]}: miss")
    expect(cell(page, water[0])).to_have_accessible_name(f"{water[0]}, miss, turn 1")
    page.get_by_label("Fire at").fill(ships[0])
    page.get_by_label("Fire at").press("Enter")
    expect(page.get_by_role("status")).to_contain_text(f"{ships[0]}: hit")
    assert check(page, axe) == []
    picture(page, f"daily-playing-{width}.png")
    if width == 375:  # the board's rows scroll under the summary bar; not its column numbers
        assert column_numbers_read_under_the_summary(page)
        page.evaluate("window.scrollTo(0, 0)")
    # A shot refused (a cell fired at already) is shown by its form: the summary bar above
    # the board keeps its size (on a phone it went, and the board jumped up a line).
    top = page.get_by_role("grid").bounding_box()["y"] + page.evaluate("scrollY")
    page.get_by_label("Fire at").fill(water[0])
    page.get_by_label("Fire at").press("Enter")
    expect(page.locator("#shot-error")).to_contain_text(f"{water[0]} has already been fired at")
    assert abs(page.get_by_role("grid").bounding_box()["y"] + page.evaluate("scrollY") - top) <= 1

    # Nothing of the fleet is on the page before the end.
    html = page.content()
    assert "revealed" not in html
    assert "cell ship" not in html

    for label in ships[1:]:
        cell(page, label).click()
        expect(cell(page, label)).to_have_accessible_name(re.compile(rf"^{label}, .*(hit|sunk)"))
    heading = page.get_by_role("heading", name="Fleet sunk in 18 shots")
    expect(heading).to_be_focused()
    share = page.get_by_role("textbox", name="Share your result")
    expect(share).to_have_value(re.compile(rf"^Battleship daily {today().isoformat()}\n18 shots"))
    text = share.input_value()
    assert text.splitlines()[2].startswith("🟦🟥")
    assert not re.search(r"\b[A-J](10|[1-9])\b", text)
    expect(page.get_by_role("button", name="Copy the result")).to_be_visible()
    expect(page.get_by_role("table", name="The Admiral's shots")).to_be_visible()
    expect(page.get_by_role("heading", name="Everyone's shots today")).to_be_visible()
    assert check(page, axe) == []
    picture(page, f"daily-finished-{width}.png")

    # Reloaded, it is the same result; another shot is refused.
    page.reload()
    expect(page.get_by_role("heading", name="Fleet sunk in 18 shots")).to_be_visible()
    attempt = DailyAttempt.objects.get()
    assert attempt.shots == 18
    assert attempt.is_finished
    assert not attempt.practice
    assert unexpected(console_errors, refused=[400]) == [], console_errors
