"""What the sector battle's rules page draws from the engine beyond its text: each ship's
bridge and actions in words, the ship as the rules draw it, and the map of the sixteen
sectors (with what sonar sweeps that found no course rule out)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import pgettext, pgettext_lazy

from battleship.classic import ROW_LETTERS
from battleship.sector import SECTORS, SIZE, Axis, Course, Kind, numeral, sector_cells

# What each kind of ship does besides a plain shot (every ship afloat can fire one).
ACTIONS = {
    Kind.CARRIER: pgettext_lazy(
        "sector rules", "A shot, or instead the recon aircraft over a sector."
    ),
    Kind.BATTLESHIP: pgettext_lazy("sector rules", "A shot, or instead a barrage of three."),
    Kind.DESTROYER: pgettext_lazy("sector rules", "A shot, or instead sonar over a sector."),
    Kind.SUBMARINE: pgettext_lazy(
        "sector rules", "A shot; it moves, hides beneath ships and sinks at the first hit."
    ),
}
# The sector map's key: what a sweep with no course found says of a sector.
SONAR_STATES = {
    "scanned": pgettext_lazy("sector rules", "swept: clear"),
    "across": pgettext_lazy("sector rules", "no course across"),
    "down": pgettext_lazy("sector rules", "no course down"),
    "clear": pgettext_lazy("sector rules", "clear: both ruled out"),
    "": "",
}
SONAR_SYMBOLS = {"scanned": "◎", "across": "─", "down": "│", "clear": "┼", "": ""}
SONAR_EXAMPLE = (6, 16)
"""The rules' own example: sonar over sectors VI and XVI finds no course (docs/rules/sector.md)."""


def bridge_words(length: int, bridge: int, submarine: bool) -> str:
    """Where a ship's bridge is, as the rules draw it: the middle, astern (a submarine), or
    counted from the bow (the ship's first cell)."""
    if submarine:
        return pgettext("sector rules", "astern, the end away from the way it heads")
    if length % 2 and bridge == length // 2:
        return pgettext("sector rules", "in the middle")
    if bridge == 1:
        return pgettext("sector rules", "second from the bow (its left or top end)")
    return pgettext("sector rules", "cell %(number)d from the bow") % {"number": bridge + 1}


def ship_drawing(length: int, bridge: int, submarine: bool) -> str:
    """A ship as the rules draw it, in the site's symbols: ■ hull, ● bridge, ▶ the way a
    submarine heads."""
    cells = ["●" if i == bridge else "■" for i in range(length)]
    return "".join(cells) + ("▶" if submarine else "")


def sector_map(sonar: tuple[int, ...] = ()) -> list[tuple[str, list[dict[str, Any]]]]:
    """The twelve rows of the sea for the sector map: the first row of each band of sectors
    carries its four sectors (each drawn over 3 x 3 cells), the others none. With
    ``sonar``, what sweeps that found no course rule out (docs/rules/sector.md, 'Reading sonar')."""
    ruled: dict[int, set[Axis]] = {sector: set() for sector in SECTORS}
    for swept in sonar:
        for sector in SECTORS:
            if Course(Axis.ROW, sector_cells(swept)[0].row).crosses(sector):
                ruled[sector].add(Axis.ROW)
            if Course(Axis.COLUMN, sector_cells(swept)[0].col).crosses(sector):
                ruled[sector].add(Axis.COLUMN)
    rows: list[tuple[str, list[dict[str, Any]]]] = [(ROW_LETTERS[row], []) for row in range(SIZE)]
    for sector in SECTORS:
        cells = sector_cells(sector)
        if sector in sonar:
            state = "scanned"
        elif len(ruled[sector]) == 2:
            state = "clear"
        elif ruled[sector]:
            state = "across" if Axis.ROW in ruled[sector] else "down"
        else:
            state = ""
        rows[cells[0].row][1].append(
            {
                "numeral": numeral(sector),
                "first": str(cells[0]),
                "last": str(cells[-1]),
                "state": state,
                "words": SONAR_STATES[state],
                "symbol": SONAR_SYMBOLS[state],
            }
        )
    return rows
