"""Level 5, the Admiral: reasons about whole fleets consistent with everything announced
(``battleship.classic.ai.posterior``), fires where a hit is likeliest, hunts the last ship
down in the fewest shots it can expect (``battleship.classic.ai.endgame``) and spreads a
five-shot turn's cells (``spread``)."""

from __future__ import annotations

from typing import ClassVar

from battleship.classic import Coordinate, PlayerView, RuleSet
from battleship.classic.ai import endgame, group_heat, rollout
from battleship.classic.ai.base import ComputerPlayer
from battleship.classic.ai.captain import VOLLEYS, Captain
from battleship.classic.ai.geometry import bits, coordinate, halo
from battleship.classic.ai.knowledge import Knowledge
from battleship.classic.ai.placement import Placement, hard_placement
from battleship.classic.ai.posterior import fleet_posterior
from battleship.errors import IllegalMove

# A five-shot turn whose cells are announced one by one (five_shot_called): each cell is
# chosen after the ones before it, with the cells around those (corners too) counted at
# SPREAD less, so that a turn looks at more places. On the range it saves about 2 shots
# a game (69.6 -> 67.3 on 300 fleets; the orthogonal neighbours cut by 0.3 to 1, 68.0).
# Under group reports it costs shots instead (a report says more when a turn's cells lie
# together).
SPREAD = 0.5


def spread(ranked: list[int], scores: dict[int, float], count: int, size: int) -> list[int]:
    """``count`` cells of ``ranked`` (best first), each the best left once the cells around
    the ones already chosen have their scores cut by ``SPREAD``."""
    left = {cell: scores.get(cell, 0.0) for cell in ranked}
    order = {cell: i for i, cell in enumerate(ranked)}
    chosen: list[int] = []
    for _ in range(count):
        best = max(left, key=lambda cell: (left[cell], -order[cell]))
        chosen.append(best)
        del left[best]
        for near in bits(halo(1 << best, size) & ~(1 << best)):
            if near in left:
                left[near] *= 1.0 - SPREAD
    return chosen


class Admiral(ComputerPlayer):
    """Bayesian fleet reasoning: the probability of a hit in each cell over all fleets."""

    level = 5
    name = "Admiral"
    description = (
        "Weighs every whole fleet that fits what it has seen, fires where a hit is likeliest "
        "and hunts the last ship down in the fewest shots it can expect."
    )
    uses_weapons = True
    fits_ships_together = True
    # Its torpedoes wait for the hunt after the first ships are found, where a long run of
    # open water is worth most (1,000 paired fleets: 1.25 +- 0.35 fewer shots than using
    # them at once, as the Captain does).
    torpedo_afloat = 3
    search_endgame: ClassVar[bool] = True
    """Whether the last ship's single shots are searched (``battleship.classic.ai.endgame``)."""
    rollout_afloat: ClassVar[int] = 0
    """With at most this many ships afloat (and more than one, or ``rollout_last``), its
    single shots are searched over every fleet left (``battleship.classic.ai.rollout``). Off:
    measured, the search saves 0.11 +- 0.07 shots a game for nine times the CPU (docs/
    computer-players.md)."""
    rollout_last: ClassVar[bool] = False
    rollout_samples: ClassVar[int] = 0
    """While hunting with too many fleets to list, the search runs over this many drawn."""

    def scores(self, knowledge: Knowledge) -> dict[int, float]:
        """The probability of a ship in each untargeted cell, over all consistent fleets."""
        if knowledge.group is not None:  # group reports: fleets fitting every report
            found = group_heat.admiral_heat(knowledge, f"{self.seed}:{self.level}")
            return found if found is not None else Captain(self.seed).scores(knowledge)
        heat = fleet_posterior(knowledge, f"{self.seed}:{self.level}")
        open_cells = list(bits(knowledge.untargeted))
        if heat is None or not heat[open_cells].any():
            # Only if the view contradicts itself: fall back on counting ship by ship.
            return Captain(self.seed).scores(knowledge)
        return {cell: float(heat[cell]) for cell in open_cells}

    def ship_probabilities(self, knowledge: Knowledge) -> dict[int, float]:
        """Its scores are already the probability of a ship in each cell."""
        return self._scores(knowledge)

    def choose_shots(self, view: PlayerView, count: int) -> list[Coordinate]:
        """The likeliest cells; for the last ship's single shot, the quickest to finish.

        With one ship afloat, one shot to fire and sinkings announced, the shot is the
        likely cell from which the expected number of shots to sink the ship is smallest
        (``battleship.classic.ai.endgame``), which is not always the likeliest one. A five-shot turn
        whose cells are announced one by one is spread (``spread``).
        """
        if count > 1 and view.rules.shots_per_turn in VOLLEYS and not view.rules.group_reports:
            knowledge = self.knowledge(view)
            scores = self._scores(knowledge)
            rng = self.rng(view)
            keyed = sorted(
                (-scores.get(c, 0.0), rng.random(), c) for c in bits(knowledge.untargeted)
            )
            if count > len(keyed):
                raise IllegalMove(f"cannot choose {count} shots from {len(keyed)} open cells")
            picked = spread([c for _, _, c in keyed], scores, count, knowledge.size)
            return [coordinate(c, knowledge.size) for c in picked]
        if count != 1 or not self.search_endgame or view.rules.group_reports:
            return super().choose_shots(view, count)
        knowledge = self.knowledge(view)
        ranked = self._ranked(knowledge, view, count)
        shot = None
        afloat = len(knowledge.afloat)
        if afloat <= self.rollout_afloat and (afloat > 1 or self.rollout_last):
            shot = rollout.best_shot(
                knowledge,
                ranked,
                max_afloat=self.rollout_afloat,
                samples=self.rollout_samples,
                seed=f"{self.seed}:{self.level}",
            )
        if shot is None:
            shot = endgame.best_shot(knowledge, ranked)
        return [coordinate(ranked[0] if shot is None else shot, knowledge.size)]

    def place_fleet(self, rules: RuleSet) -> list[Placement]:
        """A fleet placed to be hard for a probability hunter to find."""
        return hard_placement(rules, f"{self.seed}:{self.level}:fleet")
