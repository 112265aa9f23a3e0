"""Small drawn boards for the learning pages, built from engine values, not drawn by hand.

A ``Diagram`` is what one picture shows: cells with their state (water, a ship of your
own, a miss, a hit, part of a sunk ship), the ships to draw whole, and for a heat map the
probability of each open cell. ``learn/_board.html`` draws it as an SVG with a title and
a description; the view gives those their words. Every picture comes from a position the
engine played (``learn.positions``), so what the page shows is what the game does.
"""

from __future__ import annotations

from dataclasses import dataclass

from battleship.classic import (
    ROW_LETTERS,
    Coordinate,
    Orientation,
    PlayerView,
    Ship,
    sunk_ship_cells,
)

CELL = 30
"""One cell, in SVG units; the row letters and column numbers take ``MARGIN`` more."""
MARGIN = 20


@dataclass(frozen=True, slots=True)
class DrawnCell:
    x: int
    y: int
    name: str
    state: str
    """``water``, ``miss``, ``hit`` or ``sunk`` (a hit cell of a sunk ship)."""
    heat: float | None = None
    """For a heat map: this cell's probability over the likeliest cell's (0 to 1)."""
    last: bool = False
    """Fired at by the player's last move: outlined."""

    @property
    def cx(self) -> int:
        return self.x + CELL // 2

    @property
    def cy(self) -> int:
        return self.y + CELL // 2


@dataclass(frozen=True, slots=True)
class DrawnShip:
    x: int
    y: int
    width: int
    height: int
    sunk: bool


@dataclass(frozen=True, slots=True)
class Diagram:
    """One board to draw: ``key`` is unique on its page (the SVG's ids are made from it)."""

    key: str
    size: int
    cells: tuple[DrawnCell, ...]
    ships: tuple[DrawnShip, ...] = ()
    heat: dict[Coordinate, float] | None = None
    """The whole heat map (probabilities summing to 1), for the words that go with it."""

    @property
    def extent(self) -> int:
        return MARGIN + CELL * self.size

    @property
    def columns(self) -> list[tuple[int, int]]:
        """Each column's number and the x of its label."""
        return [(c + 1, MARGIN + CELL * c + CELL // 2) for c in range(self.size)]

    @property
    def rows(self) -> list[tuple[str, int]]:
        """Each row's letter and the y of its label."""
        return [(ROW_LETTERS[r], MARGIN + CELL * r + CELL // 2 + 4) for r in range(self.size)]

    def likeliest(self, count: int = 3) -> list[tuple[str, float]]:
        """The ``count`` cells the heat map rates highest, as (name, percent), best first."""
        if not self.heat:
            return []
        ranked = sorted(self.heat.items(), key=lambda item: (-item[1], item[0]))
        return [(str(cell), round(100 * p, 1)) for cell, p in ranked[:count]]

    def least_likely(self) -> tuple[str, float] | None:
        """The open cell the heat map rates lowest (first in reading order among equals)."""
        if not self.heat:
            return None
        cell, p = min(self.heat.items(), key=lambda item: (item[1], item[0]))
        return str(cell), round(100 * p, 1)


def _ship(ship: Ship | tuple[Coordinate, ...], *, sunk: bool) -> DrawnShip:
    cells = ship.cells if isinstance(ship, Ship) else ship
    top = min(cells)
    across = len({c.row for c in cells}) == 1
    if isinstance(ship, Ship):
        across = ship.orientation is Orientation.H
    long = CELL * len(cells) - 4
    return DrawnShip(
        x=MARGIN + CELL * top.col + 2,
        y=MARGIN + CELL * top.row + 2,
        width=long if across else CELL - 4,
        height=CELL - 4 if across else long,
        sunk=sunk,
    )


def fleet_diagram(key: str, size: int, fleet: tuple[Ship, ...]) -> Diagram:
    """A player's own board before the first shot: the fleet as placed."""
    cells = tuple(
        DrawnCell(MARGIN + CELL * c, MARGIN + CELL * r, str(Coordinate(r, c)), "water")
        for r in range(size)
        for c in range(size)
    )
    return Diagram(key, size, cells, tuple(_ship(ship, sunk=False) for ship in fleet))


def target_diagram(
    key: str, view: PlayerView, *, heat: dict[Coordinate, float] | None = None
) -> Diagram:
    """The enemy's board as ``view``'s player sees it: misses, hits, the sunk ships where the
    shots pin them down, the last shot outlined, and, given one, a heat map over the open cells."""
    size = view.rules.board_size
    sunk = sunk_ship_cells(view)
    sunk_cells = {cell for cells in sunk.values() for cell in cells}
    fired = {shot.coord: shot.hit for shot in view.shots_fired}
    # The player's last move: one shot, a Salvo turn's shots, an air strike's square.
    mine = [move for move in view.moves if move.player == view.player]
    last = set(mine[-1].cells) if mine else set()
    most = max(heat.values(), default=0.0) if heat else 0.0
    cells = []
    for r in range(size):
        for c in range(size):
            cell = Coordinate(r, c)
            if cell in sunk_cells:
                state = "sunk"
            elif cell in fired:
                state = "hit" if fired[cell] else "miss"
            else:
                state = "water"
            share = None
            if heat is not None and state == "water":
                share = round(heat.get(cell, 0.0) / most, 3) if most > 0 else 0.0
            cells.append(
                DrawnCell(
                    MARGIN + CELL * c, MARGIN + CELL * r, str(cell), state, share, cell in last
                )
            )
    ships = tuple(_ship(tuple(sorted(found)), sunk=True) for found in sunk.values())
    return Diagram(key, size, tuple(cells), ships, heat)
