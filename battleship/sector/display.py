"""What a person reads of a sector game: each report as a sentence, and both boards as cell
states, built from one player's ``SectorView`` only (so nothing hidden can show).

Shared by the terminal game and, later, the web pages; the engine speaks in values and
this module turns them into words.
"""

from __future__ import annotations

from dataclasses import dataclass

from battleship.coordinates import ROW_LETTERS, Coordinate
from battleship.sector import (
    ALL_CELLS,
    Report,
    Result,
    SectorView,
    numeral,
    sector_cells,
)
from battleship.sector.geometry import Axis, Course
from battleship.words import gettext, pgettext, ship_name


def _counts(hits: int) -> str:
    return {
        0: gettext("no hits"),
        1: gettext("one hit"),
        2: gettext("two hits"),
        3: gettext("three hits"),
    }[hits]


def _cells(cells: tuple[Coordinate, ...]) -> str:
    return ", ".join(str(c) for c in cells)


def _course(course: Course) -> str:
    name = ROW_LETTERS[course.index] if course.axis is Axis.ROW else str(course.index + 1)
    if course.axis is Axis.ROW:
        return gettext("course row %(name)s") % {"name": name}
    return gettext("course column %(name)s") % {"name": name}


def describe(report: Report, viewer: int, *, spectator: bool = False) -> str:
    """``report`` as ``viewer`` reads it: "Your Battleship from sector XI: barrage at D1,
    E1, A4, two hits."; a ``spectator`` reads the acting side's own report as "Its ..."."""
    mine = report.player == viewer
    # Whose action it was: "your", "its" (a spectator's view of the acting side), the enemy's.
    who = ("its" if spectator else "your") if mine else "enemy"
    origin = numeral(report.origin) if report.origin else ""
    if mine and spectator:
        sank = gettext(" It sank the enemy's %(ship)s!")
    elif mine:
        sank = gettext(" You sank their %(ship)s!")
    else:
        sank = gettext(" They sank your %(ship)s!")
    sunk = "".join(sank % {"ship": ship_name(name)} for name in report.sunk)
    if report.kind == "shot":
        result = report.result or Result.WATER
        answer = (
            pgettext("sector shot", "water")
            if result is Result.WATER
            else pgettext("sector shot", "hit")
        )
        values = {
            "ship": ship_name(report.ship or ""),
            "origin": origin,
            "cell": report.cells[0],
            "answer": answer,
        }
        if who == "your":
            said = gettext("Your %(ship)s from sector %(origin)s fires at %(cell)s: %(answer)s.")
        elif who == "its":
            said = gettext("Its %(ship)s from sector %(origin)s fires at %(cell)s: %(answer)s.")
        else:
            said = gettext("From sector %(origin)s: a shot at %(cell)s, %(answer)s.")
        text = said % values + sunk
    elif report.kind == "barrage":
        values = {
            "origin": origin,
            "cells": _cells(report.cells),
            "hits": _counts(report.hits or 0),
        }
        said = {
            "your": gettext(
                "Your Battleship from sector %(origin)s: barrage at %(cells)s, %(hits)s."
            ),
            "its": gettext(
                "Its Battleship from sector %(origin)s: barrage at %(cells)s, %(hits)s."
            ),
            "enemy": gettext(
                "The enemy's Battleship from sector %(origin)s: barrage at %(cells)s, %(hits)s."
            ),
        }[who]
        text = said % values + sunk
    elif report.kind == "recon":
        sector = numeral(report.sector or 1)
        seen = (
            gettext("%(cells)s occupied") % {"cells": _cells(report.occupied)}
            if report.occupied
            else gettext("no ship seen")
        )
        said = {
            "your": gettext("Your recon over %(sector)s: %(seen)s."),
            "its": gettext("Its recon over %(sector)s: %(seen)s."),
            "enemy": gettext("The enemy's recon over %(sector)s: %(seen)s."),
        }[who]
        text = said % {"sector": sector, "seen": seen}
    else:
        sector = numeral(report.sector or 1)
        if report.courses:
            courses = gettext(" and ").join(_course(c) for c in report.courses)
            found = gettext("a submarine on %(courses)s") % {"courses": courses}
        else:
            found = gettext("no submarine course")
        said = {
            "your": gettext("Your sonar over %(sector)s: %(found)s."),
            "its": gettext("Its sonar over %(sector)s: %(found)s."),
            "enemy": gettext("The enemy's sonar over %(sector)s: %(found)s."),
        }[who]
        text = said % {"sector": sector, "found": found}
    if report.sub_moved:
        if not mine:
            text += gettext(" A submarine moved.")
        else:
            moved = {"ship": ship_name(report.moved or "")}
            if spectator:
                text += gettext(" Its %(ship)s moved.") % moved
            else:
                text += gettext(" Your %(ship)s moved.") % moved
    return text


def own_board(view: SectorView) -> dict[Coordinate, str]:
    """The player's own sea: each cell's state (``ship``, ``sub-N``/``-S``/``-E``/``-W``,
    ``hit``, ``sunk``, ``miss`` for enemy shots into water, ``water``)."""
    states = dict.fromkeys(ALL_CELLS, "water")
    for report in view.reports:
        if report.player != view.player:
            for cell in report.cells:
                states[cell] = "miss"
    for ship in view.fleet:
        for cell in ship.cells:
            if not ship.afloat:
                states[cell] = "sunk"
            elif cell in ship.hits:
                states[cell] = "hit"
            elif ship.heading is not None:
                states[cell] = f"sub-{ship.heading.value}"
            else:
                states[cell] = "ship"
    return states


def enemy_board(view: SectorView) -> dict[Coordinate, str]:
    """What the player knows of the enemy sea: ``hit``, ``sunk`` (where a shot sank a
    ship), ``miss``, ``seen`` (recon found a ship there), ``barrage`` (fired at by a
    barrage, count only), ``course-row``/``course-column``/``course-both`` (on a sonar
    course), ``unknown``; after the end, the enemy ships still afloat (``ship``, ``sub-N``...)."""
    states = dict.fromkeys(ALL_CELLS, "unknown")
    for report in view.reports:
        if report.player != view.player:
            continue
        for course in report.courses:
            mark = f"course-{course.axis.value}"
            for cell in course.cells:
                if states[cell] == "unknown":
                    states[cell] = mark
                elif states[cell].startswith("course") and states[cell] != mark:
                    states[cell] = "course-both"
    for report in view.reports:
        if report.player != view.player:
            continue
        if report.kind == "recon" and report.sector:
            listed = set(report.occupied)
            for cell in sector_cells(report.sector):
                # A cell already known hit stays so: recon only says a ship is there.
                if cell in listed and states[cell] not in ("hit", "sunk"):
                    states[cell] = "seen"
        elif report.kind == "barrage":
            for cell in report.cells:
                states[cell] = "miss" if report.hits == 0 else "barrage"
        elif report.kind == "shot":
            cell = report.cells[0]
            if report.result is Result.WATER:
                states[cell] = "miss"
            elif report.result is Result.SUNK:
                states[cell] = "sunk"
            else:
                states[cell] = "hit"
    # Once the game is over the enemy fleet is shown where it ended up.
    for ship in view.enemy_fleet:
        if ship.afloat:
            for cell in ship.cells:
                if cell in ship.hits:
                    states[cell] = "hit"
                else:
                    states[cell] = f"sub-{ship.heading.value}" if ship.heading else "ship"
    return states


@dataclass(frozen=True)
class Mark:
    """What else the player knows of one enemy cell, beside its state: the player's turn
    (counted from 1) that last fired at it or saw a ship there by recon, and which
    submarine courses sonar has ruled out through it (``across``: no submarine heading
    across runs along its row; ``down``: none heading down along its column)."""

    turn: int | None = None
    no_sub_across: bool = False
    no_sub_down: bool = False

    @property
    def no_sub(self) -> bool:
        """No submarine afloat can be here, now or later: both courses ruled out."""
        return self.no_sub_across and self.no_sub_down


def enemy_marks(view: SectorView) -> dict[Coordinate, Mark]:
    """Per enemy cell, the turn it was last fired at (or seen by recon) and what sonar
    ruled out (docs/rules/sector.md, 'Reading sonar'): a sonar sweep lists every course crossing
    the sector, so each of its rows not listed holds no submarine heading across, and each
    of its columns not listed none heading down. Submarines never turn, so this holds for
    the rest of the game."""
    turns: dict[Coordinate, int] = {}
    fired: set[Coordinate] = set()
    clear_rows: set[int] = set()
    clear_columns: set[int] = set()
    turn = 0
    for report in view.reports:
        if report.player != view.player:
            continue
        turn += 1
        for cell in report.cells:
            turns[cell] = turn
            fired.add(cell)
        for cell in report.occupied:
            if cell not in fired:  # the turn a cell was fired at says more than a sighting
                turns[cell] = turn
        if report.kind == "sonar" and report.sector:
            cells = sector_cells(report.sector)
            found = {(c.axis, c.index) for c in report.courses}
            clear_rows.update(c.row for c in cells if (Axis.ROW, c.row) not in found)
            clear_columns.update(c.col for c in cells if (Axis.COLUMN, c.col) not in found)
    return {
        cell: Mark(turns.get(cell), cell.row in clear_rows, cell.col in clear_columns)
        for cell in ALL_CELLS
    }


__all__ = ["Mark", "describe", "enemy_board", "enemy_marks", "own_board"]
