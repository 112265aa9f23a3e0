"""Special weapons aimed on the board in real Chromium: the air strike's square and a
torpedo's path previewed, then fired by a click on a desktop and from the keyboard; each
move lands where it was aimed (the saved game says so), a torpedo's track stays drawn after
it ran, and the page stays axe-clean. On a phone's touch screen they are aimed in the loupe
(test_browser_loupe.py)."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import unexpected
from tests.e2e.test_browser_rule_sets import start
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE

pytestmark = pytest.mark.django_db(transaction=True)

ROW_I = [f"I{n}" for n in range(1, 11)]  # no ship of the known enemy fleet in row I


@pytest.fixture(scope="module")
def axe_source() -> str:
    return AXE.read_text()


def td(page: Page, label: str):
    return page.locator(f"#enemy-{label}")


def previewed(page: Page) -> set[str]:
    cells = page.locator("table.board.enemy td.preview")
    return {cells.nth(i).get_attribute("id").removeprefix("enemy-") for i in range(cells.count())}


def tracked(page: Page) -> set[str]:
    cells = page.locator("table.board.enemy td.track")
    return {cells.nth(i).get_attribute("id").removeprefix("enemy-") for i in range(cells.count())}


def edge(page: Page, name: str):
    return page.get_by_role("group", name=re.compile("Launch points")).get_by_role(
        "button", name=name, exact=True
    )


def mode(page: Page, weapon: str):
    return page.get_by_role("group", name="Aim with").get_by_role(
        "button", name=re.compile(f"^{weapon}")
    )


def announced(page: Page, text: str) -> None:
    """Told: in the round's two sentences (the live region) or, shot by shot, in its log."""
    told = page.locator("#announcer, #turn-log-lines").filter(has_text=text)
    expect(told.first).to_be_attached()


def test_an_air_strike_and_torpedoes_aimed_and_fired_by_clicking(
    live_server, page: Page, console_errors, axe_source
):
    page.set_viewport_size({"width": 1280, "height": 900})
    game = start(page, live_server.url, "Special weapons")
    mode(page, "Air strike").click()
    expect(mode(page, "Air strike")).to_have_attribute("aria-pressed", "true")
    td(page, "B7").hover()
    expect(page.locator("table.board.enemy td.preview")).to_have_count(9)
    assert previewed(page) == {f"{r}{c}" for r in "ABC" for c in (6, 7, 8)}
    expect(page.locator("#aim-status")).to_have_text(
        "Air strike aimed at B7: the square from A6 to C8."
    )
    td(page, "E5").hover()  # the square follows the pointer
    assert previewed(page) == {f"{r}{c}" for r in "DEF" for c in (4, 5, 6)}
    assert check(page, axe_source) == []
    td(page, "B7").locator("button").click()
    expect(page.locator("#loupe[open]")).to_have_count(0)  # a mouse never meets the loupe
    announced(page, "Your air strike on B7:")
    announced(page, "A6: hit")
    game.refresh_from_db()
    assert game.log[0] == {"air_strike": "B7"}
    expect(page.locator("table.board.enemy td.preview")).to_have_count(0)
    expect(mode(page, "Air strike")).to_have_count(0)  # spent

    # A torpedo along row I from the left: its path shown, then no contact.
    mode(page, "Torpedo").click()
    edge(page, "Row I, from the left").hover()
    expect(page.locator("table.board.enemy td.aim-path-west")).to_have_count(10)
    assert previewed(page) == set(ROW_I)
    assert check(page, axe_source) == []
    edge(page, "Row I, from the left").click()
    announced(page, "no contact")
    game.refresh_from_db()
    assert game.log[2] == {"torpedo": {"from": "west", "line": 8}}
    # Its track stays drawn as the latest move; the strike before is no longer marked.
    assert tracked(page) == set(ROW_I)
    expect(page.locator("table.board.enemy td.track-west")).to_have_count(10)
    expect(td(page, "A6").locator(".latest")).to_have_count(0)

    # The second torpedo from the right along row D: D10 and D9 passed, D8 struck.
    mode(page, "Torpedo").click()
    edge(page, "Row D, from the right").hover()
    assert previewed(page) == {f"D{n}" for n in range(1, 11)}
    edge(page, "Row D, from the right").click()
    announced(page, "D8: hit")
    game.refresh_from_db()
    assert game.log[4] == {"torpedo": {"from": "east", "line": 3}}
    assert tracked(page) == {"D10", "D9"}  # no further than the cell it struck
    expect(page.locator("#weapons")).to_have_count(0)  # every weapon used
    assert unexpected(console_errors) == []


def test_weapons_are_aimed_and_fired_from_the_keyboard(live_server, page: Page, console_errors):
    page.set_viewport_size({"width": 1280, "height": 900})
    game = start(page, live_server.url, "Special weapons")
    mode(page, "Air strike").focus()
    page.keyboard.press("Enter")  # straight to the board
    expect(page.locator("table.board.enemy tbody button").first).to_be_focused()
    for key in ["ArrowRight"] * 4 + ["ArrowDown"] * 4:
        page.keyboard.press(key)
    expect(td(page, "E5").locator("button")).to_be_focused()
    status = page.locator("#aim-status")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(status).to_have_text(
        "Air strike aimed at E5: the square from D4 to F6. Press Enter to fire."
    )
    assert previewed(page) == {f"{r}{c}" for r in "DEF" for c in (4, 5, 6)}
    page.keyboard.press("Enter")
    announced(page, "Your air strike on E5:")
    game.refresh_from_db()
    assert game.log[0] == {"air_strike": "E5"}

    mode(page, "Torpedo").focus()
    page.keyboard.press("Enter")
    expect(edge(page, "Row A, from the left")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(edge(page, "Row C, from the left")).to_be_focused()
    expect(status).to_have_text("Torpedo aimed along row C, from the left. Press Enter to fire.")
    page.keyboard.press("Escape")  # put down: a shot again, nothing shown
    expect(mode(page, "A shot")).to_be_focused()
    expect(page.locator("table.board.enemy td.preview")).to_have_count(0)
    game.refresh_from_db()
    assert len(game.log) == 2
    mode(page, "Torpedo").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # the next strip: the right-hand edge
    expect(edge(page, "Row A, from the right")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    announced(page, "Your torpedo from the east along row B")
    game.refresh_from_db()
    assert game.log[2] == {"torpedo": {"from": "east", "line": 1}}
    assert unexpected(console_errors) == []
