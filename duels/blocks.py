"""Blocks between players (``Block``): a player who blocked another is never paired with them
again, either way round. A player is an account or a browser's guest id, named by one key
(``key_of``: "u<pk>" or "g<guest id>"), so a guest can block too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models
from django.db.models import Q
from django.utils import timezone

if TYPE_CHECKING:
    from duels.models import Player


def key_of(player: Player) -> str:
    """One key for an account or a guest (never the same for two people)."""
    return f"u{player.owner.pk}" if player.owner is not None else f"g{player.guest_id}"


class BlockQuerySet(models.QuerySet["Block"]):
    def involving(self, key: str) -> set[str]:
        """The keys ``key`` must not be paired with: whom it blocked, and who blocked it."""
        rows = self.filter(Q(blocker=key) | Q(blocked=key)).values_list("blocker", "blocked")
        return {other for pair in rows for other in pair if other != key}


class Block(models.Model):
    blocker = models.CharField(max_length=40)
    blocked = models.CharField(max_length=40)
    name = models.CharField(max_length=30, blank=True, help_text="The blocked player's name.")
    at = models.DateTimeField(default=timezone.now)

    objects = BlockQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once"),
        ]
        indexes = [models.Index(fields=["blocked"], name="blocked_by")]

    def __str__(self) -> str:
        return f"{self.blocker} blocked {self.blocked}"
