"""Level 1, the Recruit: fires at random cells it has not fired at."""

from __future__ import annotations

from battleship.classic.ai.base import ComputerPlayer, uniform
from battleship.classic.ai.knowledge import Knowledge


class Recruit(ComputerPlayer):
    """Every untargeted cell is as good as any other."""

    level = 1
    name = "Recruit"
    description = "Fires at random and never follows up a hit."

    def scores(self, knowledge: Knowledge) -> dict[int, float]:
        """Every untargeted cell scores the same."""
        return uniform(knowledge.untargeted)
