"""Whole fleets drawn one ship at a time, for the Admiral's free ships where ships may not touch.

The Admiral (``games.ai.admiral``) enumerates every way the afloat ships can cover the hits
no sunk ship explains. The other afloat ships, the *free* ones, lie anywhere in the open
water left; their joint placements are too many to list. Where ships may touch, pairwise
corrections count them well. Where they may not, each ship keeps a ring of water around it,
a fleet fills much of the board, and pairs no longer tell the story: the free ships are
drawn instead.

A draw lays the free ships one at a time, longest first, each uniformly among the
placements still open beside those laid before (sequential importance sampling). Its weight
is the product of how many placements each ship had to choose from: its expectation is the
number of joint placements, so weighted draws give cell probabilities under a uniform
choice among whole fleets. Draws that reach a ship with nowhere to go weigh nothing.

All draws run side by side as arrays, seeded from the caller's string: the answer is a
function of the seed and the view, as a computer player's choices must be.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from games.engine import ShipSpec

if TYPE_CHECKING:
    from games.ai.admiral import Explanation, _Tables

Vector = npt.NDArray[np.float64]


def generator(seed: str) -> np.random.Generator:
    """A numpy generator seeded by a string, the same on every machine and run."""
    digest = hashlib.sha256(seed.encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:16], "little"))


def explained_posterior(
    cells: dict[int, Vector],
    conflict: dict[tuple[int, int], npt.NDArray[np.bool_]],
    fitting: dict[int, npt.NDArray[np.bool_]],
    lengths: Sequence[int],
    explanations: Sequence[Sequence[tuple[int, int]]],
    multiplicity: Sequence[float],
    proposal: Vector,
    draws: int,
    rng: np.random.Generator,
) -> tuple[Vector, float]:
    """Unnormalised cell heat and total weight of the fleets over ``explanations``.

    Ship ``k`` has length ``lengths[k]``; an explanation fixes some ships as (ship, row),
    the others are free. ``cells[length]`` is the 0/1 (rows x cells) matrix of the
    placements, ``fitting[length]`` marks the rows a free ship may take, and
    ``conflict[(a, b)][i, j]`` is true where length-``a`` row ``i`` and length-``b`` row
    ``j`` may not lie in one fleet (they overlap, or touch where that is forbidden).

    A draw picks explanation ``e`` with probability ``proposal[e]`` (never 0 where the
    explanation can hold fleets) and weighs ``multiplicity[e] / (draws * proposal[e])``
    times its own weight, so the sums stay unbiased whichever proposal is used.
    """
    count_ships = len(lengths)
    which = rng.choice(len(explanations), size=draws, p=proposal)
    weight = np.asarray(multiplicity, dtype=np.float64)[which] / (draws * proposal[which])
    # forced[k, d]: the row ship k takes in draw d where its explanation places it, else -1.
    fixed = np.full((len(explanations), count_ships), -1, dtype=np.intp)
    for e, chosen in enumerate(explanations):
        for k, row in chosen:
            fixed[e, k] = row
    forced = fixed[which].T
    room = {
        length: np.broadcast_to(fitting[length], (draws, fitting[length].size)).copy()
        for length in set(lengths)
    }
    for k in range(count_ships):
        placed = forced[k] >= 0
        if placed.any():
            for length in room:
                room[length][placed] &= ~conflict[(lengths[k], length)][forced[k][placed]]
    rows = forced.copy()
    # Longest first: a long ship is the hardest to fit once the others are down.
    order = sorted(range(count_ships), key=lambda k: -lengths[k])
    last_spread: tuple[int, Vector] | None = None
    for position, k in enumerate(order):
        free = forced[k] < 0
        if not free.any():
            continue
        length = lengths[k]
        open_rows = room[length][free]
        if position == count_ships - 1:
            # The last ship needs no draw: every open row of it is one fleet, weighed alike.
            last_spread = (length, open_rows.T.astype(np.float64) @ weight[free])
            weight[free] *= open_rows.sum(axis=1)
            break
        running = np.cumsum(open_rows, axis=1)
        count = running[:, -1]
        target = np.floor(rng.random(count.size) * count)
        # The first open row whose running count passes the target: uniform among the open.
        pick = np.minimum((running <= target[:, None]).sum(axis=1), open_rows.shape[1] - 1)
        weight[free] *= count
        rows[k][free] = pick
        for other in {lengths[j] for j in order[position + 1 :]}:
            room[other][free] &= ~conflict[(length, other)][pick]
    n = next(iter(cells.values())).shape[1]
    heat = np.zeros(n)
    for k in range(count_ships):
        laid = rows[k] >= 0  # all but the last ship's free draws, counted in full above
        size = cells[lengths[k]].shape[0]
        # (Weighted, bincount gives floats; its stubs say integers.)
        spread = np.bincount(rows[k][laid], weights=weight[laid], minlength=size).astype(float)
        if last_spread is not None and k == order[-1]:
            spread = spread + last_spread[1]
        heat += cells[lengths[k]].T @ spread
    return heat, float(weight.sum())


# How many fleets one sunk layout's free ships are drawn in.
DRAWS = 2000
# Up to this many free ships the pairwise count is exact: the Admiral keeps it there.
PAIRWISE_EXACT = 2
_blocking: dict[int, dict[tuple[int, int], npt.NDArray[np.bool_]]] = {}


def layout_posterior(
    tables: _Tables,
    ships: Sequence[ShipSpec],
    rows_of: dict[int, npt.NDArray[np.intp]],
    unexplained: int,
    explanations: Sequence[Explanation],
    multiplicity: Sequence[float],
    estimate: Vector,
    seed: str,
) -> tuple[Vector, float]:
    """``admiral._layout_posterior`` with the free ships drawn rather than counted in pairs.

    ``rows_of[length]`` are the placements that fit the view; ``estimate`` is the
    pairwise estimate of each explanation's weight, which only steers where draws go.
    """
    key = id(tables)
    if key not in _blocking:
        _blocking[key] = {pair: matrix > 0 for pair, matrix in tables.conflict.items()}
    conflict = _blocking[key]
    n = tables.size * tables.size
    hits = np.zeros(n)
    hits[[cell for cell in range(n) if unexplained >> cell & 1]] = 1.0
    fitting: dict[int, npt.NDArray[np.bool_]] = {}
    for length, rows in rows_of.items():
        fit = np.zeros(len(tables.masks[length]), dtype=bool)
        fit[rows] = True
        fitting[length] = fit & (tables.cells[length] @ hits == 0)
    lengths = [spec.length for spec in ships]
    placed = [
        tuple((k, tables.rows[lengths[k]][mask]) for k, mask in chosen) for chosen in explanations
    ]
    share = np.maximum(np.asarray(estimate, dtype=np.float64), 0.0)
    # Half the draws follow the estimate, half are spread evenly: an explanation the
    # pairwise count wrongly rules out still gets its draws.
    even = np.full(len(placed), 1.0 / len(placed))
    proposal = even if share.sum() <= 0 else 0.5 * share / share.sum() + 0.5 * even
    return explained_posterior(
        tables.cells,
        conflict,
        fitting,
        lengths,
        placed,
        multiplicity,
        proposal,
        DRAWS,
        generator(seed),
    )
