"""What an agent of ``Battleship-v0`` can do and what it earns: the integer actions as
moves (``Actions``), the rewards (``Rewards``), and the fleets it fires at.

An action is an integer. The first ``size * size`` fire at a cell, row by row (``B7`` is
16 on a 10 x 10 board); with special weapons an air strike centred on each cell follows,
then a torpedo from each edge (west, east, north, south) down each line.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from battleship.classic import (
    AirStrike,
    Board,
    Coordinate,
    Edge,
    Orientation,
    RuleSet,
    Torpedo,
    Weapon,
)
from battleship.envs.observations import UNKNOWN

Placement = tuple[str, Coordinate | str, Orientation | str]


@dataclass(frozen=True, slots=True)
class Rewards:
    """What each step earns. Pass your own as ``BattleshipEnv(rewards=Rewards(...))``.

    A legal shot earns ``step`` plus ``hit`` or ``miss``; ``sink`` more when it sinks a
    ship and the rules announce it (never under fog of war, where the agent is not told);
    ``win`` more when it sinks the last ship. In the two-sided game, ``loss`` when the
    opponent's reply sinks the agent's last ship. An illegal action (a cell already fired
    at) earns ``illegal`` and nothing else.

    With the defaults, every search game that sinks the fleet earns the same 17 hits,
    5 sinkings and the win: its return is ``37 - 0.1 x shots``, so the best return is the
    fewest shots, and the hit and sink rewards only make the signal denser.
    """

    hit: float = 1.0
    miss: float = 0.0
    sink: float = 2.0
    win: float = 10.0
    loss: float = -10.0
    step: float = -0.1
    illegal: float = -1.0


def _integer(action: np.int64 | int | np.ndarray, what: str) -> int:
    """An integer, a NumPy integer, or an integer array holding one value (as some agent
    libraries hand back): never 3.9 or "3"."""
    if isinstance(action, np.ndarray) and action.size == 1:
        action = action.reshape(())[()]
    try:
        return operator.index(action)
    except TypeError:
        raise ValueError(f"action {action!r} is not {what}") from None


@dataclass(frozen=True, slots=True)
class Actions:
    """The actions of a board of ``size`` (with the weapons' after the cells if
    ``weapons``), as moves and back."""

    size: int
    weapons: bool

    @property
    def count(self) -> int:
        cells = self.size * self.size
        return cells + (cells + 4 * self.size if self.weapons else 0)

    def cell(self, action: np.int64 | int | np.ndarray) -> Coordinate:
        """The cell an action fires at; ``ValueError`` for anything but a cell's action."""
        last = self.size * self.size - 1
        index = _integer(action, f"a cell: an integer 0 to {last}")
        if not 0 <= index <= last:
            raise ValueError(f"action {index} is not a cell: 0 to {last}")
        return Coordinate(*divmod(index, self.size))

    def of_cell(self, cell: Coordinate | str | tuple[int, int]) -> int:
        """The action that fires at ``cell``; ``ValueError`` unless it is on the board."""
        coord = Coordinate.coerce(cell, self.size)
        if not coord.in_bounds(self.size):
            raise ValueError(f"{coord!r} is not on the {self.size} x {self.size} board")
        return coord.row * self.size + coord.col

    def torpedoes(self) -> list[Torpedo]:
        """The torpedo of each torpedo action, in the actions' order."""
        return [Torpedo(edge, line) for edge in Edge for line in range(self.size)]

    def decode(self, action: np.int64 | int | np.ndarray) -> Coordinate | AirStrike | Torpedo:
        """What an action does: fire at a cell, or (with special weapons) an air strike
        centred on a cell, or a torpedo; ``ValueError`` for anything but such an action."""
        cells = self.size * self.size
        index = _integer(action, "an integer action")
        if not self.weapons or index < cells:
            return self.cell(index)
        if index < 2 * cells:
            return AirStrike(Coordinate(*divmod(index - cells, self.size)))
        if index < self.count:
            return self.torpedoes()[index - 2 * cells]
        raise ValueError(f"action {index} is not an action: 0 to {self.count - 1}")

    def of_weapon(self, move: AirStrike | Torpedo) -> int:
        """The action of an air strike or a torpedo."""
        if isinstance(move, Torpedo):
            return 2 * self.size * self.size + self.torpedoes().index(move)
        return self.size * self.size + move.center.row * self.size + move.center.col

    def mask(self, grid: NDArray[np.int8], weapons_left: Mapping[Weapon, int]) -> NDArray[np.int8]:
        """1 for every action that fires at a cell not yet fired at (``grid``'s unknown
        cells): a cell, a weapon left whose square or path holds one."""
        cells: NDArray[np.int8] = (grid.reshape(-1) == UNKNOWN).astype(np.int8)
        if not self.weapons:
            return cells
        size = self.size
        open_cells = grid == UNKNOWN
        strikes = np.zeros(size * size, dtype=np.int8)
        if weapons_left.get(Weapon.AIR_STRIKE, 0) > 0:
            for index in range(size * size):
                square = AirStrike(Coordinate(*divmod(index, size))).square(size)
                strikes[index] = any(open_cells[c.row, c.col] for c in square)
        torpedoes = np.zeros(4 * size, dtype=np.int8)
        if weapons_left.get(Weapon.TORPEDO, 0) > 0:
            for index, torpedo in enumerate(self.torpedoes()):
                torpedoes[index] = any(open_cells[c.row, c.col] for c in torpedo.path(size))
        mask: NDArray[np.int8] = np.concatenate([cells, strikes, torpedoes])
        return mask


def target_fleet(rules: RuleSet, seed: int, episode: int) -> list[Placement]:
    """The fleet of ``episode`` for ``seed``: ``bench_ai``'s fleet of game ``episode``.

    The same derivation as ``battleship.classic.ai.benchmark.random_fleets`` (a test holds them
    equal), computed for one game without the ones before it.
    """
    board = Board.random_placement(rules, random.Random(f"{seed}:bench:{episode}"))
    return [(ship.name, ship.start, ship.orientation) for ship in board.ships]


def fleet_board(rules: RuleSet, fleet: Iterable[Sequence[Any]]) -> Board:
    """A board with ``fleet`` placed; ``ValueError`` unless it is the rules' whole fleet."""
    board = Board(rules)
    try:
        placements = [tuple(placement) for placement in fleet]
    except TypeError:
        raise ValueError("a fleet is a list of (name, start, orientation) placements") from None
    for placement in placements:
        if len(placement) != 3:
            raise ValueError(f"{placement!r} is not a (name, start, orientation) placement")
        board.place_ship(*placement)
    if not board.is_complete:
        raise ValueError("the fleet to fire at must have every ship of the rules")
    return board
