"""Django's password hasher, its work not counted as waiting on the database.

PBKDF2 costs about a third of a second of CPU a password, on purpose; a dozen sign-ups or
logins at once on two cores take seconds. That is the request's own work, not a wait on
PostgreSQL: the request's database deadline (battleship_site/deadlines.py) moves on by it.
The algorithm and the stored hashes are Django's own (``pbkdf2_sha256``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import hashers

from battleship_site.deadlines import not_waiting_on_the_database


class PBKDF2PasswordHasher(hashers.PBKDF2PasswordHasher):
    def encode(self, password: str, salt: str, iterations: Any = None) -> str:
        with not_waiting_on_the_database():
            return super().encode(password, salt, iterations)
