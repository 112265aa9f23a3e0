"""Level 3, the Lieutenant: hunts on a parity pattern, then along the line of its hits."""

from __future__ import annotations

import random

from battleship.classic.ai.base import ComputerPlayer, uniform
from battleship.classic.ai.geometry import bits, full, orthogonal
from battleship.classic.ai.knowledge import Knowledge


class Lieutenant(ComputerPlayer):
    """Parity hunting sized by the smallest ship afloat; line-following targeting.

    Every ship of length ``n`` covers a cell with ``(row + col) % n`` equal to any given
    value, so hunting one residue class finds every ship. Once two hits line up, the ship
    lies along that line: the Lieutenant fires at its open ends before anything else.
    """

    level = 3
    name = "Lieutenant"
    uses_weapons = True
    description = "Hunts on a checkerboard pattern and follows a line of hits to its end."

    def scores(self, knowledge: Knowledge) -> dict[int, float]:
        """The ends of lines of hits, else hit neighbours, else the parity pattern."""
        size = knowledge.size
        open_cells = knowledge.untargeted
        scores = dict.fromkeys(bits(open_cells), 0.0)
        hits = knowledge.unexplained_hits()
        if hits:
            ends = _line_ends(hits, open_cells, size)
            targets = ends or orthogonal(hits, size) & open_cells
            if targets:
                scores.update(uniform(targets))
                return scores
        maybe = knowledge.maybe_hits()
        if knowledge.group is not None and orthogonal(maybe, size) & open_cells:
            # Group reports: next to the cells a turn that hit an afloat ship may have hit,
            # the more of them beside a cell the better (a line of them is likelier a ship).
            for cell in bits(orthogonal(maybe, size) & open_cells):
                scores[cell] = float((orthogonal(1 << cell, size) & maybe).bit_count())
            return scores
        smallest = min((s.length for s in knowledge.afloat), default=1)
        # The residue is fixed for the whole game (from the seed), not redrawn every move.
        residue = random.Random(f"{self.seed}:{self.level}:parity").randrange(max(smallest, 1))
        pattern = sum(
            1 << cell for cell in bits(open_cells) if sum(divmod(cell, size)) % smallest == residue
        )
        scores.update(uniform(pattern or open_cells))
        return scores


def _line_ends(hits: int, open_cells: int, size: int) -> int:
    """Open cells that extend a line of two or more hits, horizontally or vertically."""
    ends = 0
    for cell in bits(hits):
        row, col = divmod(cell, size)
        for dr, dc in ((0, 1), (1, 0)):
            r, c = row + dr, col + dc
            if not (r < size and c < size and hits >> (r * size + c) & 1):
                continue
            # cell and its next are a line: walk both ways to the first non-hit cell.
            for sign in (1, -1):
                r, c = row, col
                while 0 <= r < size and 0 <= c < size and hits >> (r * size + c) & 1:
                    r, c = r + sign * dr, c + sign * dc
                if 0 <= r < size and 0 <= c < size:
                    ends |= 1 << (r * size + c)
    return ends & open_cells & full(size)
