"""On a phone it plays like a game (issue 41): whole games played by taps alone at 375 x 800
with real touch events, in every mode (classic, Salvo, special weapons, five shots, the daily
challenge, a friend's game, the sector battle), and the same by a mouse at 1280 x 900. After
every turn, the last included: the presses of the turn fired it (a plain shot is one tap, a
salvo's cells a tap each and its button, a weapon two steps: aimed, then fired), Enemy
waters' top is where it was on the screen (4 px at most), and every cell of row A is the
element at its own centre (no bar or card over it). On a phone the ten columns' cells are
32 px or more. The end comes into sight without moving the board: the result focused, its
figures and what to do next on the screen, a win's sound named by the server, a short
celebration unless the system asks for reduced motion."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import MOTION
from tests.e2e.whole_games import (
    DESKTOP,
    PHONE,
    Classic,
    Daily,
    FiveShot,
    Friend,
    Mode,
    Played,
    Salvo,
    Sector,
    SpecialWeapons,
    play,
)

pytestmark = pytest.mark.django_db(transaction=True)

MODES = [Classic, Salvo, SpecialWeapons, FiveShot, Daily, Friend, Sector]
# By mouse the long games start near their end (their first turns posted as the page's
# forms post them): the turns measured are the last ones, the last turn among them.
MOUSE_TURNS = 3

# Every sound the server names for a turn, in order (static/js/board.js plays them): in
# every page the context opens.
LISTEN = """
  window.sounds = [];
  document.addEventListener("turn-settled", (e) => window.sounds.push(e.detail.sound));
"""


def new_game(mode: type[Mode], page: Page, base: str, browser: Browser, args: dict) -> Mode:
    if mode is Friend:
        return Friend(page, base, browser, args)
    return mode(page, base)


def checked(game: Mode, how: str, skip: int = 0) -> Played:
    """The game played, each turn checked as it is taken: its presses fired it."""
    stored = [game.stored_moves()] if skip == 0 else []

    def fired(mode: Mode, presses: int) -> None:
        now = mode.stored_moves()
        if stored:
            assert now > stored[-1], f"{presses} presses fired nothing"
        stored.append(now)

    return play(game, how, skip=skip, fired=fired)


def presses_expected(game: Mode, label: str) -> int | None:
    """What a turn should take: a shot one press, a weapon (by a finger) two steps after
    choosing it; a salvo's or a round's cells one press each, then its button."""
    if label.startswith(("strike", "torpedo")):
        return 3 if game.how == "tap" else 2
    if " " in label:
        return len(label.split()) + 1
    return 1


def the_board_stayed(played: Played) -> None:
    moved = played.moved()
    assert max(map(abs, moved)) <= 4, moved
    covered = {m.label: m.covered for m in played.turns if m.covered}
    assert covered == {}, covered  # every cell of row A is what a press there meets


def the_end_is_in_sight(page: Page) -> None:
    heading = page.locator("#outcome-heading")
    expect(heading).to_be_focused()
    expect(heading).to_be_in_viewport()
    card = page.locator(".outcome")
    expect(card.locator(".summary")).to_be_in_viewport()
    expect(card.locator(".outcome-actions .primary").first).to_be_in_viewport()


@pytest.mark.parametrize("mode", MODES, ids=[m.__name__ for m in MODES])
def test_a_whole_game_by_taps_alone_on_a_phone(live_server, browser: Browser, mode):
    args = {"viewport": PHONE, "has_touch": True, "is_mobile": True, "reduced_motion": "reduce"}
    context = browser.new_context(**args)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    context.add_init_script(LISTEN)
    game = new_game(mode, page, live_server.url, browser, args)
    played = checked(game, "tap")
    assert [m.presses for m in played.turns] == [
        presses_expected(game, m.label) for m in played.turns
    ]
    if mode is not Sector:  # (twelve columns: as wide as the screen allows, 27 px)
        assert played.start.cell >= 32, played.start.cell
    the_board_stayed(played)
    assert game.over()
    the_end_is_in_sight(page)
    assert page.evaluate("window.sounds").pop() in ("won", "sunk")  # the daily: a sinking
    assert page.locator(".celebration").count() == 0  # reduced motion: nothing flies
    assert errors == []
    context.close()


@pytest.mark.parametrize("mode", MODES, ids=[m.__name__ for m in MODES])
def test_the_last_turns_by_mouse_on_a_desktop(live_server, browser: Browser, mode):
    args = {"viewport": DESKTOP, "reduced_motion": "reduce"}
    context = browser.new_context(**args)
    page = context.new_page()
    game = new_game(mode, page, live_server.url, browser, args)
    turns = len(list(game.turns())) if mode not in (Salvo, FiveShot) else MOUSE_TURNS
    played = checked(game, "click", skip=max(0, turns - MOUSE_TURNS))
    assert len(played.turns) >= 2
    the_board_stayed(played)
    assert game.over()
    the_end_is_in_sight(page)
    context.close()


@MOTION
def test_a_win_is_celebrated_for_a_moment_and_its_card_put_back_under_the_boards(
    live_server, browser: Browser
):
    args = {"viewport": PHONE, "has_touch": True, "is_mobile": True}
    context = browser.new_context(**args, reduced_motion="no-preference")  # (MOTION: the page's)
    context.add_init_script(LISTEN)
    page = context.new_page()
    game = Classic(page, live_server.url)
    played = checked(game, "tap", skip=14)
    the_board_stayed(played)
    expect(page.locator(".celebration")).to_have_count(1)  # a moment of flares ...
    expect(page.locator(".celebration")).to_have_count(0, timeout=4000)  # ... then gone
    assert page.evaluate("window.sounds").pop() == "won"
    the_end_is_in_sight(page)
    card = page.locator(".outcome")
    expect(card).to_contain_text("You won!")
    for figure in ("Your shots", "Hits", "Time played", "Ships you lost"):
        expect(card.locator(".summary")).to_contain_text(figure)
    # Its close button puts it back under the boards, where it is brought into sight by request.
    page.get_by_role("button", name="Show the boards").tap()
    expect(card).not_to_have_class(re.compile(r"\bfloating\b"))
    board = page.locator("table.board.enemy").bounding_box()
    assert card.bounding_box()["y"] > board["y"] + board["height"]
    expect(page.locator("#outcome-heading")).to_be_focused()
    context.close()


def test_a_tap_marks_its_cell_as_the_shot_goes(live_server, browser: Browser):
    """What a tap aimed at is shown as it lands: marked at once, while the answer is on its
    way (held back here), then drawn as what it found."""
    args = {"viewport": PHONE, "has_touch": True, "is_mobile": True}
    context = browser.new_context(**args)
    page = context.new_page()
    game = Classic(page, live_server.url)
    held: list = []
    page.route("**/shots", lambda route: held.append(route))
    cell = page.locator("#enemy-J9 button")
    cell.tap()
    expect(page.locator("#loupe[open]")).to_have_count(0)
    expect(cell).to_have_class(re.compile(r"\bincoming\b"))
    assert game.stored_moves() == 0  # on its way
    held[0].continue_()
    expect(page.locator("#enemy-J9 button")).to_have_attribute("aria-label", re.compile("hit"))
    expect(page.locator(".board .incoming")).to_have_count(0)
    assert game.stored_moves() == 2
    context.close()
