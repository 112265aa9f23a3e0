"""How strong and how fast the sector game's computer players are: each level against the
one below, seats alternated, and the time each takes to choose a turn.

The easiest level is a first opponent (issue 41): a new player, scripted (``Newcomer``:
random shots, then around its hits), should beat it more often than not (``NEWCOMER``).
Above it the levels are a ladder a player can climb (issue 32): the Admiral should win 65
to 90 % of its battles against the Gunner (``LADDER``). Measured over 400 battles a pair;
the Gunner against the Deckhand is measured and shown, with no band: the step from a
first opponent to a player with a plan is meant to be a big one.

Plain Python, shared by tests and ``python manage.py bench_sector``.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from battleship.phase import GamePhase
from battleship.sector.ai import LEVELS, SectorPlayer, get_player
from battleship.sector.ai.newcomer import Newcomer
from battleship.sector.game import SectorGame

MAX_TURNS = 5000
"""A safety net: no game of two legal players comes near it (both fleets are 14 cells)."""

LADDER = (0.65, 0.90)
"""The win rate each level above the Gunner should have against the one below: clearly
stronger, and still beatable by a player who beats the level below."""

NEWCOMER = (0.5, 1.0)
"""The new player's win rate against the easiest level: more often than not (above 50 %)."""

NEWCOMER_LEVEL = 0
"""How the benchmark names the scripted new player among the levels."""


@dataclass(slots=True)
class Match:
    """``level`` against ``vs`` over ``games`` games."""

    level: int
    vs: int
    games: int = 0
    wins: int = 0
    turns: list[int] = field(default_factory=list)
    band: tuple[float, float] | None = LADDER
    """Where ``level``'s win rate should be (None: measured only)."""
    seconds: dict[int, list[float]] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def standard_error(self) -> float:
        """The standard error of ``win_rate`` (binomial): about 2 points over 400 games."""
        rate = self.win_rate
        return math.sqrt(rate * (1 - rate) / self.games) if self.games else 0.0

    @property
    def labels(self) -> tuple[str, str]:
        """The two levels as the table names them: ("2 Gunner", "1 Deckhand")."""
        names = {info.level: info.name for info in LEVELS} | {NEWCOMER_LEVEL: Newcomer.name}
        return f"{self.level} {names[self.level]}", f"{self.vs} {names[self.vs]}"

    @property
    def on_ladder(self) -> bool:
        """Whether ``level``'s win rate against ``vs`` is in its band: 65 to 90 % up the
        ``LADDER``, more than half for the new player against the easiest level
        (``NEWCOMER``); any, for a pair measured only."""
        if self.band is None:
            return True
        low, high = self.band
        if self.band == NEWCOMER:
            return low < self.win_rate <= high
        return low <= self.win_rate <= high

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
            "standard_error": round(self.standard_error, 4),
            "on_ladder": self.on_ladder,
            "band": list(self.band) if self.band else None,
            "ms_per_move": round(mean, 3),
            "p99_ms": round(p99, 3),
            "mean_turns": round(statistics.fmean(self.turns), 1) if self.turns else 0.0,
        }


def _player(level: int, seed: int) -> SectorPlayer:
    return Newcomer(seed) if level == NEWCOMER_LEVEL else get_player(level, seed)


def play_match(
    level: int, vs: int, games: int, seed: int, band: tuple[float, float] | None = LADDER
) -> Match:
    """``games`` games of ``level`` against ``vs`` (0: the scripted new player); ``level``
    sits in seat 0 in even games and seat 1 in odd ones. Fleets and who starts come from
    each game's seed."""
    match = Match(level, vs, band=band)
    for number in range(games):
        game_seed = random.Random(f"{seed}:sector-bench:{number}").getrandbits(63)
        seats = (level, vs) if number % 2 == 0 else (vs, level)
        players = [_player(lv, game_seed + seat) for seat, lv in enumerate(seats)]
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
    """A new player against the easiest level, then each level against the one below it
    (the Gunner against the Deckhand measured only)."""
    levels = [info.level for info in LEVELS]
    first = play_match(NEWCOMER_LEVEL, levels[0], games, seed, band=NEWCOMER)
    return [first] + [
        play_match(high, low, games, seed, band=None if low == levels[0] else LADDER)
        for low, high in itertools.pairwise(levels)
    ]


def format_table(matches: list[Match]) -> str:
    """One line a match (the win rate with its standard error, and where it stands on the
    ladder), then whether every level is on the ladder."""
    lines = [
        f"{'level':<12} {'vs':<12} {'games':>6} {'wins':>6} {'win rate ± SE':>15} {'ladder':<10} "
        f"{'turns':>6} {'ms/move':>8} {'p99 ms':>7}"
    ]
    for m in matches:
        mean, p99 = m.timing(m.level)
        turns = statistics.fmean(m.turns) if m.turns else 0.0
        rate = f"{m.win_rate:.1%} ± {m.standard_error * 100:.1f}"
        lines.append(
            f"{m.labels[0]:<12} {m.labels[1]:<12} {m.games:>6} "
            f"{m.wins:>6} {rate:>15} {_standing(m):<10} {turns:>6.1f} {mean:>8.2f} {p99:>7.2f}"
        )
    lines.append(ladder_verdict(matches))
    return "\n".join(lines) + "\n"


def ladder_verdict(matches: list[Match]) -> str:
    """Whether every pair is where it should be, in one sentence: each level on the ladder
    wins 65 to 90 % against the one below, a new player beats the easiest level more often
    than not."""
    low, high = LADDER
    band = f"{low:.0%} to {high:.0%}"
    games = ", ".join(sorted({str(m.games) for m in matches}))
    off = [m for m in matches if not m.on_ladder]
    newcomer = [m for m in matches if m.band == NEWCOMER]
    easy = f"; {newcomer[0].labels[0]} beats {newcomer[0].labels[1]}" if newcomer else ""
    if not off:
        return (
            f"Ladder: every level wins {band} against the one below{easy} ({games} games a pair)."
        )
    return (
        "Off the ladder: "
        + "; ".join(f"{m.labels[0]} wins {m.win_rate:.1%} against {m.labels[1]}" for m in off)
        + f" (each level should win {band} against the one below, a new player more than"
        + f" half against the easiest; {games} games a pair)."
    )


def _standing(match: Match) -> str:
    if match.band is None:
        return "measured"
    low, high = match.band
    if match.band == NEWCOMER:
        return "ok" if match.on_ladder else "too hard"
    if match.win_rate < low:
        return "too close"
    if match.win_rate > high:
        return "too far"
    return "ok"
