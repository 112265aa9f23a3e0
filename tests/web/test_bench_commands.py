"""The benchmark commands (``manage.py bench_ai``, ``bench_pair``, ``bench_sector``): thin
wrappers over the library's benchmarks (``battleship.classic.ai.benchmark``,
``battleship.sector.ai.benchmark``), with their tables, JSON and refusals."""

import json
import math

import pytest
from django.core.management import CommandError, call_command

from battleship.classic import RuleSet
from battleship.classic.ai import get_player
from battleship.classic.ai.benchmark import fleets_to_json, play, random_fleets
from tests.battleship.ai.test_benchmark import GOOD


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


def test_the_command_reports_a_bad_fleet_as_a_command_error(tmp_path, capsys):
    layouts = tmp_path / "fleets.json"
    layouts.write_text(json.dumps([GOOD, GOOD[:1]]))
    with pytest.raises(CommandError, match=r"fleet 1 .*incomplete"):
        call_command("bench_ai", "--level", "1", "--games", "2", "--layouts", str(layouts))
    assert capsys.readouterr().out == ""


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


def test_bench_ai_gives_rounds_beside_shots_for_the_five_shot_rules(capsys):
    call_command(
        "bench_ai", "--rules", "five_shot", "--all", "--games", "2", "--seed", "3", "--json"
    )
    results = json.loads(capsys.readouterr().out)
    assert [r["level"] for r in results] == [1, 2, 3, 4, 5]
    for result in results:
        assert 17 <= result["shots"]["mean"] <= 100
        # Five shots a round, the last one cut short when the fleet sinks.
        assert result["rounds"]["mean"] == pytest.approx(result["turns"]["mean"])
        assert result["shots"]["mean"] <= 5 * result["rounds"]["mean"]
        assert result["shots"]["mean"] > 5 * (result["rounds"]["mean"] - 1)


def test_the_benchmark_prints_json_with_each_level_against_the_one_below(capsys):
    call_command("bench_sector", "--games", "2", "--seed", "5", "--json")
    results = json.loads(capsys.readouterr().out)
    # (First a new player, the level numbered 0, against the easiest level.)
    assert [(r["level"], r["vs"], r["games"]) for r in results] == [(0, 1, 2), (2, 1, 2), (3, 2, 2)]
    for r in results:
        assert set(r) >= {"level", "vs", "games", "wins", "win_rate", "ms_per_move", "p99_ms"}
        assert r["win_rate"] == r["wins"] / r["games"]


def test_the_benchmark_prints_a_table(capsys):
    call_command("bench_sector", "--games", "1")
    out = capsys.readouterr().out
    assert "Admiral" in out
    assert "p99 ms" in out


def test_the_benchmark_needs_a_game():
    with pytest.raises(CommandError):
        call_command("bench_sector", "--games", "0")


def test_a_small_bench_run_prints_each_pair_with_its_standard_error(capsys):
    call_command("bench_sector", "--games", "2", "--seed", "2", "--json")
    results = json.loads(capsys.readouterr().out)

    # A new player against the Deckhand, then each level against the one below.
    pairs = [(0, 1, 2), (2, 1, 2), (3, 2, 2)]
    assert [(r["level"], r["vs"], r["games"]) for r in results] == pairs
    assert [r["band"] for r in results] == [[0.5, 1.0], None, [0.65, 0.9]]
    for r in results:
        rate = r["wins"] / 2
        assert r["win_rate"] == rate
        assert r["standard_error"] == round(math.sqrt(rate * (1 - rate) / 2), 4)
        expected = {
            (0, 1): rate > 0.5,  # more often than not
            (2, 1): True,  # measured only: a first opponent is not a step of the ladder
            (3, 2): 0.65 <= rate <= 0.90,
        }[(r["level"], r["vs"])]
        assert r["on_ladder"] == expected

    call_command("bench_sector", "--games", "2", "--seed", "2")
    table = capsys.readouterr().out
    assert "win rate ± SE" in table
    assert "0 Newcomer   1 Deckhand" in table
    assert "2 Gunner     1 Deckhand" in table
    assert "3 Admiral    2 Gunner" in table
    assert "2 games a pair)." in table.splitlines()[-1]


def test_bench_sector_check_fails_off_the_ladder():
    # Over one battle a pair every win rate is 0 or 100 %: off the ladder, whoever wins.
    with pytest.raises(CommandError, match="Off the ladder: "):
        call_command("bench_sector", "--games", "1", "--check")


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
