"""Level 5, the Admiral: reasons about whole fleets consistent with everything announced.

The posterior over fleets is split the way the evidence splits it:

1. *Sunk layouts*: every way to lay the sunk ships on the hits (``Knowledge.sunk_layouts``).
2. *Explanations*: for one sunk layout, every way the afloat ships can cover the hits no
   sunk ship explains, enumerated exactly (each hit belongs to exactly one ship). Past
   ``MAX_EXPLANATIONS`` (several lone hits) an importance-weighted sample stands in for
   them, drawn from a generator seeded by the player's seed and the view.
3. *Free ships*: the afloat ships that cover no hit lie anywhere in the open water left.
   How many joint placements they have, and each placement's share, are estimated with
   pairwise corrections: a placement that rules out many placements of the other ships
   is less likely. (With one or two free ships this is exact.)

Each (layout, explanation) is weighted by the number of fleets it stands for, so the cell
probabilities are those of a uniform choice among all fleets consistent with the view.
All explanations of a layout are evaluated together, a few matrix products per pair of
ships, which keeps the worst move inside a web request.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from games.ai import endgame
from games.ai.base import ComputerPlayer
from games.ai.captain import Captain
from games.ai.geometry import bits, coordinate, halo, placements, placements_through
from games.ai.knowledge import Knowledge
from games.ai.placement import Placement, hard_placement
from games.engine import Coordinate, PlayerView, RuleSet, ShipSpec

Vector = npt.NDArray[np.float64]
Explanation = tuple[tuple[int, int], ...]
"""(ship index, placement mask) for each afloat ship that covers an unexplained hit."""

# Past this many explanations of one sunk layout, a weighted sample of them stands in for
# all: it happens only with several separate unexplained hits, and bounds a move's time.
MAX_EXPLANATIONS = 250
# Draws of that sample (equal draws are evaluated once), and how strongly a draw prefers
# a placement covering more of the hits.
EXPLANATION_DRAWS = 300
HIT_PULL = 30.0


@dataclass(frozen=True, slots=True)
class _Tables:
    """Placements of each ship length as masks and 0/1 matrices, and their conflicts."""

    size: int
    masks: dict[int, tuple[int, ...]]
    cells: dict[int, Vector]
    touching: dict[int, Vector]
    """length -> 1 for the cells around a placement (not in it)."""
    conflict: dict[tuple[int, int], Vector]
    """(a, b) -> 1 where a length-a and a length-b placement overlap (or touch, no-touch)."""
    rows: dict[int, dict[int, int]]
    """length -> placement mask -> its row in ``cells``."""


@functools.cache
def _tables(size: int, lengths: tuple[int, ...], allow_adjacent: bool) -> _Tables:
    n = size * size
    masks = {length: placements(size, length) for length in lengths}
    cells: dict[int, Vector] = {}
    touching: dict[int, Vector] = {}
    for length, found in masks.items():
        matrix = np.zeros((len(found), n))
        around = np.zeros((len(found), n))
        for row, mask in enumerate(found):
            matrix[row, list(bits(mask))] = 1.0
            around[row, list(bits(halo(mask, size) & ~mask))] = 1.0
        cells[length] = matrix
        touching[length] = around
    near = cells if allow_adjacent else {k: cells[k] + touching[k] for k in cells}
    conflict = {
        (a, b): (near[a] @ cells[b].T > 0).astype(np.float64) for a in lengths for b in lengths
    }
    rows = {length: {mask: i for i, mask in enumerate(found)} for length, found in masks.items()}
    return _Tables(size, masks, cells, touching, conflict, rows)


class Admiral(ComputerPlayer):
    """Bayesian fleet reasoning: the probability of a hit in each cell over all fleets."""

    level = 5
    name = "Admiral"
    description = (
        "Weighs every whole fleet that fits what it has seen, fires where a hit is likeliest "
        "and hunts the last ship down in the fewest shots it can expect."
    )
    search_endgame: ClassVar[bool] = True
    """Whether the last ship's single shots are searched (``games.ai.endgame``)."""

    def scores(self, knowledge: Knowledge) -> dict[int, float]:
        """The probability of a ship in each untargeted cell, over all consistent fleets."""
        heat = fleet_posterior(knowledge, f"{self.seed}:{self.level}")
        open_cells = list(bits(knowledge.untargeted))
        if heat is None or not heat[open_cells].any():
            # Only if the view contradicts itself: fall back on counting ship by ship.
            return Captain(self.seed).scores(knowledge)
        return {cell: float(heat[cell]) for cell in open_cells}

    def choose_shots(self, view: PlayerView, count: int) -> list[Coordinate]:
        """The likeliest cells; for the last ship's single shot, the quickest to finish.

        With one ship afloat, one shot to fire and sinkings announced, the shot is the
        likely cell from which the expected number of shots to sink the ship is smallest
        (``games.ai.endgame``), which is not always the likeliest one.
        """
        if count != 1 or not self.search_endgame:
            return super().choose_shots(view, count)
        knowledge = Knowledge.from_view(view)
        ranked = self._ranked(knowledge, view, count)
        shot = endgame.best_shot(knowledge, ranked)
        return [coordinate(ranked[0] if shot is None else shot, knowledge.size)]

    def place_fleet(self, rules: RuleSet) -> list[Placement]:
        """A fleet placed to be hard for a probability hunter to find."""
        return hard_placement(rules, f"{self.seed}:{self.level}:fleet")


def fleet_posterior(knowledge: Knowledge, seed: str = "") -> Vector | None:
    """Per cell, the probability that an afloat ship covers it, over consistent fleets.

    The samples it draws are seeded by ``seed`` and the view, so the answer is a function
    of both. ``None`` if no fleet is consistent with the view (which a real game never
    gives).
    """
    size = knowledge.size
    lengths = tuple(sorted({s.length for s in knowledge.rules.fleet}))
    tables = _tables(size, lengths, knowledge.rules.allow_adjacent)
    total = np.zeros(size * size)
    weight_sum = 0.0
    for layout in knowledge.sunk_layouts() or [()]:
        heat, weight = _layout_posterior(knowledge, tables, sum(layout), seed)
        total += heat
        weight_sum += weight
    if weight_sum <= 0:
        return None
    return total / weight_sum


def _vector(mask: int, n: int) -> Vector:
    vector = np.zeros(n)
    if mask:
        vector[list(bits(mask))] = 1.0
    return vector


def _layout_posterior(
    knowledge: Knowledge, tables: _Tables, sunk: int, seed: str
) -> tuple[Vector, float]:
    """Unnormalised cell heat and total weight of the fleets with the sunk ships on ``sunk``."""
    size = tables.size
    n = size * size
    no_touch = not knowledge.rules.allow_adjacent
    blocked = knowledge.misses | sunk
    if no_touch and sunk:
        blocked |= halo(sunk, size)
    unexplained = knowledge.hits & ~sunk
    blocked_vector = _vector(blocked, n)
    hits_vector = _vector(unexplained, n)
    open_vector = _vector(knowledge.untargeted, n)
    all_hits = _vector(knowledge.hits, n)

    ships: list[ShipSpec] = list(knowledge.afloat)
    rows: list[npt.NDArray[np.intp]] = []
    free_rows: list[npt.NDArray[np.bool_]] = []
    for spec in ships:
        cells = tables.cells[spec.length]
        ok = cells @ blocked_vector == 0
        if not knowledge.fog:
            ok &= cells @ open_vector > 0  # an afloat ship is not all hit
        if no_touch:
            # A hit next to a placement but outside it is another ship touching it.
            ok &= tables.touching[spec.length] @ all_hits == 0
        found = np.flatnonzero(ok)
        rows.append(found)
        free_rows.append(cells[found] @ hits_vector == 0)

    seed = f"{seed}:{knowledge.misses}:{knowledge.hits}:{sunk}"
    explanations, multiplicity = _explanations(tables, ships, rows, unexplained, no_touch, seed)
    if not explanations:
        return np.zeros(n), 0.0
    # Each ship's placements per explanation: one placement if it covers hits, else all
    # its placements clear of the hits (conflicts with the others are in the products).
    count = len(explanations)
    columns: list[Vector] = []
    covers: list[npt.NDArray[np.bool_]] = []
    for k, spec in enumerate(ships):
        matrix = np.zeros((len(rows[k]), count))
        matrix[free_rows[k], :] = 1.0
        covering = np.zeros(count, dtype=bool)
        position = {int(row): i for i, row in enumerate(rows[k])}
        for e, chosen in enumerate(explanations):
            for ship, mask in chosen:
                if ship == k:
                    matrix[:, e] = 0.0
                    matrix[position[tables.rows[spec.length][mask]], e] = 1.0
                    covering[e] = True
        columns.append(matrix)
        covers.append(covering)
    # A free ship cannot lie across (or, no-touch, beside) a ship that covers hits.
    for k, spec_k in enumerate(ships):
        clash = np.zeros_like(columns[k])
        for t, spec_t in enumerate(ships):
            if t != k and covers[t].any():
                conflict = tables.conflict[(spec_k.length, spec_t.length)][np.ix_(rows[k], rows[t])]
                clash += conflict @ (columns[t] * covers[t])
        columns[k] *= np.where(covers[k], 1.0, clash == 0)
    counts = [m.sum(axis=0) for m in columns]
    weight = np.array(multiplicity, dtype=np.float64)
    for c in counts:
        weight *= c
    safe = [np.where(c > 0, c, 1.0) for c in counts]
    factors = [m.copy() for m in columns]
    for k, spec_k in enumerate(ships):
        for t, spec_t in enumerate(ships):
            if t <= k:
                continue
            conflict = tables.conflict[(spec_k.length, spec_t.length)][np.ix_(rows[k], rows[t])]
            # ruled_out[p, e]: placements of ship t that placement p of ship k rules out.
            ruled_out_t = conflict @ columns[t]
            ruled_out_k = conflict.T @ columns[k]
            factors[k] *= np.maximum(counts[t] - ruled_out_t, 0.0) / safe[t]
            factors[t] *= np.maximum(counts[k] - ruled_out_k, 0.0) / safe[k]
            overlap = (columns[k] * ruled_out_t).sum(axis=0)
            weight *= np.maximum(1.0 - overlap / (safe[k] * safe[t]), 0.0)
    for factor in factors:
        weight = np.where(factor.sum(axis=0) > 0, weight, 0.0)
    heat = np.zeros(n)
    for k, spec in enumerate(ships):
        totals = factors[k].sum(axis=0)
        share = factors[k] @ (weight / np.where(totals > 0, totals, 1.0))
        heat += tables.cells[spec.length][rows[k]].T @ share
    return heat, float(weight.sum())


def _explanations(
    tables: _Tables,
    ships: list[ShipSpec],
    rows: list[npt.NDArray[np.intp]],
    unexplained: int,
    no_touch: bool,
    seed: str,
) -> tuple[list[Explanation], list[float]]:
    """The ways to cover the unexplained hits with afloat ships, and how many fleets each
    stands for among ships of equal length (which are interchangeable in the count).

    Every way, when there are at most ``MAX_EXPLANATIONS``. Past that (a few separate
    hits, each of which any ship might cover) a sample drawn with known probabilities
    stands in for them, each weighted by the inverse of its probability, so that the sums
    over explanations stay unbiased instead of keeping only the first ones found.
    """
    size = tables.size
    valid = [{tables.masks[spec.length][int(i)] for i in rows[k]} for k, spec in enumerate(ships)]
    # Ships of one length are tried in fleet order only: the first uncovered hit takes the
    # first free ship of a length, and the weight counts the orders skipped.
    twins = [
        [j for j in range(k) if ships[j].length == spec.length] for k, spec in enumerate(ships)
    ]
    same = [sum(1 for s in ships if s.length == spec.length) for spec in ships]

    def multiplicity(chosen: Explanation) -> float:
        placed = [k for k, _ in chosen]
        weight = 1.0
        for length in {ships[k].length for k in placed}:
            group = [k for k in placed if ships[k].length == length]
            weight *= math.perm(same[group[0]], len(group))
        return weight

    def options(uncovered: int, reserved: int, taken: set[int]) -> list[tuple[int, int]]:
        cell = (uncovered & -uncovered).bit_length() - 1
        found = []
        for k, spec in enumerate(ships):
            if k in taken or any(j not in taken for j in twins[k]):
                continue
            for mask in placements_through(size, spec.length, cell):
                if mask in valid[k] and not mask & reserved:
                    found.append((k, mask))
        return found

    def claim(mask: int) -> int:
        return halo(mask, size) if no_touch else mask

    found: list[Explanation] = []
    chosen: list[tuple[int, int]] = []

    def extend(uncovered: int, reserved: int) -> None:
        if len(found) > MAX_EXPLANATIONS:
            return
        if not uncovered:
            found.append(tuple(chosen))
            return
        for k, mask in options(uncovered, reserved, {k for k, _ in chosen}):
            chosen.append((k, mask))
            extend(uncovered & ~mask, reserved | claim(mask))
            chosen.pop()

    extend(unexplained, 0)
    if len(found) <= MAX_EXPLANATIONS:
        return found, [multiplicity(e) for e in found]
    return _sampled(unexplained, options, claim, multiplicity, [len(v) for v in valid], seed)


def _sampled(
    unexplained: int,
    options: Callable[[int, int, set[int]], list[tuple[int, int]]],
    claim: Callable[[int], int],
    multiplicity: Callable[[Explanation], float],
    placements_of: list[int],
    seed: str,
) -> tuple[list[Explanation], list[float]]:
    """Explanations drawn hit by hit, each weighted by multiplicity / (draws * probability).

    A draw covers the lowest uncovered hit with one of its options, chosen with a weight
    that favours what whole fleets favour: a ship with few placements left (taking a ship
    off the free water costs the fewer fleets the fewer places it had) and a placement
    that covers more hits at once.
    """
    rng = random.Random(seed)
    draws: dict[Explanation, float] = {}
    for _ in range(EXPLANATION_DRAWS):
        uncovered, reserved = unexplained, 0
        chosen: list[tuple[int, int]] = []
        probability = 1.0
        while uncovered:
            choices = options(uncovered, reserved, {k for k, _ in chosen})
            if not choices:
                break
            weights = [
                HIT_PULL ** (mask & uncovered).bit_count() / placements_of[k] for k, mask in choices
            ]
            total = sum(weights)
            pick = rng.choices(range(len(choices)), weights)[0]
            probability *= weights[pick] / total
            k, mask = choices[pick]
            chosen.append((k, mask))
            uncovered &= ~mask
            reserved |= claim(mask)
        if not uncovered:
            key = tuple(chosen)
            draws[key] = draws.get(key, 0.0) + 1.0 / probability
    found = list(draws)
    return found, [multiplicity(e) * draws[e] / EXPLANATION_DRAWS for e in found]
