"""How strong and how fast the sector game's computer players are: each level against the
one below, seats alternated, and the time each takes to choose a turn.

Plain Python, shared by tests and ``python manage.py bench_sector``.
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from battleship.phase import GamePhase
from battleship.sector.ai import LEVELS, get_player
from battleship.sector.game import SectorGame

MAX_TURNS = 5000
"""A safety net: no game of two legal players comes near it (both fleets are 14 cells)."""


@dataclass(slots=True)
class Match:
    """``level`` against ``vs`` over ``games`` games."""

    level: int
    vs: int
    games: int = 0
    wins: int = 0
    turns: list[int] = field(default_factory=list)
    seconds: dict[int, list[float]] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def timing(self, level: int) -> tuple[float, float]:
        """Mean and p99 of ``level``'s time per turn, in milliseconds."""
        times = sorted(self.seconds.get(level, []))
        if not times:
            return 0.0, 0.0
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        return statistics.fmean(times) * 1000, p99 * 1000

    def to_dict(self) -> dict[str, Any]:
        mean, p99 = self.timing(self.level)
        return {
            "level": self.level,
            "vs": self.vs,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "ms_per_move": round(mean, 3),
            "p99_ms": round(p99, 3),
            "mean_turns": round(statistics.fmean(self.turns), 1) if self.turns else 0.0,
        }


def play_match(level: int, vs: int, games: int, seed: int) -> Match:
    """``games`` games of ``level`` against ``vs``; ``level`` sits in seat 0 in even games
    and seat 1 in odd ones. Fleets and who starts come from each game's seed."""
    match = Match(level, vs)
    for number in range(games):
        game_seed = random.Random(f"{seed}:sector-bench:{number}").getrandbits(63)
        seats = (level, vs) if number % 2 == 0 else (vs, level)
        players = [get_player(lv, game_seed + seat) for seat, lv in enumerate(seats)]
        game = SectorGame(game_seed)
        game.setup_random()
        while game.phase is GamePhase.IN_PROGRESS:
            if len(game.turns) >= MAX_TURNS:
                raise RuntimeError(f"game {number} of the match did not end")
            seat = game.current_player
            if seat is None:  # an invariant, and a type narrowing for mypy
                raise RuntimeError("seat is not set here")
            started = time.perf_counter()
            turn = players[seat].choose_move(game.view_for(seat))
            match.seconds.setdefault(seats[seat], []).append(time.perf_counter() - started)
            game.play(turn)
        match.games += 1
        match.turns.append(len(game.turns))
        if game.winner is None:  # an invariant, and a type narrowing for mypy
            raise RuntimeError("game.winner is not set here")
        match.wins += seats[game.winner] == level
    return match


def ladder(games: int, seed: int) -> list[Match]:
    """Each level against the one below it."""
    levels = [info.level for info in LEVELS]
    return [play_match(high, low, games, seed) for low, high in itertools.pairwise(levels)]


def format_table(matches: list[Match]) -> str:
    names = {info.level: info.name for info in LEVELS}
    lines = [
        f"{'level':<12} {'vs':<12} {'games':>6} {'wins':>6} {'win rate':>9} "
        f"{'turns':>6} {'ms/move':>8} {'p99 ms':>7}"
    ]
    for m in matches:
        mean, p99 = m.timing(m.level)
        turns = statistics.fmean(m.turns) if m.turns else 0.0
        lines.append(
            f"{f'{m.level} {names[m.level]}':<12} {f'{m.vs} {names[m.vs]}':<12} {m.games:>6} "
            f"{m.wins:>6} {m.win_rate:>8.1%} {turns:>6.1f} {mean:>8.2f} {p99:>7.2f}"
        )
    return "\n".join(lines) + "\n"
