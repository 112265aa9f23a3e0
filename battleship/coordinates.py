"""Cells of the board and the two orientations a ship can lie in."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator
from dataclasses import dataclass

from battleship.errors import InvalidCoordinate

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LABEL = re.compile(r"\s*([A-Za-z])\s*([0-9]{1,2})\s*")


@dataclass(frozen=True, order=True, slots=True)
class Coordinate:
    """A cell as ``(row, col)`` from 0; people read it as ``B7`` (row letter, column number).

    >>> Coordinate.parse("B7")
    Coordinate(row=1, col=6)
    >>> str(Coordinate(1, 6))
    'B7'
    """

    row: int
    col: int

    def __post_init__(self) -> None:
        for value in (self.row, self.col):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidCoordinate(f"{value!r} is not a row or column index")

    @classmethod
    def parse(cls, text: str, board_size: int = 10) -> Coordinate:
        """Read a label like ``"B7"`` (case and surrounding spaces ignored).

        Raises ``InvalidCoordinate`` (a ``ValueError``) for anything that is not a cell
        of a ``board_size`` board: ``"K1"``, ``"A11"``, ``"A0"``, ``""``.
        """
        if not isinstance(text, str):
            raise InvalidCoordinate(f"{text!r} is not a cell label")
        match = _LABEL.fullmatch(text)
        if match is None:
            raise InvalidCoordinate(
                f"{text!r} is not a cell: use a row letter and a column number, like B7",
                kind="not_a_cell",
                text=text,
            )
        row = ROW_LETTERS.index(match[1].upper())
        col = int(match[2]) - 1
        if row >= board_size or not 0 <= col < board_size:
            last = f"{ROW_LETTERS[board_size - 1]}{board_size}"
            raise InvalidCoordinate(
                f"{text.strip()!r} is off the board (A1 to {last})",
                kind="off_board",
                text=text.strip(),
                last=last,
            )
        return cls(row, col)

    @classmethod
    def coerce(cls, value: Coordinate | str | tuple[int, int], board_size: int = 10) -> Coordinate:
        """Accept a ``Coordinate``, a label (``"B7"``) or a ``(row, col)`` pair."""
        if isinstance(value, Coordinate):
            return value
        if isinstance(value, str):
            return cls.parse(value, board_size)
        if isinstance(value, tuple) and len(value) == 2:
            return cls(value[0], value[1])
        raise InvalidCoordinate(f"{value!r} is not a cell")

    def in_bounds(self, board_size: int) -> bool:
        """Whether the cell lies on a ``board_size`` x ``board_size`` board."""
        return self.row < board_size and self.col < board_size

    def surrounding(self, board_size: int) -> Iterator[Coordinate]:
        """The up to eight cells that share an edge or a corner with this one."""
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = self.row + dr, self.col + dc
                if (dr or dc) and 0 <= r < board_size and 0 <= c < board_size:
                    yield Coordinate(r, c)

    def __str__(self) -> str:
        return f"{ROW_LETTERS[self.row]}{self.col + 1}"


class Orientation(enum.StrEnum):
    """How a ship lies from its first cell: ``H`` along the row, ``V`` down the column.

    ``Orientation("h")``, ``"horizontal"`` and ``"across"`` (any case, spaces around
    allowed) are ``H``; ``"v"``, ``"vertical"`` and ``"down"`` are ``V``; anything else is
    a ``ValueError``.
    """

    H = "H"
    V = "V"

    @classmethod
    def _missing_(cls, value: object) -> Orientation | None:
        # Accept the words people and forms write, in any case; any other text (even one
        # that starts with H or V, like "hello") is refused, so Enum raises ValueError.
        if isinstance(value, str):
            return _ORIENTATION_WORDS.get(value.strip().lower())
        return None

    @property
    def step(self) -> tuple[int, int]:
        """The (row, col) step from one cell of a ship to the next."""
        return (0, 1) if self is Orientation.H else (1, 0)


_ORIENTATION_WORDS: dict[str, Orientation] = {
    "h": Orientation.H,
    "horizontal": Orientation.H,
    "across": Orientation.H,
    "v": Orientation.V,
    "vertical": Orientation.V,
    "down": Orientation.V,
}
"""The words ``Orientation("...")`` accepts, lower-cased and stripped."""
