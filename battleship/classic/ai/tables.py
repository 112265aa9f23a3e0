"""Every placement of each ship length on a board, as bit masks and 0/1 matrices, with
which placements clash (overlap, or touch where ships may not): the tables the Admiral's
posterior (``battleship.classic.ai.posterior``) and its fleet sampling multiply with."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from battleship.classic.ai.geometry import bits, halo, placements

Vector = npt.NDArray[np.float64]
Explanation = tuple[tuple[int, int], ...]
"""(ship index, placement mask) for each afloat ship that covers an unexplained hit."""


@dataclass(frozen=True, slots=True)
class Tables:
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
def tables_for(size: int, lengths: tuple[int, ...], allow_adjacent: bool) -> Tables:
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
    return Tables(size, masks, cells, touching, conflict, rows, through)
