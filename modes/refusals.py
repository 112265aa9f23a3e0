"""One answer to one mistake, in every mode: the HTTP status of a refused move.

A move refused because of *when* it came (the page was out of date, or from the future; it
is the other player's turn; the game is over or has not begun) is a conflict with the game
as it stands: 409, and the page shows the game as it is now. A move that could never be
played (a move number that is not a number, a cell off the board, a cell fired at before,
a ship that cannot be there) is a bad request: 400. Nothing is changed either way.
"""

from __future__ import annotations

from battleship import IllegalMove

AT_THE_WRONG_TIME = frozenset(
    {
        "stale",  # the page's move number is not the game's (older, or from the future)
        "not_turn",  # a game between people: the other player's turn
        "not_your_turn",
        "game_over",
        "not_started",
        "battle_over",  # the sector battle's words for the same
        "battle_not_started",
        "daily_sunk",  # the daily challenge: the day's fleet is sunk already
    }
)


class NoMoveNumber(IllegalMove):
    """The request did not say which move it was (no number, or not a number)."""

    def __init__(self) -> None:
        super().__init__("that request did not say which move it was", kind="move_number")


def move_number(value: object) -> int:
    """The move number a page sent back with its move; ``NoMoveNumber`` if it is none."""
    try:
        number = int(str(value))
    except ValueError:
        raise NoMoveNumber from None
    if number < 0:
        raise NoMoveNumber
    return number


def status_of(error: Exception) -> int:
    """409 for a move at the wrong time, 400 for a move that cannot be."""
    return 409 if getattr(error, "kind", "") in AT_THE_WRONG_TIME else 400
