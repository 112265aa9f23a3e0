"""The rules of Battleship, framework-free: the contract of rules/001.

The web app, the terminal game and the training environment all play through this package.
It imports nothing from Django, does no I/O, reads no clock and touches no global random
state: randomness comes in as a seed or a ``random.Random``.
"""

from games.engine.board import Board, Ship, ShotResult
from games.engine.coordinates import ROW_LETTERS, Coordinate, Orientation
from games.engine.deduction import sunk_ship_cells
from games.engine.errors import BattleshipError, IllegalMove, InvalidCoordinate, InvalidPlacement
from games.engine.game import (
    BattleshipGame,
    FiredShot,
    GamePhase,
    GameState,
    MoveResult,
    PlayedMove,
    PlayerView,
    Shot,
)
from games.engine.moves import AirStrike, Edge, Fire, Move, MoveChooser, Torpedo, move_from_dict
from games.engine.rules import (
    STANDARD_FLEET,
    Announcement,
    FirstPlayer,
    GameEnd,
    RuleSet,
    ShipSpec,
    ShotsPerTurn,
    Weapon,
)
from games.engine.turns import Outcome

__all__ = [
    "ROW_LETTERS",
    "STANDARD_FLEET",
    "AirStrike",
    "Announcement",
    "BattleshipError",
    "BattleshipGame",
    "Board",
    "Coordinate",
    "Edge",
    "Fire",
    "FiredShot",
    "FirstPlayer",
    "GameEnd",
    "GamePhase",
    "GameState",
    "IllegalMove",
    "InvalidCoordinate",
    "InvalidPlacement",
    "Move",
    "MoveChooser",
    "MoveResult",
    "Orientation",
    "Outcome",
    "PlayedMove",
    "PlayerView",
    "RuleSet",
    "Ship",
    "ShipSpec",
    "Shot",
    "ShotResult",
    "ShotsPerTurn",
    "Torpedo",
    "Weapon",
    "move_from_dict",
    "sunk_ship_cells",
]
