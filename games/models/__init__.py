"""The classic game as stored: ``Game`` (a ``modes.models.StoredGame``: its rules, seed, both
fleets and the ordered log of its moves, each move stored once), and the rows derived from it
(``Ship``, ``Shot``)."""

from battleship.phase import COMPUTER, HUMAN
from games.models.game import Game, fleet_record
from games.models.queries import RULES_NAME, GameQuerySet, rules_name_of
from games.models.rows import Ship, Shot

__all__ = [
    "COMPUTER",
    "HUMAN",
    "RULES_NAME",
    "Game",
    "GameQuerySet",
    "Ship",
    "Shot",
    "fleet_record",
    "rules_name_of",
]
