"""Ratings of players with accounts, one per rule set (``PlayerRating``), each change a rated
game made (``RatingChange``: the history the statistics draw), and ``rate``: a finished rated
game's two changes, written in the transaction that ended it (Glicko-2 with lichess's
parameters, ``battleship.ratings.LICHESS``; one game is one rating period, as on lichess)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils import timezone

from battleship.ratings import LICHESS, RANKED_DEVIATION, Rating

if TYPE_CHECKING:
    from duels.models import Duel


class PlayerRatingQuerySet(models.QuerySet["PlayerRating"]):
    def ranked(self, rules_name: str) -> PlayerRatingQuerySet:
        """The leaderboard of a rule set: the players whose rating is settled enough to
        rank (deviation at most ``RANKED_DEVIATION``), best first."""
        return (
            self.filter(rules_name=rules_name, deviation__lte=RANKED_DEVIATION)
            .select_related("owner")
            .order_by("-rating", "owner__username")
        )


class PlayerRating(models.Model):
    """One account's rating under one rule set (made at its first rated game)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    rules_name = models.CharField(max_length=40)
    rating = models.FloatField()
    deviation = models.FloatField()
    volatility = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    objects = PlayerRatingQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "rules_name"], name="one_rating_a_rule_set")
        ]
        indexes = [models.Index(fields=["rules_name", "rating"], name="ratings_by_rules")]

    def __str__(self) -> str:
        return f"{self.owner_id} {self.rules_name}: {self.shown}"

    @property
    def glicko(self) -> Rating:
        return Rating(self.rating, self.deviation, self.volatility)

    @property
    def shown(self) -> str:
        """The rating as players read it: "1500?" while it is provisional."""
        return self.glicko.shown

    @property
    def provisional(self) -> bool:
        return self.glicko.provisional

    @classmethod
    def of(cls, owner: object, rules_name: str) -> Rating:
        """``owner``'s rating under ``rules_name`` (the starting one if never rated)."""
        found = cls.objects.filter(owner=owner, rules_name=rules_name).first()
        return found.glicko if found else LICHESS.new()


class RatingChange(models.Model):
    """What one rated game did to one player's rating (one row a seat, never changed)."""

    duel = models.ForeignKey("duels.Duel", on_delete=models.CASCADE, related_name="rating_changes")
    seat = models.PositiveSmallIntegerField()
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    rules_name = models.CharField(max_length=40)
    before = models.FloatField()
    after = models.FloatField()
    deviation = models.FloatField(help_text="The deviation after the game.")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["duel", "seat"], name="rated_once_a_seat"),
        ]
        indexes = [models.Index(fields=["owner", "rules_name", "at"], name="rating_history")]
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.owner_id}: {self.before:.0f} -> {self.after:.0f}"

    @property
    def points(self) -> int:
        """The change as shown: +N or -N, in whole points."""
        return round(self.after) - round(self.before)


def rate(duel: Duel) -> None:
    """Both players' new ratings after ``duel``, a rated game that has just ended (in the
    transaction that ended it, which is what makes it once): each rated against the other's
    rating before the game. A game without a winner is a draw; an aborted or abandoned game
    changes nothing (it is not rated)."""
    if duel.ending in (duel.Ending.ABORTED, duel.Ending.ABANDONED):
        return
    seats = duel.seated
    owners = [seat.owner for seat in (seats[0], seats[1]) if seat.owner is not None]
    if len(owners) != 2:  # a guest's game is never rated (a pairing rule: checked again here)
        return
    rows = [
        PlayerRating.objects.select_for_update().get_or_create(
            owner=owner,
            rules_name=duel.rules_name,
            defaults={
                "rating": LICHESS.rating,
                "deviation": LICHESS.deviation,
                "volatility": LICHESS.volatility,
            },
        )[0]
        for owner in owners
    ]
    score = 0.5 if duel.winner is None else (1.0 if duel.winner == 0 else 0.0)
    new = LICHESS.after_game(rows[0].glicko, rows[1].glicko, score)
    now = timezone.now()
    for seat, (row, rating) in enumerate(zip(rows, new, strict=True)):
        RatingChange.objects.create(
            duel=duel,
            seat=seat,
            owner=owners[seat],
            rules_name=duel.rules_name,
            before=row.rating,
            after=rating.rating,
            deviation=rating.deviation,
            at=now,
        )
        row.rating, row.deviation = rating.rating, rating.deviation
        row.volatility = rating.volatility
        row.games += 1
        row.updated_at = now
        row.save(update_fields=["rating", "deviation", "volatility", "games", "updated_at"])
