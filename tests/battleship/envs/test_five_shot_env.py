"""Battleship-v0 under the five-shot rules (docs/rules/five-shot.md): under group reports a
step names a cell of the turn and the turn's last cell fires it; nothing per cell is told before the
reports settle it."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from battleship.classic import Coordinate, RuleSet
from battleship.classic.ai import get_player
from battleship.classic.ai.benchmark import play, random_fleets
from battleship.envs.gymnasium_env import BattleshipEnv, Rewards
from battleship.envs.observations import GROUP, MISS, UNKNOWN
from examples.gym_levels import episode_lengths

FLEET = [
    ("Aircraft Carrier", "A1", "H"),
    ("Battleship", "C1", "H"),
    ("Destroyer", "E1", "H"),
    ("Cruiser", "G1", "H"),
    ("Second Cruiser", "I1", "H"),
    ("Submarine", "J10", "H"),
]


def make(**kwargs):
    return gym.make("Battleship-v0", **kwargs).unwrapped


@pytest.mark.parametrize(
    "kwargs",
    [
        {"rules": "five_shot"},
        {"rules": "five_shot_called"},
        {"rules": "five_shot_cells"},
        {"rules": "five_shot", "opponent": 2},
    ],
)
def test_check_env_passes(kwargs):
    check_env(make(**kwargs))


def test_a_turn_is_named_a_cell_a_step_and_answered_whole():
    env = BattleshipEnv(rules="five_shot")
    env.reset(seed=1, options={"fleet": FLEET})
    rewards = Rewards()
    turn = ["C1", "C2", "J10", "J9", "F5"]
    for label in turn[:4]:
        observation, reward, terminated, _, info = env.step(env.action(label))
        assert info["result"] == "aimed"
        assert reward == rewards.step
        assert not terminated
        cell = Coordinate.parse(label)
        assert observation[cell.row, cell.col] == GROUP
        assert info["action_mask"][env.action(label)] == 0
    observation, reward, _, _, info = env.step(env.action(turn[4]))
    assert info["result"] == "report"
    assert info["report"] == "Battleship hit twice, Submarine hit and sunk"
    assert reward == pytest.approx(rewards.step + 3 * rewards.hit + rewards.sink)
    # Which of the five hit is not told cell by cell: all five are still unknown.
    assert sorted(np.unique(observation)) == [UNKNOWN, GROUP]
    assert env.observation_space.contains(observation)


def test_it_renders_the_unsettled_cells_as_question_marks():
    env = BattleshipEnv(rules="five_shot", render_mode="ansi")
    env.reset(seed=1, options={"fleet": FLEET})
    for label in ["C1", "C2", "J10", "J9", "F5"]:
        env.step(env.action(label))
    drawn = env.render()
    assert drawn.count("?") == 5 + 1  # the five cells, and the legend's
    assert "x hit   o miss" in drawn


def test_a_turn_of_water_is_settled_as_misses():
    env = BattleshipEnv(rules="five_shot")
    env.reset(seed=1, options={"fleet": FLEET})
    for label in ["F1", "F2", "F3", "F4", "F5"]:
        observation, *_ = env.step(env.action(label))
    assert (observation[5, :5] == MISS).all()


def test_the_cells_variant_names_seventeen_cells_a_turn_on_the_range():
    env = BattleshipEnv(rules=RuleSet.five_shot_cells())
    env.reset(seed=2)
    results = [env.step(action)[4]["result"] for action in range(17)]
    assert results == ["aimed"] * 16 + ["report"]


def test_a_two_sided_five_shot_game_plays_to_its_end():
    env = BattleshipEnv(rules="five_shot", opponent=3)
    _, info = env.reset(seed=4)
    terminated = truncated = False
    while not (terminated or truncated):
        action = env.action_space.sample(info["action_mask"])
        _, _, terminated, truncated, info = env.step(action)
    assert terminated
    assert info["winner"] in (0, 1, None)


@pytest.mark.parametrize("level", [2, 5])
def test_a_computer_as_the_agent_plays_the_benchmarks_turns_whole(level):
    # The environment answers a turn only once it is named whole, so an episode is the
    # benchmark's game in whole turns of five (the benchmark stops at the sinking shot).
    rules, seed, games = RuleSet.five_shot(), 7, 3
    fleets = random_fleets(rules, games, seed)
    bench = [play(get_player(level, seed + n), rules, f).turns for n, f in enumerate(fleets)]
    assert episode_lengths(level, games, seed, "five_shot") == [5 * turns for turns in bench]
