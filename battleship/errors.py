"""Errors the engine raises. Every one is a ``ValueError`` (docs/rules/classic.md)."""


class BattleshipError(ValueError):
    """Base of every error the engine raises for bad input; the game is left unchanged.

    The message is English, for programs and logs. A front end that speaks other languages
    reads ``kind`` (a short name for what went wrong, "" where none is given) and
    ``values`` (what the message names: cells as labels like "B7", ship names, counts)
    and writes its own sentence, without parsing the message.
    """

    def __init__(self, message: str = "", /, *, kind: str = "", **values: object) -> None:
        super().__init__(message)
        self.kind = kind
        self.values = values


class InvalidCoordinate(BattleshipError):
    """Text or numbers that do not name a cell on the board."""


class InvalidPlacement(BattleshipError):
    """A ship placement the rules forbid: off the board, overlapping, touching, unknown."""


class IllegalMove(BattleshipError):
    """A shot the rules forbid now: a cell already fired at, out of turn, before or after play."""


class InvalidRating(BattleshipError):
    """A rating, a rating system or a game's score that Glicko-2 cannot use (not a number,
    a deviation or volatility not above zero, a score other than 1, 0.5 or 0)."""
