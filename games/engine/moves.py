"""Moves: what a player does on a turn, as values of the engine's own vocabulary.

A move is stored as it is made (a game is its rules, its seed, both fleets and its ordered
moves) and ``BattleshipGame.play`` validates and applies any of them whole. Today the classic
game has one kind, ``Fire``: one shot, or a volley of several under rules that allow more
than one a turn. Other kinds (the special weapons, the sector game's actions) join it as
classes of their own with the same shape: frozen, ``to_dict``/``from_dict``, and ``str``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from games.engine.coordinates import Coordinate
from games.engine.errors import BattleshipError, IllegalMove


@dataclass(frozen=True, slots=True)
class Fire:
    """Shots at one or more cells of the enemy board, fired together in one turn.

    The standard game fires one cell a turn; Salvo and the five-shot rules fire several,
    all chosen before any is announced. ``Fire.parse("B7 C8")`` reads a typed volley and
    ``str(move)`` writes it back.
    """

    cells: tuple[Coordinate, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.cells, tuple) or not all(
            isinstance(cell, Coordinate) for cell in self.cells
        ):
            raise BattleshipError("a volley is a tuple of cells")
        if not self.cells:
            raise IllegalMove("choose at least one cell to fire at")
        seen: set[Coordinate] = set()
        for cell in self.cells:
            if cell in seen:
                raise IllegalMove(f"{cell} is chosen twice in one volley")
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


Move = Fire
"""Any move of the classic game (a union as further kinds join)."""


def move_from_dict(data: object, board_size: int = 10) -> Move:
    """A move read back from its ``to_dict`` form; ``BattleshipError`` for anything else."""
    if isinstance(data, dict) and set(data) == {"fire"} and isinstance(data["fire"], list):
        labels: Iterable[object] = data["fire"]
        if all(isinstance(label, str) for label in labels):
            return Fire(tuple(Coordinate.parse(str(label), board_size) for label in labels))
    raise BattleshipError(f"not a stored move: {data!r}")


class MoveChooser(Protocol):
    """Whatever chooses a player's moves from that player's view: a computer player, say."""

    def choose_move(self, view: Any) -> Move:
        """The next move for the player whose view this is; it must be legal now."""
        ...
