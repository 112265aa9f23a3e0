"""A commitment to a hidden fleet: proof afterwards that it never moved.

Before the first shot a player is shown a SHA-256 digest of the fleet's placement, written
down in one canonical text, and of a long random salt kept secret until the end. At the end
the placement and the salt are shown: anyone can hash them again and compare. The salt
makes the digest say nothing of the fleet (there are far too few fleets to hide behind
otherwise: a digest of the bare placement could be matched against every fleet there is).

The canonical text (``placement_text``), exactly:

- one entry per ship: its name, a space, its first (top or left) cell as the board names
  it (``A1``, rows A, B, ..., columns from 1), a space, and ``across`` or ``down``;
- the entries sorted by ship name (Python's ``sorted``, code point order), joined by
  ``"; "`` (a semicolon and a space), on one line, with nothing before or after.

For example ``Battleship B2 down; Carrier A1 across; Cruiser E5 across; Destroyer J9
across; Submarine G1 down`` (one line). The digest (``fleet_digest``) is the SHA-256, in
lower-case hex, of the UTF-8 bytes of the text, a line feed (``\\n``), and the salt::

    printf '%s\\n%s' 'PLACEMENT' 'SALT' | sha256sum

Nothing here draws the salt: the caller brings it (the site: ``secrets.token_hex(32)`` per
game; the daily challenge: an HMAC of the day under the server's secret).
"""

from __future__ import annotations

import hashlib
import hmac
import shlex
from collections.abc import Iterable
from dataclasses import dataclass

from battleship.coordinates import Coordinate, Orientation

SEPARATOR = "; "
"""Between two ships' entries in the canonical text."""
JOIN = "\n"
"""Between the canonical text and the salt, in what is hashed."""
WAYS = {Orientation.H: "across", Orientation.V: "down"}


def placement_text(ships: Iterable[tuple[str, Coordinate, Orientation | str]]) -> str:
    """A fleet's placement as its canonical text: ``"Carrier A1 across; ..."``, sorted by name.

    ``ships`` are placements (name, first cell, orientation) in any order.
    """
    entries = sorted(
        (name, f"{name} {start} {WAYS[Orientation(way)]}") for name, start, way in ships
    )
    return SEPARATOR.join(entry for _, entry in entries)


def fleet_digest(placement: str, salt: str) -> str:
    """The commitment: SHA-256 (lower-case hex) of the text, a line feed and the salt."""
    return hashlib.sha256(f"{placement}{JOIN}{salt}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Commitment:
    """A commitment as a page shows it: the digest always; the placement and the salt only
    once revealed (``reveal``), empty before."""

    digest: str
    placement: str = ""
    salt: str = ""

    @classmethod
    def sealed(cls, placement: str, salt: str) -> Commitment:
        """The digest alone: what may be shown while the fleet is still hidden."""
        return cls(fleet_digest(placement, salt))

    @classmethod
    def reveal(cls, placement: str, salt: str) -> Commitment:
        """The digest with what it was made from: for the end of the game."""
        return cls(fleet_digest(placement, salt), placement, salt)

    @property
    def revealed(self) -> bool:
        return bool(self.salt)

    @property
    def holds(self) -> bool:
        """Whether the revealed placement and salt hash to the digest."""
        return self.revealed and hmac.compare_digest(
            fleet_digest(self.placement, self.salt), self.digest
        )

    @property
    def shell_command(self) -> str:
        """The one-line shell command that prints the digest again (quoted for ``sh``)."""
        return (
            f"printf '%s\\n%s' {shlex.quote(self.placement)} {shlex.quote(self.salt)} | sha256sum"
        )
