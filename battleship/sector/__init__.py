"""The sector game (docs/rules/sector.md), framework-free: a 12 x 12 sea in sixteen sectors, ships
with abilities (recon aircraft, barrage, sonar) and moving submarines.

A game family of its own beside the classic engine (``battleship.classic``), sharing only what is
truly the same: ``Coordinate``, ``Orientation``, ``GamePhase`` and the errors (every one a
``ValueError``). No Django, no I/O, no clock, no global random state.
"""

from battleship.coordinates import Coordinate, Orientation
from battleship.errors import BattleshipError, IllegalMove, InvalidCoordinate, InvalidPlacement
from battleship.phase import GamePhase
from battleship.sector.actions import (
    Action,
    Barrage,
    Recon,
    Shot,
    Sonar,
    SubMove,
    Turn,
    TurnChooser,
    turn_from_dict,
)
from battleship.sector.fleet import FLEET, SUBMARINES, Kind, Placement, Ship, random_placements
from battleship.sector.game import SectorGame, SectorState, sonar_courses
from battleship.sector.geometry import (
    ALL_CELLS,
    SECTORS,
    SIZE,
    Axis,
    Course,
    Heading,
    InvalidSector,
    numeral,
    parse_cell,
    parse_sector,
    sector_cells,
    sector_of,
)
from battleship.sector.view import Legal, Report, Result, SectorView, legal_for

__all__ = [
    "ALL_CELLS",
    "FLEET",
    "SECTORS",
    "SIZE",
    "SUBMARINES",
    "Action",
    "Axis",
    "Barrage",
    "BattleshipError",
    "Coordinate",
    "Course",
    "GamePhase",
    "Heading",
    "IllegalMove",
    "InvalidCoordinate",
    "InvalidPlacement",
    "InvalidSector",
    "Kind",
    "Legal",
    "Orientation",
    "Placement",
    "Recon",
    "Report",
    "Result",
    "SectorGame",
    "SectorState",
    "SectorView",
    "Ship",
    "Shot",
    "Sonar",
    "SubMove",
    "Turn",
    "TurnChooser",
    "legal_for",
    "numeral",
    "parse_cell",
    "parse_sector",
    "random_placements",
    "sector_cells",
    "sector_of",
    "sonar_courses",
    "turn_from_dict",
]
