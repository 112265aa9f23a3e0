"""Where the ships may lie under group reports (docs/rules/five-shot.md): the Captain's and the
Admiral's heat when no cell's result is announced.

The engine's deduction (``battleship.classic.groups``) gives, for every ship hit at least once,
its *candidates* (the placements that fit that ship's counts in every report) and groups
the ships whose candidates can overlap into components, each with every joint placement
when the search finished. From these:

- the Captain counts ship by ship: each afloat ship's chance of covering a cell is the
  share of its own candidates covering it (the placements that fit its own counts, clear
  of the cells known to be water; for a ship never hit, its placements clear of the cells
  known, hit or water), and a cell's heat is the sum over ships: the hits it expects. It
  reasons only from the cells it knows: it does not fit the ships together, nor keep a
  ship never hit off the cells fired at whose content is not known;
- the Admiral weighs whole fleets: a component's ships are placed jointly, each joint
  placement that fits every report counting once (a sample of them, drawn by a seeded
  randomised search, when there are too many to list), and the ships never hit lie in the
  water left, weighed as the Admiral weighs free ships when hunting (pairwise corrections
  for ships ruling out each other's places); each joint placement counts by the room it
  leaves them (``_room``), and a free ship's share of a cell is of the chance that no hit
  ship is there.

Measured on the range (``bench_ai --rules five_shot``), fitting ships together and the
room they leave move the Admiral's figures little: what separates it from the Captain is
keeping the ships never hit off every cell fired at.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np

from battleship.classic.ai.geometry import bits, placements
from battleship.classic.ai.knowledge import Knowledge
from battleship.classic.ai.posterior import free_ship_heat  # the Admiral's own hunting posterior
from battleship.classic.groups import Component, ship_candidates

SAMPLE_DRAWS = 120
"""Joint placements drawn for a component too large to list."""
ROOM_SOLUTIONS = 400
"""Past this many joint placements in a component, each counts once instead of by the
room it leaves the ships never hit (``_room``): bounds a move's time."""
DRAW_NODES = 300
"""Search nodes one draw may take before it is given up."""


def captain_heat(knowledge: Knowledge) -> dict[int, float]:
    """Hits expected in each open cell, ship by ship (see the module's docstring)."""
    group = knowledge.group
    if group is None:  # an invariant, and a type narrowing for mypy
        raise RuntimeError("group is not set here")
    open_cells = knowledge.untargeted
    heat = dict.fromkeys(bits(open_cells), 0.0)
    own = ship_candidates(knowledge.rules, group.reports)
    for spec in knowledge.afloat:
        if spec.name in own:
            found = [p for p in own[spec.name] if not p & knowledge.misses]
        else:
            blocked = knowledge.misses | knowledge.hits
            found = [p for p in placements(knowledge.size, spec.length) if not p & blocked]
        if not found:
            continue
        share = 1.0 / len(found)
        for p in found:
            for cell in bits(p & open_cells):
                heat[cell] += share
    return heat


def admiral_heat(knowledge: Knowledge, seed: str) -> dict[int, float] | None:
    """Per open cell, the probability of an afloat ship there over fleets fitting every
    report (see the module's docstring); None if nothing fits."""

    group = knowledge.group
    if group is None:  # an invariant, and a type narrowing for mypy
        raise RuntimeError("group is not set here")
    if not group.consistent:
        return None
    n = knowledge.size**2
    afloat = {spec.name for spec in knowledge.afloat}
    rng = random.Random(f"{seed}:groups:{group.fired}:{knowledge.hits}:{knowledge.misses}")
    heat = np.zeros(n)
    surely = 0
    free = [spec for spec in knowledge.afloat if spec.name not in group.candidates]
    water = [
        [p for p in placements(knowledge.size, spec.length) if not p & group.fired] for spec in free
    ]
    for component in group.components:
        if not afloat & set(component.ships):
            continue
        solutions = component.solutions or _draw(component, group.candidates, rng)
        if not solutions:
            return None
        weights = _room(solutions, water) if len(solutions) <= ROOM_SOLUTIONS else None
        for i, name in enumerate(component.ships):
            if name not in afloat:
                continue
            counted: dict[int, float] = {}
            for solution, weight in zip(solutions, weights or [1.0] * len(solutions), strict=True):
                counted[solution[i]] = counted.get(solution[i], 0.0) + weight
            total = sum(counted.values())
            common = -1
            for p, times in counted.items():
                common &= p
                heat[list(bits(p))] += times / total
            surely |= common
    if free:
        free_heat = free_ship_heat(knowledge, free, group.fired | surely, seed)
        if free_heat is None:
            return None
        # A cell a hit ship covers holds no free ship: the free ships' share is of the rest.
        heat += free_heat * np.clip(1.0 - heat, 0.0, 1.0)
    return {cell: min(1.0, float(heat[cell])) for cell in bits(knowledge.untargeted)}


def _room(solutions: Sequence[tuple[int, ...]], water: list[list[int]]) -> list[float]:
    """Each joint placement's weight: the ways it leaves the ships never hit to lie in the
    open water, ship by ship (the product of each one's places left)."""
    weights = []
    for solution in solutions:
        taken = 0
        for p in solution:
            taken |= p
        weight = 1.0
        for places in water:
            weight *= sum(1 for p in places if not p & taken)
        weights.append(weight)
    if not any(weights):
        return [1.0] * len(solutions)
    return weights


def _draw(
    component: Component, candidates: Mapping[str, Sequence[int]], rng: random.Random
) -> list[tuple[int, ...]]:
    """Joint placements of ``component``'s ships drawn by a randomised depth-first search
    (each draw a fresh random order of every ship's candidates, the first fit kept)."""
    lists = [list(candidates[name]) for name in component.ships]
    order = sorted(range(len(lists)), key=lambda i: len(lists[i]))
    drawn: list[tuple[int, ...]] = []
    for _ in range(SAMPLE_DRAWS):
        shuffled = [rng.sample(lists[i], len(lists[i])) for i in order]
        chosen = _first_fit(shuffled)
        if chosen is not None:
            placed = dict(zip(order, chosen, strict=True))
            drawn.append(tuple(placed[i] for i in range(len(lists))))
    return drawn


def _first_fit(lists: list[list[int]]) -> list[int] | None:
    """The first choice of one placement from each list, none overlapping, in the lists'
    order; None if there is none within ``DRAW_NODES`` nodes."""
    chosen: list[int] = []
    budget = DRAW_NODES

    def extend(depth: int, used: int) -> bool:
        nonlocal budget
        if depth == len(lists):
            return True
        for p in lists[depth]:
            budget -= 1
            if budget < 0:
                return False
            if p & used:
                continue
            chosen.append(p)
            if extend(depth + 1, used | p):
                return True
            chosen.pop()
        return False

    return chosen if extend(0, 0) else None
