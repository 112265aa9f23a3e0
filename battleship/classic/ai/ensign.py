"""Level 2, the Ensign: random hunting, then the neighbours of a hit until the ship sinks."""

from __future__ import annotations

from battleship.classic.ai.base import ComputerPlayer, uniform
from battleship.classic.ai.geometry import bits, orthogonal
from battleship.classic.ai.knowledge import Knowledge


class Ensign(ComputerPlayer):
    """Hunt at random; once a hit is unexplained by a sinking, try the cells next to it."""

    level = 2
    name = "Ensign"
    description = "Fires at random until it hits, then works the neighbouring cells."

    def scores(self, knowledge: Knowledge) -> dict[int, float]:
        """The untargeted neighbours of unexplained hits, or else every untargeted cell.

        Under group reports a hit is known only once the reports settle it: until then the
        Ensign hunts at random, where the Lieutenant works the cells beside a turn that hit.
        """
        open_cells = knowledge.untargeted
        targets = orthogonal(knowledge.unexplained_hits(), knowledge.size) & open_cells
        if targets:
            return {**dict.fromkeys(bits(open_cells), 0.0), **uniform(targets)}
        return uniform(open_cells)
