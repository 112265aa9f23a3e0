"""The full-screen game, driven by Textual's own test pilot (and once on a real terminal)."""

import asyncio
import os
import pty
import select
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from battleship.classic import Coordinate, RuleSet
from battleship.terminal.fullscreen import (
    BattleshipApp,
    Board,
    GameScreen,
    MenuScreen,
    ResultScreen,
)

from .conftest import ROOT, play_in_a_terminal

SIZE = (120, 40)


def run(app, scenario):
    """Run ``scenario(pilot)`` against ``app`` headless; returns what it returned."""

    async def main():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            return await scenario(pilot)

    # A thread of its own: the browser tests leave an event loop running in this one.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, main()).result()


def log_lines(app):
    return [strip.text for strip in app.screen.query_one("#log").lines]


def test_the_menu_chooses_the_rules_and_the_computer():
    async def scenario(pilot):
        assert isinstance(pilot.app.screen, MenuScreen)
        await pilot.press("shift+tab", "down", "down")  # the computer: 3 -> 5
        await pilot.press("shift+tab", "down")  # the rules: standard -> salvo
        await pilot.press("tab", "tab", "enter")  # Start
        await pilot.pause()
        return pilot.app.screen

    screen = run(BattleshipApp(), scenario)
    assert isinstance(screen, GameScreen)
    assert screen.rules.name == "salvo"
    assert screen.computer.name == "Admiral"


def test_arrows_move_the_cursor_enter_fires_and_the_computer_answers():
    app = BattleshipApp(menu=False, seed=1, level=1)

    async def scenario(pilot):
        await pilot.press("down", "right", "right", "enter")  # B3
        await pilot.pause()
        screen = pilot.app.screen
        enemy, own = screen.query_one("#enemy", Board), screen.query_one("#own", Board)
        return {
            "lines": log_lines(pilot.app),
            "enemy last": enemy.last,
            "row B": enemy.render().plain.splitlines()[3],
            "own last": own.last,
            "computer's last": screen.game.view_for(0).shots_received[-1][0],
            "shots": len(screen.game.shots),
        }

    seen = run(app, scenario)
    assert seen["lines"][-2] in ("B3: miss.", "B3: hit!")
    assert seen["lines"][-1].startswith("The Recruit fires at ")
    assert seen["enemy last"] == Coordinate.parse("B3")
    assert seen["row B"].startswith(" B   .  . [")  # the last shot marked
    # The computer's shot is marked on your board, and the game has both shots.
    assert seen["own last"] == seen["computer's last"]
    assert seen["shots"] == 2


def test_a_click_on_a_cell_fires_there():
    app = BattleshipApp(menu=False, seed=1, level=1)

    async def scenario(pilot):
        # The board's padding (1), the row letters (3), two spaces before each symbol; the
        # title and the column numbers above row A.
        row, col = 4, 6  # E7
        await pilot.click("#enemy", offset=(1 + 3 + 3 * col + 2, 2 + row))
        await pilot.pause()
        return log_lines(pilot.app)

    assert run(app, scenario)[-2] in ("E7: miss.", "E7: hit!")


def test_a_cell_fired_at_before_is_refused_with_a_message():
    app = BattleshipApp(menu=False, seed=1, level=1)

    async def scenario(pilot):
        await pilot.press("enter", "enter")  # A1 twice
        await pilot.pause()
        return len(pilot.app.screen.game.view_for(0).shots_fired), log_lines(pilot.app)

    shots, lines = run(app, scenario)
    assert "already" in lines[-1]
    assert shots == 1


def test_both_fleets_state_is_shown():
    app = BattleshipApp(menu=False, seed=1, level=1)

    async def scenario(pilot):
        return str(pilot.app.screen.query_one("#fleets").render())

    shown = run(app, scenario)
    assert "Your fleet" in shown
    assert "Enemy fleet" in shown
    assert shown.count("afloat Carrier") == 2


def test_under_fog_of_war_the_enemy_fleet_is_not_said_afloat():
    app = BattleshipApp(menu=False, seed=1, level=1, rules=RuleSet.fog_of_war())

    async def scenario(pilot):
        return str(pilot.app.screen.query_one("#fleets").render())

    own, enemy = run(app, scenario).split("Enemy fleet")
    assert "afloat Carrier" in own
    assert "afloat" not in enemy
    assert "sunk" not in enemy
    assert "?      Carrier" in enemy


def test_a_whole_game_ends_on_the_result_screen_and_n_opens_the_menu():
    app = BattleshipApp(menu=False, seed=4, level=1)

    async def scenario(pilot):
        board = pilot.app.screen.query_one("#enemy", Board)
        for row in range(10):
            for col in range(10):
                if not isinstance(pilot.app.screen, GameScreen):
                    break
                board.post_message(Board.Fire(Coordinate(row, col)))
                await pilot.pause()
        result = pilot.app.screen
        summary = str(result.query_one("#summary").render())
        ended = pilot.app.result
        await pilot.press("n")
        await pilot.pause()
        return result, summary, ended, pilot.app.screen

    result, summary, ended, after = run(app, scenario)
    assert isinstance(result, ResultScreen)
    assert summary.startswith(("You won!", "You lost:"))
    assert ended in ("won", "lost")
    assert isinstance(after, MenuScreen)


def test_r_resigns():
    app = BattleshipApp(menu=False, seed=1, level=2)

    async def scenario(pilot):
        await pilot.press("r")
        await pilot.pause()
        return str(pilot.app.screen.query_one("#summary").render())

    assert run(app, scenario).startswith("You resigned. The Ensign wins.")
    assert app.result == "resigned"


def test_on_a_terminal_it_opens_full_screen_and_q_leaves():
    main, secondary = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"}
    env.pop("NO_COLOR", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "battleship", "--seed", "3", "--level", "1"],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        cwd=ROOT,
        env=env,
        close_fds=True,
    )
    os.close(secondary)
    shown = bytearray()
    deadline = time.monotonic() + 60
    sent = False
    try:
        while time.monotonic() < deadline and process.poll() is None:
            ready, _, _ = select.select([main], [], [], 0.5)
            if ready:
                try:
                    shown += os.read(main, 65536)
                except OSError:
                    break
            if not sent and b"Enemy waters" in shown:
                os.write(main, b"q")
                sent = True
    finally:
        code = process.wait(timeout=30)
        os.close(main)
    assert b"\x1b[?1049h" in shown  # the alternate screen: full screen
    assert sent
    assert code == 0


def test_plain_keeps_the_line_by_line_game_on_a_terminal():
    code, shown = play_in_a_terminal(["--plain", "--seed", "3"], ["quit"])
    assert code == 0
    assert "\x1b[?1049h" not in shown
    assert "Goodbye: the game is left unfinished." in shown


def test_under_group_reports_a_turn_is_aimed_cell_by_cell_and_answered_by_its_report():
    app = BattleshipApp(menu=False, seed=1, level=1, rules=RuleSet.five_shot())

    async def scenario(pilot):
        await pilot.press("enter", "right", "enter", "enter")  # A1, A2, and A2 again
        await pilot.pause()
        aimed = log_lines(pilot.app)
        await pilot.press("right", "enter", "right", "enter", "right", "enter")  # A3 A4 A5
        await pilot.pause()
        return aimed, log_lines(pilot.app), len(pilot.app.screen.game.shots)

    aimed, lines, shots = run(app, scenario)
    assert aimed[-2:] == ["Aimed at A1 A2; 3 more to name.", "A2 is chosen twice in one volley."]
    assert any(line.startswith("Round 1: ") for line in lines)
    assert shots == 10  # the whole turn, and the computer's
