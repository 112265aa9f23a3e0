"""Where a game stands, in every game family: its phase, whose turn it is, who won."""

import enum

from battleship.errors import BattleshipError, IllegalMove, InvalidPlacement

PLAYERS = (0, 1)
HUMAN, COMPUTER = PLAYERS
"""In a game against the computer, the person's seat (who fires first) and the computer's."""


class GamePhase(enum.StrEnum):
    """Where a game stands: placing fleets, firing, or over."""

    SETUP = "setup"
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


class TwoPlayerGame:
    """What a game between player 0 and player 1 keeps of where it stands, in every family
    (``BattleshipGame``, ``SectorGame``): the phase, who fires first and now, who won and
    who resigned, and the checks on a seat and the phase that every move begins with."""

    def __init__(self) -> None:
        self.phase = GamePhase.SETUP
        self.first_player: int | None = None
        self.current_player: int | None = None
        self.winner: int | None = None
        self.resigned: int | None = None

    def resign(self, player: int) -> None:
        """``player`` gives up: the game ends and the other player wins."""
        seat = self._seat(player)
        if self.phase is not GamePhase.IN_PROGRESS:
            raise IllegalMove("only a game in progress can be resigned", kind="cannot_resign")
        self.phase = GamePhase.FINISHED
        self.winner = 1 - seat
        self.resigned = seat
        self.current_player = None

    def _current(self) -> int:
        if self.current_player is None:  # an invariant, and a type narrowing for mypy
            raise RuntimeError("self.current_player is not set here")
        return self.current_player

    def _require_setup(self) -> None:
        if self.phase is not GamePhase.SETUP:
            raise InvalidPlacement(
                "ships can only be placed before the game starts", kind="placing_over"
            )

    @staticmethod
    def _seat(player: int) -> int:
        if player not in PLAYERS or isinstance(player, bool):
            raise BattleshipError(f"player must be 0 or 1, not {player!r}")
        return player
