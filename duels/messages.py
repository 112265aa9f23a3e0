"""A few words between the two players of a game between people, without moderation: a
message is one of a fixed list of phrases (``PHRASES``), shown to both in their own
language. A player who mutes the other (``Seat.muted``) no longer sees theirs."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

PHRASES = {
    "good_luck": _("Good luck!"),
    "nice_shot": _("Nice shot!"),
    "well_played": _("Well played!"),
    "good_game": _("Good game!"),
    "thanks": _("Thanks!"),
}
SHOWN = 4  # the latest messages a page shows


class Message(models.Model):
    duel = models.ForeignKey("duels.Duel", on_delete=models.CASCADE, related_name="messages")
    seat = models.PositiveSmallIntegerField()
    phrase = models.CharField(max_length=20, choices=list(PHRASES.items()))
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["duel", "at"], name="messages_of_a_game")]
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.seat}: {self.phrase}"

    @property
    def words(self) -> str:
        return str(PHRASES.get(self.phrase, ""))
