"""The example script's mean episode length equals bench_ai's mean shots on the same games."""

import pytest

from battleship.classic import RuleSet
from battleship.classic.ai import get_player
from battleship.classic.ai.benchmark import measure, play, random_fleets
from battleship.classic.variants import rule_set
from examples.gym_levels import compare, episode_lengths, main


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_episode_is_as_long_as_the_benchmarks_game(level):
    rules, seed, games = RuleSet.standard(), 7, 4
    fleets = random_fleets(rules, games, seed)
    bench = [len(play(get_player(level, seed + n), rules, f).shots) for n, f in enumerate(fleets)]
    assert episode_lengths(level, games, seed) == bench


@pytest.mark.parametrize("rules", ["standard", "no_touch", "fog_of_war"])
def test_the_mean_lengths_equal_bench_ai(rules):
    ruleset = rule_set(rules)
    for row in compare([1, 2, 3], 3, 11, rules):
        assert (
            row.mean_length == measure(row.level, random_fleets(ruleset, 3, 11), ruleset, 11).mean
        )
        assert row.matches


def test_the_script_prints_a_table(capsys):
    assert main(["--episodes", "2", "--seed", "3", "--levels", "1", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["level", "episodes", "mean", "length", "bench_ai", "mean", "same"]
    assert [line.split()[:3] for line in lines[1:]] == [
        ["1", "Recruit", "2"],
        ["3", "Lieutenant", "2"],
    ]
    assert all(line.endswith(" yes") for line in lines[1:])
