import json

import pytest

from battleship.classic import (
    Announcement,
    BattleshipError,
    BattleshipGame,
    FirstPlayer,
    RuleSet,
    ShipSpec,
    ShotsPerTurn,
)
from battleship.classic.variants import rule_set


def test_the_standard_fleet_is_five_ships_of_17_cells():
    rules = RuleSet.standard()
    assert [(s.name, s.length) for s in rules.fleet] == [
        ("Carrier", 5),
        ("Battleship", 4),
        ("Cruiser", 3),
        ("Submarine", 3),
        ("Destroyer", 2),
    ]
    assert rules.fleet_cells == 17
    assert rules.board_size == 10
    assert rules.allow_adjacent is True
    assert rules.shots_per_turn is ShotsPerTurn.ONE
    assert rules.first_player is FirstPlayer.PLAYER_0
    assert rules.names_sunk_ships


@pytest.mark.parametrize(
    "rules", [RuleSet.standard(), RuleSet.salvo(), RuleSet.no_touch(), RuleSet.fog_of_war()]
)
def test_a_rule_set_round_trips_through_a_plain_dict(rules):
    data = json.loads(json.dumps(rules.to_dict()))
    assert RuleSet.from_dict(data) == rules


def test_missing_keys_take_the_standard_defaults():
    assert RuleSet.from_dict({}) == RuleSet.standard()


def test_variants_differ_from_the_standard_only_where_they_say():
    assert RuleSet.fog_of_war().announcement is Announcement.HIT_OR_MISS
    assert RuleSet.no_touch().allow_adjacent is False
    assert RuleSet.salvo().shots_per_turn is ShotsPerTurn.UNSUNK_SHIPS


@pytest.mark.parametrize(
    "data",
    [
        {"board_size": 1},
        {"fleet": []},
        {"fleet": [{"name": "A", "length": 2}, {"name": "A", "length": 3}]},
        {"fleet": [{"name": "Long", "length": 11}]},
        {"shots_per_turn": "seven"},
        {"colour": "blue"},
        {"fleet": [{"length": 2}]},
        {"salvo_size": 0},
    ],
)
def test_malformed_rule_sets_are_refused(data):
    with pytest.raises(ValueError):
        RuleSet.from_dict(data)


def test_rule_sets_are_frozen():
    with pytest.raises(AttributeError):
        RuleSet.standard().board_size = 12  # type: ignore[misc]


def test_a_custom_fleet_is_possible():
    rules = RuleSet(fleet=(ShipSpec("Cruiser A", 2), ShipSpec("Cruiser B", 2)))
    assert rules.fleet_cells == 4


@pytest.mark.parametrize(
    "data",
    [
        {"board_size": "10"},
        {"board_size": 10.5},
        {"board_size": True},
        {"salvo_size": "5"},
        {"salvo_size": True},
        {"allow_adjacent": "false"},
        {"allow_adjacent": 0},
        {"name": 7},
        {"fleet": [{"name": "Boat", "length": "2"}]},
        {"fleet": [{"name": "Boat", "length": 2.5}]},
        {"fleet": [{"name": "Boat", "length": True}]},
        {"fleet": [{"name": 3, "length": 2}]},
        {"fleet": [{"name": "", "length": 2}]},
        {"fleet": [{"name": "Boat", "length": 2, "colour": "red"}]},
        {"fleet": [["Boat", 2]]},
        {"fleet": ["Boat"]},
        {"fleet": "Boat"},
        {"fleet": {"name": "Boat", "length": 2}},
        {"fleet": None},
        {"announcement": "loudly"},
        {"announcement": None},
        {"first_player": "player_2"},
        {"first_player": ["player_0"]},
        {1: 2},
    ],
)
def test_values_of_the_wrong_type_are_refused_with_a_battleship_error(data):
    with pytest.raises(BattleshipError):
        RuleSet.from_dict(data)


@pytest.mark.parametrize("data", [None, [1], "standard", 10, [("board_size", 10)]])
def test_anything_but_a_dict_is_refused_with_a_battleship_error(data):
    with pytest.raises(BattleshipError):
        RuleSet.from_dict(data)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"board_size": 10.5},
        {"board_size": "10"},
        {"salvo_size": 2.0},
        {"allow_adjacent": "false"},
        {"fleet": [ShipSpec("Boat", 2)]},
        {"fleet": (("Boat", 2),)},
        {"shots_per_turn": "seven"},
    ],
)
def test_a_rule_set_built_directly_checks_its_types_too(kwargs):
    with pytest.raises(BattleshipError):
        RuleSet(**kwargs)


@pytest.mark.parametrize(("name", "length"), [("Boat", 2.5), ("Boat", "2"), ("Boat", 0), (None, 2)])
def test_a_ship_spec_needs_a_name_and_a_whole_length(name, length):
    with pytest.raises(BattleshipError):
        ShipSpec(name, length)


def test_the_string_false_does_not_let_ships_touch():
    with pytest.raises(BattleshipError):
        RuleSet.from_dict({"name": "no_touch", "allow_adjacent": "false"})
    rules = RuleSet.from_dict({"name": "no_touch", "allow_adjacent": False})
    game = BattleshipGame(rules, seed=1)
    game.place_ship(0, "Carrier", "A1", "H")
    with pytest.raises(ValueError):
        game.place_ship(0, "Battleship", "B1", "H")


def test_enum_settings_may_be_given_as_their_values_and_are_stored_as_members():
    rules = RuleSet(shots_per_turn="unsunk_ships", first_player="coin_flip")  # type: ignore[arg-type]
    assert rules.shots_per_turn is ShotsPerTurn.UNSUNK_SHIPS
    assert rules.first_player is FirstPlayer.COIN_FLIP
    assert rules == RuleSet(
        shots_per_turn=ShotsPerTurn.UNSUNK_SHIPS, first_player=FirstPlayer.COIN_FLIP
    )


@pytest.mark.parametrize(
    "choice", [{"board_size": "10"}, {"salvo_size": "5"}, {"fleet": "Boat"}, "checkers", 7]
)
def test_variants_rule_set_keeps_its_promise_of_a_value_error(choice):
    with pytest.raises(ValueError):
        rule_set(choice)
