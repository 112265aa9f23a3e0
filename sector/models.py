"""Sector battles as stored: the seed, the person's fleet, both fleets at the start and the
append-only log of turns, in the engine's own form (``battleship.sector``).

Like a classic game, a battle is rebuilt by replaying its turns; each action of the person
and the computer's answer are stored together in one conditional UPDATE that applies only
where the stored number of turns is the one the page showed, so a double click or a second
tab never plays a turn twice.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from django.db import models, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from battleship.classic import Coordinate, IllegalMove
from battleship.phase import COMPUTER, HUMAN
from battleship.sector import (
    FLEET,
    Placement,
    Result,
    SectorGame,
    SectorView,
    random_placements,
    turn_from_dict,
)
from battleship.sector.ai import LEVELS, SectorPlayer, computer_seed, get_player
from battleship.sector.commitment import Commitment, placement_text
from battleship.words import level_name
from modes.models import OPENING_SHOTS, FiguresQuerySet, Match, Owned

FINISHED = ["won", "lost", "resigned"]


class BattleQuerySet(FiguresQuerySet["SectorBattle"]):
    """Sector battles: ownership and the site-wide statistics shared with the classic game
    (``FiguresQuerySet``)."""


class SectorBattle(Owned, Match):
    """One sector game of a person (player 0, who starts) against a computer level.

    Its figures (``GameFigures``: cells fired at and hit, the computer's cells fired at, the
    person's ships sunk, the first ten cells) are stored when it ends, as a classic game's
    are, so the statistics, the history and the leaderboard add up rows."""

    class Status(models.TextChoices):
        SETUP = "setup", _("Placing ships")
        PLAYING = "playing", _("In progress")
        WON = "won", pgettext_lazy("result", "Won")
        LOST = "lost", pgettext_lazy("result", "Lost")
        RESIGNED = "resigned", pgettext_lazy("result", "Resigned")

    level = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    placed = models.JSONField(
        default=list, blank=True, help_text="The person's ships placed so far (setup)."
    )
    fleets = models.JSONField(
        default=list, blank=True, help_text="Both fleets as fixed at the start, person's first."
    )
    # The secret half of the commitment to the computer's starting fleet (``commitment``):
    # drawn at the start, shown only once the battle is over; empty for battles from before
    # commitments, which show none.
    fleet_salt = models.CharField(max_length=64, blank=True, default="", editable=False)
    started_at = models.DateTimeField(null=True, blank=True)
    next_battle = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="previous_battle",
        help_text="The battle Play again opened from this one.",
    )

    objects = BattleQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(level__gte=1, level__lte=3), name="sector_level_1_to_3"
            ),
        ]
        indexes = [
            models.Index(fields=["owner", "status", "-created_at"]),
            # Everything the statistics and the history read of a player's finished battles
            # (as the classic game's ``game_owner_figures``): they read this index alone.
            models.Index(
                fields=[
                    "owner",
                    "status",
                    "level",
                    "finished_at",
                    "id",
                    "shots_fired",
                    "shots_hit",
                    "their_shots",
                    "ships_lost",
                    "play_seconds",
                    "opening_cells",
                ],
                name="sector_owner_figures",
            ),
            # The leaderboard: each level's finished battles, player by player.
            models.Index(fields=["level", "owner", "status"], name="sector_level_owner"),
        ]

    def __str__(self) -> str:
        return f"Sector battle {self.pk} (level {self.level}, {self.status})"

    def get_absolute_url(self) -> str:
        return reverse("sector_battle", args=[self.pk])

    @property
    def level_name(self) -> str:
        return level_name(next(info.name for info in LEVELS if info.level == self.level))

    @property
    def is_over(self) -> bool:
        return self.status in FINISHED

    @property
    def opponent(self) -> SectorPlayer:
        return get_player(self.level, computer_seed(self.seed))

    # -- reading -------------------------------------------------------------------------

    def engine(self, upto: int | None = None) -> SectorGame:
        """The battle rebuilt: during setup the person's ships placed so far; then its
        fleets and its turns (the first ``upto`` of them, for a replay)."""
        if self.status == self.Status.SETUP:
            game = SectorGame(self.seed, first_player=HUMAN)
            for placement in self.placements():
                game.place_ship(HUMAN, placement.name, placement.start, _lie(placement))
            return game
        fleets = [[Placement.from_dict(p) for p in fleet] for fleet in self.fleets]
        turns = [turn_from_dict(t) for t in self.log[:upto]]
        resigned = HUMAN if self.status == self.Status.RESIGNED and upto is None else None
        return SectorGame.replay(self.seed, fleets, turns, first_player=HUMAN, resigned=resigned)

    def placements(self) -> list[Placement]:
        return [Placement.from_dict(p) for p in self.placed]

    def view(self) -> SectorView:
        """What the person may know: the only thing pages are built from."""
        cached: tuple[int, SectorView] | None = getattr(self, "_view_after_move", None)
        if cached is not None and cached[0] == self.moves:
            return cached[1]
        return self.engine().view_for(HUMAN)

    def replay(self, step: int) -> tuple[SectorGame, list[set[Coordinate]]]:
        """A finished battle as it stood after its first ``step`` turns (the game is over,
        so both fleets are no secret), with each side's submarine tracks so far: every cell
        a submarine of that side has lain on."""
        if not self.is_over:
            raise IllegalMove(
                "only a finished battle can be replayed", kind="battle_replay_unfinished"
            )
        fleets = [[Placement.from_dict(p) for p in fleet] for fleet in self.fleets]
        game = SectorGame.replay(self.seed, fleets, [], first_player=HUMAN)
        tracks: list[set[Coordinate]] = [set(), set()]
        for data in self.log[:step]:
            _mark_tracks(game, tracks)
            game.play(turn_from_dict(data))
        _mark_tracks(game, tracks)
        return game, tracks

    @staticmethod
    def figures_from(game: SectorGame) -> dict[str, Any]:
        """A finished battle's own figures (the fields the statistics add up), from its
        engine: called once, in the transaction that ends it (its last turn, or resigning).

        A shot is a cell fired at: a single shot one, a barrage three (its hits as counted);
        recon and sonar fire at nothing."""
        fired: list[list[Coordinate]] = [[], []]
        hits = lost = 0
        for report in game.reports:
            if report.kind in ("shot", "barrage"):
                fired[report.player].extend(report.cells)
                if report.player == HUMAN and report.kind == "barrage":
                    hits += report.hits or 0
                elif report.player == HUMAN:
                    hits += report.result not in (None, Result.WATER)
            if report.player == COMPUTER:
                lost += len(report.sunk)
        return {
            "shots_fired": len(fired[HUMAN]),
            "shots_hit": hits,
            "their_shots": len(fired[COMPUTER]),
            "ships_lost": lost,
            "opening_cells": " ".join(str(cell) for cell in fired[HUMAN][:OPENING_SHOTS]),
        }

    def commitment(self) -> Commitment | None:
        """The commitment to the computer's fleet as it lay at the start (submarines move
        later): its digest while the battle is in play, with the placement and the salt once
        it is over; None during setup and for a battle from before commitments."""
        if not self.fleet_salt or not self.fleets:
            return None
        placement = placement_text(Placement.from_dict(p) for p in self.fleets[COMPUTER])
        if self.is_over:
            return Commitment.reveal(placement, self.fleet_salt)
        return Commitment.sealed(placement, self.fleet_salt)

    # -- setup ---------------------------------------------------------------------------

    @classmethod
    def create(cls, *, level: int, owner: Any = None, guest_id: str = "") -> SectorBattle:
        """A new battle of ``owner``'s, or of the guest's (``modes.models.player_of``)."""
        get_player(level, 0)  # ValueError for an unknown level, before anything is saved
        return cls.objects.create(
            level=level, owner=owner, guest_id="" if owner else guest_id, seed=secrets.randbits(62)
        )

    def _locked_for_setup(self) -> SectorBattle:
        battle = SectorBattle.objects.select_for_update().get(pk=self.pk)
        if battle.status != self.Status.SETUP:
            raise IllegalMove(
                "the fleet is fixed once the battle has started", kind="battle_fleet_fixed"
            )
        return battle

    @transaction.atomic
    def place_ship(self, name: str, cell: str, lie: str) -> None:
        """Place (or move) one of the person's ships; ``InvalidPlacement`` says why not."""
        battle = self._locked_for_setup()
        others = [p for p in battle.placements() if p.name != name]
        game = SectorGame(battle.seed, first_player=HUMAN)
        for placement in others:
            game.place_ship(HUMAN, placement.name, placement.start, _lie(placement))
        ship = game.place_ship(HUMAN, name, cell, lie)
        battle.placed = [p.to_dict() for p in others] + [ship.placement.to_dict()]
        battle.save(update_fields=["placed"])
        self.placed = battle.placed

    @transaction.atomic
    def clear_ships(self) -> None:
        battle = self._locked_for_setup()
        battle.placed = []
        battle.save(update_fields=["placed"])
        self.placed = []

    @transaction.atomic
    def shuffle(self) -> None:
        """A random legal fleet for the person, different each time."""
        battle = self._locked_for_setup()
        fleet = random_placements(random.Random(secrets.randbits(64)))
        battle.placed = [p.to_dict() for p in fleet]
        battle.save(update_fields=["placed"])
        self.placed = battle.placed

    @transaction.atomic
    def start(self) -> None:
        """Lock the fleet in; the computer's fleet comes from the seed; the person starts."""
        battle = self._locked_for_setup()
        game = battle.engine()
        if len(battle.placed) < len(FLEET):
            raise IllegalMove(
                f"place all {len(FLEET)} ships before starting",
                kind="battle_place_all",
                ships=len(FLEET),
            )
        game.setup_random()
        state = game.get_state()
        battle.fleets = [[p.to_dict() for p in fleet] for fleet in state.fleets]
        battle.fleet_salt = secrets.token_hex(32)
        battle.status = self.Status.PLAYING
        battle.started_at = battle.last_move_at = timezone.now()
        battle.save(update_fields=["fleets", "fleet_salt", "status", "started_at", "last_move_at"])
        self.refresh_from_db()

    # -- play ----------------------------------------------------------------------------

    @property
    def computer(self) -> SectorPlayer:
        """The computer player in the other seat (``Match.play`` has it answer)."""
        return self.opponent

    def ended(self, engine: SectorGame) -> dict[str, Any]:
        """The battle's result and figures, once the turn just played ended it."""
        result = self.Status.WON if engine.winner == HUMAN else self.Status.LOST
        return {"status": result, **self.figures_from(engine)}

    def check_turn(self, expected_move: int) -> None:
        """A turn now, at ``expected_move``: refused if the battle is not in play, or the page
        was out of date."""
        if self.status != self.Status.PLAYING:
            raise IllegalMove(
                "this battle is over" if self.is_over else "it has not started",
                kind="battle_over" if self.is_over else "battle_not_started",
            )
        self.check_move_number(expected_move)

    @transaction.atomic
    def play_again(self) -> SectorBattle:
        """The next battle against the same opponent, once this one is over.

        Asked again (a double click, a second tab, Back and Play again) it is the battle it
        opened before while that one is unfinished, never one more: the row is locked, so
        two requests at once get the same battle (as ``games.Game.play_again``).
        """
        following: SectorBattle = self.open_next(
            "next_battle",
            lambda battle: SectorBattle.create(
                level=battle.level, owner=battle.owner, guest_id=battle.guest_id
            ),
        )
        return following

    @classmethod
    def in_play(cls) -> Q:
        return Q(status=cls.Status.PLAYING)

    def resign(self) -> None:
        self.end(
            self.Status.RESIGNED,
            refusal=IllegalMove(
                "only a battle in progress can be resigned", kind="cannot_resign_battle"
            ),
        )


def _mark_tracks(game: SectorGame, tracks: list[set[Coordinate]]) -> None:
    for seat, fleet in enumerate(game.fleets):
        for ship in fleet:
            if ship.is_submarine and ship.afloat:
                tracks[seat].update(ship.cells)


def _lie(placement: Placement) -> Any:
    return placement.heading if placement.heading is not None else placement.orientation
