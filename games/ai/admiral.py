"""Level 5, the Admiral: reasons about whole fleets consistent with everything announced.

The posterior over fleets is split the way the evidence splits it:

1. *Sunk layouts*: every way to lay the sunk ships on the hits (``Knowledge.sunk_layouts``).
2. *Explanations*: for one sunk layout, every way the afloat ships can cover the hits no
   sunk ship explains, enumerated exactly (each hit belongs to exactly one ship).
3. *Free ships*: the afloat ships that cover no hit lie anywhere in the open water left.
   Their number of joint placements, and each placement's share, are estimated with
   pairwise corrections (a placement that blocks many placements of the other free ships
   is less likely), computed with a few matrix products.

Each (layout, explanation) is weighted by the number of fleets it stands for, so the cell
probabilities are those of a uniform choice among all consistent fleets.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from games.ai.base import ComputerPlayer
from games.ai.captain import Captain
from games.ai.geometry import bits, halo, placements
from games.ai.knowledge import Knowledge
from games.ai.placement import Placement, hard_placement
from games.engine import RuleSet, ShipSpec

Vector = npt.NDArray[np.float64]

# Enumerating more explanations than this costs time and changes nothing measurable.
MAX_EXPLANATIONS = 600
PAIRWISE = True
PRIOR = False


@dataclass(frozen=True, slots=True)
class _Tables:
    """Placements of each ship length as masks and 0/1 matrices, and their conflicts."""

    size: int
    masks: dict[int, tuple[int, ...]]
    cells: dict[int, Vector]
    conflict: dict[tuple[int, int], Vector]
    """(a, b) -> 1 where a length-a and a length-b placement overlap (or touch, no-touch)."""
    row: dict[int, dict[int, int]]
    """length -> placement mask -> its row in ``cells``."""
    prior: dict[str, Vector]
    """ship name -> the weight of each of its placements before any shot (see _prior)."""


@functools.cache
def _tables(size: int, fleet: tuple[ShipSpec, ...], allow_adjacent: bool) -> _Tables:
    n = size * size
    lengths = tuple(sorted({s.length for s in fleet}))
    masks = {length: placements(size, length) for length in lengths}
    cells: dict[int, Vector] = {}
    near: dict[int, Vector] = {}
    for length, found in masks.items():
        matrix = np.zeros((len(found), n))
        around = np.zeros((len(found), n))
        for row, mask in enumerate(found):
            matrix[row, list(bits(mask))] = 1.0
            around[row, list(bits(halo(mask, size)))] = 1.0
        cells[length] = matrix
        near[length] = matrix if allow_adjacent else around
    conflict = {
        (a, b): (near[a] @ cells[b].T > 0).astype(np.float64) for a in lengths for b in lengths
    }
    rows = {length: {mask: i for i, mask in enumerate(found)} for length, found in masks.items()}
    return _Tables(size, masks, cells, conflict, rows, _prior(fleet, masks, conflict))


def _prior(
    fleet: tuple[ShipSpec, ...],
    masks: dict[int, tuple[int, ...]],
    conflict: dict[tuple[int, int], Vector],
) -> dict[str, Vector]:
    """Per-placement weights that tilt a uniform choice of fleets towards random placement.

    The engine's random placement (and most people's) puts the largest ship first, anywhere,
    then each next ship anywhere it still fits. A fleet is then likelier when the ships
    placed first left fewer places to the later ones: to first order, a placement of an
    early ship weighs, for each later ship, its places on an empty board over those the
    placement leaves. This makes ships about 5% likelier in the middle than a uniform
    choice among fleets would, as measured on the engine's fleets.
    """
    order = sorted(fleet, key=lambda s: -s.length)
    prior: dict[str, Vector] = {}
    for position, ship in enumerate(order):
        weight = np.ones(len(masks[ship.length]))
        if PRIOR:
            for later in order[position + 1 :]:
                everywhere = float(len(masks[later.length]))
                ruled_out = conflict[(ship.length, later.length)].sum(axis=1)
                weight *= everywhere / np.maximum(everywhere - ruled_out, 1.0)
        prior[ship.name] = weight
    return prior


class Admiral(ComputerPlayer):
    """Bayesian fleet reasoning: the probability of a hit in each cell over all fleets."""

    level = 5
    name = "Admiral"
    description = (
        "Weighs every whole fleet that fits what it has seen and fires where a hit is likeliest."
    )

    def scores(self, knowledge: Knowledge) -> dict[int, float]:
        """The probability of a ship in each untargeted cell, over all consistent fleets."""
        heat = fleet_posterior(knowledge)
        open_cells = list(bits(knowledge.untargeted))
        if heat is None or not heat[open_cells].any():
            return Captain(self.seed).scores(knowledge)
        return {cell: float(heat[cell]) for cell in open_cells}

    def place_fleet(self, rules: RuleSet) -> list[Placement]:
        """A fleet placed to be hard for a probability hunter to find."""
        return hard_placement(rules, f"{self.seed}:{self.level}:fleet")


def fleet_posterior(knowledge: Knowledge) -> Vector | None:
    """Per cell, the (unnormalised) expected number of ship cells over consistent fleets."""
    size = knowledge.size
    tables = _tables(size, knowledge.rules.fleet, knowledge.rules.allow_adjacent)
    total = np.zeros(size * size)
    weight_sum = 0.0
    for layout in knowledge.sunk_layouts() or [()]:
        heat, weight = _layout_posterior(knowledge, tables, sum(layout))
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


def _layout_posterior(knowledge: Knowledge, tables: _Tables, sunk: int) -> tuple[Vector, float]:
    size = tables.size
    n = size * size
    no_touch = not knowledge.rules.allow_adjacent
    blocked = knowledge.misses | sunk
    if no_touch and sunk:
        blocked |= halo(sunk, size)
    unexplained = knowledge.hits & ~sunk
    open_vector = _vector(knowledge.untargeted, n)
    blocked_vector = _vector(blocked, n)
    hits_vector = _vector(unexplained, n)

    ships: list[ShipSpec] = list(knowledge.afloat)
    valid: list[Vector] = []
    for spec in ships:
        cells = tables.cells[spec.length]
        ok = cells @ blocked_vector == 0
        if not knowledge.fog:
            ok &= cells @ open_vector > 0
        if no_touch:
            # A hit next to a placement but outside it would be another ship touching it.
            ok &= _touching_hits(tables, spec.length, knowledge.hits) == 0
        valid.append(ok * tables.prior[spec.name])
    covering = [tables.cells[s.length] @ hits_vector > 0 for s in ships]

    explanations = _explanations(tables, ships, valid, unexplained, no_touch)
    heat = np.zeros(n)
    weight_sum = 0.0
    for chosen in explanations:
        used = 0
        for _, mask in chosen:
            used |= mask
        forbidden = _vector(halo(used, size) if no_touch else used, n)
        free: list[tuple[ShipSpec, Vector]] = []
        for index, spec in enumerate(ships):
            if any(i == index for i, _ in chosen):
                continue
            cells = tables.cells[spec.length]
            vector = valid[index] * ~covering[index] * (cells @ forbidden == 0)
            free.append((spec, vector))
        weight, shares = _free_ships(tables, free)
        if weight <= 0:
            continue
        for k, mask in chosen:
            length = ships[k].length
            weight *= float(tables.prior[ships[k].name][tables.row[length][mask]])
        explained = _vector(used, n) + shares
        heat += weight * explained
        weight_sum += weight
    return heat, weight_sum


@functools.cache
def _touch_matrix(size: int, length: int) -> Vector:
    found = placements(size, length)
    matrix = np.zeros((len(found), size * size))
    for row, mask in enumerate(found):
        matrix[row, list(bits(halo(mask, size) & ~mask))] = 1.0
    return matrix


def _touching_hits(tables: _Tables, length: int, hits: int) -> Vector:
    size = tables.size
    result: Vector = _touch_matrix(size, length) @ _vector(hits, size * size)
    return result


def _explanations(
    tables: _Tables,
    ships: list[ShipSpec],
    valid: list[Vector],
    unexplained: int,
    no_touch: bool,
) -> list[tuple[tuple[int, int], ...]]:
    """Every way to cover the unexplained hits with afloat ships: (ship index, mask) sets."""
    size = tables.size
    valid_masks = [
        {tables.masks[spec.length][i] for i in np.flatnonzero(valid[k])}
        for k, spec in enumerate(ships)
    ]
    found: list[tuple[tuple[int, int], ...]] = []
    chosen: list[tuple[int, int]] = []

    def extend(uncovered: int, used: int, reserved: int) -> None:
        if len(found) >= MAX_EXPLANATIONS:
            return
        if not uncovered:
            found.append(tuple(chosen))
            return
        cell = (uncovered & -uncovered).bit_length() - 1
        taken = {k for k, _ in chosen}
        for k, spec in enumerate(ships):
            if k in taken:
                continue
            for mask in placements_through_valid(size, spec.length, cell, valid_masks[k]):
                if mask & reserved:
                    continue
                # A ship through some hits owns exactly those: the others it crosses are its.
                chosen.append((k, mask))
                extend(
                    uncovered & ~mask,
                    used | mask,
                    reserved | (halo(mask, size) if no_touch else mask),
                )
                chosen.pop()

    extend(unexplained, 0, 0)
    return found


def placements_through_valid(size: int, length: int, cell: int, valid: set[int]) -> list[int]:
    """The valid placements of a ``length`` ship through ``cell``."""
    from games.ai.geometry import placements_through

    return [p for p in placements_through(size, length, cell) if p in valid]


def _free_ships(tables: _Tables, free: list[tuple[ShipSpec, Vector]]) -> tuple[float, Vector]:
    """How many ways the free ships fit together, and their expected cells (pairwise)."""
    n = tables.size * tables.size
    if not free:
        return 1.0, np.zeros(n)
    counts = [float(v.sum()) for _, v in free]
    if any(c == 0 for c in counts):
        return 0.0, np.zeros(n)
    # blocked[r][t][p]: placements of free ship t that placement p of ship r rules out.
    weight = 1.0
    for c in counts:
        weight *= c
    shares = np.zeros(n)
    for r, (spec_r, v_r) in enumerate(free):
        factor = v_r.copy()
        for t, (spec_t, v_t) in enumerate(free):
            if t == r:
                continue
            if not PAIRWISE:
                continue
            ruled_out = tables.conflict[(spec_r.length, spec_t.length)] @ v_t
            factor *= np.maximum(counts[t] - ruled_out, 0.0) / counts[t]
            if t > r:
                overlap = float(v_r @ ruled_out)
                weight *= max(1.0 - overlap / (counts[r] * counts[t]), 0.0)
        total = float(factor.sum())
        if total <= 0:
            return 0.0, np.zeros(n)
        shares += (factor / total) @ tables.cells[spec_r.length]
    return weight, shares
