"""When a special weapon pays, and where to aim it (the ``special_weapons`` rules).

A turn is what wins a game, not a cell: a weapon is a whole turn, so it pays when it is
worth more than the turn's one shot would be. From the probability of a ship in each open
cell (``ComputerPlayer.ship_probabilities``):

- a torpedo makes contact unless no cell of its line holds a ship not yet hit; while
  hunting, a line likely to hold one is a near-certain hit where the best single shot is a
  guess, and the cells it runs past are water from then on;
- an air strike's worth is the hits it expects in its square: more than one, and it beats
  the turn's one shot.

Neither is ever aimed at cells already known: only open cells count, and a line or a square
of known water is worth nothing.
"""

from __future__ import annotations

import math

from battleship.classic import AirStrike, Edge, Torpedo, Weapon
from battleship.classic.ai.geometry import coordinate, index
from battleship.classic.ai.knowledge import Knowledge

TORPEDO_GAIN = 0.3
"""How much likelier than the best single shot a torpedo's contact must be."""
AIR_STRIKE_HITS = 1.6
"""The hits an air strike must expect in its square to be worth a whole turn."""


def choose_weapon(
    knowledge: Knowledge,
    probability: dict[int, float],
    left: dict[Weapon, int],
    density: float = 0.0,
    torpedo_afloat: int = 99,
) -> AirStrike | Torpedo | None:
    """The weapon worth using now, aimed, or None to fire the turn's shots instead.

    ``density``: the share of an air strike's open cells expected to hit, at the least.
    ``torpedo_afloat``: torpedoes wait until no more than this many enemy ships are afloat.
    """
    size = knowledge.size
    best_shot = max(probability.values(), default=0.0)
    hunting = not knowledge.unexplained_hits()
    late_enough = len(knowledge.afloat) <= torpedo_afloat
    if left.get(Weapon.TORPEDO, 0) > 0 and hunting and late_enough:
        chance, torpedo = max(
            (
                (_contact(Torpedo(edge, line), probability, size), Torpedo(edge, line))
                for edge in Edge
                for line in range(size)
            ),
            key=lambda pair: pair[0],
        )
        if chance - best_shot >= TORPEDO_GAIN:
            return torpedo
    if left.get(Weapon.AIR_STRIKE, 0) > 0:
        (expected, cells), center = max(
            (_expected_hits(AirStrike(coordinate(cell, size)), probability, size), cell)
            for cell in range(size * size)
        )
        if expected >= AIR_STRIKE_HITS and expected >= density * cells:
            return AirStrike(coordinate(center, size))
    return None


def _contact(torpedo: Torpedo, probability: dict[int, float], size: int) -> float:
    cells = (index(cell, size) for cell in torpedo.path(size))
    return 1.0 - math.prod(1.0 - probability.get(cell, 0.0) for cell in cells)


def _expected_hits(
    strike: AirStrike, probability: dict[int, float], size: int
) -> tuple[float, int]:
    """The hits the strike expects, and the open cells it would fire at."""
    open_cells = [index(c, size) for c in strike.square(size) if index(c, size) in probability]
    return sum(probability[cell] for cell in open_cells), len(open_cells)
