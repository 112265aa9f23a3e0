"""Battleship as a library: the rules, computer players and front ends that are not the web.

Framework-free, as python-chess is for chess: no Django, no I/O, no global state, nothing
changed in the process on import; randomness comes in as a seed or a ``random.Random``.

- ``battleship.classic``: the classic game and its rule sets (``find_variant("salvo")``),
  a player's view, the words a person reads (``display``), the five computer players
  (``classic.ai``) and the coach's figures.
- ``battleship.sector``: the sector game of sixteen sectors, in the same shape.
- ``battleship.terminal``: the terminal game (``python -m battleship``); full screen with
  the ``tui`` extra.
- ``battleship.envs``: Gymnasium and PettingZoo environments (the ``gym`` extra).

The names most scripts need are here::

    import random
    from battleship import BattleshipGame, Coordinate, find_variant

    game = BattleshipGame(find_variant("salvo"), seed=7)
    game.setup_random()
    game.make_move(Coordinate.parse("B7"))
"""

from battleship.classic import BattleshipGame, Board, RuleSet
from battleship.classic.variants import find_variant
from battleship.coordinates import Coordinate, Orientation
from battleship.errors import BattleshipError, IllegalMove, InvalidCoordinate, InvalidPlacement
from battleship.phase import GamePhase

__all__ = [
    "BattleshipError",
    "BattleshipGame",
    "Board",
    "Coordinate",
    "GamePhase",
    "IllegalMove",
    "InvalidCoordinate",
    "InvalidPlacement",
    "Orientation",
    "RuleSet",
    "find_variant",
]
