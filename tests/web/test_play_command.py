"""``manage.py play``: the Django command, through call_command, a subprocess and a terminal."""

import io
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from battleship.terminal import cli
from tests.battleship.terminal.conftest import every_cell
from tests.battleship.terminal.conftest import play_in_a_terminal as play_on_a_terminal

MANAGE_PY_PLAY = [sys.executable, "manage.py", "play"]


def play_in_a_terminal(args, typed, env_extra=None):
    return play_on_a_terminal(args, typed, env_extra, command=MANAGE_PY_PLAY)


ROOT = Path(__file__).resolve().parents[2]


def call_play(*args, typed=""):
    out = io.StringIO()
    call_command("play", *args, stdin=io.StringIO(typed), stdout=out)
    return out.getvalue()


def test_call_command_plays_from_standard_input():
    printed = call_play("--seed", "3", "--level", "2", typed="A1\nresign\n")
    assert "Battleship against the Ensign (level 2)." in printed
    assert "Your shot: A1: " in printed
    assert "You resigned. The Ensign wins." in printed


def test_call_command_watches_two_computers():
    printed = call_play("--watch", "--level", "3", "--vs", "1", "--all", "--seed", "4")
    assert printed.startswith("Lieutenant (level 3) against Recruit (level 1).")
    assert " wins, after " in printed


def test_rules_and_manual_placement_are_options():
    printed = call_play("--rules", "salvo", "--manual", "--seed", "1", typed="random\nquit\n")
    assert "Rules: salvo." in printed
    assert "Carrier (5 cells): " in printed
    assert "Your shot (5 left this turn): " in printed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "9"], "there is no level 9"),
        (["--watch", "--vs", "0"], "there is no level 0"),
        (["--vs", "2"], "--vs is for --watch"),
    ],
)
def test_bad_options_are_refused_with_a_message(args, message):
    with pytest.raises(CommandError, match=message):
        call_play(*args)


def test_a_subprocess_reads_piped_input_and_exits_cleanly():
    done = subprocess.run(
        [sys.executable, "manage.py", "play", "--seed", "8", "--level", "1"],
        input="hello\nA1\n",  # then end of input, like Ctrl-D
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "'hello' is not a cell" in done.stdout
    assert done.stdout.rstrip().endswith("Goodbye: the game is left unfinished.")
    assert "\x1b[" not in done.stdout  # a pipe is not a terminal: no colour


def test_a_whole_game_on_a_terminal_in_colour():
    code, shown = play_in_a_terminal(["--plain", "--seed", "6", "--level", "3"], every_cell())
    assert code == 0
    assert "Traceback" not in shown
    assert "\x1b[1;32mS\x1b[0m" in shown  # colour on a terminal
    assert "You won!" in shown or "You lost:" in shown


def test_no_color_turns_colour_off_on_a_terminal():
    code, shown = play_in_a_terminal(["--seed", "6"], ["quit"], {"NO_COLOR": "1"})
    assert code == 0
    assert "\x1b[" not in shown
    assert "Goodbye" in shown


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--all"], "--all is for --watch"), (["--watch", "--manual"], "--manual is for playing")],
)
def test_call_command_refuses_the_same_combinations_as_usage_errors(args, message):
    with pytest.raises(CommandError, match=message) as refused:
        call_command("play", *args, stdin=io.StringIO(""), stdout=io.StringIO())
    assert refused.value.returncode == cli.EXIT_USAGE
