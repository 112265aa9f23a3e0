"""A commitment to the computer's sector fleet: proof afterwards that it never moved.

The classic game's commitment (``battleship.classic.commitment``: the digest, the salt, the
shell command) over the sector fleet's own canonical text. Submarines move in the sector
game, so what is sealed is the placement **at the start of the battle**: each ship's first
cell and how it lies, each submarine's first cell and the way it heads.

The canonical text (``placement_text``), exactly:

- one entry per ship: its name (``Second Submarine`` has a space), a space, its first (left
  or top) cell at the start (``A1``, rows A to L, columns 1 to 12), a space, and ``across``
  or ``down`` for a surface ship, ``north``, ``south``, ``east`` or ``west`` for a submarine;
- the entries sorted by ship name (code point order), joined by ``"; "``, on one line, with
  nothing before or after.

For example ``Battleship A8 down; Carrier C2 across; Destroyer J9 across; Second Submarine
F6 north; Submarine L1 east`` (one line). The digest is the classic one: SHA-256 of the
text, a line feed and the salt (``fleet_digest``).
"""

from __future__ import annotations

from collections.abc import Iterable

from battleship.classic.commitment import SEPARATOR, WAYS, Commitment, fleet_digest
from battleship.sector.fleet import Placement
from battleship.sector.geometry import Heading

HEADINGS = {
    Heading.NORTH: "north",
    Heading.SOUTH: "south",
    Heading.EAST: "east",
    Heading.WEST: "west",
}

__all__ = ["HEADINGS", "Commitment", "fleet_digest", "placement_text"]


def _entry(placement: Placement) -> str:
    lie = HEADINGS[placement.heading] if placement.heading else WAYS[placement.orientation]
    return f"{placement.name} {placement.start} {lie}"


def placement_text(placements: Iterable[Placement]) -> str:
    """A sector fleet's starting placement as its canonical text, sorted by ship name."""
    entries = sorted((p.name, _entry(p)) for p in placements)
    return SEPARATOR.join(entry for _, entry in entries)
