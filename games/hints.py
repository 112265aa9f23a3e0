"""The coach's figures as a page shows them: the heat map of a hint during play, and the
analysis of a finished game on its replay (the figures come from
``battleship.classic.ai.coach``)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from battleship.classic import Coordinate
from battleship.classic.ai.coach import GOOD_SHARE, RatedShot, likeliest, rated_shots
from core.heat import HeatCell

HEAT_LEVELS = 5  # colour strengths, from a fifth of the likeliest cell's chance to all of it


def percent(chance: float) -> str:
    """A chance as a person reads it: "31 %", "<1 %" for a small one that is not nothing."""
    value = round(100 * chance)
    if value == 0 and chance > 0:
        return _("<1 %")
    return _("%(percent)s %%") % {"percent": value}


@dataclass(frozen=True, slots=True)
class HintDisplay:
    cells: dict[str, HeatCell]
    """Cell label ("E5") -> its chance and colour strength, for every cell one may fire at."""
    legend: list[tuple[int, str]]
    """(colour strength, the chances it stands for), weakest first."""
    likeliest: str
    """The three likeliest cells, for the live region: "Likeliest: E5 31 %, E6 28 %, …"."""


def build_hint(chances: dict[Coordinate, float]) -> HintDisplay:
    """What the page shows of a hint's hit chances."""
    best = max(chances.values(), default=0.0)

    def level(chance: float) -> int:
        if chance <= 0 or best <= 0:
            return 0
        return max(1, min(HEAT_LEVELS, math.ceil(HEAT_LEVELS * chance / best - 1e-9)))

    cells = {str(c): HeatCell(percent(chance), level(chance)) for c, chance in chances.items()}
    legend = [
        (
            n,
            _("%(low)s to %(high)s")
            % {
                "low": percent(best * (n - 1) / HEAT_LEVELS).replace("<", ""),
                "high": percent(best * n / HEAT_LEVELS),
            },
        )
        for n in range(1, HEAT_LEVELS + 1)
    ]
    top = ", ".join(f"{cell} {percent(chance)}" for cell, chance in likeliest(chances, 3))
    return HintDisplay(cells, legend, _("Likeliest: %(cells)s.") % {"cells": top})


# -- the analysis on a replay -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class QualityChart:
    """Each rated shot's share of par through the game, as the statistics' charts draw."""

    points: str
    good_y: float
    y_ticks: list[tuple[float, str]]
    x_ticks: list[tuple[float, str]]
    table: list[tuple[int, str, str, str, str]]
    """(shot number, cell, its chance, par, share of par), for the table alternative."""


WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 600, 200, 44, 12, 12, 34


def quality_chart(shots: list[RatedShot]) -> QualityChart | None:
    if not shots:
        return None
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    n = len(shots)

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(share: float) -> float:
        return TOP + plot_h * (1 - share)

    points = " ".join(f"{x(i):.1f},{y(shot.share):.1f}" for i, shot in enumerate(shots))
    return QualityChart(
        points=points,
        good_y=round(y(GOOD_SHARE), 1),
        y_ticks=[(round(y(v / 100), 1), f"{v}%") for v in (0, 50, 100)],
        x_ticks=[(round(x(i), 1), str(i + 1)) for i in sorted({0, n // 2, n - 1})],
        table=[
            (
                i + 1,
                str(shot.cell),
                percent(shot.chance),
                percent(shot.par),
                percent(shot.share),
            )
            for i, shot in enumerate(shots)
        ],
    )


@dataclass(frozen=True, slots=True)
class AnalysisDisplay:
    summary: list[str]
    chart: QualityChart | None
    by_step: dict[int, list[RatedShot]]
    """Replay step (moves shown) -> the player's shots of the move that step shows."""


def build_analysis(analysis: dict[str, Any], size: int, level_name: str) -> AnalysisDisplay:
    """The summary sentences, the chart and the ratings by replay step of a stored analysis."""
    shots = rated_shots(analysis, size)
    summary = []
    if shots:
        good = sum(1 for shot in shots if shot.share >= GOOD_SHARE)
        summary.append(
            ngettext(
                "%(good)s of your %(shots)s shot was on a cell at least %(share)s as likely "
                "as the best one.",
                "%(good)s of your %(shots)s shots were on a cell at least %(share)s as likely "
                "as the best one.",
                len(shots),
            )
            % {"good": good, "shots": len(shots), "share": percent(GOOD_SHARE)}
        )
        expected = sum(shot.chance for shot in shots)
        par = sum(shot.par for shot in shots)
        hits = sum(shot.hit for shot in shots)
        summary.append(
            _(
                "Your cells' chances add up to %(expected)s hits expected (%(hits)s came); "
                "the Admiral's cells in the same positions to %(par)s."
            )
            % {"expected": f"{expected:.1f}", "hits": hits, "par": f"{par:.1f}"}
        )
    if analysis.get("weapon_moves"):
        summary.append(
            ngettext(
                "%(n)s special weapon is not rated: it fires at no single chosen cell.",
                "%(n)s special weapons are not rated: they fire at no single chosen cell.",
                analysis["weapon_moves"],
            )
            % {"n": analysis["weapon_moves"]}
        )
    for sank in analysis.get("sank", []):
        if sank["admiral"] is None:
            continue
        difference = sank["yours"] - sank["admiral"]
        summary.append(
            _(
                "You sank the %(ship)s with your shot %(yours)s; the Admiral, hunting the same "
                "fleet alone, with its shot %(admiral)s on average (%(runs)s runs): "
                "%(difference)s."
            )
            % {
                "ship": sank["ship"],
                "yours": sank["yours"],
                "admiral": f"{sank['admiral']:.1f}",
                "runs": analysis["runs"],
                "difference": (
                    _("%(n)s shots later") % {"n": f"{difference:.1f}"}
                    if difference > 0
                    else _("%(n)s shots earlier") % {"n": f"{-difference:.1f}"}
                    if difference < 0
                    else _("the same")
                ),
            }
        )
    summary += _their_sentence(analysis.get("theirs"), level_name)
    by_step: dict[int, list[RatedShot]] = {}
    for shot in shots:
        by_step.setdefault(shot.move + 1, []).append(shot)
    return AnalysisDisplay(summary, quality_chart(shots), by_step)


def _their_sentence(theirs: dict[str, Any] | None, level_name: str) -> list[str]:
    if not theirs:
        return []
    benchmark = theirs.get("benchmark")
    on_random = (
        _("on random fleets it needs %(mean)s on average.") % {"mean": f"{benchmark:.1f}"}
        if benchmark is not None
        else ""
    )
    needed = theirs.get("needed")
    if needed is None:
        return [
            _("The %(level)s sank %(sunk)s of your %(ships)s ships with %(fired)s shots.")
            % {
                "level": level_name,
                "sunk": theirs["ships_sunk"],
                "ships": theirs["ships"],
                "fired": theirs["fired"],
            }
            + (
                " "
                + _("On random fleets it needs %(mean)s shots for all of them.")
                % {"mean": f"{benchmark:.1f}"}
                if benchmark is not None
                else ""
            )
        ]
    if theirs.get("alone"):
        first = _(
            "Your placement: the %(level)s had fired %(fired)s shots when the game ended; "
            "hunting your fleet to the end alone it needs %(needed)s;"
        ) % {"level": level_name, "fired": theirs["fired"], "needed": needed}
    else:
        first = _("Your placement: the %(level)s needed %(needed)s shots to sink your fleet;") % {
            "level": level_name,
            "needed": needed,
        }
    return [f"{first} {on_random}".strip()]


def step_notes(rated: list[RatedShot]) -> dict[str, str]:
    """For the replay's board at a step: what each cell of the move shown, and each cell the
    Admiral would have chosen instead, says after its name."""
    notes: dict[str, str] = {}
    for shot in rated:
        if shot.par_cell != shot.cell:
            notes.setdefault(str(shot.par_cell), _("the Admiral's choice"))
    for shot in rated:
        notes[str(shot.cell)] = _("your shot: hit chance %(chance)s, best %(par)s") % {
            "chance": percent(shot.chance),
            "par": percent(shot.par),
        }
    return notes


def rating_sentence(shot: RatedShot) -> str:
    """One shot of the move a replay step shows, against the Admiral's cell."""
    if shot.par_cell == shot.cell or shot.chance >= shot.par:
        return _("Your shot at %(cell)s: hit chance %(chance)s, as good as any cell.") % {
            "cell": shot.cell,
            "chance": percent(shot.chance),
        }
    return _(
        "Your shot at %(cell)s: hit chance %(chance)s; the Admiral's cell, %(par_cell)s, "
        "had %(par)s (yours was %(share)s as likely)."
    ) % {
        "cell": shot.cell,
        "chance": percent(shot.chance),
        "par_cell": shot.par_cell,
        "par": percent(shot.par),
        "share": percent(shot.share),
    }
