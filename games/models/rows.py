"""The rows derived from a classic game as it is stored: its ships as placed (the person's
while placing them) and its shots in order, for the statistics to count. Written in the
same transactions as the game row (``games.models.game``), checked against it by
``make faulttest``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models
from django.db.models import Q
from django.utils import timezone

from battleship import Coordinate

if TYPE_CHECKING:
    from battleship.classic import MoveResult
    from battleship.classic import Ship as EngineShip
    from games.models.game import Game


class Ship(models.Model):
    """A ship as placed: by whom, which, its first cell and orientation."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="ships")
    player = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=20)
    row = models.PositiveSmallIntegerField()
    col = models.PositiveSmallIntegerField()
    orientation = models.CharField(max_length=1, choices=[("H", "Across"), ("V", "Down")])

    class Meta:
        ordering = ["game", "player", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "player", "name"], name="one_of_each_ship"),
            models.CheckConstraint(condition=Q(player__in=[0, 1]), name="ship_player_0_or_1"),
            models.CheckConstraint(
                condition=Q(orientation__in=["H", "V"]), name="ship_orientation_h_or_v"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} at {Coordinate(self.row, self.col)} {self.orientation}"

    @classmethod
    def from_engine(cls, game: Game, player: int, ship: EngineShip) -> Ship:
        """The row (not yet saved) of ``player``'s ``ship`` as the engine placed it."""
        return cls(
            game=game,
            player=player,
            name=ship.name,
            row=ship.start.row,
            col=ship.start.col,
            orientation=ship.orientation.value,
        )


class Shot(models.Model):
    """One shot, in order: who fired, where, and what it did. Derived from the game row's
    log when the move is stored, for the statistics to count."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="shots")
    sequence = models.PositiveIntegerField()
    player = models.PositiveSmallIntegerField()
    row = models.PositiveSmallIntegerField()
    col = models.PositiveSmallIntegerField()
    hit = models.BooleanField()
    sunk = models.CharField(max_length=20, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "sequence"]
        constraints = [
            # One row per shot number. Which cells may be fired at is the engine's rule, not
            # the schema's: the sector game fires at a cell again (submarines move).
            models.UniqueConstraint(fields=["game", "sequence"], name="one_shot_per_turn"),
            models.CheckConstraint(condition=Q(player__in=[0, 1]), name="shot_player_0_or_1"),
        ]

    def __str__(self) -> str:
        result = "hit" if self.hit else "miss"
        return f"{Coordinate(self.row, self.col)} by player {self.player}: {result}"

    @property
    def cell(self) -> str:
        return str(Coordinate(self.row, self.col))

    @classmethod
    def from_result(cls, game: Game, sequence: int, result: MoveResult) -> Shot:
        """The row (not yet saved) of the shot numbered ``sequence``, from what it did."""
        return cls(
            game=game,
            sequence=sequence,
            player=result.player,
            row=result.coord.row,
            col=result.coord.col,
            hit=result.hit,
            sunk=result.sunk.name if result.sunk else "",
        )
