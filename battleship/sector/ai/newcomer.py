"""A new player, scripted: how someone plays a first sector battle, to measure the easiest
level against (issue 41: it should be beaten by a new player more often than not).

A newcomer fires shots only (no recon, barrage or sonar: abilities come with practice),
each from the first ship of its fleet afloat, and never moves a submarine. It fires at random at
cells it has not fired at, and after a hit at the cells around its hits, until a sinking:
then it starts looking again. It is the Deckhand's way without the Deckhand's lapses (the
Deckhand follows up a hit only ``Deckhand.FOLLOW_UP`` of the time). It is not offered to
people (it is not in ``LEVELS``); the benchmark plays it (``bench_sector``).
"""

from __future__ import annotations

from battleship.sector.ai.players import Deckhand


class Newcomer(Deckhand):
    level = 0
    name = "Newcomer"
    description = "Fires at random, then around its hits until a ship sinks."
    FOLLOW_UP = 1.0  # every hit followed up
