"""The five-shot games in the terminal: hits x and misses o as their paper rules record
them, the cells of a turn whose content is not known yet as ?, a turn named whole and
answered by its report."""

import pytest

from battleship.classic import RuleSet

from .conftest import every_cell, run_play
from .test_play import board_row, computer_fleet


def test_a_turn_is_named_whole_and_answered_by_its_report():
    fleet = computer_fleet(rules=RuleSet.five_shot())
    water = [cell for cell in every_cell() if not any(cell in c for c in fleet.values())]
    sub = fleet["Submarine"][0]
    turn_one = water[:5]
    turn_two = [sub, *water[5:9]]
    _, printed = run_play(
        [" ".join(turn_one[:3]), " ".join(turn_one[3:]), " ".join(turn_two), "quit"],
        rules=RuleSet.five_shot(),
    )
    assert f"Aimed at {' '.join(turn_one[:3])}; 2 more to name." in printed
    assert "Round 1: No hits." in printed
    assert "Round 2: Submarine hit and sunk." in printed
    assert "x hit   o miss   ? fired at, not known yet" in printed
    enemy = "".join("".join(board_row(printed, letter, 1)) for letter in "ABCDEFGHIJ")
    # Turn one is all water (o); turn two's cells are not known one by one (?).
    assert enemy.count("o") == 5
    assert enemy.count("?") == 5
    assert "x" not in enemy
    assert "Enemy ships sunk: Submarine." in printed


def test_a_cell_named_twice_or_too_many_is_refused_and_the_turn_keeps_what_it_had():
    _, printed = run_play(
        ["A1 A1", "A1 A2 A3 A4 A5 A6", "A1 A2", "quit"], rules=RuleSet.five_shot()
    )
    assert "A1 is chosen twice in one volley. Try again, or type help." in printed
    assert "This turn has 5 shots, not 6. Try again, or type help." in printed
    assert "Aimed at A1 A2; 3 more to name." in printed


@pytest.mark.parametrize("name", ["five_shot", "five_shot_called", "five_shot_cells"])
def test_a_whole_five_shot_game_ends_won_lost_or_drawn(name):
    rules = getattr(RuleSet, name)()
    # A cell a line: under group reports each is aimed, and the turn's last one fires it.
    result, printed = run_play(every_cell(), level=3, rules=rules)
    assert result in ("won", "lost", "draw")
    last = printed.rstrip().splitlines()[-1]
    assert last.startswith(("You won!", "You lost:", "A draw: both fleets sank in the same round."))
