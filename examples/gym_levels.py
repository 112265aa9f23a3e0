"""Play ``Battleship-v0`` with each computer level as the agent; print the mean episode length.

    python examples/gym_levels.py [--episodes 100] [--seed 1] [--rules standard] [--levels 1 2]

Episode n fires at the fleet ``bench_ai --seed S`` fires at in its game n, and the agent of
episode n is the computer player of seed S + n, as on the benchmark's range. So the mean
episode length must equal the mean shots of

    python manage.py bench_ai --level N --games 100 --seed 1

which the last columns show, computed by the same code as ``bench_ai``
(``battleship.classic.ai.benchmark``). Under Salvo they differ: the range fires a whole salvo blind,
the environment one announced shot a step.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import cast

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gymnasium as gym

from battleship.classic import Coordinate
from battleship.classic.ai import LEVELS, get_player
from battleship.classic.ai.benchmark import measure, random_fleets
from battleship.classic.variants import VARIANTS, rule_set
from battleship.envs.gymnasium_env import BattleshipEnv


@dataclass(frozen=True)
class Row:
    level: int
    name: str
    episodes: int
    mean_length: float
    bench_mean: float

    @property
    def matches(self) -> bool:
        return self.mean_length == self.bench_mean


def episode_lengths(level: int, episodes: int, seed: int, rules: str = "standard") -> list[int]:
    """The length of each episode the computer of ``level`` plays as the agent."""
    env = gym.make("Battleship-v0", rules=rules)
    battleship = cast(BattleshipEnv, env.unwrapped)
    lengths = []
    for number in range(episodes):
        env.reset(seed=seed if number == 0 else None)
        agent = get_player(level, seed + number)
        steps, done = 0, False
        turn: list[Coordinate] = []  # under group reports, the rest of a turn chosen whole
        while not done:
            if battleship.groups:
                turn = turn or list(agent.choose_move(battleship.player_view()).cells)
                cell = turn.pop(0)
            else:
                cell = agent.choose_shot(battleship.player_view())
            _, _, terminated, truncated, _ = env.step(battleship.action(cell))
            steps += 1
            done = terminated or truncated
        lengths.append(steps)
    env.close()
    return lengths


def compare(levels: list[int], episodes: int, seed: int, rules: str = "standard") -> list[Row]:
    """Each level's mean episode length beside ``bench_ai``'s mean shots on the same games."""
    ruleset = rule_set(rules)
    fleets = random_fleets(ruleset, episodes, seed)
    rows = []
    for level in levels:
        lengths = episode_lengths(level, episodes, seed, rules)
        bench = measure(level, fleets, ruleset, seed)
        rows.append(Row(level, bench.name, episodes, statistics.fmean(lengths), bench.mean))
    return rows


def format_rows(rows: list[Row]) -> str:
    lines = [f"{'level':<14} {'episodes':>8} {'mean length':>11} {'bench_ai mean':>13} {'same':>5}"]
    for row in rows:
        lines.append(
            f"{row.level} {row.name:<12} {row.episodes:>8} {row.mean_length:>11.2f}"
            f" {row.bench_mean:>13.2f} {'yes' if row.matches else 'NO':>5}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", choices=list(VARIANTS), default="standard")
    parser.add_argument("--levels", type=int, nargs="+", default=[i.level for i in LEVELS])
    args = parser.parse_args(argv)
    rows = compare(args.levels, args.episodes, args.seed, args.rules)
    print(format_rows(rows))
    return 0 if all(row.matches for row in rows) or args.rules == "salvo" else 1


if __name__ == "__main__":
    sys.exit(main())
