"""Watching two computer players: shot by shot, or all at once, ending with the result."""

import io
import re

import pytest

from battleship.classic import RuleSet
from battleship.terminal import classic as terminal
from battleship.terminal import sector as sector_terminal


def run_watch(lines, **options):
    stdin = io.StringIO("".join(f"{line}\n" for line in lines))
    stdout = io.StringIO()
    options.setdefault("seed", 2)
    result = terminal.watch(stdin, stdout, **options)
    return result, stdout.getvalue()


def test_all_at_once_plays_to_the_end_and_says_who_won():
    result, printed = run_watch([], level=3, vs=1, step=False)
    assert result in ("won", "lost")
    assert printed.startswith("Lieutenant (level 3) against Recruit (level 1).")
    last = printed.rstrip().splitlines()[-1]
    assert " wins, after " in last
    shots = [line for line in printed.splitlines() if line.startswith("Shot ")]
    assert shots[0].startswith("Shot   1: Lieutenant (level 3) fires at ")
    assert shots[1].startswith("Shot   2: Recruit (level 1) fires at ")
    assert "Enter, all or quit" not in printed


def test_one_shot_at_a_time_waits_for_enter_then_all_plays_the_rest():
    result, printed = run_watch(["", "", "all"], level=2, vs=2, step=True)
    assert result in ("won", "lost")
    assert printed.count("Enter, all or quit: ") == 3
    # The same players are told apart.
    assert "Ensign (level 2), player 1 against Ensign (level 2), player 2." in printed
    assert " wins, after " in printed.rstrip().splitlines()[-1]


@pytest.mark.parametrize("lines", [["", "quit"], [""]])
def test_quit_or_end_of_input_stops_watching(lines):
    result, printed = run_watch(lines, level=1, vs=1, step=True)
    assert result == "quit"
    assert printed.rstrip().endswith("Stopped watching.")


def test_unknown_answers_are_explained():
    _, printed = run_watch(["next please", "quit"], level=1, vs=1, step=True)
    assert "Press Enter for the next shot, type all or quit." in printed


def test_the_spectator_sees_both_fleets():
    _, printed = run_watch(["quit"], level=1, vs=1, step=True)
    ship_cells = sum(
        line.count("S") for line in printed.splitlines() if line[:3] in {f" {r} " for r in "AJ"}
    )
    assert ship_cells > 0
    assert printed.count("  1  2  3") >= 2


def test_the_same_seed_replays_the_same_game():
    first = run_watch([], level=3, vs=2, step=False)
    assert first == run_watch([], level=3, vs=2, step=False)
    assert first != run_watch([], level=3, vs=2, step=False, seed=3)


@pytest.mark.parametrize("rules", [RuleSet.salvo(), RuleSet.fog_of_war(), RuleSet.no_touch()])
def test_it_watches_the_variants_to_the_end(rules):
    result, printed = run_watch([], level=3, vs=1, step=False, rules=rules)
    assert result in ("won", "lost")
    assert f"Rules: {rules.name}." in printed


class Interrupting(io.StringIO):
    """A keyboard whose person presses Ctrl-C at the first question."""

    def readline(self, *args):
        raise KeyboardInterrupt


@pytest.mark.parametrize("family", [terminal, sector_terminal])
def test_ctrl_c_stops_watching_in_either_game(family):
    stdout = io.StringIO()
    assert family.watch(Interrupting(), stdout, level=1, vs=1, seed=2) == "interrupted"
    assert stdout.getvalue().rstrip().endswith("Interrupted.")


def test_a_sector_battle_is_watched_turn_by_turn_and_an_unknown_answer_plays_nothing():
    stdin = io.StringIO("next please\n\nquit\n")
    stdout = io.StringIO()
    assert sector_terminal.watch(stdin, stdout, level=1, vs=1, seed=2) == "quit"
    printed = stdout.getvalue()
    assert "Press Enter for the next turn, type all or quit." in printed
    # The unknown answer was asked again, not taken for Enter: two turns, then quit.
    turns = re.findall(r"Deckhand \(level 1\), player \d: ", printed)
    assert len(turns) == 2
    assert printed.rstrip().endswith("Stopped watching.")
