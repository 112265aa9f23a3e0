"""Moves: what a player does on a turn, as values of the engine's own vocabulary.

A move is stored as it is made (a game is its rules, its seed, both fleets and its ordered
moves) and ``BattleshipGame.play`` validates and applies any of them whole. The classic
game has three kinds, each a frozen value with ``to_dict`` (read back by
``move_from_dict``) and ``str``:

- ``Fire``: one shot, or a volley of several under rules that allow more than one a turn;
- ``AirStrike`` and ``Torpedo``: docs/rules/special-weapons.md, each a whole turn.

Each says which cells of the enemy board it strikes (``targets``), given that board: the
engine fires at those cells, one shot each, announced as shots are.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from battleship.classic.board import Board
from battleship.classic.rules import Weapon
from battleship.coordinates import ROW_LETTERS, Coordinate
from battleship.errors import BattleshipError, IllegalMove, InvalidCoordinate


@dataclass(frozen=True, slots=True)
class Fire:
    """Shots at one or more cells of the enemy board, fired together in one turn.

    The standard game fires one cell a turn; Salvo and the five-shot rules fire several,
    all chosen before any is announced. ``Fire.parse("B7 C8")`` reads a typed volley and
    ``str(move)`` writes it back.
    """

    cells: tuple[Coordinate, ...]
    weapon: ClassVar[Weapon | None] = None

    def __post_init__(self) -> None:
        if not isinstance(self.cells, tuple) or not all(
            isinstance(cell, Coordinate) for cell in self.cells
        ):
            raise BattleshipError("a volley is a tuple of cells")
        if not self.cells:
            raise IllegalMove("choose at least one cell to fire at", kind="no_cells")
        seen: set[Coordinate] = set()
        for cell in self.cells:
            if cell in seen:
                raise IllegalMove(
                    f"{cell} is chosen twice in one volley", kind="chosen_twice", cell=str(cell)
                )
            seen.add(cell)

    @classmethod
    def at(cls, *cells: Coordinate | str | tuple[int, int], board_size: int = 10) -> Fire:
        """A volley at ``cells``, each a ``Coordinate``, a label like ``"B7"`` or a pair."""
        return cls(tuple(Coordinate.coerce(cell, board_size) for cell in cells))

    @classmethod
    def parse(cls, text: str, board_size: int = 10) -> Fire:
        """Cells typed one after another, separated by spaces or commas: ``"B7 C8, D9"``.

        A cell may be written with a space inside (``"B 10"``): a letter alone joins the
        number after it.
        """
        words = text.replace(",", " ").split()
        labels: list[str] = []
        for word in words:
            if labels and labels[-1].isalpha():
                labels[-1] += word
            else:
                labels.append(word)
        return cls(tuple(Coordinate.parse(label, board_size) for label in labels))

    def __str__(self) -> str:
        return " ".join(str(cell) for cell in self.cells)

    def to_dict(self) -> dict[str, Any]:
        """The form a game's move log stores: ``{"fire": ["B7", "C8"]}``."""
        return {"fire": [str(cell) for cell in self.cells]}

    def targets(self, board: Board) -> tuple[Coordinate, ...]:
        """The cells fired at: all of this volley's, each on the board and not fired at."""
        return tuple(board.check_shot(cell) for cell in self.cells)


@dataclass(frozen=True, slots=True)
class AirStrike:
    """An air strike: every open cell of the 3 x 3 square centred on ``center``, cut by
    the board's edge, each announced as a shot."""

    center: Coordinate
    weapon: ClassVar[Weapon | None] = Weapon.AIR_STRIKE

    def __post_init__(self) -> None:
        if not isinstance(self.center, Coordinate):
            raise BattleshipError("an air strike is centred on a cell")

    def __str__(self) -> str:
        return f"air strike on {self.center}"

    def to_dict(self) -> dict[str, Any]:
        return {"air_strike": str(self.center)}

    def square(self, board_size: int) -> tuple[Coordinate, ...]:
        """The square's cells on the board, row by row."""
        row, col = self.center.row, self.center.col
        return tuple(
            Coordinate(r, c)
            for r in range(row - 1, row + 2)
            for c in range(col - 1, col + 2)
            if 0 <= r < board_size and 0 <= c < board_size
        )

    def targets(self, board: Board) -> tuple[Coordinate, ...]:
        size = board.rules.board_size
        if not self.center.in_bounds(size):
            raise IllegalMove(f"{self.center!r} is off the board")
        cells = tuple(cell for cell in self.square(size) if not board.fired_at(cell))
        if not cells:
            raise IllegalMove(
                f"every cell around {self.center} has been fired at already",
                kind="strike_all_fired",
                cell=str(self.center),
            )
        return cells


class Edge(enum.StrEnum):
    """The edge a torpedo is launched from; it runs across the board away from it."""

    WEST = "west"
    """From the left, along a row."""
    EAST = "east"
    """From the right, along a row."""
    NORTH = "north"
    """From the top, down a column."""
    SOUTH = "south"
    """From the bottom, up a column."""

    @property
    def along_row(self) -> bool:
        return self in (Edge.WEST, Edge.EAST)


@dataclass(frozen=True, slots=True)
class Torpedo:
    """A torpedo launched from ``edge`` along row or column ``line`` (an index from 0): it
    runs until the first ship cell not yet hit, which is hit, or off the far edge ("no
    contact"). The cells it passed are not announced."""

    edge: Edge
    line: int
    weapon: ClassVar[Weapon | None] = Weapon.TORPEDO

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "edge", Edge(self.edge))
        except ValueError:
            choices = ", ".join(edge.value for edge in Edge)
            raise IllegalMove(f"a torpedo is launched from the {choices} edge") from None
        if not isinstance(self.line, int) or isinstance(self.line, bool) or self.line < 0:
            raise IllegalMove(f"a torpedo runs along a row or a column, not {self.line!r}")

    @property
    def line_label(self) -> str:
        """The row's letter or the column's number, as a person reads it."""
        if self.edge.along_row:
            return f"row {ROW_LETTERS[self.line]}" if self.line < len(ROW_LETTERS) else "?"
        return f"column {self.line + 1}"

    def __str__(self) -> str:
        return f"torpedo from the {self.edge.value} along {self.line_label}"

    def to_dict(self) -> dict[str, Any]:
        return {"torpedo": {"from": self.edge.value, "line": self.line}}

    def path(self, board_size: int) -> tuple[Coordinate, ...]:
        """The cells the torpedo runs through, in the order it reaches them."""
        steps = range(board_size)
        if self.edge in (Edge.EAST, Edge.SOUTH):
            steps = range(board_size - 1, -1, -1)
        if self.edge.along_row:
            return tuple(Coordinate(self.line, c) for c in steps)
        return tuple(Coordinate(r, self.line) for r in steps)

    def targets(self, board: Board) -> tuple[Coordinate, ...]:
        size = board.rules.board_size
        if self.line >= size:
            raise IllegalMove(
                f"there is no {self.line_label} on this board",
                kind="no_such_line",
                axis="row" if self.edge.along_row else "column",
                name=self.line_label.split()[-1],
            )
        for cell in self.path(size):
            if board.ship_at(cell) is not None and not board.fired_at(cell):
                return (cell,)
        return ()

    def passed(self, board_size: int, struck: Coordinate | None) -> tuple[Coordinate, ...]:
        """The cells it ran through before striking ``struck`` (all of them if None)."""
        path = self.path(board_size)
        return path if struck is None else path[: path.index(struck)]


Move = Fire | AirStrike | Torpedo
"""Any move of the classic game."""


def move_from_dict(data: object, board_size: int = 10) -> Move:
    """A move read back from its ``to_dict`` form; ``BattleshipError`` for anything else."""
    try:
        if isinstance(data, dict) and len(data) == 1:
            ((kind, value),) = data.items()
            if kind == "fire" and isinstance(value, list):
                labels: Iterable[object] = value
                if all(isinstance(label, str) for label in labels):
                    return Fire(tuple(Coordinate.parse(str(v), board_size) for v in labels))
            if kind == "air_strike" and isinstance(value, str):
                return AirStrike(Coordinate.parse(value, board_size))
            if kind == "torpedo" and isinstance(value, dict) and set(value) == {"from", "line"}:
                return Torpedo(value["from"], value["line"])
    except InvalidCoordinate:
        pass
    raise BattleshipError(f"not a stored move: {data!r}")


class MoveChooser(Protocol):
    """Whatever chooses a player's moves from that player's view: a computer player, say."""

    def choose_move(self, view: Any) -> Move:
        """The next move for the player whose view this is; it must be legal now."""
        ...
