"""The computer levels as the learning pages present them, with what the benchmark measured.

Mean shots to sink a whole fleet under the standard rules, 1,000 random fleets:
``python manage.py bench_ai --rules standard --all --games 1000 --seed 1`` (README,
docs/computer-players.md). A person who sinks the fleet in fewer shots than a level's mean
usually beats it (you also fire first).
"""

from __future__ import annotations

from dataclasses import dataclass

from battleship.classic.ai import LEVELS as AI_LEVELS


@dataclass(frozen=True, slots=True)
class Level:
    level: int
    name: str
    mean_shots: float


MEAN_SHOTS = {1: 95.17, 2: 61.40, 3: 50.86, 4: 44.71, 5: 44.30}

LEVELS: tuple[Level, ...] = tuple(
    Level(info.level, info.name, MEAN_SHOTS[info.level]) for info in AI_LEVELS
)
