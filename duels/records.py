"""Each player's record of a finished game against a friend (``DuelRecord``), which the
statistics and the history read through the registry of modes (``modes.registry.FRIEND``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from battleship.classic import BattleshipGame
from core.rule_sets import title_of
from modes.models import FINISHED, FiguresQuerySet, GameFigures

if TYPE_CHECKING:
    from duels.models import Duel

FRIEND_LEVEL = 0
"""The level a game against a person is filed under (the computer's are 1 to 5)."""


class DuelRecordQuerySet(FiguresQuerySet["DuelRecord"]):
    """The statistics over a player's games against friends (``modes.registry.FRIEND``)."""

    def write_for(self, game: Duel, engine: BattleshipGame) -> None:
        """Each seat's record of ``game``, which has just ended (in the transaction that
        ended it): that player's result and figures, for their statistics and history."""
        seats = game.seated
        for seat in (0, 1):  # the host's seat, then the friend's
            owner, guest = seats[seat].owner, seats[seat].guest_id
            if game.winner is None:
                status = "draw" if game.ending == game.Ending.DRAW else "lost"
            elif game.winner == seat:
                status = "won"
            else:
                status = "resigned" if game.ending == game.Ending.RESIGNED else "lost"
            self.create(
                game=game,
                seat=seat,
                owner=owner,
                guest_id="" if owner else guest,
                opponent_name=game.name_of(1 - seat),
                status=status,
                rules_name=game.rules_name,
                play_seconds=game.play_seconds,
                finished_at=game.finished_at or timezone.now(),
                **game.figures_from(engine, seat),
            )


class DuelRecord(GameFigures):
    """One player's finished game against a friend, as their statistics and history read it
    (``modes.registry``): their result, their figures, the friend's name. Written in the
    transaction that ends the game, one per seat, and never changed."""

    game = models.ForeignKey("duels.Duel", on_delete=models.CASCADE, related_name="records")
    seat = models.PositiveSmallIntegerField()
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="friend_records",
    )
    guest_id = models.CharField(max_length=32, blank=True, db_index=True)
    opponent_name = models.CharField(max_length=30)
    status = models.CharField(max_length=10)
    level = models.PositiveSmallIntegerField(default=FRIEND_LEVEL)
    rules_name = models.CharField(max_length=40, default="standard")
    play_seconds = models.FloatField(default=0)
    finished_at = models.DateTimeField()

    objects = DuelRecordQuerySet.as_manager()

    class Meta:
        db_table = "friends_friendrecord"  # made as the friend game's record, kept
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="friend_record_once_a_seat"),
            models.CheckConstraint(
                condition=Q(status__in=FINISHED), name="friend_record_status_finished"
            ),
        ]
        indexes = [
            models.Index(
                fields=["owner", "status", "finished_at"], name="friends_fri_owner_i_029e2d_idx"
            )
        ]

    def __str__(self) -> str:
        return f"{self.status} against {self.opponent_name}"

    @property
    def level_name(self) -> str:
        return str(_("A friend"))

    @property
    def rules_title(self) -> str:
        return title_of(self.rules_name)

    def engine(self) -> BattleshipGame:
        return self.game.engine()

    def figures_from(self, engine: BattleshipGame) -> dict[str, Any]:
        return self.game.figures_from(engine, self.seat)
