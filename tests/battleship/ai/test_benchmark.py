import json

import pytest

from battleship.classic import RuleSet
from battleship.classic.ai import get_player
from battleship.classic.ai.benchmark import (
    fleets_from_json,
    measure,
    play,
    random_fleets,
)


def test_the_levels_are_ordered_on_the_same_fleets():
    fleets = random_fleets(RuleSet.standard(), 16, 7)
    means = [measure(level, fleets, seed=7).mean for level in (1, 2, 3, 4, 5)]
    assert means[0] > means[1] > means[2] > max(means[3], means[4])


def layout(fleet):
    return [{"ship": n, "row": r, "col": c, "orientation": o} for n, r, c, o in fleet]


GOOD = layout(
    [
        ("Carrier", 0, 0, "H"),
        ("Battleship", 2, 0, "H"),
        ("Cruiser", 4, 0, "H"),
        ("Submarine", 6, 0, "H"),
        ("Destroyer", 8, 0, "H"),
    ]
)


@pytest.mark.parametrize(
    ("fleet", "why"),
    [
        (GOOD[:1], "incomplete"),
        ([*GOOD[:4], {**GOOD[4], "row": 0}], "overlap"),
        ([*GOOD[:4], {**GOOD[4], "orientation": "Hello"}], "Hello"),
        ([*GOOD[:4], {**GOOD[4], "row": "x"}], "whole numbers"),
        ([*GOOD[:4], {**GOOD[4], "row": 8.0}], "whole numbers"),
        ([*GOOD[:4], {**GOOD[4], "col": 9}], ""),  # runs off the board
        ([*GOOD, GOOD[4]], ""),  # the Destroyer twice
        ([*GOOD[:4], {"ship": "Destroyer"}], "object"),
        (5, "list of ships"),
    ],
)
def test_a_layouts_file_with_a_bad_fleet_is_refused_naming_the_fleet(fleet, why):
    text = json.dumps([GOOD, GOOD, fleet])
    with pytest.raises(ValueError, match=f"fleet 2 .*{why}"):
        fleets_from_json(text)


def test_a_layouts_file_is_read_for_the_rules_it_is_played_under():
    touching = json.dumps([[*GOOD[:4], {**GOOD[4], "row": 7}]])
    assert len(fleets_from_json(touching)[0]) == 5
    with pytest.raises(ValueError, match="fleet 0"):
        fleets_from_json(touching, RuleSet.no_touch())


def test_play_and_measure_refuse_an_incomplete_fleet_before_firing():
    fleet = fleets_from_json(json.dumps([GOOD]))[0]
    with pytest.raises(ValueError, match="incomplete"):
        play(get_player(1, 0), RuleSet.standard(), fleet[:1])
    with pytest.raises(ValueError, match="fleet 1"):
        measure(1, [fleet, fleet[:1]])
