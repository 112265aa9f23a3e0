import json

import pytest
from django.core.management import CommandError, call_command

from games.ai import get_player
from games.ai.benchmark import fleets_from_json, fleets_to_json, measure, play, random_fleets
from games.engine import RuleSet


def test_it_prints_a_table_for_one_level(capsys):
    call_command("bench_ai", "--level", "3", "--games", "3", "--seed", "2")
    out = capsys.readouterr().out
    assert "Lieutenant" in out
    assert "mean" in out


def test_it_prints_json_for_fleets_read_from_a_file(tmp_path, capsys):
    layouts = tmp_path / "fleets.json"
    layouts.write_text(fleets_to_json(random_fleets(RuleSet.standard(), 2, 5)))
    call_command("bench_ai", "--level", "5", "--games", "2", "--layouts", str(layouts), "--json")
    (result,) = json.loads(capsys.readouterr().out)
    assert result["name"] == "Admiral"
    assert result["games"] == 2
    assert 17 <= result["shots"]["mean"] <= 100


def test_it_compares_placements(capsys):
    call_command("bench_ai", "--placement", "--games", "2", "--seed", "1")
    out = capsys.readouterr().out
    assert "Captain" in out
    assert "Admiral" in out


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


def test_the_command_reports_a_bad_fleet_as_a_command_error(tmp_path, capsys):
    layouts = tmp_path / "fleets.json"
    layouts.write_text(json.dumps([GOOD, GOOD[:1]]))
    with pytest.raises(CommandError, match=r"fleet 1 .*incomplete"):
        call_command("bench_ai", "--level", "1", "--games", "2", "--layouts", str(layouts))
    assert capsys.readouterr().out == ""


def test_play_and_measure_refuse_an_incomplete_fleet_before_firing():
    fleet = fleets_from_json(json.dumps([GOOD]))[0]
    with pytest.raises(ValueError, match="incomplete"):
        play(get_player(1, 0), RuleSet.standard(), fleet[:1])
    with pytest.raises(ValueError, match="fleet 1"):
        measure(1, [fleet, fleet[:1]])


def test_it_pairs_two_levels_fleet_by_fleet(capsys):
    call_command("bench_pair", "--levels", "1,2", "--games", "3", "--seed", "4", "--json")
    result = json.loads(capsys.readouterr().out)
    recruit, ensign = result["shots"]["1"], result["shots"]["2"]
    assert result["difference"] == pytest.approx(sum(ensign) / 3 - sum(recruit) / 3)
    assert recruit == [
        len(play(get_player(1, 4 + n), RuleSet.standard(), f).shots)
        for n, f in enumerate(random_fleets(RuleSet.standard(), 3, 4))
    ]


def test_it_refuses_a_bad_pair_of_levels():
    with pytest.raises(CommandError, match="two levels"):
        call_command("bench_pair", "--levels", "4")


def test_it_pairs_the_admiral_with_its_rollout_search_fleet_by_fleet(capsys):
    call_command("bench_rollout", "--games", "2", "--seed", "4", "--afloat", "2", "--json")
    result = json.loads(capsys.readouterr().out)
    plain, searching = result["shots"]["admiral"], result["shots"]["searching"]
    assert plain == [
        len(play(get_player(5, 4 + n), RuleSet.standard(), f).shots)
        for n, f in enumerate(random_fleets(RuleSet.standard(), 2, 4))
    ]
    assert result["difference"] == pytest.approx((sum(searching) - sum(plain)) / 2)
    assert all(17 <= shots <= 100 for shots in searching)


def test_it_checks_the_rollout_searchs_claims_position_by_position(capsys):
    call_command("bench_rollout", "--games", "2", "--seed", "5", "--check", "1", "--draws", "2")
    out = capsys.readouterr().out
    assert "shots a game by the search's own model" in out
    assert "measured" in out
