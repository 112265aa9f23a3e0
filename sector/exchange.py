"""The last exchange of a sector battle as its page shows it: the person's turn and the
computer's answer (told in that order, static/js/turn.js), the cells each fired at, the
sound of the person's turn, and a finished battle's key figures, as the classic game's."""

from __future__ import annotations

from battleship.classic.sentences import Summary, duration
from battleship.phase import HUMAN
from battleship.sector import Coordinate, Report, Result, SectorView
from sector.models import SectorBattle


def last_exchange(view: SectorView) -> tuple[Report | None, Report | None]:
    """The last exchange: the person's turn and the computer's answer (either may be
    missing: before the first turn, or when the person's turn ended the battle)."""
    mine = theirs = None
    for report in reversed(view.reports):
        if report.player == HUMAN:
            mine = report
            break
        if theirs is None:
            theirs = report
    return mine, theirs


def fired_at(report: Report | None) -> tuple[Coordinate, ...]:
    """The cells a turn fired at (a shot's one, a barrage's three; recon and sonar none)."""
    if report is None or report.kind not in ("shot", "barrage"):
        return ()
    return report.cells


def sound(battle: SectorBattle, report: Report | None) -> str:
    """The sound of the person's turn, as the classic game's shot makes (miss, hit, sunk),
    or the end's own (won, lost)."""
    if battle.is_over:
        return battle.status
    if report is None or report.kind not in ("shot", "barrage"):
        return ""
    if report.sunk:
        return "sunk"
    hit = report.hits if report.kind == "barrage" else report.result not in (None, Result.WATER)
    return "hit" if hit else "miss"


def summary(battle: SectorBattle) -> Summary:
    """A finished battle's key figures: those stored as it ended (as the statistics read
    them), worked out again for a battle from before there were figures."""
    stored = battle.shots_fired, battle.shots_hit, battle.ships_lost
    if None in stored:
        figures = SectorBattle.figures_from(battle.engine())
        stored = figures["shots_fired"], figures["shots_hit"], figures["ships_lost"]
    shots, hits, lost = (int(figure or 0) for figure in stored)
    return Summary(
        shots=shots,
        hits=hits,
        accuracy=round(100 * hits / shots) if shots else 0,
        time=duration(battle.play_seconds),
        ships_lost=lost,
    )
