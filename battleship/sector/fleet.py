"""The sector game's fleet (docs/rules/sector.md): ships with bridges, submarines with headings.

A ``Ship`` is a frozen value: where it lies now, which of its cells are hit, whether it is
afloat. The game replaces a ship's value when it is hit or, for a submarine, when it moves.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from battleship.coordinates import Coordinate, Orientation
from battleship.errors import BattleshipError, InvalidPlacement
from battleship.sector.geometry import SIZE, Heading, on_board, parse_cell, sector_of


class Kind(enum.StrEnum):
    """What a ship can do besides shooting: the Carrier's recon aircraft, the Battleship's
    barrage, the Destroyer's sonar; submarines move and sink at the first hit."""

    CARRIER = "carrier"
    BATTLESHIP = "battleship"
    DESTROYER = "destroyer"
    SUBMARINE = "submarine"


@dataclass(frozen=True, slots=True)
class ShipSpec:
    name: str
    kind: Kind
    length: int
    bridge: int
    """Index of the bridge from the ship's first cell (left or top); for a submarine, from
    its stern (see ``Ship.bridge``)."""


FLEET: tuple[ShipSpec, ...] = (
    ShipSpec("Carrier", Kind.CARRIER, 5, 2),
    # The Battleship's bow is its first cell (left or top): docs/rules/sector.md, 'The fleet'.
    ShipSpec("Battleship", Kind.BATTLESHIP, 4, 1),
    ShipSpec("Destroyer", Kind.DESTROYER, 3, 1),
    ShipSpec("Submarine", Kind.SUBMARINE, 2, 0),
    ShipSpec("Second Submarine", Kind.SUBMARINE, 2, 0),
)
SPECS = {spec.name: spec for spec in FLEET}
SUBMARINES = tuple(spec.name for spec in FLEET if spec.kind is Kind.SUBMARINE)


def is_submarine(name: str) -> bool:
    """Whether the ship called ``name`` is a submarine."""
    return name in SUBMARINES


def spec(name: str) -> ShipSpec:
    if not isinstance(name, str) or name not in SPECS:
        known = ", ".join(SPECS)
        raise InvalidPlacement(f"{name!r} is not a ship of the fleet ({known})")
    return SPECS[name]


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a ship starts: its first cell (left or top), how it lies, and for a submarine
    the way it heads (which also says how it lies)."""

    name: str
    start: Coordinate
    orientation: Orientation
    heading: Heading | None = None

    @classmethod
    def of(cls, name: str, start: Coordinate | str, lie: Orientation | Heading | str) -> Placement:
        """A placement from what a person writes: ``("Carrier", "B2", "across")``,
        ``("Submarine", "F6", "^")``. A submarine takes a heading, any other ship an
        orientation."""
        ship = spec(name)
        cell = start if isinstance(start, Coordinate) else parse_cell(start)
        if ship.kind is Kind.SUBMARINE:
            if not isinstance(lie, Heading):
                try:
                    lie = Heading(lie)
                except ValueError:
                    raise InvalidPlacement(
                        f"a submarine heads north, south, east or west (^ v > <), not {lie!r}"
                    ) from None
            return cls(name, cell, lie.orientation, lie)
        if isinstance(lie, Heading):
            raise InvalidPlacement(f"the {name} does not move: place it across or down")
        try:
            return cls(name, cell, Orientation(lie))
        except ValueError:
            raise InvalidPlacement(f"a ship lies across or down, not {lie!r}") from None

    def to_dict(self) -> dict[str, Any]:
        lie = self.heading.value if self.heading else self.orientation.value
        return {"ship": self.name, "cell": str(self.start), "lie": lie}

    @classmethod
    def from_dict(cls, data: object) -> Placement:
        if not isinstance(data, dict) or set(data) != {"ship", "cell", "lie"}:
            raise BattleshipError(f"not a stored placement: {data!r}")
        return cls.of(data["ship"], data["cell"], data["lie"])


def _cells(start: Coordinate, orientation: Orientation, length: int) -> tuple[Coordinate, ...]:
    dr, dc = orientation.step
    return tuple(Coordinate(start.row + dr * i, start.col + dc * i) for i in range(length))


@dataclass(frozen=True, slots=True)
class Ship:
    """One ship as it is now. ``cells`` run from the first cell (left or top)."""

    name: str
    kind: Kind
    cells: tuple[Coordinate, ...]
    orientation: Orientation
    heading: Heading | None = None
    hits: frozenset[Coordinate] = field(default_factory=frozenset)
    afloat: bool = True

    @classmethod
    def placed(cls, placement: Placement) -> Ship:
        """The ship at ``placement``; ``InvalidPlacement`` if it leaves the sea."""
        ship = spec(placement.name)
        start = placement.start
        dr, dc = placement.orientation.step
        end = (start.row + dr * (ship.length - 1), start.col + dc * (ship.length - 1))
        if not on_board(start.row, start.col) or not on_board(*end):
            raise InvalidPlacement(
                f"the {ship.name} at {start} would leave the sea",
                kind="leave_sea",
                ship=ship.name,
                cell=str(start),
            )
        if (ship.kind is Kind.SUBMARINE) != (placement.heading is not None):
            raise InvalidPlacement(f"only a submarine has a heading ({ship.name})")
        cells = _cells(start, placement.orientation, ship.length)
        return cls(ship.name, ship.kind, cells, placement.orientation, placement.heading)

    @property
    def is_submarine(self) -> bool:
        return self.kind is Kind.SUBMARINE

    @property
    def bridge(self) -> Coordinate:
        """The cell whose sector a shot from this ship announces. A submarine's bridge is
        astern: the cell away from the way it heads."""
        if self.heading is None:
            return self.cells[SPECS[self.name].bridge]
        ahead = self.heading in (Heading.EAST, Heading.SOUTH)
        return self.cells[0] if ahead else self.cells[-1]

    @property
    def bow(self) -> Coordinate:
        """A submarine's front cell (the bridge's other end); for other ships the first cell."""
        if self.heading in (Heading.EAST, Heading.SOUTH):
            return self.cells[-1]
        return self.cells[0]

    @property
    def sector(self) -> int:
        """The sector of the bridge (docs/rules/sector.md, 'A turn')."""
        return sector_of(self.bridge)

    @property
    def placement(self) -> Placement:
        return Placement(self.name, self.cells[0], self.orientation, self.heading)

    def moved(self) -> Ship:
        """This submarine one cell further the way it heads (the caller checks it may)."""
        if self.heading is None:
            raise BattleshipError(f"the {self.name} cannot move")
        dr, dc = self.heading.step
        return replace(self, cells=tuple(Coordinate(c.row + dr, c.col + dc) for c in self.cells))

    def next_cells(self) -> tuple[Coordinate, ...] | None:
        """Where this submarine would lie after a move, or None at the edge of the sea."""
        if self.heading is None:
            return None
        dr, dc = self.heading.step
        moved = [(c.row + dr, c.col + dc) for c in self.cells]
        if not all(on_board(r, c) for r, c in moved):
            return None
        return tuple(Coordinate(r, c) for r, c in moved)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship": self.name,
            "cells": [str(c) for c in self.cells],
            "heading": self.heading.value if self.heading else None,
            "bridge": str(self.bridge),
            "hits": sorted(str(c) for c in self.hits),
            "afloat": self.afloat,
        }


def check_spacing(ships: Sequence[Ship], new: Ship) -> None:
    """``InvalidPlacement`` unless ``new`` keeps one clear cell, corners included, from
    every ship already placed (docs/rules/sector.md) and is not one of them."""
    for other in ships:
        if other.name == new.name:
            raise InvalidPlacement(
                f"the {new.name} is already placed", kind="already_placed", ship=new.name
            )
        for cell in new.cells:
            for own in other.cells:
                if abs(cell.row - own.row) <= 1 and abs(cell.col - own.col) <= 1:
                    what = "overlap" if cell == own else "be closer than one cell to"
                    raise InvalidPlacement(
                        f"the {new.name} would {what} the {other.name}",
                        kind="overlap_ship" if cell == own else "too_close",
                        ship=new.name,
                        other=other.name,
                    )


def build_fleet(placements: Iterable[Placement]) -> tuple[Ship, ...]:
    """The whole fleet from its placements, in the order of ``FLEET``; ``InvalidPlacement``
    for any ship off the sea, too close to another, twice or missing."""
    ships: list[Ship] = []
    for placement in placements:
        ship = Ship.placed(placement)
        check_spacing(ships, ship)
        ships.append(ship)
    missing = [s.name for s in FLEET if s.name not in {ship.name for ship in ships}]
    if missing:
        raise InvalidPlacement(
            f"the fleet is incomplete: no {', '.join(missing)}", kind="fleet_incomplete"
        )
    order = {s.name: i for i, s in enumerate(FLEET)}
    return tuple(sorted(ships, key=lambda ship: order[ship.name]))


def random_placements(rng: random.Random, keep: Sequence[Placement] = ()) -> tuple[Placement, ...]:
    """A legal fleet, each ship uniform among the places left for it (largest first),
    around the ships of ``keep`` (placed by hand) when they leave room for the rest."""
    for _attempt in range(100):  # a dead end (no room left) is rare on a 12 x 12 sea
        ships = [Ship.placed(p) for p in keep]
        for ship_spec in FLEET:
            if any(ship.name == ship_spec.name for ship in ships):
                continue
            options = []
            for placement in _all_placements(ship_spec):
                ship = Ship.placed(placement)
                try:
                    check_spacing(ships, ship)
                except InvalidPlacement:
                    continue
                options.append(ship)
            if not options:
                break
            ships.append(rng.choice(options))
        else:
            order = {s.name: i for i, s in enumerate(FLEET)}
            return tuple(ship.placement for ship in sorted(ships, key=lambda s: order[s.name]))
    if keep:  # the ships placed by hand leave no room for the rest: a whole new fleet
        return random_placements(rng)
    raise RuntimeError("no room for a fleet")  # never on an empty 12 x 12 sea


def _all_placements(ship: ShipSpec) -> list[Placement]:
    lies: list[tuple[Orientation, Heading | None]]
    if ship.kind is Kind.SUBMARINE:
        lies = [(h.orientation, h) for h in Heading]
    else:
        lies = [(Orientation.H, None), (Orientation.V, None)]
    out = []
    for orientation, heading in lies:
        dr, dc = orientation.step
        for row in range(SIZE - dr * (ship.length - 1)):
            for col in range(SIZE - dc * (ship.length - 1)):
                out.append(Placement(ship.name, Coordinate(row, col), orientation, heading))
    return out
