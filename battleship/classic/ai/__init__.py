"""The computer opponents: five levels, from the Recruit to the Admiral.

``get_player(level, seed)`` gives a player; ``LEVELS`` lists them for a chooser. A player
sees only its own ``PlayerView`` (never the opponent's board), keeps no memory between
moves, and plays by the same rules as a person. Like the engine, this package imports
nothing from Django.
"""

from __future__ import annotations

import random

from battleship.classic.ai.admiral import Admiral
from battleship.classic.ai.base import ComputerPlayer
from battleship.classic.ai.captain import Captain
from battleship.classic.ai.ensign import Ensign
from battleship.classic.ai.lieutenant import Lieutenant
from battleship.classic.ai.recruit import Recruit
from battleship.levels import LevelInfo

_PLAYERS: dict[int, type[ComputerPlayer]] = {
    cls.level: cls for cls in (Recruit, Ensign, Lieutenant, Captain, Admiral)
}


LEVELS: tuple[LevelInfo, ...] = tuple(
    LevelInfo(level, cls.name, cls.description) for level, cls in sorted(_PLAYERS.items())
)


def get_player(level: int, seed: int) -> ComputerPlayer:
    """The computer player of ``level`` (1 to 5), its choices seeded by ``seed``.

    Raises ``ValueError`` for a level that does not exist.
    """
    if isinstance(level, bool) or level not in _PLAYERS:
        raise ValueError(f"there is no computer level {level!r}: choose 1 to {len(_PLAYERS)}")
    return _PLAYERS[level](seed)


def computer_seed(game_seed: int, seat: int = 1) -> int:
    """The seed of the computer player in ``seat`` of the game with ``game_seed``.

    Derived, not the game seed itself: the computer's randomness says nothing of the seed
    that placed anyone's fleet. The site, the terminal game and the training environment
    all derive it here, so a seed means the same game in each of them.
    """
    suffix = "" if seat == 1 else f":{seat}"
    return random.Random(f"{game_seed}:computer{suffix}").getrandbits(63)


__all__ = ["LEVELS", "ComputerPlayer", "LevelInfo", "computer_seed", "get_player"]
