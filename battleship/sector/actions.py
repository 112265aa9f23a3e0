"""A turn of the sector game as values (docs/rules/sector.md): an action, then an optional move.

The actions are ``Shot`` (any ship afloat), ``Barrage`` (the Battleship, three cells),
``Recon`` (the Carrier's aircraft over a sector) and ``Sonar`` (the Destroyer's, over a
sector); ``SubMove`` moves one submarine a cell the way it heads. A ``Turn`` holds an action
and the move, if any. Each is frozen, converts to a plain dict and back, and reads as text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from battleship.coordinates import Coordinate
from battleship.errors import BattleshipError, IllegalMove
from battleship.sector.fleet import SPECS, SUBMARINES
from battleship.sector.geometry import numeral, parse_cell, parse_sector


def _ship_name(name: object) -> str:
    if not isinstance(name, str) or name not in SPECS:
        raise IllegalMove(f"{name!r} is not a ship of the fleet ({', '.join(SPECS)})")
    return name


def _sector(value: object) -> int:
    if not isinstance(value, (int, str)):
        raise IllegalMove(f"{value!r} is not a sector")
    return parse_sector(value)


def _sector_number(value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove(f"{value!r} is not a sector number (1 to 16)")
    parse_sector(value)


def _cell(value: object) -> Coordinate:
    if isinstance(value, Coordinate):
        if not value.in_bounds(12):
            raise IllegalMove(f"{value} is off the sea (A1 to L12)")
        return value
    if isinstance(value, str):
        return parse_cell(value)
    raise IllegalMove(f"{value!r} is not a cell")


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot from ``ship`` at ``cell``; the sector of the ship's bridge is announced."""

    ship: str
    cell: Coordinate

    def __post_init__(self) -> None:
        _ship_name(self.ship)
        _cell(self.cell)

    @classmethod
    def at(cls, ship: str, cell: Coordinate | str) -> Shot:
        return cls(ship, _cell(cell))

    def to_dict(self) -> dict[str, Any]:
        return {"action": "shot", "ship": self.ship, "cell": str(self.cell)}

    def __str__(self) -> str:
        return f"{self.ship} fires at {self.cell}"


@dataclass(frozen=True, slots=True)
class Barrage:
    """The Battleship's three shots at distinct cells; only the number of hits is told."""

    cells: tuple[Coordinate, Coordinate, Coordinate]

    def __post_init__(self) -> None:
        if not isinstance(self.cells, tuple) or len(self.cells) != 3:
            raise IllegalMove("a barrage fires at exactly three cells", kind="barrage_three")
        for cell in self.cells:
            _cell(cell)
        if len(set(self.cells)) != 3:
            raise IllegalMove("a barrage fires at three different cells", kind="barrage_different")

    @classmethod
    def at(cls, *cells: Coordinate | str) -> Barrage:
        parsed = tuple(_cell(cell) for cell in cells)
        if len(parsed) != 3:
            raise IllegalMove("a barrage fires at exactly three cells", kind="barrage_three")
        return cls((parsed[0], parsed[1], parsed[2]))

    def to_dict(self) -> dict[str, Any]:
        return {"action": "barrage", "cells": [str(c) for c in self.cells]}

    def __str__(self) -> str:
        return "Barrage at " + ", ".join(str(c) for c in self.cells)


@dataclass(frozen=True, slots=True)
class Recon:
    """The Carrier's aircraft over ``sector``: every cell there a surface ship occupies."""

    sector: int

    def __post_init__(self) -> None:
        _sector_number(self.sector)

    @classmethod
    def over(cls, sector: int | str) -> Recon:
        """``Recon.over("XIV")``: a sector by numeral or number."""
        return cls(_sector(sector))

    def to_dict(self) -> dict[str, Any]:
        return {"action": "recon", "sector": numeral(self.sector)}

    def __str__(self) -> str:
        return f"Recon over {numeral(self.sector)}"


@dataclass(frozen=True, slots=True)
class Sonar:
    """The Destroyer's sonar over ``sector``: the courses of submarines crossing it."""

    sector: int

    def __post_init__(self) -> None:
        _sector_number(self.sector)

    @classmethod
    def over(cls, sector: int | str) -> Sonar:
        """``Sonar.over("XIV")``: a sector by numeral or number."""
        return cls(_sector(sector))

    def to_dict(self) -> dict[str, Any]:
        return {"action": "sonar", "sector": numeral(self.sector)}

    def __str__(self) -> str:
        return f"Sonar over {numeral(self.sector)}"


Action = Shot | Barrage | Recon | Sonar


@dataclass(frozen=True, slots=True)
class SubMove:
    """One submarine one cell the way it heads, after the action."""

    submarine: str

    def __post_init__(self) -> None:
        if self.submarine not in SUBMARINES:
            raise IllegalMove(f"{self.submarine!r} is not a submarine ({', '.join(SUBMARINES)})")

    def __str__(self) -> str:
        return f"{self.submarine} moves"


@dataclass(frozen=True, slots=True)
class Turn:
    """A whole turn: the action, then the submarine move if one is made."""

    action: Action
    move: SubMove | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.action, (Shot, Barrage, Recon, Sonar)):
            raise BattleshipError(f"{self.action!r} is not an action of the sector game")
        if self.move is not None and not isinstance(self.move, SubMove):
            raise BattleshipError(f"{self.move!r} is not a submarine move")

    def to_dict(self) -> dict[str, Any]:
        """The form a game's log stores: the action's dict, plus ``"move"`` if a sub moved."""
        data = self.action.to_dict()
        if self.move is not None:
            data["move"] = self.move.submarine
        return data

    def __str__(self) -> str:
        return f"{self.action}" + (f"; {self.move}" if self.move else "")


_KEYS = {
    "shot": {"ship", "cell"},
    "barrage": {"cells"},
    "recon": {"sector"},
    "sonar": {"sector"},
}


def turn_from_dict(data: object) -> Turn:
    """A turn read back from its ``to_dict`` form; ``BattleshipError`` for anything else."""
    if not isinstance(data, dict) or data.get("action") not in _KEYS:
        raise BattleshipError(f"not a stored turn: {data!r}")
    kind = data["action"]
    keys = set(data) - {"action", "move"}
    if keys != _KEYS[kind]:
        raise BattleshipError(f"a stored {kind} holds {sorted(_KEYS[kind])}, not {sorted(keys)}")
    action: Action
    if kind == "shot":
        action = Shot(_ship_name(data["ship"]), _cell(data["cell"]))
    elif kind == "barrage":
        cells = data["cells"]
        if not isinstance(cells, list):
            raise BattleshipError(f"a barrage's cells are a list, not {cells!r}")
        action = Barrage.at(*cells)
    elif kind == "recon":
        action = Recon(_sector(data["sector"]))
    else:
        action = Sonar(_sector(data["sector"]))
    move = data.get("move")
    if move is not None and not isinstance(move, str):
        raise BattleshipError(f"a stored move names a submarine, not {move!r}")
    return Turn(action, SubMove(move) if move is not None else None)


class TurnChooser(Protocol):
    """Whatever chooses a player's turns from that player's view: a computer player, say."""

    def choose_move(self, view: Any) -> Turn:
        """The next turn for the player whose view this is; it must be legal now."""
        ...
