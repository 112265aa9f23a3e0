"""The search game of ``Battleship-v0``: the agent fires alone at a hidden fleet.

Nobody fires back, as on the benchmark's range: ``SearchGame`` keeps the target board and
the shots, moves and reports as the agent knows them (the two-sided game is the engine's
``BattleshipGame`` instead).
"""

from __future__ import annotations

from collections.abc import Sequence

from battleship.classic import (
    AirStrike,
    Board,
    Coordinate,
    FiredShot,
    GroupReport,
    PlayedMove,
    PlayerView,
    RuleSet,
    Torpedo,
)
from battleship.classic.ai.benchmark import range_view
from battleship.classic.turns import ALLOWANCES

SHOOTER = 0
"""The agent's seat on the range (``range_view``'s player)."""


class SearchGame:
    """A hidden fleet, ``target``, fired at by one player, and what that player knows."""

    def __init__(self, rules: RuleSet, target: Board) -> None:
        self.rules = rules
        self.target = target
        self.fired: list[FiredShot] = []
        self.played: list[PlayedMove] = []  # the moves made (for weapons left)
        self.reports: list[GroupReport] = []

    @property
    def won(self) -> bool:
        """The whole target fleet sunk (never true of an empty board, as before a reset)."""
        return self.target.all_sunk

    def fire(self, cell: Coordinate) -> tuple[bool, str | None]:
        """Fire at ``cell``; whether it hit, and the ship it sank (announced or not)."""
        shot = self.target.receive_shot(cell)
        sunk = shot.sunk.name if shot.sunk else None
        announced = sunk if self.rules.names_sunk_ships else None
        self.fired.append(FiredShot(shot.coord, shot.hit, announced))
        return shot.hit, sunk

    def fire_turn(self, turn: Sequence[Coordinate]) -> GroupReport:
        """Under group reports: fire the turn's cells at once; what the defender announces."""
        hit: list[str | None] = []
        sank: list[str] = []
        for target in turn:
            shot = self.target.receive_shot(target)
            ship = self.target.ship_at(target)
            hit.append(ship.name if ship else None)
            sank += [shot.sunk.name] if shot.sunk else []
            self.fired.append(FiredShot(target, None))
        report = GroupReport.announce(self.rules, turn, hit, sank)
        self.reports.append(report)
        return report

    def use(self, move: AirStrike | Torpedo) -> list[tuple[bool, str | None]]:
        """Use a weapon; each shot it makes as ``fire`` answers it."""
        cells = move.targets(self.target)
        self.played.append(PlayedMove(SHOOTER, move, cells))
        return [self.fire(cell) for cell in cells]

    def turn_size(self) -> int:
        """The shots of a turn: what the rules give a fleet never hit, at most the cells left."""
        allowed = ALLOWANCES[self.rules.shots_per_turn](self.rules, self._fresh_fleet())
        size = self.rules.board_size
        return min(allowed, size * size - len(self.fired))

    def _fresh_fleet(self) -> Board:
        board = Board(self.rules)
        for ship in self.target.ships:
            board.place_ship(ship.name, ship.start, ship.orientation)
        return board

    def view(self, shots_left: int) -> PlayerView:
        """The shooter's view, with ``shots_left`` still to fire in the turn."""
        return range_view(
            self.rules,
            self.fired,
            shots_left,
            won=self.won,
            reports=self.reports,
            moves=self.played,
        )
