"""What every computer player shares: seeded choices, Salvo turns, fleet placement."""

from __future__ import annotations

import abc
import random
from typing import ClassVar

from battleship.classic import Coordinate, Fire, Move, PlayerView, RuleSet
from battleship.classic.ai.geometry import bits, coordinate
from battleship.classic.ai.knowledge import Knowledge
from battleship.classic.ai.placement import Placement, random_placement
from battleship.classic.ai.weapons import choose_weapon
from battleship.errors import IllegalMove

# Scores closer than this are the same score: float sums must not decide a tie.
_TIE = 1e-9


class ComputerPlayer(abc.ABC):
    """A computer opponent. It sees only its own ``PlayerView`` and remembers nothing.

    Every shot is a function of the level, the seed, ``view.move_number`` and the view, so
    any process can answer any request and a game replays exactly. Ties between equally
    good cells are broken by a generator seeded from all of these, so that a person cannot
    learn one fixed firing order.
    """

    level: ClassVar[int]
    name: ClassVar[str]
    description: ClassVar[str]

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"

    def rng(self, view: PlayerView, purpose: str = "shot") -> random.Random:
        """The generator for one decision: a function of seed, level, move and purpose."""
        return random.Random(f"{self.seed}:{self.level}:{view.move_number}:{purpose}")

    # -- firing ------------------------------------------------------------------------

    fits_ships_together: ClassVar[bool] = False
    """Under group reports, whether it fits the ships together to settle cells (the
    engine's full deduction) or reasons about each ship on its own."""

    def knowledge(self, view: PlayerView) -> Knowledge:
        """What this player reads from its view."""
        return Knowledge.from_view(view, search=self.fits_ships_together)

    @abc.abstractmethod
    def scores(self, knowledge: Knowledge) -> dict[int, float]:
        """A non-negative score for every untargeted cell (bit index); higher fires first."""

    def _scores(self, knowledge: Knowledge) -> dict[int, float]:
        # Every level knows the rules: no ship lies beside a sunk one when ships never touch.
        scores = self.scores(knowledge)
        for cell in bits(knowledge.known_water()):
            scores[cell] = 0.0
        return scores

    def heatmap(self, view: PlayerView) -> dict[Coordinate, float]:
        """The probability this player gives each untargeted cell of holding the next hit.

        It is the player's own reasoning (uniform where it sees no difference) and sums to 1:
        what the coach's hint and post-game analysis show (``battleship.classic.ai.coach``).
        """
        knowledge = self.knowledge(view)
        scores = self._scores(knowledge)
        total = sum(scores.values())
        size = knowledge.size
        if total <= 0:
            share = 1.0 / len(scores) if scores else 0.0
            return {coordinate(c, size): share for c in scores}
        return {coordinate(c, size): s / total for c, s in scores.items()}

    uses_weapons: ClassVar[bool] = False
    """Whether this level uses special weapons when they pay (``battleship.classic.ai.weapons``)."""
    torpedo_afloat: ClassVar[int] = 99
    """Torpedoes wait until no more than this many enemy ships are afloat."""
    strike_density: ClassVar[float] = 0.0
    """The share of an air strike's open cells it must expect to hit (``choose_weapon``)."""

    def choose_move(self, view: PlayerView) -> Move:
        """The whole of this player's next move (``BattleshipGame.play_turn`` asks for it):
        a special weapon where it pays, else every shot left in its turn, chosen together."""
        if self.uses_weapons and any(count for _, count in view.weapons_left):
            knowledge = self.knowledge(view)
            probability = self.ship_probabilities(knowledge)
            weapon = choose_weapon(
                knowledge,
                probability,
                dict(view.weapons_left),
                self.strike_density,
                self.torpedo_afloat,
            )
            if weapon is not None:
                return weapon
        return Fire(tuple(self.choose_shots(view, view.shots_left_in_turn)))

    def ship_probabilities(self, knowledge: Knowledge) -> dict[int, float]:
        """This player's estimate of the chance that each open cell holds a ship not yet
        hit: its scores, scaled to the ship cells still to find."""
        scores = self._scores(knowledge)
        total = sum(scores.values())
        to_find = knowledge.rules.fleet_cells - knowledge.hits.bit_count()
        if total <= 0:
            return dict.fromkeys(scores, 0.0)
        return {cell: min(1.0, score / total * to_find) for cell, score in scores.items()}

    def choose_shot(self, view: PlayerView) -> Coordinate:
        """The next cell to fire at: never one already fired at."""
        return self.choose_shots(view, 1)[0]

    def choose_shots(self, view: PlayerView, count: int) -> list[Coordinate]:
        """``count`` distinct untargeted cells for a Salvo turn, best first.

        The shots of one turn are chosen before any of them is announced, so they are the
        cells with the highest scores (the most hits expected), ties broken at random.
        """
        knowledge = self.knowledge(view)
        ranked = self._ranked(knowledge, view, count)
        return [coordinate(c, knowledge.size) for c in ranked[:count]]

    def _ranked(self, knowledge: Knowledge, view: PlayerView, count: int) -> list[int]:
        """Every untargeted cell, highest score first, ties in a seeded random order."""
        untargeted = list(bits(knowledge.untargeted))
        if count < 1 or count > len(untargeted):
            raise IllegalMove(f"cannot choose {count} shots from {len(untargeted)} open cells")
        scores = self._scores(knowledge)
        rng = self.rng(view)
        best = max(scores.values(), default=0.0)
        scale = best if best > 0 else 1.0
        keyed = [(-round(scores.get(c, 0.0) / scale / _TIE), rng.random(), c) for c in untargeted]
        keyed.sort()
        return [c for _, _, c in keyed]

    # -- placing the computer's own fleet ---------------------------------------------------

    def place_fleet(self, rules: RuleSet) -> list[Placement]:
        """A legal fleet for ``rules``, reproducible from the seed (random by default)."""
        return random_placement(rules, f"{self.seed}:{self.level}:fleet")


def uniform(cells: int) -> dict[int, float]:
    """Score 1 for every cell of the mask ``cells``."""
    return dict.fromkeys(bits(cells), 1.0)
