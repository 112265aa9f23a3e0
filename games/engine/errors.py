"""Errors the engine raises. Every one is a ``ValueError`` (rules/001)."""


class BattleshipError(ValueError):
    """Base of every error the engine raises for bad input; the game is left unchanged."""


class InvalidCoordinate(BattleshipError):
    """Text or numbers that do not name a cell on the board."""


class InvalidPlacement(BattleshipError):
    """A ship placement the rules forbid: off the board, overlapping, touching, unknown."""


class IllegalMove(BattleshipError):
    """A shot the rules forbid now: a cell already fired at, out of turn, before or after play."""
