"""Train sb3-contrib's MaskablePPO on ``Battleship-v0`` and measure it against the computer.

    python examples/train_maskable_ppo.py [--steps 200000] [--episodes 200] [--seed 1]

Needs the agent libraries: ``pip install -r requirements-agents.txt``. The agent sees the
tracking grid as one-hot planes (``observation="planes"``) and fires only at cells it has
not fired at (``action_masks()``). Afterwards it plays ``--episodes`` search games on the
fleets ``bench_ai --seed S`` fires at (episode n, fleet n), and so do a random shooter and
the five computer levels, on exactly those fleets: the table is the shots each needed to
sink the whole fleet. ``--save FILE`` keeps the model; ``--load FILE`` evaluates one again
without training.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

from battleship.classic.ai import LEVELS, get_player
from battleship.envs.gymnasium_env import BattleshipEnv

ENV_KWARGS = {"observation": "planes"}

# A policy: what it is given (the observation, the environment) to what it fires at.
Policy = Callable[[np.ndarray, BattleshipEnv], int]


def train(steps: int, seed: int, envs: int) -> MaskablePPO:
    """MaskablePPO on ``envs`` environments side by side, ``steps`` steps in all."""
    vec = make_vec_env("Battleship-v0", n_envs=envs, seed=seed, env_kwargs=ENV_KWARGS)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=256,
        batch_size=512,
        n_epochs=10,
        learning_rate=3e-4,
        # A short horizon: what pays is the next hit (measured: 0.99 learned far slower).
        gamma=0.9,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=seed,
        verbose=0,
    )
    model.learn(steps)
    return model


def shots_to_win(policy: Policy, episodes: int, seed: int) -> list[int]:
    """The shots ``policy`` needs to sink each fleet of ``bench_ai --seed seed``, in order."""
    env = gym.make("Battleship-v0", **ENV_KWARGS)
    battleship = cast(BattleshipEnv, env.unwrapped)
    lengths = []
    for number in range(episodes):
        observation, _ = env.reset(seed=seed if number == 0 else None)
        done = False
        while not done:
            observation, _, terminated, truncated, info = env.step(policy(observation, battleship))
            done = terminated or truncated
        lengths.append(info["shots"])
    return lengths


def wins_against(policy: Policy, level: int, games: int, seed: int) -> float:
    """The share of two-sided games ``policy`` wins against the computer of ``level``, which
    fires back after each of its shots (``Battleship-v0`` with ``opponent=level``)."""
    env = gym.make("Battleship-v0", opponent=level, **ENV_KWARGS)
    battleship = cast(BattleshipEnv, env.unwrapped)
    won = 0
    for number in range(games):
        observation, _ = env.reset(seed=seed if number == 0 else None)
        done = False
        while not done:
            observation, _, terminated, truncated, info = env.step(policy(observation, battleship))
            done = terminated or truncated
        won += info["winner"] == 0
    return won / games


def model_policy(model: MaskablePPO) -> Policy:
    def fire(observation: np.ndarray, env: BattleshipEnv) -> int:
        action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    return fire


def random_policy(seed: int) -> Policy:
    rng = np.random.default_rng(seed)

    def fire(observation: np.ndarray, env: BattleshipEnv) -> int:
        return int(rng.choice(np.flatnonzero(env.action_masks())))

    return fire


def level_policy(level: int, seed: int) -> Policy:
    """The computer player of ``level`` firing as the agent, from the agent's own view."""
    player = get_player(level, seed)

    def fire(observation: np.ndarray, env: BattleshipEnv) -> int:
        return env.action(player.choose_shot(env.player_view()))

    return fire


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=200_000, help="training steps in all")
    parser.add_argument("--envs", type=int, default=8, help="environments side by side")
    parser.add_argument("--episodes", type=int, default=200, help="fleets to sink, each player")
    parser.add_argument("--games", type=int, default=100, help="games against each level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--save", type=Path, help="keep the trained model in this file")
    parser.add_argument("--load", type=Path, help="evaluate this model instead of training")
    parser.add_argument("--no-levels", action="store_true", help="skip the computer levels")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)

    started = time.perf_counter()
    if args.load:
        model = MaskablePPO.load(args.load)
        print(f"loaded {args.load}")
    else:
        model = train(args.steps, args.seed, args.envs)
        minutes = (time.perf_counter() - started) / 60
        print(f"trained {args.steps:,} steps in {minutes:.1f} min")
        if args.save:
            model.save(args.save)
    # Evaluation fleets come from another seed than training's, so none was seen before.
    evaluation_seed = args.seed + 1_000_000
    players: list[tuple[str, Policy]] = [
        ("MaskablePPO", model_policy(model)),
        ("random", random_policy(args.seed)),
    ]
    if not args.no_levels:
        players += [
            (f"{info.level} {info.name}", level_policy(info.level, args.seed)) for info in LEVELS
        ]
    print(f"shots to sink the fleet, {args.episodes} fleets of seed {evaluation_seed}")
    print(f"{'player':<14} {'mean':>6} {'median':>6} {'max':>4}")
    for name, policy in players:
        lengths = shots_to_win(policy, args.episodes, evaluation_seed)
        mean, median = statistics.fmean(lengths), statistics.median(lengths)
        print(f"{name:<14} {mean:6.1f} {median:6.1f} {max(lengths):4d}")
    if not args.no_levels:
        print(f"MaskablePPO against the computer, {args.games} games each, both firing")
        for info in LEVELS:
            share = wins_against(model_policy(model), info.level, args.games, evaluation_seed)
            print(f"{info.level} {info.name:<12} won {share:6.1%}")


if __name__ == "__main__":
    main()
