"""The day's fleet: the same for everyone on a day, unknowable from the code.

An HMAC of the date under the server's ``DAILY_SECRET`` seeds the engine's random
placement, so anyone with the code (and not the secret) can no more work out a day's
fleet than guess it, and the same day always gives the same fleet. The Admiral searching
alone on it (``admiral_search``) is seeded from the same value, so its result is fixed too.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from datetime import date

from django.conf import settings

from battleship.classic import Board, Coordinate, RuleSet
from battleship.classic.ai import computer_seed, get_player
from battleship.classic.ai.benchmark import play
from battleship.classic.commitment import Commitment, placement_text

ADMIRAL = 5
RULES = RuleSet.standard()


def day_seed(day: date, secret: str | None = None) -> int:
    """A 63-bit seed from the day and the secret (``settings.DAILY_SECRET`` by default)."""
    key = (secret if secret is not None else settings.DAILY_SECRET).encode()
    digest = hmac.new(key, f"daily-challenge:{day.isoformat()}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def day_board(day: date, secret: str | None = None) -> Board:
    """A fresh board with the day's fleet placed (standard rules), nothing fired at yet."""
    return Board.random_placement(RULES, random.Random(day_seed(day, secret)))


def day_salt(day: date, secret: str | None = None) -> str:
    """The salt of the day's commitment: 64 hex digits, an HMAC of the day under the same
    secret as the fleet (another message), so that it needs no storage, is the same on every
    host, and changes only when the fleets do. Shown once the day is over."""
    key = (secret if secret is not None else settings.DAILY_SECRET).encode()
    message = f"daily-commitment-salt:{day.isoformat()}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def day_commitment(day: date, *, revealed: bool) -> Commitment:
    """The commitment to the day's fleet (``battleship.classic.commitment``): its digest
    alone, or with the fleet's text and the salt when ``revealed`` (a day that is over)."""
    text = placement_text(
        (ship.name, ship.start, ship.orientation) for ship in day_board(day).ships
    )
    salt = day_salt(day)
    return Commitment.reveal(text, salt) if revealed else Commitment.sealed(text, salt)


def admiral_search(day: date) -> list[Coordinate]:
    """The Admiral's shots at the day's fleet, firing alone until it is sunk (its own view
    only, as in a game: ``battleship.classic.ai.benchmark.play``)."""
    board = day_board(day)
    fleet = [(ship.name, ship.start, ship.orientation) for ship in board.ships]
    admiral = get_player(ADMIRAL, computer_seed(day_seed(day)))
    return play(admiral, RULES, fleet).shots
