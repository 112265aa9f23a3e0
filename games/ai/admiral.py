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
   is less likely. (With one or two free ships this is exact.) Where ships may not touch,
   three or more free ships are drawn instead, as the engine's random placement lays
   fleets (``games.ai.fleet_sampling``).

Each (layout, explanation) is weighted by the number of fleets it stands for, so the cell
probabilities are those of a uniform choice among all fleets consistent with the view.
All explanations of a layout are evaluated together, a few matrix products per pair of
ships, which keeps the worst move inside a web request.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from games.ai import endgame, fleet_sampling, groups, rollout
from games.ai.base import ComputerPlayer
from games.ai.captain import VOLLEYS, Captain
from games.ai.geometry import bits, coordinate, halo, placements
from games.ai.knowledge import Knowledge
from games.ai.placement import Placement, hard_placement
from games.engine import Coordinate, PlayerView, RuleSet, ShipSpec
from games.engine.errors import IllegalMove

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


@dataclass(frozen=True, slots=True)
class _Tables:
    """Placements of each ship length as masks and 0/1 matrices, and their conflicts."""

    size: int
    masks: dict[int, tuple[int, ...]]
    cells: dict[int, Vector]
    touching: dict[int, Vector]
    """length -> 1 for the cells around a placement (not in it)."""
    conflict: dict[tuple[int, int], npt.NDArray[np.float32]]
    """(a, b) -> 1 where a length-a and a length-b placement overlap (or touch, no-touch).

    ``conflict[(b, a)]`` is the transpose of ``conflict[(a, b)]``. Products with it count
    whole placements, which float32 holds exactly and multiplies about twice as fast.
    """
    rows: dict[int, dict[int, int]]
    """length -> placement mask -> its row in ``cells``."""
    through: dict[int, tuple[tuple[int, ...], ...]]
    """length -> cell -> the rows of the placements covering it, in order."""


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
        (a, b): (near[a] @ cells[b].T > 0).astype(np.float32) for a in lengths for b in lengths
    }
    rows = {length: {mask: i for i, mask in enumerate(found)} for length, found in masks.items()}
    through = {
        length: tuple(tuple(np.flatnonzero(matrix[:, cell]).tolist()) for cell in range(n))
        for length, matrix in cells.items()
    }
    return _Tables(size, masks, cells, touching, conflict, rows, through)


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
    """Whether the last ship's single shots are searched (``games.ai.endgame``)."""
    rollout_afloat: ClassVar[int] = 0
    """With at most this many ships afloat (and more than one, or ``rollout_last``), its
    single shots are searched over every fleet left (``games.ai.rollout``)."""
    rollout_last: ClassVar[bool] = False
    rollout_samples: ClassVar[int] = 0
    """While hunting with too many fleets to list, the search runs over this many drawn."""

    def scores(self, knowledge: Knowledge) -> dict[int, float]:
        """The probability of a ship in each untargeted cell, over all consistent fleets."""
        if knowledge.group is not None:  # group reports: fleets fitting every report
            found = groups.admiral_heat(knowledge, f"{self.seed}:{self.level}")
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
        (``games.ai.endgame``), which is not always the likeliest one. A five-shot turn
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
        heat, weight = _layout_posterior(knowledge, tables, sum(layout), seed, layout)
        total += heat
        weight_sum += weight
    if weight_sum <= 0:
        return None
    return total / weight_sum


def free_ship_heat(
    knowledge: Knowledge, ships: list[ShipSpec], blocked: int, seed: str = ""
) -> Vector | None:
    """Per cell, how many cells of ``ships`` (none of them hit) are expected there when they
    lie anywhere clear of ``blocked``: the hunting posterior, for the ships never hit under
    group reports (``games.ai.groups``). None if they do not fit."""
    water = Knowledge(knowledge.rules, knowledge.size, blocked, 0, (), tuple(ships), ())
    lengths = tuple(sorted({s.length for s in knowledge.rules.fleet}))
    tables = _tables(knowledge.size, lengths, knowledge.rules.allow_adjacent)
    heat, weight = _layout_posterior(water, tables, 0, seed)
    return heat / weight if weight > 0 else None


def _vector(mask: int, n: int) -> Vector:
    """The cells of ``mask`` as a 0/1 vector of length ``n`` (unpacked from its bytes)."""
    packed = np.frombuffer(mask.to_bytes((n + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(packed, count=n, bitorder="little").astype(np.float64)


def _layout_posterior(
    knowledge: Knowledge, tables: _Tables, sunk: int, seed: str, layout: tuple[int, ...] = ()
) -> tuple[Vector, float]:
    """Unnormalised cell heat and total weight of the fleets with the sunk ships on ``sunk``
    (each sinking's cells in ``layout``, where known)."""
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

    # Which placements fit depends on the length only: ships of one length share them.
    rows_of: dict[int, npt.NDArray[np.intp]] = {}
    cells_of: dict[int, Vector] = {}
    free_of: dict[int, npt.NDArray[np.bool_]] = {}
    for length in {spec.length for spec in knowledge.afloat}:
        cells = tables.cells[length]
        ok = cells @ blocked_vector == 0
        if not knowledge.fog:
            ok &= cells @ open_vector > 0  # an afloat ship is not all hit
        if no_touch:
            # A hit next to a placement but outside it is another ship touching it.
            ok &= tables.touching[length] @ all_hits == 0
        rows_of[length] = np.flatnonzero(ok)
        cells_of[length] = cells.take(rows_of[length], axis=0)
        if unexplained:
            free_of[length] = cells_of[length] @ hits_vector == 0
    ships: list[ShipSpec] = list(knowledge.afloat)
    seed = f"{seed}:{knowledge.misses}:{knowledge.hits}:{sunk}"
    if not unexplained:
        if no_touch and len(ships) > fleet_sampling.PAIRWISE_EXACT:
            order = fleet_sampling.placing_order(tables, knowledge, layout)
            return fleet_sampling.layout_posterior(
                tables, ships, rows_of, 0, [()], [1.0], np.ones(1), seed, order
            )
        return _hunting_posterior(tables, ships, rows_of, cells_of)
    rows = [rows_of[spec.length] for spec in ships]

    explanations, multiplicity = _explanations(tables, ships, rows, unexplained, no_touch, seed)
    if not explanations:
        return np.zeros(n), 0.0
    count = len(explanations)
    # For each ship, the explanations in which it covers hits and its placement in each.
    covering_in: list[list[int]] = [[] for _ in ships]
    covering_at: list[list[int]] = [[] for _ in ships]
    for e, chosen in enumerate(explanations):
        for k, mask in chosen:
            covering_in[k].append(e)
            covering_at[k].append(tables.rows[ships[k].length][mask])
    # The conflict rows of the placements that fit, once per pair of lengths.
    pairs = {(s.length, t.length) for k, s in enumerate(ships) for t in ships[k + 1 :]}
    conflict_rows = {
        (a, b): tables.conflict[(a, b)].take(rows_of[a], axis=0)
        for pair in pairs
        for a, b in (pair, pair[::-1])
    }

    # Each ship's placements per explanation: one placement if it covers hits, else all
    # its placements clear of the hits (conflicts with the others are in the products).
    columns: list[Vector] = []
    covers: list[npt.NDArray[np.bool_]] = []
    for k, spec in enumerate(ships):
        matrix = np.zeros((len(rows[k]), count))
        matrix[free_of[spec.length], :] = 1.0
        chosen_in = np.array(covering_in[k], dtype=np.intp)
        matrix[:, chosen_in] = 0.0
        matrix[np.searchsorted(rows[k], covering_at[k]), chosen_in] = 1.0
        covering = np.zeros(count, dtype=bool)
        covering[chosen_in] = True
        columns.append(matrix)
        covers.append(covering)
    # A free ship cannot lie across (or, no-touch, beside) a ship that covers hits: the
    # placements a covering placement rules out are its column of the conflict matrix.
    for k, spec_k in enumerate(ships):
        clash = np.zeros_like(columns[k])
        for t, spec_t in enumerate(ships):
            if t != k and covering_in[t]:
                ruled_out = conflict_rows[(spec_k.length, spec_t.length)][:, covering_at[t]]
                clash[:, covering_in[t]] += ruled_out
        columns[k] *= np.where(covers[k], 1.0, clash == 0)
    # The products below count placements: whole numbers, exact in float32 whichever way
    # they are summed. Each is taken against a ship's columns spread over all its
    # placements (zero where it does not fit), so no conflict columns need gathering.
    spread: list[npt.NDArray[np.float32]] = []
    for k, spec in enumerate(ships):
        full = np.zeros((len(tables.masks[spec.length]), count), dtype=np.float32)
        full[rows[k]] = columns[k]
        spread.append(full)
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
            # ruled_out[p, e]: placements of ship t that placement p of ship k rules out.
            ruled_out_t = conflict_rows[(spec_k.length, spec_t.length)] @ spread[t]
            ruled_out_k = conflict_rows[(spec_t.length, spec_k.length)] @ spread[k]
            factors[k] *= np.maximum(counts[t] - ruled_out_t, 0.0) / safe[t]
            factors[t] *= np.maximum(counts[k] - ruled_out_k, 0.0) / safe[k]
            overlap = (columns[k] * ruled_out_t).sum(axis=0)
            weight *= np.maximum(1.0 - overlap / (safe[k] * safe[t]), 0.0)
    for factor in factors:
        weight = np.where(factor.sum(axis=0) > 0, weight, 0.0)
    free = len(ships) - min(len(chosen) for chosen in explanations)
    if no_touch and free > fleet_sampling.PAIRWISE_EXACT:
        # Untouching ships crowd the board: pairs say too little, so fleets are drawn.
        order = fleet_sampling.placing_order(tables, knowledge, layout)
        return fleet_sampling.layout_posterior(
            tables, ships, rows_of, unexplained, explanations, multiplicity, weight, seed, order
        )
    heat = np.zeros(n)
    for k, spec in enumerate(ships):
        totals = factors[k].sum(axis=0)
        share = factors[k] @ (weight / np.where(totals > 0, totals, 1.0))
        heat += cells_of[spec.length].T @ share
    return heat, float(weight.sum())


def _hunting_posterior(
    tables: _Tables,
    ships: list[ShipSpec],
    rows_of: dict[int, npt.NDArray[np.intp]],
    cells_of: dict[int, Vector],
) -> tuple[Vector, float]:
    """``_layout_posterior`` when no hit is left to explain, bit for bit, in fewer steps.

    Then the only explanation is the empty one and every afloat ship is free: each of its
    placements that fit is in play. Each (placements x explanations) matrix of the general
    code is a single column, all ones, and what a pair of ships contributes depends only
    on their lengths. So this works on plain vectors, once per pair of lengths (or, for a
    ship's factors, once per ship whose companions have the same lengths in the same
    order), with the same floating-point operations in the same order as the general code:
    the cells' heat and the weight come out identical, in about a third of the numpy calls.
    """
    lengths = [spec.length for spec in ships]
    counts = {length: float(len(rows_of[length])) for length in lengths}
    safe = {length: count if count > 0 else 1.0 for length, count in counts.items()}
    fitting: dict[int, npt.NDArray[np.float32]] = {}
    for length in counts:
        fit = np.zeros(len(tables.masks[length]), dtype=np.float32)
        fit[rows_of[length]] = 1.0
        fitting[length] = fit

    ruled_out: dict[tuple[int, int], Vector] = {}
    kept_share: dict[tuple[int, int], Vector] = {}

    def pair(a: int, b: int) -> tuple[Vector, Vector]:
        """For each fitting length-``a`` placement: how many fitting length-``b`` placements
        it rules out (a whole number), and the share of the length-``b`` ship's placements
        it leaves (the general code's factor for that ship)."""
        if (a, b) not in ruled_out:
            # Counts of placements: exact in float32, then exactly widened.
            counted = tables.conflict[(a, b)] @ fitting[b]
            ruled_out[(a, b)] = counted.take(rows_of[a]).astype(np.float64)
            kept_share[(a, b)] = np.maximum(counts[b] - ruled_out[(a, b)], 0.0) / safe[b]
        return ruled_out[(a, b)], kept_share[(a, b)]

    # The weight: the free ships' placement counts, then one correction per pair of ships
    # for the pairs of placements that clash (in the general code's order of pairs).
    weight = 1.0
    for length in lengths:
        weight *= counts[length]
    for k, a in enumerate(lengths):
        for b in lengths[k + 1 :]:
            overlap = float(pair(a, b)[0].sum())  # a whole number: exact in any order
            weight *= max(1.0 - overlap / (safe[a] * safe[b]), 0.0)
    # A ship's factors: the shares the other ships keep, multiplied in fleet order.
    factors: dict[tuple[int, tuple[int, ...]], Vector] = {}
    for k, a in enumerate(lengths):
        others = tuple(lengths[:k] + lengths[k + 1 :])
        if (a, others) not in factors:
            factor = np.ones(len(rows_of[a]))
            for b in others:
                factor = factor * pair(a, b)[1]
            factors[(a, others)] = factor
    totals = {key: float(factor.sum()) for key, factor in factors.items()}
    if not all(total > 0 for total in totals.values()):
        weight = 0.0  # some ship has no placement left beside the others
    heat = np.zeros(tables.size * tables.size)
    spread: dict[tuple[int, tuple[int, ...]], Vector] = {}
    for k, a in enumerate(lengths):
        key = (a, tuple(lengths[:k] + lengths[k + 1 :]))
        if key not in spread:
            total = totals[key]
            share = factors[key] * (weight / (total if total > 0 else 1.0))
            spread[key] = cells_of[a].T @ share
        heat += spread[key]
    return heat, weight


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
    if not unexplained:
        return [()], [1.0]  # nothing to cover: one way, the empty one
    size = tables.size
    # Per length, whether each placement fits the view (a list: indexing it is quickest).
    fits: dict[int, list[bool]] = {}
    for k, spec in enumerate(ships):
        if spec.length not in fits:
            fit = np.zeros(len(tables.masks[spec.length]), dtype=bool)
            fit[rows[k]] = True
            fits[spec.length] = fit.tolist()
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

    fitting: dict[tuple[int, int], list[int]] = {}

    def through(length: int, cell: int) -> list[int]:
        """The placements of a ``length`` ship over ``cell`` that fit the view (kept)."""
        key = (length, cell)
        if key not in fitting:
            fit, masks = fits[length], tables.masks[length]
            fitting[key] = [masks[i] for i in tables.through[length][cell] if fit[i]]
        return fitting[key]

    def options(uncovered: int, reserved: int, taken: set[int]) -> list[tuple[int, int]]:
        cell = (uncovered & -uncovered).bit_length() - 1
        found: list[tuple[int, int]] = []
        for k, spec in enumerate(ships):
            if k in taken or any(j not in taken for j in twins[k]):
                continue
            found += [(k, mask) for mask in through(spec.length, cell) if not mask & reserved]
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
    placements_of = [len(rows[k]) for k in range(len(ships))]
    return _sampled(unexplained, options, claim, multiplicity, placements_of, seed)


@dataclass(frozen=True, slots=True)
class _Step:
    """A point of a draw: the options to cover the lowest uncovered hit, and their weights."""

    choices: list[tuple[int, int]]
    weights: list[float]
    running: list[float]
    """The running sums of ``weights``."""
    total: float


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
    # Draws pass the same points again and again (the first point is every draw's): the
    # options at a point, their weights and the weights' running sums (what ``choices``
    # would add up each time) are worked out once.
    steps: dict[tuple[int, int, frozenset[int]], _Step] = {}
    draws: dict[Explanation, float] = {}
    for _ in range(EXPLANATION_DRAWS):
        uncovered, reserved = unexplained, 0
        chosen: list[tuple[int, int]] = []
        probability = 1.0
        while uncovered:
            point = (uncovered, reserved, frozenset(k for k, _ in chosen))
            step = steps.get(point)
            if step is None:
                choices = options(uncovered, reserved, set(point[2]))
                weights = [
                    HIT_PULL ** (mask & uncovered).bit_count() / placements_of[k]
                    for k, mask in choices
                ]
                step = _Step(choices, weights, list(itertools.accumulate(weights)), sum(weights))
                steps[point] = step
            choices, weights, total = step.choices, step.weights, step.total
            if not choices:
                break
            pick = rng.choices(range(len(choices)), cum_weights=step.running)[0]
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
