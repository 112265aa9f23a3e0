"""Cells as bit positions: a set of cells is an ``int`` whose bit ``row * size + col`` is set.

Bitmasks keep the players fast in pure Python: whether a ship placement touches a miss is
one ``&``. Everything here is a pure function of the board size and is cached.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from battleship.classic import Coordinate


def index(coord: Coordinate, size: int) -> int:
    """The bit of ``coord`` on a ``size`` board."""
    return coord.row * size + coord.col


def coordinate(cell: int, size: int) -> Coordinate:
    """The cell of bit ``cell`` on a ``size`` board."""
    return Coordinate(*divmod(cell, size))


def bits(mask: int) -> Iterator[int]:
    """The cells of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@functools.cache
def full(size: int) -> int:
    """Every cell of the board."""
    return (1 << size * size) - 1


@functools.cache
def _column_masks(size: int) -> tuple[int, int]:
    first = sum(1 << (r * size) for r in range(size))
    last = first << (size - 1)
    return full(size) & ~first, full(size) & ~last


def orthogonal(mask: int, size: int) -> int:
    """The cells sharing an edge with a cell of ``mask`` (``mask`` itself excluded)."""
    not_first, not_last = _column_masks(size)
    sideways = ((mask << 1) & not_first) | ((mask >> 1) & not_last)
    vertical = (mask << size) | (mask >> size)
    return (sideways | vertical) & full(size) & ~mask


def halo(mask: int, size: int) -> int:
    """``mask`` and every cell sharing an edge or a corner with it."""
    not_first, not_last = _column_masks(size)
    row = mask | ((mask << 1) & not_first) | ((mask >> 1) & not_last)
    return (row | (row << size) | (row >> size)) & full(size)


@functools.cache
def placements(size: int, length: int) -> tuple[int, ...]:
    """Every placement of a ``length`` ship on an empty ``size`` board, as masks.

    Horizontal placements first, then vertical, each in reading order of the first cell.
    """
    horizontal = sum(1 << i for i in range(length))
    vertical = sum(1 << (i * size) for i in range(length))
    found = [horizontal << (r * size + c) for r in range(size) for c in range(size - length + 1)]
    if length > 1:
        found += [vertical << (r * size + c) for r in range(size - length + 1) for c in range(size)]
    return tuple(found)


@functools.cache
def placements_through(size: int, length: int, cell: int) -> tuple[int, ...]:
    """The placements of a ``length`` ship that cover ``cell``."""
    return tuple(p for p in placements(size, length) if p >> cell & 1)
