"""Queries over many friend games (``DuelQuerySet``): whose games they are, and which
have waited too long (an invite nobody joined, a game nobody moves in)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.db import models
from django.db.models import OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.http import HttpRequest
from django.utils import timezone

from modes.models import guest_id

if TYPE_CHECKING:
    from duels.models import Duel


def seats_of(request: HttpRequest) -> models.QuerySet[Any]:
    """The seats the request's player holds: its account's, else its browser's guest's."""
    from duels.models import Seat

    if request.user.is_authenticated:
        return Seat.objects.filter(owner=request.user).values("pk")
    guest = guest_id(request)
    if not guest:
        return Seat.objects.none().values("pk")
    return Seat.objects.filter(owner=None, guest_id=guest).values("pk")


INVITE_LIFETIME = timedelta(days=7)
"""An invite nobody joins, or a game nobody moves in, ends after this long."""


def quiet_since(game: Duel) -> datetime:
    """When anything last happened in a game joined or started: a move, the start, the
    join (each sets ``last_move_at``), or else the invite."""
    return game.last_move_at or game.started_at or game.created_at


class DuelQuerySet(models.QuerySet["Duel"]):
    def of_player(self, request: HttpRequest) -> DuelQuerySet:
        """The games the request's player sits in, at either seat."""
        return self.filter(seats__in=seats_of(request))

    def unfinished_of(self, request: HttpRequest) -> DuelQuerySet:
        """The request's player's friend games not over (an invite not yet expired, ships
        being placed, turns), the latest played first, each with ``opponent_name``: the
        other seat's name ("" while nobody has joined). The home page's list."""
        from duels.models import Seat

        # The other seat's name: the seat of this game that is not the player's own.
        theirs = (
            Seat.objects.filter(duel=OuterRef("pk"))
            .exclude(pk__in=seats_of(request))
            .values("name")[:1]
        )
        return (
            self.of_player(request)
            .filter(
                Q(status__in=["placing", "playing"])
                | Q(status="waiting", expires_at__gt=timezone.now())
            )
            .annotate(opponent_name=Coalesce(Subquery(theirs), Value("")))
            .order_by(Coalesce("last_move_at", "created_at").desc())
        )

    def due_to_end(self, now: datetime | None = None) -> DuelQuerySet:
        """Invites nobody joined before they expired, and games being placed or played
        that nobody has moved in for ``INVITE_LIFETIME`` (``Duel.expire_if_due``)."""
        now = now or timezone.now()
        return self.annotate(
            quiet_since=Coalesce("last_move_at", "started_at", "created_at")
        ).filter(
            Q(status="waiting", expires_at__lte=now)
            | Q(status__in=["placing", "playing"], quiet_since__lte=now - INVITE_LIFETIME)
        )
