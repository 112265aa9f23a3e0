"""Battleship-v0: spaces, seeds, rewards, illegal actions, the step cap, both games."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from battleship.classic import Board, FirstPlayer, RuleSet, sunk_ship_cells
from battleship.classic.ai import LEVELS
from battleship.classic.ai.benchmark import random_fleets
from battleship.envs.gymnasium_env import MAX_STEPS, BattleshipEnv, Rewards, target_fleet
from battleship.envs.observations import HIT, MISS, SUNK, UNKNOWN

# A fleet with the Destroyer at J9-J10, for tests that need to know where the ships are.
FLEET = [
    ("Carrier", "A1", "H"),
    ("Battleship", "C1", "H"),
    ("Cruiser", "E1", "H"),
    ("Submarine", "G1", "H"),
    ("Destroyer", "J9", "H"),
]
FLEET_CELLS = (
    [f"A{c}" for c in range(1, 6)]
    + [f"C{c}" for c in range(1, 5)]
    + [f"E{c}" for c in range(1, 4)]
    + [f"G{c}" for c in range(1, 4)]
    + ["J9", "J10"]
)


def make(**kwargs):
    return gym.make("Battleship-v0", **kwargs).unwrapped


def fire_everywhere(env):
    """Fire at every cell in order until the episode ends; returns the steps' results."""
    steps = []
    for action in range(env.action_space.n):
        steps.append(env.step(action))
        if steps[-1][2] or steps[-1][3]:
            break
    return steps


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"render_mode": "ansi"},
        {"render_mode": "rgb_array", "opponent": 2},
        {"rules": "fog_of_war"},
        {"rules": "salvo"},
        {"opponent": 1},
        {"opponent": 3, "rules": "salvo"},
    ],
)
def test_check_env_passes(kwargs):
    check_env(make(**kwargs))


def test_it_is_registered_and_its_spaces_are_as_documented():
    env = gym.make("battleship.envs.gymnasium_env:Battleship-v0")
    assert env.spec.id == "Battleship-v0"
    assert env.observation_space == gym.spaces.Box(0, 3, shape=(10, 10), dtype=np.int8)
    assert env.action_space == gym.spaces.Discrete(100)
    assert BattleshipEnv.MAX_STEPS == MAX_STEPS == 400


def test_an_action_names_a_cell_by_row_and_column():
    env = make()
    assert str(env.coordinate(16)) == "B7"
    # What agent libraries hand back: NumPy integers and one-value arrays.
    for action in (np.int64(16), np.array(16), np.array([16])):
        assert str(env.coordinate(action)) == "B7"
    assert env.action("B7") == 16
    assert env.action("J10") == 99


@pytest.mark.parametrize("cell", [(0, 15), (20, 0), (10, 10), (9, 10)])
def test_an_action_is_only_for_a_cell_on_the_board(cell):
    env = make()
    with pytest.raises(ValueError):
        env.action(cell)
    assert env.action((9, 9)) == 99


@pytest.mark.parametrize("action", [3.9, "3", None, -1, 100, np.array([3, 4]), np.array([3.0])])
def test_step_refuses_an_action_that_is_not_a_cell_and_fires_nothing(action):
    env = make()
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(action)
    _, _, _, _, info = env.step(np.int64(3))
    assert info["steps"] == 1
    assert info["action_mask"].sum() == 99


def test_reset_starts_with_an_unknown_grid_and_every_cell_legal():
    obs, info = make().reset(seed=1)
    assert (obs == UNKNOWN).all()
    assert info["action_mask"].dtype == np.int8
    assert info["action_mask"].tolist() == [1] * 100


def test_the_observation_tracks_miss_hit_and_sunk():
    env = make()
    env.reset(seed=0, options={"fleet": FLEET})
    obs, reward, *_, info = env.step(env.action("B5"))
    assert obs[1, 4] == MISS
    assert info["result"] == "miss"
    assert reward == pytest.approx(-0.1)
    obs, reward, *_, info = env.step(env.action("J9"))
    assert obs[9, 8] == HIT
    assert (info["result"], reward) == ("hit", pytest.approx(0.9))
    obs, reward, terminated, _, info = env.step(env.action("J10"))
    assert obs[9, 8] == obs[9, 9] == SUNK
    assert (info["result"], info["sunk"]) == ("sunk", "Destroyer")
    assert reward == pytest.approx(2.9)
    assert not terminated
    assert info["action_mask"][[14, 98, 99]].tolist() == [0, 0, 0]
    assert info["action_mask"].sum() == 97


def test_sinking_the_fleet_ends_the_episode_and_the_return_counts_the_shots():
    env = make()
    env.reset(seed=0, options={"fleet": FLEET})
    total = 0.0
    for cell in ["B1", *FLEET_CELLS]:
        _, reward, terminated, truncated, info = env.step(env.action(cell))
        total += reward
    assert terminated
    assert not truncated
    assert info["shots"] == 18
    assert total == pytest.approx(37 - 0.1 * 18)
    with pytest.raises(RuntimeError):
        env.step(0)


def test_fog_of_war_shows_no_sinking_and_pays_no_sink_bonus():
    env = make(rules="fog_of_war")
    env.reset(seed=0, options={"fleet": FLEET})
    env.step(env.action("J9"))
    obs, reward, *_, info = env.step(env.action("J10"))
    assert obs[9, 9] == HIT
    assert (info["result"], info["sunk"]) == ("hit", None)
    assert reward == pytest.approx(0.9)


def test_an_illegal_action_changes_nothing_costs_the_penalty_and_counts_toward_the_cap():
    env = make(rewards=Rewards(illegal=-2.5))
    env.reset(seed=4)
    obs, *_, info = env.step(0)
    for step in range(2, MAX_STEPS + 1):
        again, reward, terminated, truncated, repeat = env.step(0)
        assert (again == obs).all()
        assert reward == -2.5
        assert repeat["result"] == "illegal"
        assert repeat["shots"] == 1
        assert (repeat["action_mask"] == info["action_mask"]).all()
        assert repeat["steps"] == step
        assert not terminated
        assert truncated == (step == MAX_STEPS)
    with pytest.raises(RuntimeError):
        env.step(1)
    assert len(env.player_view().shots_fired) == 1
    _, info = env.reset()
    assert info["steps"] == 0


def test_step_before_the_first_reset_is_refused():
    env = make()
    with pytest.raises(RuntimeError):
        env.step(5)
    _, info = env.reset(seed=0)
    assert info["action_mask"].sum() == 100


def test_a_truncated_episode_cannot_be_stepped_past_the_cap():
    env = make()
    env.reset(seed=4)
    steps = [env.step(0) for _ in range(MAX_STEPS)]
    assert steps[-1][3]
    for action in (0, 1):
        with pytest.raises(RuntimeError):
            env.step(action)
    assert env._steps == MAX_STEPS


def hit_cells(env):
    """Fire everywhere; the cells that hit, which is where the fleet lies."""
    return {
        str(env.coordinate(action))
        for action, (*_, info) in enumerate(fire_everywhere(env))
        if info["result"] in ("hit", "sunk")
    }


def fleet_cells(fleet):
    board = Board()
    return {
        str(cell) for name, start, way in fleet for cell in board.place_ship(name, start, way).cells
    }


def test_the_same_seed_gives_the_same_fleet_and_episodes_follow_the_benchmarks():
    env = make()
    env.reset(seed=21)
    first = hit_cells(env)
    env.reset()
    second = hit_cells(env)
    env.reset(seed=21)
    assert hit_cells(env) == first
    assert [first, second] == [fleet_cells(f) for f in random_fleets(RuleSet.standard(), 2, 21)]


@pytest.mark.parametrize("seed", [0, 1, 99, 123456789])
def test_target_fleets_are_the_benchmarks(seed):
    for rules in (RuleSet.standard(), RuleSet.no_touch()):
        assert [target_fleet(rules, seed, n) for n in range(4)] == random_fleets(rules, 4, seed)


def test_reset_without_a_seed_still_gives_a_legal_episode():
    env = make()
    env.reset()
    steps = fire_everywhere(env)
    assert steps[-1][2]


def test_render_draws_the_tracking_grid():
    env = make(render_mode="ansi")
    env.reset(seed=0, options={"fleet": FLEET})
    env.step(env.action("J9"))
    text = env.render()
    assert "Enemy waters" in text
    assert " J   .  .  .  .  .  .  .  .  X  ." in text
    assert make().render() is None


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="unknown rules"):
        BattleshipEnv(rules="chess")
    with pytest.raises(ValueError):
        BattleshipEnv(opponent=42)
    with pytest.raises(ValueError):
        BattleshipEnv(render_mode="human")
    with pytest.raises(ValueError):
        make(opponent=1).reset(options={"fleet": FLEET})
    with pytest.raises(ValueError):
        make().reset(options={"fleet": FLEET[:2]})


def snapshot(env):
    """What an agent can see of the environment, to compare before and after."""
    view = env.player_view()
    return (view.shots_fired, view.shots_received, env._steps, env._episode)


@pytest.mark.parametrize(
    "options",
    [
        {"fleet": FLEET[:2]},
        {"fleet": [*FLEET[:4], ("Destroyer", "A1", "H")]},  # overlaps the Carrier
        {"fleet": [("Carrier", "A1")]},
        {"fleet": 5},
        {"fleet": []},
        {"fleets": FLEET},
        ["fleet"],
    ],
)
def test_a_refused_reset_leaves_the_search_game_as_it_was(options):
    env = make()
    env.reset(seed=2)
    env.step(0)
    env.step(1)
    before = snapshot(env)
    with pytest.raises(ValueError):
        env.reset(options=options)
    assert snapshot(env) == before
    _, reward, _, _, info = env.step(0)
    assert (reward, info["result"], info["steps"]) == (-1.0, "illegal", 3)
    env.reset()
    assert env._episode == 1  # the refused reset did not use up episode 1 of seed 2


@pytest.mark.parametrize("options", [{"fleet": FLEET}, {"fleet": []}, {"colour": "red"}])
def test_a_refused_reset_leaves_the_two_sided_game_as_it_was(options):
    env = make(opponent=1)
    env.reset(seed=2)
    for action in range(3):
        env.step(action)
    before = snapshot(env)
    with pytest.raises(ValueError):
        env.reset(seed=7, options=options)
    assert snapshot(env) == before
    assert len(before[0]) == 3
    _, _, _, _, info = env.step(3)
    assert info["steps"] == 4


# -- two-sided play -----------------------------------------------------------------------


@pytest.mark.parametrize("level", [info.level for info in LEVELS if info.level <= 3])
def test_two_sided_play_ends_with_a_win_or_a_loss(level):
    env = make(opponent=level)
    _, info = env.reset(seed=level)
    assert info["winner"] is None
    assert info["opponent_shots"] == []  # the agent fires first in the standard game
    while True:
        action = env.action_space.sample(info["action_mask"])
        _, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        if terminated:
            break
        assert len(info["opponent_shots"]) == 1
    assert info["winner"] in (0, 1)
    # The last step carries the win (+10) or the loss (-10) on top of the shot's reward.
    assert reward > 9 if info["winner"] == 0 else reward < -7


def test_the_opponent_fires_first_when_the_rules_say_so():
    env = make(opponent=2, rules=RuleSet(first_player=FirstPlayer.PLAYER_1).to_dict())
    _, info = env.reset(seed=5)
    assert len(info["opponent_shots"]) == 1
    view = env.player_view()
    assert len(view.shots_received) == 1


def test_two_sided_reset_is_reproducible():
    def play(env, seed):
        _, info = env.reset(seed=seed)
        seen = []
        for action in range(30):
            _, reward, terminated, _, info = env.step(action)
            seen.append((reward, tuple(info["opponent_shots"])))
            if terminated:
                break
        return seen

    env = make(opponent=3)
    assert play(env, 8) == play(env, 8)
    assert play(env, 8) != play(env, 9)


def grid_from_view(view):
    """The observation as the class notes define it, worked out from the view alone."""
    grid = np.zeros((10, 10), dtype=np.int8)
    for shot in view.shots_fired:
        grid[shot.coord.row, shot.coord.col] = HIT if shot.hit else MISS
    for cells in sunk_ship_cells(view).values():
        for cell in cells:
            grid[cell.row, cell.col] = SUNK
    return grid


@pytest.mark.parametrize(
    "kwargs", [{}, {"rules": "fog_of_war"}, {"rules": "no_touch"}, {"opponent": 2}]
)
def test_every_observation_and_mask_is_the_agents_view_of_the_game(kwargs):
    env = gym.make("Battleship-v0", **kwargs)
    env.action_space.seed(3)
    for episode in range(3):
        observation, info = env.reset(seed=7 if episode == 0 else None)
        done = False
        while not done:
            view = env.unwrapped.player_view()
            assert (observation == grid_from_view(view)).all()
            expected_mask = np.ones(100, dtype=np.int8)
            for cell in view.targeted:
                expected_mask[cell.row * 10 + cell.col] = 0
            assert (info["action_mask"] == expected_mask).all()
            assert info["shots"] == len(view.shots_fired)
            assert info["hits"] == sum(shot.hit for shot in view.shots_fired)
            # Mostly legal shots, now and then a cell fired at before.
            action = env.action_space.sample(info["action_mask"] if episode < 2 else None)
            observation, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert (observation == grid_from_view(env.unwrapped.player_view())).all()


@pytest.mark.parametrize("kwargs", [{}, {"opponent": 1, "rules": "salvo"}])
def test_check_env_passes_with_one_hot_planes(kwargs):
    check_env(make(observation="planes", **kwargs))


def test_planes_are_the_grid_one_hot_and_the_grid_stays_the_default():
    grid_env = gym.make("Battleship-v0")
    planes_env = gym.make("Battleship-v0", observation="planes")
    assert grid_env.observation_space == gym.spaces.Box(0, 3, (10, 10), np.int8)
    assert planes_env.observation_space == gym.spaces.Box(0, 1, (4, 10, 10), np.int8)
    grid, _ = grid_env.reset(seed=1, options={"fleet": FLEET})
    planes, _ = planes_env.reset(seed=1, options={"fleet": FLEET})
    for cell in ["J9", "J10", "J1", "A1"]:  # the Destroyer sunk, a miss, a hit
        grid, *_ = grid_env.step(grid_env.unwrapped.action(cell))
        planes, *_ = planes_env.step(planes_env.unwrapped.action(cell))
    assert planes.sum(axis=0).tolist() == np.ones((10, 10)).tolist()  # one plane a cell
    for value in (UNKNOWN, MISS, HIT, SUNK):
        assert (planes[value] == (grid == value)).all()
    assert planes[SUNK][9, 8] == planes[SUNK][9, 9] == 1
    assert planes[MISS][9, 0] == 1
    assert planes[HIT][0, 0] == 1


def test_an_unknown_observation_is_refused():
    with pytest.raises(ValueError, match="observation must be one of grid, planes"):
        gym.make("Battleship-v0", observation="pixels")
