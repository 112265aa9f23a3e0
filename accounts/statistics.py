"""A player's statistics, put together from the aggregate rows their games' QuerySet returns.

The database does the counting and summing over each finished game's own figures, stored on
its row (``FiguresQuerySet.figures_by_level_and_result`` and friends); this module only adds
those few rows up into the figures a page shows, and walks the ordered list of results once
for streaks and the trend.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modes.models import FiguresQuerySet, shots_to_win
from modes.registry import DEFAULT, Mode

WON, LOST, RESIGNED, DRAW = "won", "lost", "resigned", "draw"


def rate(part: float, whole: float) -> float | None:
    """A percentage, or None when there is nothing to divide by."""
    return 100 * part / whole if whole else None


def mean(total: float, count: float) -> float | None:
    return total / count if count else None


@dataclass(frozen=True)
class LevelFigures:
    level: int
    name: str
    played: int
    won: int
    average_shots_to_win: float | None
    best_shots_to_win: int | None

    @property
    def win_rate(self) -> float | None:
        return rate(self.won, self.played)


@dataclass(frozen=True)
class Statistics:
    played: int = 0
    won: int = 0
    lost: int = 0
    resigned: int = 0
    drawn: int = 0
    """Games that ended in a draw (the five-shot games: both fleets sunk in one round)."""
    current_streak: int = 0
    longest_streak: int = 0
    shots: int = 0
    hits: int = 0
    seconds: float = 0
    ships_lost: int = 0
    hinted: int = 0  # finished games in which the person used a hint
    levels: list[LevelFigures] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    shots_to_win: list[dict[str, Any]] = field(default_factory=list)  # for the distribution

    @property
    def win_rate(self) -> float | None:
        return rate(self.won, self.played)

    @property
    def accuracy(self) -> float | None:
        return rate(self.hits, self.shots)

    @property
    def shots_per_game(self) -> float | None:
        return mean(self.shots, self.played)

    @property
    def seconds_per_game(self) -> float | None:
        return mean(self.seconds, self.played)

    @property
    def ships_lost_per_game(self) -> float | None:
        return mean(self.ships_lost, self.played)


def streaks(results: list[str]) -> tuple[int, int]:
    """(current, longest) run of wins; a loss, a resignation or a draw ends a run."""
    current = longest = 0
    for status in results:
        current = current + 1 if status == WON else 0
        longest = max(longest, current)
    return current, longest


def statistics_of(
    games: FiguresQuerySet[Any], only_level: int | None = None, mode: Mode = DEFAULT
) -> Statistics:
    """Everything the statistics page says but the heat map, from a player's games of one
    mode (classic games or sector battles), in two queries: the finished games grouped by
    level, result and shots, and the results in order.

    ``only_level``: the games are that level's, so the figures per level have one row.
    """
    names = mode.level_names()
    rows = games.figures_by_level_and_result()
    results = games.results_in_order()
    by_status = {WON: 0, LOST: 0, RESIGNED: 0, DRAW: 0}
    for row in rows:
        # A draw (the five-shot rounds) counts as played and as a draw, neither won nor lost.
        by_status[row["status"]] = by_status.get(row["status"], 0) + row["games"]

    def total(key: str) -> Any:
        return sum(row[key] or 0 for row in rows)

    levels = []
    for level in sorted(names) if only_level is None else [only_level]:
        wins = [row for row in rows if row["level"] == level and row["status"] == WON]
        won = sum(row["games"] for row in wins)
        levels.append(
            LevelFigures(
                level=level,
                name=names[level],
                played=sum(row["games"] for row in rows if row["level"] == level),
                won=won,
                average_shots_to_win=mean(sum(r["shots_fired"] * r["games"] for r in wins), won),
                best_shots_to_win=min((row["shots_fired"] for row in wins), default=None),
            )
        )
    current, longest = streaks(results)
    return Statistics(
        played=sum(by_status.values()),
        won=by_status[WON],
        lost=by_status[LOST],
        resigned=by_status[RESIGNED],
        drawn=by_status[DRAW],
        current_streak=current,
        longest_streak=longest,
        shots=sum(row["shots_fired"] * row["games"] for row in rows),
        hits=total("hits"),
        seconds=total("seconds"),
        ships_lost=total("ships_lost"),
        hinted=total("hinted"),
        levels=levels,
        results=results,
        shots_to_win=shots_to_win(rows),
    )
