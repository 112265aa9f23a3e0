"""Whole fleets drawn one ship at a time, for the Admiral's free ships where ships may not touch.

The Admiral (``battleship.classic.ai.admiral``) enumerates every way the afloat ships can cover the
hits no sunk ship explains. The other afloat ships, the *free* ones, lie anywhere in the open water
left; their joint placements are too many to list. Where ships may touch, pairwise corrections count
them well. Where they may not, each ship keeps a ring of water around it, a fleet fills much of the
board and pairs no longer tell the story (on an empty board they put 15 % too little in the centre):
the free ships are drawn instead.

How fleets are laid matters then too. The engine's random placement, which lays a person's
"random fleet" and the benchmark's, puts the longest ship first and each ship uniformly
among the places left beside those before it; with rings of water that puts ships in the
centre 10 to 15 % more often, and in the corners 20 % less, than a uniform choice among
fleets. So fleets are drawn as the engine lays them, and weighed by the engine's odds of
each over the draw's (sequential importance sampling): a free ship is laid uniformly
among the places that also fit the view. The last ship is not drawn: each of its places
counts, which removes most of the noise. Measured on 1,000 fleets (``docs``), the same
draws with fleets weighed uniformly did no better than the pairwise count.

All draws run side by side as arrays, seeded from the caller's string: the answer is a
function of the seed and the view, as a computer player's choices must be.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from battleship.classic import ShipSpec

if TYPE_CHECKING:
    from battleship.classic.ai.knowledge import Knowledge
    from battleship.classic.ai.tables import Explanation, Tables

Vector = npt.NDArray[np.float64]


def generator(seed: str) -> np.random.Generator:
    """A numpy generator seeded by a string, the same on every machine and run."""
    digest = hashlib.sha256(seed.encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:16], "little"))


def placed_posterior(
    cells: dict[int, Vector],
    apart: dict[tuple[int, int], npt.NDArray[np.bool_]],
    fitting: dict[int, npt.NDArray[np.bool_]],
    sequence: Sequence[tuple[int, int, int]],
    explanations: Sequence[Sequence[tuple[int, int]]],
    multiplicity: Sequence[float],
    proposal: Vector,
    draws: int,
    rng: np.random.Generator,
) -> tuple[Vector, float]:
    """Unnormalised cell heat and total weight of the fleets over ``explanations``.

    ``sequence`` is the whole fleet in the engine's placing order, each ship as (length,
    its index among the afloat ships or -1 if sunk, its row if sunk else -1). An
    explanation fixes some afloat ships as (ship, row); the others are free.
    ``cells[length]`` is the 0/1 (rows x cells) matrix of the placements,
    ``fitting[length]`` marks the rows a free ship may take (they fit the view), and
    ``apart[(a, b)][i, j]`` is true where length-``a`` row ``i`` and length-``b`` row ``j``
    may lie in one fleet (they neither overlap nor, where that is forbidden, touch).

    The engine lays each ship uniformly among the placements still legal beside those laid
    before. A draw lays a free ship uniformly among those that also fit the view, so it
    weighs the share of the legal placements that fit, and a fixed ship 1 over the legal
    ones: the weights are the engine's odds over the draw's. A draw picks explanation
    ``e`` with probability ``proposal[e]`` (never 0 where the explanation holds fleets) and
    weighs ``multiplicity[e] / (draws * proposal[e])`` more, so the sums stay unbiased
    whichever proposal is used. The last ship is not drawn: each of its open rows counts.
    """
    count_ships = sum(1 for _, k, _ in sequence if k >= 0)
    which = rng.choice(len(explanations), size=draws, p=proposal)
    weight = np.asarray(multiplicity, dtype=np.float64)[which] / (draws * proposal[which])
    fixed = np.full((len(explanations), count_ships), -1, dtype=np.intp)
    for e, chosen in enumerate(explanations):
        for k, row in chosen:
            fixed[e, k] = row
    forced = fixed[which].T
    ship_length = {k: length for length, k, _ in sequence if k >= 0}
    # An explanation stands for every way to hand its placements to ships of one length
    # (its multiplicity counts them), and the engine does not lay twins alike: each draw
    # hands them out in an order of its own.
    for length in set(ship_length.values()):
        twins = np.array([k for k in range(count_ships) if ship_length[k] == length])
        if twins.size > 1:
            shuffled = np.argsort(rng.random((draws, twins.size)), axis=1)
            forced[twins] = np.take_along_axis(forced[twins].T, shuffled, axis=1).T
    lengths = {length for length, _, _ in sequence}
    # room: the rows a free ship may take in each draw; legal: those the engine could.
    room = {
        length: np.broadcast_to(fitting[length], (draws, fitting[length].size)).copy()
        for length in lengths
    }
    for k in range(count_ships):
        placed = forced[k] >= 0
        if placed.any():
            for length in room:
                room[length][placed] &= apart[(ship_length[k], length)][forced[k][placed]]
    legal = {length: np.ones((draws, fitting[length].size), dtype=bool) for length in lengths}
    rows = forced.copy()
    last_spread: tuple[int, Vector] | None = None
    for position, (length, k, row) in enumerate(sequence):
        legal_count = np.count_nonzero(legal[length], axis=1).astype(np.float64)
        safe = np.where(legal_count > 0, legal_count, 1.0)
        if k < 0:
            picked = np.full(draws, row, dtype=np.intp)
            weight = np.where(legal[length][:, row], weight / safe, 0.0)
        else:
            free = forced[k] < 0
            weight = np.where(free, weight, weight / safe)
            if free.any():
                open_rows = room[length][free]
                share = weight[free] / safe[free]
                if position == len(sequence) - 1:
                    last_spread = (k, share @ open_rows)
                    weight[free] = share * np.count_nonzero(open_rows, axis=1)
                    break
                pick, count = _uniform_open(open_rows, rng)
                weight[free] = share * count
                rows[k][free] = pick
            picked = rows[k]
        for other in {later for later, _, _ in sequence[position + 1 :]}:
            kept = apart[(length, other)][picked]
            legal[other] &= kept
            room[other] &= kept
    n = next(iter(cells.values())).shape[1]
    heat = np.zeros(n)
    for k in range(count_ships):
        laid = rows[k] >= 0
        size = cells[ship_length[k]].shape[0]
        # (Weighted, bincount gives floats; its stubs say integers.)
        spread = np.bincount(rows[k][laid], weights=weight[laid], minlength=size).astype(float)
        if last_spread is not None and k == last_spread[0]:
            spread = spread + last_spread[1]
        heat += cells[ship_length[k]].T @ spread
    return heat, float(weight.sum())


def _uniform_open(
    open_rows: npt.NDArray[np.bool_], rng: np.random.Generator
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """Per line of ``open_rows``, one of its true columns, all equally likely (any column
    where there is none), and how many there were."""
    lines, width = open_rows.shape
    # Every open cell of every line, in order: a line's k-th open column is entry
    # (open columns in the lines before) + k. Quicker than counting line by line.
    everywhere = np.flatnonzero(open_rows)
    count = np.count_nonzero(open_rows, axis=1)
    before = np.cumsum(count) - count
    target = before + np.floor(rng.random(lines) * count).astype(np.int64)
    if everywhere.size == 0:
        return np.zeros(lines, dtype=np.intp), count
    found = everywhere[np.minimum(target, everywhere.size - 1)] - np.arange(lines) * width
    return np.clip(found, 0, width - 1), count


# How many fleets are drawn per sunk layout. 1,000 played 0.42 +- 0.21 shots a game worse
# than 3,000 (1,000 paired fleets, before twins were handed out per draw); 3,000 take
# about 10 ms a move on one core.
DRAWS = 3000
# Up to this many free ships the Admiral keeps its pairwise count: exact then for a uniform
# choice among fleets, and quick (drawing them instead was not measured).
PAIRWISE_EXACT = 2
_apart: dict[int, dict[tuple[int, int], npt.NDArray[np.bool_]]] = {}


def placing_order(
    tables: Tables, knowledge: Knowledge, layout: Sequence[int]
) -> list[tuple[int, int, int]]:
    """The fleet in ``Board.random_placement``'s order (longest first): for each ship, its
    length, its index among the afloat ships (-1 if sunk) and its row if sunk (else -1).

    Sunk ships whose cells ``layout`` does not give are left out of the order."""
    sunk = {
        s.name: tables.rows[s.length][mask]
        for s, mask in zip(knowledge.sinkings, layout, strict=False)
    }
    afloat = [spec.name for spec in knowledge.afloat]
    return [
        (
            spec.length,
            afloat.index(spec.name) if spec.name in afloat else -1,
            sunk.get(spec.name, -1),
        )
        for spec in sorted(knowledge.rules.fleet, key=lambda spec: -spec.length)
        if spec.name in afloat or spec.name in sunk
    ]


def layout_posterior(
    tables: Tables,
    ships: Sequence[ShipSpec],
    rows_of: dict[int, npt.NDArray[np.intp]],
    unexplained: int,
    explanations: Sequence[Explanation],
    multiplicity: Sequence[float],
    estimate: Vector,
    seed: str,
    sequence: Sequence[tuple[int, int, int]],
) -> tuple[Vector, float]:
    """``posterior._layout_posterior`` with the free ships drawn rather than counted in pairs.

    ``rows_of[length]`` are the placements that fit the view; ``estimate`` is the
    pairwise estimate of each explanation's weight, which only steers where draws go;
    ``sequence`` is the fleet in the engine's placing order (``placing_order``).
    """
    # The tables are cached for good (``tables.tables_for``): so is this, by their identity.
    key = id(tables)
    if key not in _apart:
        _apart[key] = {pair: matrix == 0 for pair, matrix in tables.conflict.items()}
    apart = _apart[key]
    n = tables.size * tables.size
    hits = np.zeros(n)
    hits[[cell for cell in range(n) if unexplained >> cell & 1]] = 1.0
    fitting: dict[int, npt.NDArray[np.bool_]] = {}
    for length, rows in rows_of.items():
        fit = np.zeros(len(tables.masks[length]), dtype=bool)
        fit[rows] = True
        fitting[length] = fit & (tables.cells[length] @ hits == 0)
    for length in tables.masks:
        fitting.setdefault(length, np.zeros(len(tables.masks[length]), dtype=bool))
    lengths = [spec.length for spec in ships]
    placed = [
        tuple((k, tables.rows[lengths[k]][mask]) for k, mask in chosen) for chosen in explanations
    ]
    share = np.maximum(np.asarray(estimate, dtype=np.float64), 0.0)
    # Half the draws follow the estimate, half are spread evenly: an explanation the
    # pairwise count wrongly rules out still gets its draws.
    even = np.full(len(placed), 1.0 / len(placed))
    proposal = even if share.sum() <= 0 else 0.5 * share / share.sum() + 0.5 * even
    return placed_posterior(
        tables.cells,
        apart,
        fitting,
        sequence,
        placed,
        multiplicity,
        proposal,
        DRAWS,
        generator(seed),
    )
