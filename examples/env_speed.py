"""Steps per second of ``Battleship-v0`` through ``gym.make``, with random legal actions.

    python examples/env_speed.py [--seconds 5] [--opponent 5] [--observation grid]

The agent draws a random legal action from ``info["action_mask"]`` every step, so the
figure is the environment's own cost (and, with ``--opponent``, the computer's replies),
with Gymnasium's usual wrappers around it as an agent library would see it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gymnasium as gym

import battleship.envs.gymnasium_env  # noqa: F401  (registers Battleship-v0)


def steps_per_second(seconds: float, **kwargs: object) -> tuple[float, int]:
    """Run random legal actions for about ``seconds``; (steps per second, episodes)."""
    env = gym.make("Battleship-v0", **kwargs)
    _, info = env.reset(seed=1)
    env.action_space.seed(1)  # the same shots, run after run
    steps = episodes = 0
    started = time.perf_counter()
    while True:
        action = env.action_space.sample(info["action_mask"])
        _, _, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            episodes += 1
            _, info = env.reset()
            if time.perf_counter() - started >= seconds:
                break
    return steps / (time.perf_counter() - started), episodes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--opponent", type=int, help="a computer level firing back (1-5)")
    parser.add_argument("--rules", default="standard")
    args = parser.parse_args(argv)
    kwargs: dict[str, object] = {"rules": args.rules, "opponent": args.opponent}
    rate, episodes = steps_per_second(args.seconds, **kwargs)
    game = "search game" if args.opponent is None else f"against level {args.opponent}"
    print(f"{game}, {args.rules}: {rate:,.0f} steps/s ({episodes} episodes)")


if __name__ == "__main__":
    main()
