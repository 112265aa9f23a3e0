"""A replay's sentence for the last move (``describe_last_move``): the other side is the
computer, or, in a game against a person, that person by name."""

import random

from battleship.classic import BattleshipGame, Board, Fire, RuleSet
from battleship.classic.sentences import describe_last_move

FLEET = [
    ("Carrier", "A1", "H"),  # A1-A5
    ("Battleship", "C3", "V"),  # C3-F3
    ("Cruiser", "J8", "H"),  # J8-J10
    ("Submarine", "E6", "H"),  # E6-E8
    ("Destroyer", "H10", "V"),  # H10-I10
]


def game_with(rules):
    game = BattleshipGame(rules, 3)
    for player in (0, 1):
        if {name for name, _, _ in FLEET} == {spec.name for spec in rules.fleet}:
            game.place_fleet(player, FLEET)
        else:
            game.boards[player] = Board.random_placement(rules, random.Random(player))
    game.start()
    return game


def test_the_other_sides_shot_is_the_computers_or_the_named_persons():
    game = game_with(RuleSet.standard())
    game.play(Fire.at("A1"))
    mover = game.view_for(0).moves[-1].player
    assert describe_last_move(game.view_for(mover), "Bob")[0] == "you fired at A1, hit."
    game.play(Fire.at("J1"))
    view = game.view_for(mover)
    assert describe_last_move(view)[0] == "the computer fired at J1, miss."
    said, by, cells = describe_last_move(view, "Bob")
    assert said == "Bob fired at J1, miss."
    assert (by, cells) == (1 - mover, frozenset({"J1"}))


def test_a_salvo_and_a_group_report_name_the_person_too():
    game = game_with(RuleSet.salvo())
    game.play(Fire.parse("J1 J2 J3 J4 J5"))
    game.play(Fire.parse("A1 J1 J2 J3 J4"))
    view = game.view_for(1 - game.view_for(0).moves[-1].player)
    assert describe_last_move(view, "Bob")[0].startswith("Bob fired at A1 (hit), J1 (miss)")
    assert describe_last_move(view)[0].startswith("the computer fired at A1 (hit)")

    game = game_with(RuleSet.five_shot())
    shots = game.view_for(0).shots_left_in_turn
    cells = " ".join(f"J{column}" for column in range(1, shots + 1))
    game.play(Fire.parse(cells))
    game.play(Fire.parse(cells))
    view = game.view_for(1 - game.view_for(0).moves[-1].player)
    assert describe_last_move(view, "Bob")[0].startswith("round 1: Bob fired at J1, J2")
    assert describe_last_move(view)[0].startswith("round 1: the computer fired at J1")
