"""The sea of the sector game (docs/rules/sector.md): 12 x 12 cells in sixteen 3 x 3 sectors.

Cells are the classic engine's ``Coordinate`` (``B7`` is row B, column 7); sectors are
numbered 1 to 16 row by row from the top left and read as Roman numerals, I to XVI.
Submarines head one of four ways (``Heading``); a sonar reports the line a submarine runs
along (``Course``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from battleship.coordinates import ROW_LETTERS, Coordinate, Orientation
from battleship.errors import BattleshipError, InvalidCoordinate

SIZE = 12
SECTOR_SIZE = 3
SECTORS_ACROSS = SIZE // SECTOR_SIZE
SECTORS = tuple(range(1, SECTORS_ACROSS**2 + 1))
"""The sector numbers, 1 (I, top left) to 16 (XVI, bottom right)."""

ALL_CELLS = tuple(Coordinate(row, col) for row in range(SIZE) for col in range(SIZE))

_NUMERALS = (
    "I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI".split()  # noqa: SIM905
)


class InvalidSector(BattleshipError):
    """Text or a number that does not name one of the sixteen sectors."""


def numeral(sector: int) -> str:
    """``numeral(14) == "XIV"``."""
    return _NUMERALS[sector - 1]


def parse_sector(value: str | int) -> int:
    """A sector from its numeral (``"XIV"``, any case) or its number (14, ``"14"``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value in SECTORS:
            return value
    elif isinstance(value, str):
        text = value.strip().upper()
        if text in _NUMERALS:
            return _NUMERALS.index(text) + 1
        if text.isdigit() and int(text) in SECTORS:
            return int(text)
    raise InvalidSector(
        f"{value!r} is not a sector: name one of I to XVI", kind="not_a_sector", text=str(value)
    )


def sector_of(cell: Coordinate) -> int:
    """The sector holding ``cell``: ``sector_of(Coordinate.parse("J7", 12)) == 14``."""
    return (cell.row // SECTOR_SIZE) * SECTORS_ACROSS + cell.col // SECTOR_SIZE + 1


def sector_cells(sector: int) -> tuple[Coordinate, ...]:
    """The nine cells of ``sector`` in reading order."""
    top = (sector - 1) // SECTORS_ACROSS * SECTOR_SIZE
    left = (sector - 1) % SECTORS_ACROSS * SECTOR_SIZE
    return tuple(
        Coordinate(row, col)
        for row in range(top, top + SECTOR_SIZE)
        for col in range(left, left + SECTOR_SIZE)
    )


def parse_cell(text: str) -> Coordinate:
    """A cell of the 12 x 12 sea from its label, ``"L12"`` at most."""
    return Coordinate.parse(text, SIZE)


def on_board(row: int, col: int) -> bool:
    return 0 <= row < SIZE and 0 <= col < SIZE


class Heading(enum.StrEnum):
    """The way a submarine moves, fixed when it is placed (it never turns: docs/rules/sector.md)."""

    NORTH = "N"
    SOUTH = "S"
    EAST = "E"
    WEST = "W"

    @classmethod
    def _missing_(cls, value: object) -> Heading | None:
        if isinstance(value, str):
            return _HEADING_WORDS.get(value.strip().lower())
        return None

    @property
    def step(self) -> tuple[int, int]:
        """The (row, col) step of one move."""
        return _STEPS[self]

    @property
    def orientation(self) -> Orientation:
        """How a submarine with this heading lies: across for east and west, else down."""
        return Orientation.H if self in (Heading.EAST, Heading.WEST) else Orientation.V

    @property
    def arrow(self) -> str:
        return _ARROWS[self]


_STEPS = {
    Heading.NORTH: (-1, 0),
    Heading.SOUTH: (1, 0),
    Heading.EAST: (0, 1),
    Heading.WEST: (0, -1),
}
_ARROWS = {Heading.NORTH: "^", Heading.SOUTH: "v", Heading.EAST: ">", Heading.WEST: "<"}
_HEADING_WORDS = {
    **{arrow: heading for heading, arrow in _ARROWS.items()},
    "n": Heading.NORTH,
    "north": Heading.NORTH,
    "up": Heading.NORTH,
    "s": Heading.SOUTH,
    "south": Heading.SOUTH,
    "e": Heading.EAST,
    "east": Heading.EAST,
    "right": Heading.EAST,
    "w": Heading.WEST,
    "west": Heading.WEST,
    "left": Heading.WEST,
}


class Axis(enum.StrEnum):
    ROW = "row"
    COLUMN = "column"


@dataclass(frozen=True, order=True, slots=True)
class Course:
    """The whole line a submarine runs along: its row if it heads across, its column if down.

    ``str(Course(Axis.ROW, 5)) == "row F"``, ``str(Course(Axis.COLUMN, 6)) == "column 7"``.
    """

    axis: Axis
    index: int

    def __post_init__(self) -> None:
        if not isinstance(self.index, int) or not 0 <= self.index < SIZE:
            raise InvalidCoordinate(f"{self.index!r} is not a row or column of the sea")

    def crosses(self, sector: int) -> bool:
        """Whether this line passes through ``sector``."""
        first = sector_cells(sector)[0]
        start = first.row if self.axis is Axis.ROW else first.col
        return start <= self.index < start + SECTOR_SIZE

    @property
    def cells(self) -> tuple[Coordinate, ...]:
        if self.axis is Axis.ROW:
            return tuple(Coordinate(self.index, col) for col in range(SIZE))
        return tuple(Coordinate(row, self.index) for row in range(SIZE))

    def __str__(self) -> str:
        name = ROW_LETTERS[self.index] if self.axis is Axis.ROW else str(self.index + 1)
        return f"{self.axis.value} {name}"

    @classmethod
    def parse(cls, text: str) -> Course:
        """Read ``"row F"`` or ``"column 7"`` back."""
        words = text.split() if isinstance(text, str) else []
        if len(words) == 2 and words[0] == Axis.ROW.value and words[1] in ROW_LETTERS[:SIZE]:
            return cls(Axis.ROW, ROW_LETTERS.index(words[1]))
        if len(words) == 2 and words[0] == Axis.COLUMN.value and words[1].isdigit():
            return cls(Axis.COLUMN, int(words[1]) - 1)
        raise BattleshipError(f"{text!r} is not a course such as 'row F' or 'column 7'")
