"""A sector sea for the page: each cell's state, its name for a screen reader, its mark,
and the ships drawn whole, in the classic boards' look (``core.templatetags.boards``).

Built from one player's ``SectorView`` only (or, in a finished battle's replay, from both
views): an enemy ship is drawn only once the battle is over, so no page can show one early.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext, pgettext, pgettext_lazy

from battleship.classic import ROW_LETTERS
from battleship.sector import SIZE, Coordinate, Ship, numeral, sector_of
from battleship.sector.display import Mark

# What a cell's state says, for a screen reader: on one's own sea, and on the enemy's (its
# ships shown once the battle is over).
STATE_TEXT = {
    "water": pgettext_lazy("sector cell", "water"),
    "unknown": pgettext_lazy("sector cell", "unknown"),
    "ship": pgettext_lazy("sector cell", "your ship"),
    "sub-N": pgettext_lazy("sector cell", "your submarine heading north"),
    "sub-S": pgettext_lazy("sector cell", "your submarine heading south"),
    "sub-E": pgettext_lazy("sector cell", "your submarine heading east"),
    "sub-W": pgettext_lazy("sector cell", "your submarine heading west"),
    "miss": pgettext_lazy("sector cell", "water when fired at"),
    "hit": pgettext_lazy("sector cell", "hit"),
    "sunk": pgettext_lazy("sector cell", "sunk"),
    "seen": pgettext_lazy("sector cell", "recon saw a ship"),
    "barrage": pgettext_lazy("sector cell", "barrage, count only"),
    "course-row": pgettext_lazy("sector cell", "on a submarine course across"),
    "course-column": pgettext_lazy("sector cell", "on a submarine course down"),
    "course-both": pgettext_lazy("sector cell", "on two submarine courses"),
    "track": pgettext_lazy("sector cell", "a submarine passed here"),
}
ENEMY_STATE_TEXT = STATE_TEXT | {
    "ship": pgettext_lazy("sector cell", "enemy ship"),
    "sub-N": pgettext_lazy("sector cell", "enemy submarine heading north"),
    "sub-S": pgettext_lazy("sector cell", "enemy submarine heading south"),
    "sub-E": pgettext_lazy("sector cell", "enemy submarine heading east"),
    "sub-W": pgettext_lazy("sector cell", "enemy submarine heading west"),
}
SYMBOLS = {
    "water": "",
    "unknown": "",
    "ship": "",
    "sub-N": "▲",
    "sub-S": "▼",
    "sub-E": "▶",
    "sub-W": "◀",
    "miss": "•",
    "hit": "✕",
    "sunk": "✖",
    "seen": "◆",
    "barrage": "?",
    "course-row": "─",
    "course-column": "│",
    "course-both": "┼",
    "track": "·",
}


def _marked(words: str, mark: Mark | None) -> str:
    """A cell's words with what else is known of it: the turn it was fired at or seen,
    and what sonar ruled out ("hit, turn 4, no submarine can be here")."""
    if mark is None:
        return words
    if mark.turn is not None:
        words += ", " + gettext("turn %(turn)d") % {"turn": mark.turn}
    if mark.no_sub:
        words += ", " + gettext("no submarine can be here")
    elif mark.no_sub_across:
        words += ", " + gettext("no submarine heading across on this row")
    elif mark.no_sub_down:
        words += ", " + gettext("no submarine heading down this column")
    return words


# The classic board's look for each state: its cell class (``.board .cell.<look>``).
LOOKS = {
    "water": "water",
    "unknown": "unknown",
    "ship": "ship",
    "sub-N": "ship",
    "sub-S": "ship",
    "sub-E": "ship",
    "sub-W": "ship",
    "miss": "miss",
    "hit": "hit",
    "sunk": "sunk",
    "seen": "seen",
    "barrage": "barrage",
    "course-row": "course",
    "course-column": "course",
    "course-both": "course",
    "track": "track",
}


def drawn(ship: Ship, state: str, fresh: bool = False) -> dict[str, Any]:
    """A ship to draw whole from its first cell: ``state`` is the classic hull's ("yours",
    "sunk", "revealed"; ``fresh``: sunk by the last turn); a submarine's drawing points the
    way it heads."""
    return {
        "fresh": fresh,
        "length": len(ship.cells),
        "way": "H" if ship.cells[0].row == ship.cells[-1].row else "V",
        "state": state,
        "heading": ship.heading.value if ship.heading else "",
        "cells": ship.cells,
        "name": ship.name,
    }


def fleet_drawn(
    ships: Iterable[Ship], state: str = "yours", fresh: Iterable[str] = ()
) -> list[dict[str, Any]]:
    """Every ship of a fleet drawn: afloat in ``state``, sunk ones as wrecks (those named in
    ``fresh`` sunk by the last turn)."""
    sunk_now = set(fresh)
    return [
        drawn(ship, state if ship.afloat else "sunk", not ship.afloat and ship.name in sunk_now)
        for ship in ships
    ]


def sea(
    states: dict[Coordinate, str],
    *,
    enemy: bool = False,
    marks: dict[Coordinate, Mark] | None = None,
    ships: Iterable[dict[str, Any]] = (),
    targets: frozenset[Coordinate] | None = None,
    latest: Iterable[Coordinate] = (),
) -> list[tuple[str, list[Any]]]:
    """A sea's rows for the template: each cell's label, state, look, words, symbol, the
    turn it was fired at (``marks``: the enemy sea in play), whether it may be fired at
    (``targets``), whether the last turn fired at it (``latest``), the sector lines and
    numerals, and the drawing of each of ``ships`` (from ``drawn``) on its first cell, the
    ship's name on every cell it covers."""
    rows = []
    last = set(latest)
    cell_words = pgettext("sector cell", "%(cell)s, %(words)s, sector %(sector)s")
    firsts = {ship["cells"][0]: ship for ship in ships}
    covered = {cell: ship["name"] for ship in firsts.values() for cell in ship["cells"]}
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            cell = Coordinate(row, col)
            state = states[cell]
            sector = sector_of(cell)
            mark = marks.get(cell) if marks else None
            words = _marked(str((ENEMY_STATE_TEXT if enemy else STATE_TEXT)[state]), mark)
            cells.append(
                {
                    "label": str(cell),
                    "row": row,
                    "col": col,
                    "state": state,
                    "look": LOOKS[state],
                    "words": cell_words % {"cell": cell, "words": words, "sector": numeral(sector)},
                    "turn": mark.turn if mark else None,
                    "no_sub": mark.no_sub if mark else False,
                    "symbol": SYMBOLS[state],
                    "numeral": numeral(sector) if row % 3 == 0 and col % 3 == 0 else "",
                    "edge_right": col % 3 == 2 and col < SIZE - 1,
                    "edge_bottom": row % 3 == 2 and row < SIZE - 1,
                    "hull": firsts.get(cell),
                    "ship": covered.get(cell, ""),
                    "open": targets is not None and cell in targets,
                    "latest": cell in last,
                }
            )
        rows.append((ROW_LETTERS[row], cells))
    return rows
