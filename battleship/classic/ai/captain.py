"""Level 4, the Captain: probability density over the placements of the ships afloat."""

from __future__ import annotations

from battleship.classic import RuleSet, ShotsPerTurn
from battleship.classic.ai.base import ComputerPlayer
from battleship.classic.ai.geometry import bits, halo, placements
from battleship.classic.ai.group_heat import captain_heat
from battleship.classic.ai.knowledge import Knowledge
from battleship.classic.ai.placement import Placement, hard_placement

# A placement through k unexplained hits counts TARGET_WEIGHT ** k: in target mode those
# are the only placements that matter, and the more hits they explain the likelier.
TARGET_WEIGHT = 30.0


class Captain(ComputerPlayer):
    """Counts, for every cell, the placements of each afloat ship that fit what it knows.

    Each ship is counted on its own (ships are not fitted together): misses and sunk ships
    rule placements out, unexplained hits pull them in. Which hits a sunk ship covered is
    worked out from the order of the shots; when that is ambiguous, every possibility
    counts equally.
    """

    level = 4
    name = "Captain"
    uses_weapons = True
    description = "Counts every way the remaining ships could lie and fires where most fit."

    def scores(self, knowledge: Knowledge) -> dict[int, float]:
        """The summed weight of the placements covering each untargeted cell."""
        if knowledge.group is not None:  # group reports: each ship's candidates
            return captain_heat(knowledge)
        size = knowledge.size
        open_cells = knowledge.untargeted
        heat = dict.fromkeys(bits(open_cells), 0.0)
        volleys = knowledge.rules.shots_per_turn in VOLLEYS
        for layout in knowledge.sunk_layouts() or [()]:
            sunk = sum(layout)
            blocked = knowledge.misses | sunk
            if not knowledge.rules.allow_adjacent and sunk:
                blocked |= halo(sunk, size)
            hits = knowledge.hits & ~sunk
            for cells, weight in _weighted_placements(knowledge, blocked, hits, volleys):
                for cell in bits(cells & open_cells):
                    heat[cell] += weight
        return heat

    def place_fleet(self, rules: RuleSet) -> list[Placement]:
        """A fleet placed to be hard for a probability hunter to find."""
        return hard_placement(rules, f"{self.seed}:{self.level}:fleet")


# Turns of five shots and more (docs/rules/five-shot.md): the cells a ship already hit
# leaves open are rarely five, so the rest of the turn hunts by the count instead of at random.
VOLLEYS = (ShotsPerTurn.FIXED, ShotsPerTurn.UNHIT_CELLS)


def _weighted_placements(
    knowledge: Knowledge, blocked: int, hits: int, volleys: bool = False
) -> list[tuple[int, float]]:
    size = knowledge.size
    open_cells = knowledge.untargeted
    no_touch = not knowledge.rules.allow_adjacent
    hunting: list[tuple[int, float]] = []
    targeting: list[tuple[int, float]] = []
    for spec in knowledge.afloat:
        for p in placements(size, spec.length):
            if p & blocked or not p & open_cells:
                continue
            if no_touch and halo(p, size) & knowledge.hits & ~p:
                continue
            through = (p & hits).bit_count()
            if through:
                targeting.append((p, TARGET_WEIGHT**through))
            else:
                hunting.append((p, 1.0))
    if volleys:
        return targeting + hunting
    return targeting or hunting
