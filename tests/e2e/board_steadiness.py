"""How still Enemy waters stay, mode by mode, and what a player sees: whole games played by
taps at 375 x 800 (real touch) and by clicks at 1280 x 900 (tests/e2e/whole_games.py), the
board's top on the screen after each turn printed, and screenshots of the screen (not the
whole page: what is in sight) after the third turn and at the end.

Not collected with the suite (no ``test_`` in its name); run it by name, ``-s`` to see the
figures:

    SHOTS=docs/screenshots/issue41/after .venv/bin/python -m pytest \
        tests/e2e/board_steadiness.py -s -p no:randomly

It measures the site as it is: on a page where a tap opens the loupe for a shot (before
issue 41), the shot is fired by a second tap in it, and counted.
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator

from tests.e2e import whole_games
from tests.e2e.whole_games import (
    DESKTOP,
    PHONE,
    Classic,
    Daily,
    FiveShot,
    Friend,
    Played,
    Salvo,
    Sector,
    SpecialWeapons,
    play,
)

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path(os.environ.get("SHOTS", "docs/screenshots/issue41/after"))
PRESS = whole_games.press
SECOND_TAPS: list = []  # the loupe's second taps, counted
MODES = [Classic, Salvo, SpecialWeapons, FiveShot, Daily, Friend, Sector]


def through_the_loupe(locator: Locator, how: str) -> None:
    """A press; where a finger's tap on a shot opened the loupe, the second tap in it."""
    page = locator.page
    aiming = page.locator('#weapons .aim-mode[aria-pressed="true"]:not([data-aim-mode="shot"])')
    is_cell = locator.evaluate("b => !!b.closest('table.board.enemy td[data-row]')")
    PRESS(locator, how)
    if how == "tap" and is_cell and not aiming.count() and page.locator("#loupe[open]").count():
        td = locator.evaluate("b => [b.closest('td').dataset.row, b.closest('td').dataset.col]")
        page.locator(f"#loupe td[data-row='{td[0]}'][data-col='{td[1]}'] button").tap()
        SECOND_TAPS.append(td)


@pytest.mark.parametrize("mode", MODES, ids=[m.__name__ for m in MODES])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["375x800", "1280x900"])
def test_measure(live_server, browser: Browser, mode, size, monkeypatch):
    SHOTS.mkdir(parents=True, exist_ok=True)
    touch = size == PHONE
    args = {"viewport": size, "has_touch": touch, "is_mobile": touch}
    context = browser.new_context(**args)
    page = context.new_page()
    monkeypatch.setattr(whole_games, "press", through_the_loupe)
    if mode is Friend:
        game = Friend(page, live_server.url, browser, args)
    else:
        game = mode(page, live_server.url)
    name = f"{mode.__name__.lower()}-{size['width']}"
    shots = {3: "playing", 10**6: "end"}

    def fired(played_mode, presses):
        count = len(taken) + 1
        taken.append(presses + len(SECOND_TAPS))
        SECOND_TAPS.clear()
        if count == 3:
            page.wait_for_timeout(700)
            page.screenshot(path=SHOTS / f"{name}-playing.png")

    taken: list[int] = []
    played: Played = play(game, "tap" if touch else "click", fired=fired)
    page.wait_for_timeout(1200)
    page.screenshot(path=SHOTS / f"{name}-end.png")
    moved = played.moved()
    covered = sum(1 for m in played.turns if m.covered)
    line = (
        f"{mode.__name__} {size['width']}x{size['height']}: {len(played.turns)} turns, "
        f"cell {played.start.cell:.1f} px, presses a turn {sorted(set(taken))}, "
        f"board top at start {played.start.top:.0f} px, moved per turn {moved}, "
        f"max |moved| {max(map(abs, moved)):.0f} px, row A covered in {covered} turns, "
        f"page scrolled to {[round(m.scroll_y) for m in played.turns][-3:]}"
    )
    print(line)
    with open(SHOTS / "figures.txt", "a") as figures:  # (pytest -n 2 keeps a worker's print)
        figures.write(line + "\n")
    assert shots
    context.close()
