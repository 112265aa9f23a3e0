"""Battleship-v0 with the libraries people train agents with: Gymnasium's own wrappers,
stable-baselines3 and sb3-contrib, on ``gym.make`` and on vectorised environments."""

import gymnasium as gym
import numpy as np
import pytest
import torch
from gymnasium.wrappers import RecordEpisodeStatistics
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3 import PPO
from stable_baselines3.common.env_util import make_vec_env

import battleship.envs.gymnasium_env  # noqa: F401  (registers Battleship-v0)
from battleship.envs import MAX_STEPS
from battleship.envs.observations import CELL_PIXELS, COLOURS

# A few hundred steps: enough for two rollouts and the log written after each one.
STEPS = 256
SMALL = {"n_steps": 128, "batch_size": 64, "n_epochs": 1}


@pytest.fixture(autouse=True)
def one_thread():
    # The machine is shared: torch would otherwise take every core for these tiny networks.
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def test_the_step_cap_is_registered_and_still_truncates_at_step_400():
    env = gym.make("Battleship-v0")
    assert env.spec.max_episode_steps == MAX_STEPS == 400
    env.reset(seed=1)
    for step in range(1, MAX_STEPS + 1):
        _, _, terminated, truncated, _ = env.step(0)  # A1 again and again: illegal after one
        assert not terminated
        assert truncated == (step == MAX_STEPS)


def test_episode_statistics_wrappers_count_the_episode():
    env = RecordEpisodeStatistics(gym.make("Battleship-v0"))
    _, info = env.reset(seed=1)
    assert info["episode_number"] == 0
    for action in range(100):
        _, _, terminated, _, info = env.step(action)
        if terminated:
            break
    assert terminated
    assert info["episode"]["l"] == action + 1


def test_ppo_trains_on_gym_make_through_whole_episodes():
    # Enough steps for episodes to end (the cap truncates one at 400 steps at the latest),
    # so that the statistics the library logs are there to read. Whether an agent learns
    # is measured by examples/train_maskable_ppo.py (docs/agents.md), not in a test.
    steps = 8 * SMALL["n_steps"]  # whole rollouts, over two capped episodes
    assert steps > 2 * MAX_STEPS
    model = PPO("MlpPolicy", gym.make("Battleship-v0"), seed=1, **SMALL)
    model.learn(steps)
    assert model.num_timesteps == steps
    assert len(model.ep_info_buffer) >= 2
    for episode in model.ep_info_buffer:
        assert 17 <= episode["l"] <= MAX_STEPS  # at least a hit per ship cell, at most the cap
        assert isinstance(episode["r"], float)


def test_ppo_trains_on_make_vec_env_which_renders_rgb_arrays():
    envs = make_vec_env("Battleship-v0", n_envs=2, seed=1, env_kwargs={"opponent": 1})
    assert envs.render_mode == "rgb_array"
    model = PPO("MlpPolicy", envs, seed=1, **SMALL)
    model.learn(STEPS)
    assert model.num_timesteps >= STEPS
    image = envs.get_images()[0]
    # The agent's own fleet and its tracking board, side by side, a gap between.
    assert image.shape == (10 * CELL_PIXELS, 21 * CELL_PIXELS, 3)
    assert image.dtype == np.uint8


def test_maskable_ppo_trains_on_gym_make_and_never_fires_twice_at_a_cell():
    env = gym.make("Battleship-v0")
    model = MaskablePPO("MlpPolicy", env, seed=1, **SMALL)
    model.learn(STEPS)
    assert model.num_timesteps == STEPS
    observation, info = env.reset(seed=2)
    for _ in range(100):
        masks = env.unwrapped.action_masks()
        assert masks.dtype == bool
        assert (masks == info["action_mask"].astype(bool)).all()
        action, _ = model.predict(observation, action_masks=masks)
        observation, _, terminated, _, info = env.step(action)
        assert info["result"] != "illegal"
        if terminated:
            break
    assert terminated


def test_maskable_ppo_trains_on_a_vectorised_environment():
    envs = make_vec_env("Battleship-v0", n_envs=2, seed=1)
    model = MaskablePPO("MlpPolicy", envs, seed=1, **SMALL)
    model.learn(STEPS)
    assert model.num_timesteps >= STEPS
    masks = get_action_masks(envs)
    assert masks.shape == (2, 100)
    assert masks.dtype == bool


def test_an_rgb_array_shows_each_shot_in_its_colour():
    env = gym.make("Battleship-v0", render_mode="rgb_array")
    env.reset(seed=1, options={"fleet": FLEET})
    env.step(env.unwrapped.action("A1"))  # the Carrier: a hit
    env.step(env.unwrapped.action("J1"))  # open water: a miss
    image = env.render()
    assert image.shape == (10 * CELL_PIXELS, 10 * CELL_PIXELS, 3)

    def colour(row, col):  # the middle of a cell, away from the grid lines
        middle = CELL_PIXELS // 2
        return tuple(image[row * CELL_PIXELS + middle, col * CELL_PIXELS + middle])

    assert colour(0, 0) == COLOURS["hit"]
    assert colour(9, 0) == COLOURS["miss"]
    assert colour(5, 5) == COLOURS["unknown"]


FLEET = [
    ("Carrier", "A1", "H"),
    ("Battleship", "C1", "H"),
    ("Cruiser", "E1", "H"),
    ("Submarine", "G1", "H"),
    ("Destroyer", "J9", "H"),
]
