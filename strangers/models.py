"""Seeking a stranger (``Seek``) and the pairing of seekers (``pair``).

A seeker asks for a rule set; a guest seeks a casual game among guests, an account a rated
game among accounts. The seeker's page asks every second (``Seek.touch``): a seeker not heard
from for ``FRESH`` (the tab closed) is out of the queue, and never paired after.

The pairing is one pass over a pool (one rule set, rated or not) at a time, in one
transaction: the fresh seekers are locked (``select_for_update(skip_locked=True)`` on
PostgreSQL; SQLite's transactions run one at a time, begun IMMEDIATE), and paired longest
waiting first, each with the closest compatible rating, new (provisional) players with each
other first. A row another pass holds is skipped, never waited for: that pass pairs it. Two
seekers are compatible if they are not the same account or browser, neither blocked the
other, their ratings are within the gap the longer waiter has earned (``allowed_gap``: ±100,
widening to ±400 over 30 s, any after a minute), and they did not just play each other
(allowed only when neither has anyone else to play). The database's own locking, and no
Redis, so that it works the same on ``make run`` (SQLite, one process) and on several
servers sharing PostgreSQL.
"""

from __future__ import annotations

import math
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone

from battleship import find_variant
from duels.blocks import Block, key_of
from duels.models import Duel, Player, Seat
from duels.ratings import PlayerRating

FRESH = timedelta(seconds=6)
"""A seeker not heard from for this long (its page polls every second) is out of the queue."""
GAP_START, GAP_END, GAP_WIDENS_OVER = 100.0, 400.0, 30.0
ANY_RATING_AFTER = timedelta(seconds=60)
TIME_LOSSES_ALLOWED = 3
"""Games lost on time (a walk-off) in a day before a player must wait ``COOLING_OFF``."""
COOLING_OFF = timedelta(minutes=10)
OFFER_COMPUTER_AFTER = timedelta(seconds=20)


def allowed_gap(waited: timedelta) -> float:
    """How far apart two ratings may be, for a seeker who has waited ``waited``: after
    ``ANY_RATING_AFTER``, any (on a quiet site a game is better than none)."""
    if waited >= ANY_RATING_AFTER:
        return math.inf
    share = min(1.0, max(0.0, waited.total_seconds() / GAP_WIDENS_OVER))
    return GAP_START + (GAP_END - GAP_START) * share


class Seek(models.Model):
    class Status(models.TextChoices):
        SEEKING = "seeking"
        PAIRED = "paired"
        CANCELLED = "cancelled"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    key = models.CharField(max_length=40, help_text="The seeker (duels.blocks.key_of).")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    guest_id = models.CharField(max_length=32, blank=True)
    name = models.CharField(max_length=30)
    rules_name = models.CharField(max_length=40)
    rated = models.BooleanField()
    rating = models.FloatField()
    provisional = models.BooleanField()
    last_opponent = models.CharField(max_length=40, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SEEKING)
    duel = models.ForeignKey(Duel, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(default=timezone.now)
    seen_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["rules_name", "rated", "status", "seen_at"], name="pool")]

    def __str__(self) -> str:
        return f"{self.name} seeking {self.rules_name} ({self.status})"

    @property
    def player(self) -> Player:
        return Player(self.owner, self.guest_id)

    @classmethod
    def start(cls, player: Player, *, name: str, rules_name: str) -> Seek:
        """``player`` seeks a game under ``rules_name``: their earlier seeks end (one at a
        time: a second tab replaces the first, never pairs with it)."""
        key = key_of(player)
        rated = player.owner is not None
        rating = PlayerRating.of(player.owner, rules_name) if rated else None
        with transaction.atomic():
            cls.objects.filter(key=key, status=cls.Status.SEEKING).update(
                status=cls.Status.CANCELLED
            )
            return cls.objects.create(
                key=key,
                owner=player.owner,
                guest_id="" if rated else player.guest_id,
                name=name,
                rules_name=rules_name,
                rated=rated,
                rating=rating.rating if rating else 1500.0,
                provisional=rating.provisional if rating else True,
                last_opponent=last_opponent(player),
            )

    def touch(self) -> None:
        """The seeker's page asked: they are still here."""
        now = timezone.now()
        Seek.objects.filter(pk=self.pk, status=self.Status.SEEKING).update(seen_at=now)
        self.seen_at = now

    def cancel(self) -> bool:
        """Stop seeking (False if paired meanwhile: then the game stands)."""
        done = Seek.objects.filter(pk=self.pk, status=self.Status.SEEKING).update(
            status=self.Status.CANCELLED
        )
        self.refresh_from_db()
        return bool(done)

    def waited(self, now: datetime | None = None) -> timedelta:
        return (now or timezone.now()) - self.created_at


def seats_of(player: Player) -> Q:
    """The seats ``player`` holds (as an account, or as a guest)."""
    if player.owner is not None:
        return Q(owner=player.owner)
    return Q(owner=None, guest_id=player.guest_id)


def last_opponent(player: Player) -> str:
    """The key of whoever ``player`` last met as a stranger ("" if nobody)."""
    mine = Seat.objects.filter(seats_of(player), duel__pairing=Duel.Pairing.STRANGER).order_by(
        "-duel__created_at"
    )
    seat = mine.select_related("duel").first()
    if seat is None:
        return ""
    other = Seat.objects.filter(duel=seat.duel).exclude(pk=seat.pk).first()
    return key_of(Player(other.owner, other.guest_id)) if other else ""


def cooling_off_until(player: Player) -> datetime | None:
    """When ``player`` may seek again, if they lost ``TIME_LOSSES_ALLOWED`` games on time in
    the last day and the last of them was less than ``COOLING_OFF`` ago; else None."""
    now = timezone.now()
    seats = Seat.objects.filter(
        seats_of(player),
        duel__pairing=Duel.Pairing.STRANGER,
        duel__ending=Duel.Ending.TIME,
        duel__finished_at__gte=now - timedelta(days=1),
    ).values_list("number", "duel__winner", "duel__finished_at")
    losses = sorted(
        at for number, winner, at in seats if at and winner is not None and winner != number
    )
    if len(losses) < TIME_LOSSES_ALLOWED:
        return None
    until = losses[-1] + COOLING_OFF
    return until if until > now else None


@dataclass(frozen=True)
class Pool:
    rules_name: str
    rated: bool


def compatible(a: Seek, b: Seek, blocks: dict[str, set[str]], now: datetime) -> bool:
    if a.key == b.key or b.key in blocks.get(a.key, ()) or a.key in blocks.get(b.key, ()):
        return False
    gap = allowed_gap(max(a.waited(now), b.waited(now)))
    return abs(a.rating - b.rating) <= gap


def pair(pool: Pool) -> list[Duel]:
    """One pass of the pairing over ``pool``: the games it made (each seeker in at most one).
    Safe to run at once on several servers: each pass pairs only the rows it locked. The
    pool is read first without a lock, and only the seekers of the pairs it could make are
    then locked (skipping any another pass holds) and paired again from what is locked: a
    waiting page's question each second takes no lock while nobody can be paired."""
    now = timezone.now()
    fresh = Seek.objects.filter(
        rules_name=pool.rules_name,
        rated=pool.rated,
        status=Seek.Status.SEEKING,
        seen_at__gte=now - FRESH,
    ).order_by("created_at", "pk")
    seekers = list(fresh)
    if len(seekers) < 2:
        return []
    blocks = blocks_among({seek.key for seek in seekers})
    pairs = matching(seekers, blocks, now)
    if not pairs:
        return []
    chosen = [seek.pk for pair_ in pairs for seek in pair_]
    with transaction.atomic():
        locked = list(fresh.filter(pk__in=chosen).select_for_update(skip_locked=True, of=("self",)))
        return [start_game(a, b, pool) for a, b in matching(locked, blocks, now)]


def blocks_among(keys: set[str]) -> dict[str, set[str]]:
    """Whom each of ``keys`` blocked (by key)."""
    blocks: dict[str, set[str]] = {}
    for row in Block.objects.filter(Q(blocker__in=keys) | Q(blocked__in=keys)):
        blocks.setdefault(row.blocker, set()).add(row.blocked)
    return blocks


def matching(
    seekers: list[Seek], blocks: dict[str, set[str]], now: datetime
) -> list[tuple[Seek, Seek]]:
    """The pairs to make among ``seekers`` (longest waiting first): each waiter in turn
    with its best partner among those who came after it (``best_partner``)."""
    pairs: list[tuple[Seek, Seek]] = []
    left = list(seekers)
    while len(left) >= 2:
        first, rest = left[0], left[1:]
        partner = best_partner(first, rest, blocks, now)
        if partner is None:
            left = rest
            continue
        pairs.append((first, partner))
        left = [seek for seek in rest if seek.pk != partner.pk]
    return pairs


def just_met(a: Seek, b: Seek) -> bool:
    """Whether ``a`` and ``b`` played each other last (either's last game)."""
    return b.key == a.last_opponent or a.key == b.last_opponent


def best_partner(
    seek: Seek, others: list[Seek], blocks: dict[str, set[str]], now: datetime
) -> Seek | None:
    """The seeker ``seek`` is best paired with among ``others`` (all waiting less long): a
    new player with a new player first, then the closest rating; the last opponent only if
    there is nobody else."""
    fits = [other for other in others if compatible(seek, other, blocks, now)]
    if not fits:
        return None
    fresh = [o for o in fits if not just_met(seek, o)]
    if fresh:
        fits = fresh
    elif any(not just_met(seek, o) for o in others):
        return None  # the same opponent twice in a row, while others wait: not yet
    return min(fits, key=lambda o: (o.provisional != seek.provisional, abs(o.rating - seek.rating)))


def start_game(a: Seek, b: Seek, pool: Pool) -> Duel:
    """The game of two seekers (the one who waited longer in the first seat)."""
    duel = Duel.between(
        [(a.player, a.name), (b.player, b.name)],
        rules=find_variant(pool.rules_name),
        rated=pool.rated,
        clock_seconds=settings.STRANGER_CLOCK_SECONDS,
    )
    paired = Seek.objects.filter(pk__in=[a.pk, b.pk], status=Seek.Status.SEEKING).update(
        status=Seek.Status.PAIRED, duel=duel
    )
    if paired != 2:  # cannot happen while both rows are locked: never a game for one
        raise RuntimeError("a seeker was paired twice")
    return duel


def people_now() -> dict[str, int]:
    """How many are seeking a stranger, and playing one, now (the waiting page's line)."""
    now = timezone.now()
    seeking = Seek.objects.filter(status=Seek.Status.SEEKING, seen_at__gte=now - FRESH).count()
    playing = Duel.objects.filter(
        pairing=Duel.Pairing.STRANGER,
        status__in=[Duel.Status.PLACING, Duel.Status.PLAYING],
        last_move_at__gte=now - timedelta(minutes=5),
    ).count()
    return {"seeking": seeking, "playing": 2 * playing}


__all__ = ["Pool", "Seek", "allowed_gap", "cooling_off_until", "pair", "people_now"]
