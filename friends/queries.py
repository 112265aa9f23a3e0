"""Queries over many friend games (``FriendGameQuerySet``): whose games they are, and which
have waited too long (an invite nobody joined, a game nobody moves in)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.db import models
from django.db.models import Case, F, Q, When
from django.db.models.functions import Coalesce
from django.http import HttpRequest
from django.utils import timezone

from modes.models import guest_id

if TYPE_CHECKING:
    from friends.models import FriendGame

INVITE_LIFETIME = timedelta(days=7)
"""An invite nobody joins, or a game nobody moves in, ends after this long."""


def quiet_since(game: FriendGame) -> datetime:
    """When anything last happened in a game joined or started: a move, the start, the
    join (each sets ``last_move_at``), or else the invite."""
    return game.last_move_at or game.started_at or game.created_at


class FriendGameQuerySet(models.QuerySet["FriendGame"]):
    def of_player(self, request: HttpRequest) -> FriendGameQuerySet:
        """The games the request's player sits in, at either seat."""
        if request.user.is_authenticated:
            return self.filter(Q(owner=request.user) | Q(friend=request.user))
        guest = guest_id(request)
        if not guest:
            return self.none()
        return self.filter(Q(owner=None, guest_id=guest) | Q(friend=None, friend_guest_id=guest))

    def unfinished_of(self, request: HttpRequest) -> FriendGameQuerySet:
        """The request's player's friend games not over (an invite not yet expired, ships
        being placed, turns), the latest played first, each with ``opponent_name``: the
        other seat's name ("" while nobody has joined). The home page's list."""
        if request.user.is_authenticated:
            mine_as_host = Q(owner=request.user)
        else:
            mine_as_host = Q(owner=None, guest_id=guest_id(request))
        return (
            self.of_player(request)
            .filter(
                Q(status__in=["placing", "playing"])
                | Q(status="waiting", expires_at__gt=timezone.now())
            )
            .annotate(
                opponent_name=Case(
                    When(mine_as_host, then=F("friend_name")), default=F("host_name")
                )
            )
            .order_by(Coalesce("last_move_at", "created_at").desc())
        )

    def due_to_end(self, now: datetime | None = None) -> FriendGameQuerySet:
        """Invites nobody joined before they expired, and games being placed or played
        that nobody has moved in for ``INVITE_LIFETIME`` (``FriendGame.expire_if_due``)."""
        now = now or timezone.now()
        return self.annotate(
            quiet_since=Coalesce("last_move_at", "started_at", "created_at")
        ).filter(
            Q(status="waiting", expires_at__lte=now)
            | Q(status__in=["placing", "playing"], quiet_since__lte=now - INVITE_LIFETIME)
        )
