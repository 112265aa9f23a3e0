import json

import pytest

from games.engine import Announcement, FirstPlayer, RuleSet, ShipSpec, ShotsPerTurn


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
