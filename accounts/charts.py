"""Geometry of the statistics charts, drawn as SVG by the templates (no charting script).

Each chart is a small frozen value holding the shapes in SVG user units plus the rows of
its text alternative, so a screen reader gets a table with the same figures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from accounts.templatetags.figures import percent
from battleship.classic import ROW_LETTERS

WIDTH, HEIGHT = 600, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 34  # margins inside the view box, for the axes
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class TrendChart:
    points: str  # the polyline's points attribute
    games: int
    window: int
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    table: list[tuple[int, int]]  # (after game N, rolling win rate %)


def trend(results: list[str], window: int = 20, max_points: int = 200) -> TrendChart | None:
    """The win rate over the last ``window`` games, after each game, oldest to newest."""
    if not results:
        return None
    wins = [1 if status == "won" else 0 for status in results]
    running, rates = 0, []
    for i, won in enumerate(wins):
        running += won - (wins[i - window] if i >= window else 0)
        rates.append(100 * running / min(i + 1, window))
    n = len(rates)
    step = max(1, -(-n // max_points))
    picked = sorted({*range(0, n, step), n - 1})

    def x(i: int) -> float:
        return LEFT + (PLOT_W * i / (n - 1) if n > 1 else PLOT_W / 2)

    def y(value: float) -> float:
        return TOP + PLOT_H * (1 - value / 100)

    points = " ".join(f"{x(i):.1f},{y(rates[i]):.1f}" for i in picked)
    x_marks = sorted({0, n // 2, n - 1})
    table_marks = sorted({*range(0, n, max(1, -(-n // 10))), n - 1})
    return TrendChart(
        points=points,
        games=n,
        window=window,
        y_ticks=[Tick(y(v), percent(v)) for v in (0, 25, 50, 75, 100)],
        x_ticks=[Tick(x(i), str(i + 1)) for i in x_marks],
        table=[(i + 1, round(rates[i])) for i in table_marks],
    )


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    games: int
    share: int


@dataclass(frozen=True)
class Bucket:
    label: str
    label_x: float
    yours: Bar
    theirs: Bar


@dataclass(frozen=True)
class DistributionChart:
    buckets: list[Bucket]
    y_ticks: list[Tick]
    your_wins: int
    their_wins: int


def distribution(rows: list[dict[str, Any]], width: int = 10) -> DistributionChart | None:
    """Shots-to-win, yours (games you won) beside the computer's (games it won), as shares.

    Shares, not counts, so that the shapes compare even when one side won far more often.
    """
    yours: dict[int, int] = {}
    theirs: dict[int, int] = {}
    for row in rows:
        side = yours if row["status"] == "won" else theirs
        start = (row["winner_shots"] // width) * width
        side[start] = side.get(start, 0) + row["games"]
    if not yours and not theirs:
        return None
    starts = list(range(min(yours | theirs), max(yours | theirs) + 1, width))
    total_yours, total_theirs = sum(yours.values()), sum(theirs.values())
    shares = [rate_of(yours.get(s, 0), total_yours) for s in starts]
    shares += [rate_of(theirs.get(s, 0), total_theirs) for s in starts]
    top = max(10, math.ceil(max(shares) / 10) * 10)
    slot = PLOT_W / len(starts)
    bar_w = slot * 0.4

    def bar(x: float, games: int, total: int) -> Bar:
        share = rate_of(games, total)
        height = PLOT_H * share / top
        return Bar(x, TOP + PLOT_H - height, bar_w, height, games, round(share))

    buckets = [
        Bucket(
            label=f"{s}\N{EN DASH}{s + width - 1}",
            label_x=LEFT + slot * (i + 0.5),
            yours=bar(LEFT + slot * i + slot * 0.1, yours.get(s, 0), total_yours),
            theirs=bar(LEFT + slot * 0.5 + slot * i, theirs.get(s, 0), total_theirs),
        )
        for i, s in enumerate(starts)
    ]
    ticks = [Tick(TOP + PLOT_H * (1 - v / top), percent(v)) for v in range(0, top + 1, top // 2)]
    return DistributionChart(buckets, ticks, total_yours, total_theirs)


def rate_of(part: int, whole: int) -> float:
    return 100 * part / whole if whole else 0.0


@dataclass(frozen=True)
class HeatCell:
    x: int
    y: int
    label: str
    shots: int
    opacity: float


@dataclass(frozen=True)
class HeatMap:
    size: int
    cell: int
    rows: list[tuple[str, int, list[HeatCell]]]  # letter, y of its label, cells
    columns: list[tuple[int, int]]  # number, x of its label
    most: int
    total: int

    @property
    def extent(self) -> int:
        """The view box's side: the labels' margin, the cells, a little room."""
        return 24 + self.size * self.cell + 6


def heat_map(rows: list[dict[str, Any]], size: int = 10, cell: int = 30) -> HeatMap | None:
    """Where the opening shots went: each cell shaded by its share of the busiest cell."""
    counts = {(row["row"], row["col"]): row["shots"] for row in rows}
    if not counts:
        return None
    most = max(counts.values())
    offset = 24  # room for the row letters and column numbers
    grid = []
    for r in range(size):
        cells = [
            HeatCell(
                x=offset + c * cell,
                y=offset + r * cell,
                label=f"{ROW_LETTERS[r]}{c + 1}",
                shots=counts.get((r, c), 0),
                opacity=round(0.06 + 0.94 * counts.get((r, c), 0) / most, 3),
            )
            for c in range(size)
        ]
        grid.append((ROW_LETTERS[r], offset + r * cell + cell // 2 + 5, cells))
    columns = [(c + 1, offset + c * cell + cell // 2) for c in range(size)]
    return HeatMap(size, cell, grid, columns, most, sum(counts.values()))


@dataclass(frozen=True)
class RatingChart:
    """A rating after each rated game of one rule set, oldest to newest."""

    rules_name: str
    points: str  # the polyline's points attribute
    games: int
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    table: list[tuple[int, int]]  # (after game N, the rating)


def rating_history(
    rules_name: str, start: float, after: list[float], max_points: int = 200
) -> RatingChart | None:
    """The rating from ``start`` (before the first rated game) through each game's ``after``."""
    if not after:
        return None
    values = [start, *after]
    low = math.floor((min(values) - 25) / 50) * 50
    high = math.ceil((max(values) + 25) / 50) * 50
    n = len(values)
    step = max(1, -(-n // max_points))
    picked = sorted({*range(0, n, step), n - 1})

    def x(i: int) -> float:
        return LEFT + PLOT_W * i / (n - 1)

    def y(value: float) -> float:
        return TOP + PLOT_H * (1 - (value - low) / (high - low))

    tick_step = max(50, math.ceil((high - low) / 4 / 50) * 50)
    ticks = range(int(low), int(high) + 1, tick_step)
    table_marks = sorted({*range(1, n, max(1, -(-(n - 1) // 10))), n - 1})
    return RatingChart(
        rules_name=rules_name,
        points=" ".join(f"{x(i):.1f},{y(values[i]):.1f}" for i in picked),
        games=n - 1,
        y_ticks=[Tick(y(v), str(v)) for v in ticks],
        x_ticks=[Tick(x(i), str(i)) for i in sorted({0, (n - 1) // 2, n - 1})],
        table=[(i, round(values[i])) for i in table_marks],
    )
