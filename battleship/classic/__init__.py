"""The classic game of Battleship, framework-free: the engine contract of docs/rules/classic.md.

The web app, the terminal game and the training environment all play through this package.
It imports nothing from Django, does no I/O, reads no clock and touches no global random
state: randomness comes in as a seed or a ``random.Random``.
"""

from battleship.classic.board import Board, Ship, ShotResult
from battleship.classic.deduction import sunk_ship_cells
from battleship.classic.game import BattleshipGame, GameState
from battleship.classic.groups import GroupDeduction, deduce_groups
from battleship.classic.moves import (
    AirStrike,
    Edge,
    Fire,
    Move,
    MoveChooser,
    Torpedo,
    move_from_dict,
)
from battleship.classic.rules import (
    FIVE_SHOT_FLEET,
    STANDARD_FLEET,
    Announcement,
    FirstPlayer,
    GameEnd,
    RuleSet,
    ShipSpec,
    ShotsPerTurn,
    Weapon,
)
from battleship.classic.turns import Outcome
from battleship.classic.view import (
    FiredShot,
    GroupReport,
    MoveResult,
    PlayedMove,
    PlayerView,
    Shot,
    SpectatorView,
)
from battleship.coordinates import ROW_LETTERS, Coordinate, Orientation
from battleship.errors import BattleshipError, IllegalMove, InvalidCoordinate, InvalidPlacement
from battleship.phase import GamePhase

__all__ = [
    "FIVE_SHOT_FLEET",
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
    "GroupDeduction",
    "GroupReport",
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
    "SpectatorView",
    "Torpedo",
    "Weapon",
    "deduce_groups",
    "move_from_dict",
    "sunk_ship_cells",
]
