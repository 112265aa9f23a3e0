"""The computer players of the sector game, framework-free like its engine.

``get_player(level, seed)`` gives one; ``LEVELS`` lists them for a chooser. Each sees only
its own ``SectorView`` and keeps no memory between turns.
"""

from __future__ import annotations

import random

from battleship.levels import LevelInfo
from battleship.sector.ai.players import Deckhand, Gunner, SectorAdmiral, SectorPlayer

_PLAYERS: dict[int, type[SectorPlayer]] = {
    cls.level: cls for cls in (Deckhand, Gunner, SectorAdmiral)
}

LEVELS: tuple[LevelInfo, ...] = tuple(
    LevelInfo(level, cls.name, cls.description) for level, cls in sorted(_PLAYERS.items())
)


def get_player(level: int, seed: int) -> SectorPlayer:
    """The sector game's computer player of ``level`` (1 to 3); ``ValueError`` otherwise."""
    if isinstance(level, bool) or level not in _PLAYERS:
        raise ValueError(f"there is no sector level {level!r}: choose 1 to {len(_PLAYERS)}")
    return _PLAYERS[level](seed)


def computer_seed(game_seed: int) -> int:
    """The seed of the computer player of the game with ``game_seed``: derived, so that the
    computer's choices say nothing of the seed that placed the fleets. Every front end
    derives it here, so a seed means the same game in each."""
    return random.Random(f"{game_seed}:sector-computer").getrandbits(63)


__all__ = ["LEVELS", "LevelInfo", "SectorPlayer", "computer_seed", "get_player"]
