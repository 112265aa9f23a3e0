"""Games as stored: rule set, seed, both fleets and the ordered moves.

A ``Game`` rebuilds its engine state by replaying its moves; its methods are the game's
actions (place a ship, start, play a move, resign), each one transaction that changes
nothing when the engine refuses the move.

A started game's row is the game: its rules, its seed, both fleets and its append-only
``log`` of moves, in the engine's own form, so a move reads one row and appends to it in
the same conditional UPDATE that makes it apply once. The ``Ship`` rows hold the person's
fleet while it is being placed; once the game starts they and the ``Shot`` rows are
derived from the row (written in the same transactions, for the statistics to count), and
``make faulttest`` checks them against it.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import replace
from typing import Any

from django.contrib.humanize.templatetags.humanize import apnumber
from django.db import models, transaction
from django.db.models import (
    Q,
)
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from battleship.classic import (
    BattleshipGame,
    Board,
    Coordinate,
    IllegalMove,
    MoveResult,
    PlayerView,
    RuleSet,
    move_from_dict,
)
from battleship.classic import (
    Ship as EngineShip,
)
from battleship.classic.ai import LEVELS, computer_seed, get_player
from battleship.classic.ai.base import ComputerPlayer
from battleship.classic.ai.coach import ANALYSIS_VERSION, analyse, hit_chances
from battleship.classic.commitment import Commitment, placement_text
from battleship.phase import COMPUTER, HUMAN
from battleship.words import level_name
from core.rule_sets import title_of
from games.models.queries import RULES_NAME, GameQuerySet, rules_name_of
from games.models.rows import Ship, Shot
from modes.models import FINISHED, OPENING_SHOTS, Match, Owned


class Game(Owned, Match):
    """One game of a person against a computer opponent (``StoredGame``: its owner, its log
    of moves and the one way a move is stored; ``GameFigures``: its figures once over)."""

    class Status(models.TextChoices):
        SETUP = "setup", _("Placing ships")
        PLAYING = "playing", _("In progress")
        WON = "won", pgettext_lazy("result", "Won")
        LOST = "lost", pgettext_lazy("result", "Lost")
        RESIGNED = "resigned", pgettext_lazy("result", "Resigned")
        DRAW = "draw", pgettext_lazy("result", "Draw")

    level = models.PositiveSmallIntegerField()
    rules = models.JSONField(default=dict)
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    fleets = models.JSONField(
        default=list,
        blank=True,
        help_text="Both fleets as fixed at the start, person's first, in the fleet-file form.",
    )
    started_at = models.DateTimeField(null=True, blank=True)
    # The rule set's name, a copy of ``rules["name"]`` ("standard" when absent) that the
    # statistics filter on. A plain column, not a generated one: SQLite reads a generated
    # column from the row even when an index holds it, so no index could cover the
    # leaderboard's count. ``save`` writes it; a check constraint keeps every other writer
    # (bulk_create, raw SQL, an update of ``rules``) from letting it drift.
    rules_name = models.CharField(max_length=40, default="standard", editable=False)
    # A finished game's own figures (shots_fired, shots_hit, their_shots, ships_lost,
    # opening_cells) come from ``GameFigures``, shared with the sector game.
    hinted = models.BooleanField(
        default=False,
        help_text="The person asked for a hint: shown in the history, kept off the leaderboard.",
    )
    analysis = models.JSONField(
        null=True,
        blank=True,
        default=None,
        help_text="The coach's analysis of the finished game, worked out once (coach_analysis).",
    )
    # The secret half of the commitment to the computer's fleet (``commitment``): drawn at
    # the start, sent to nobody before the end. Empty for games started before there were
    # commitments, which show none.
    fleet_salt = models.CharField(max_length=64, blank=True, default="", editable=False)
    next_game = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="previous_game",
        help_text="The game Play again opened from this one.",
    )

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(level__gte=1, level__lte=5), name="game_level_1_to_5"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["setup", "playing", "won", "lost", "resigned", "draw"]),
                name="game_status_known",
            ),
            models.CheckConstraint(
                condition=Q(rules_name=RULES_NAME), name="game_rules_name_is_its_rules"
            ),
        ]
        indexes = [
            models.Index(fields=["owner", "status", "-created_at"]),
            # A player's finished games in the order they ended: results, streaks, history.
            models.Index(fields=["owner", "status", "finished_at"], name="game_owner_finished"),
            # Everything the statistics and the history read of a player's finished games, so
            # that they read this index alone (the rows, with their fleets and cells, are wide
            # and scattered among every other player's): filters, order and figures.
            models.Index(
                fields=[
                    "owner",
                    "status",
                    "rules_name",
                    "level",
                    "finished_at",
                    "id",
                    "shots_fired",
                    "shots_hit",
                    "their_shots",
                    "ships_lost",
                    "play_seconds",
                    "opening_cells",
                    "hinted",
                ],
                name="game_owner_figures",
            ),
            # The leaderboard: a rule set's finished games at each level, player by player,
            # with all it filters on and counts, so that it reads this index alone.
            models.Index(
                fields=["rules_name", "level", "owner", "status", "hinted"],
                name="game_rules_level_owner",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} (level {self.level}, {self.status})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        update_fields = kwargs.get("update_fields")
        if update_fields is None or "rules" in update_fields:
            self.rules_name = rules_name_of(self.rules)
            if update_fields is not None:
                kwargs["update_fields"] = {*update_fields, "rules_name"}
        super().save(*args, **kwargs)

    # -- reading -------------------------------------------------------------------------

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.pk])

    @property
    def level_name(self) -> str:
        """The opponent's name, e.g. "Admiral", in the language of the request."""
        return level_name(next(info.name for info in LEVELS if info.level == self.level))

    @property
    def rules_title(self) -> str:
        """The rule set's name as a player reads it ("Salvo")."""
        return title_of(rules_name_of(self.rules))

    @property
    def rule_set(self) -> RuleSet:
        return RuleSet.from_dict(self.rules)

    @property
    def is_over(self) -> bool:
        return self.status in FINISHED

    @property
    def opponent(self) -> ComputerPlayer:
        return get_player(self.level, self.computer_seed)

    @property
    def computer_seed(self) -> int:
        return computer_seed(self.seed)

    def engine(self, upto: int | None = None) -> BattleshipGame:
        """The game's engine state, rebuilt from its fleets and moves (the first ``upto`` of
        them, for a replay)."""
        rules = self.rule_set
        if self.status == self.Status.SETUP:
            return BattleshipGame.replay(rules, self.seed, self._stored_fleets(), [], started=False)
        fleets = [[EngineShip.placement_from_dict(s) for s in fleet] for fleet in self.fleets]
        moves = [move_from_dict(move, rules.board_size) for move in self.log[:upto]]
        resigned = HUMAN if self.status == self.Status.RESIGNED and upto is None else None
        return BattleshipGame.replay(rules, self.seed, fleets, moves, resigned=resigned)

    def _stored_fleets(self) -> list[list[tuple[str, Coordinate, str]]]:
        """Both fleets as their ship rows hold them (the person's first): during setup."""
        fleets: list[list[tuple[str, Coordinate, str]]] = [[], []]
        ships = self.ships.values_list("player", "name", "row", "col", "orientation")
        for player, name, row, col, orientation in ships:
            fleets[player].append((name, Coordinate(row, col), orientation))
        return fleets

    def view(self) -> PlayerView:
        """What the person may know of this game: the only thing pages are built from."""
        # A move just made in this request leaves its result here, saving a second replay.
        cached: tuple[int, PlayerView] | None = getattr(self, "_view_after_move", None)
        if cached is not None and cached[0] == self.moves:
            return cached[1]
        return self.engine().view_for(HUMAN)

    def replay_view(self, step: int) -> PlayerView:
        """A finished game as it stood after its first ``step`` shots, both fleets shown.

        The game is over, so the computer's fleet is no secret any more.
        """
        if not self.is_over:
            raise IllegalMove("only a finished game can be replayed", kind="replay_unfinished")
        engine = self.engine(step if step < self.moves else None)
        return replace(engine.view_for(HUMAN), enemy_fleet=engine.view_for(COMPUTER).fleet)

    def commitment(self) -> Commitment | None:
        """The commitment to the computer's fleet, as the person may see it now: its digest
        while the game is in play, with the placement and the salt once it is over; None
        before the start, and for a game started before there were commitments."""
        if not self.fleet_salt or not self.fleets:
            return None
        placement = placement_text(
            EngineShip.placement_from_dict(ship) for ship in self.fleets[COMPUTER]
        )
        if self.is_over:
            return Commitment.reveal(placement, self.fleet_salt)
        return Commitment.sealed(placement, self.fleet_salt)

    @staticmethod
    def figures_from(engine: BattleshipGame) -> dict[str, Any]:
        """A finished game's own figures (the fields the statistics add up), from its engine.

        Called once, in the transaction that ends the game (its last move or the person
        resigning); ``loadtest.fault`` and the tests work them out again from the shot rows.
        """
        mine = [shot for shot in engine.shots if shot.player == HUMAN]
        theirs = [shot for shot in engine.shots if shot.player == COMPUTER]
        return {
            "shots_fired": len(mine),
            "shots_hit": sum(shot.hit for shot in mine),
            "their_shots": len(theirs),
            "ships_lost": sum(bool(shot.sunk) for shot in theirs),
            "opening_cells": " ".join(str(shot.coord) for shot in mine[:OPENING_SHOTS]),
        }

    # -- setup ---------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        *,
        level: int,
        owner: Any = None,
        guest_id: str = "",
        rules: RuleSet | None = None,
    ) -> Game:
        """A new game of ``owner``'s, or of the guest's (``modes.models.player_of``)."""
        get_player(level, 0)  # ValueError for an unknown level, before anything is saved
        return cls.objects.create(
            level=level,
            owner=owner,
            guest_id="" if owner else guest_id,
            rules=(rules or RuleSet.standard()).to_dict(),
            seed=secrets.randbits(62),
        )

    def _setup_board(self) -> Board:
        board = Board(self.rule_set)
        for ship in self.ships.filter(player=HUMAN):
            board.place_ship(ship.name, Coordinate(ship.row, ship.col), ship.orientation)
        return board

    def _require_setup(self) -> None:
        if self.status != self.Status.SETUP:
            raise IllegalMove("the fleet is fixed once the game has started", kind="fleet_fixed")

    def _locked_for_setup(self) -> Game:
        # Lock the row and re-read it: a Start from another tab may have committed since
        # this request loaded the game, and the fleet must not change after that.
        game = Game.objects.select_for_update().get(pk=self.pk)
        game._require_setup()
        return game

    @transaction.atomic
    def place_ship(self, name: str, cell: str, orientation: str) -> EngineShip:
        """Place (or move) one of the person's ships; ``InvalidPlacement`` says why not."""
        game = self._locked_for_setup()
        board = game._setup_board()
        if name in {ship.name for ship in board.ships}:
            board.remove_ship(name)  # moving it: its old cells do not block the new ones
        rules = game.rule_set
        placed = board.place_ship(name, Coordinate.parse(cell, rules.board_size), orientation)
        game.ships.filter(player=HUMAN, name=name).delete()
        Ship.from_engine(game, HUMAN, placed).save(force_insert=True)
        return placed

    @transaction.atomic
    def remove_ship(self, name: str) -> None:
        game = self._locked_for_setup()
        removed, _ = game.ships.filter(player=HUMAN, name=name).delete()
        if not removed:
            raise IllegalMove(f"the {name} is not on the board", kind="not_on_board", ship=name)

    @transaction.atomic
    def clear_ships(self) -> None:
        self._locked_for_setup().ships.filter(player=HUMAN).delete()

    @transaction.atomic
    def shuffle(self) -> None:
        """A random legal fleet for the person, different each time."""
        game = self._locked_for_setup()
        board = Board.random_placement(game.rule_set, random.Random(secrets.randbits(64)))
        game._store_fleet(HUMAN, board)

    def _store_fleet(self, player: int, board: Board) -> None:
        self.ships.filter(player=player).delete()
        Ship.objects.bulk_create(Ship.from_engine(self, player, s) for s in board.ships)

    @transaction.atomic
    def start(self) -> None:
        """Lock the fleet in, let the computer place its own, and begin: the person fires first."""
        locked = Game.objects.select_for_update().get(pk=self.pk)
        locked._require_setup()
        board = locked._setup_board()
        if not board.is_complete:
            ships = len(locked.rule_set.fleet)
            raise IllegalMove(
                f"place all {apnumber(ships)} ships before starting", kind="place_all", ships=ships
            )
        computer = Board(locked.rule_set)
        for name, start, orientation in locked.opponent.place_fleet(locked.rule_set):
            computer.place_ship(name, start, orientation)
        locked._store_fleet(COMPUTER, computer)
        locked.fleets = fleet_record([board, computer])
        locked.fleet_salt = secrets.token_hex(32)
        locked.status = self.Status.PLAYING
        locked.started_at = locked.last_move_at = timezone.now()
        locked.save(update_fields=["fleets", "fleet_salt", "status", "started_at", "last_move_at"])
        self.refresh_from_db()

    # -- play ----------------------------------------------------------------------------

    @property
    def computer(self) -> ComputerPlayer:
        """The computer player in the other seat (``Match.play`` has it answer)."""
        return self.opponent

    def derived(self, engine: BattleshipGame, answers: list[MoveResult], over: bool) -> None:
        """Each shot of the move and of the computer's answer, as a ``Shot`` row."""
        first = len(engine.shots) - len(answers)
        Shot.objects.bulk_create(
            Shot.from_result(self, first + i, r) for i, r in enumerate(answers)
        )

    @classmethod
    def in_play(cls) -> Q:
        return Q(status=cls.Status.PLAYING)

    def take_hint(self, expected_move: int, *, confirmed: bool) -> dict[Coordinate, float] | None:
        """The Admiral's hit chance for each cell the person may fire at next, from their
        own view only (``battleship.classic.ai.coach.hit_chances``); the game is marked ``hinted``.

        ``expected_move`` is the move number the page showed, as for a move. The first
        hint of a game must be ``confirmed`` (the person was told what it costs): without
        that it returns None and changes nothing. The mark is set by a conditional UPDATE
        on a game still in play at that move, and never taken off.
        """
        self.check_turn(expected_move)
        view = self.view()
        if not view.my_turn:  # a game in play waits for the person alone; a safeguard
            raise IllegalMove("wait for your turn", kind="not_your_turn")
        if not self.hinted and not confirmed:
            return None
        self.mark(expected_move, hinted=True)
        return hit_chances(view)

    def coach_analysis(self) -> dict[str, Any]:
        """The coach's analysis of this finished game (``battleship.classic.ai.coach.analyse``),
        worked out the first time it is asked for and stored on the row: a replay reads it."""
        stored = self.analysis
        if isinstance(stored, dict) and stored.get("version") == ANALYSIS_VERSION:
            return stored
        if not self.is_over:
            raise IllegalMove("only a finished game can be analysed", kind="replay_unfinished")
        fleets = [[EngineShip.placement_from_dict(s) for s in fleet] for fleet in self.fleets]
        size = self.rule_set.board_size
        moves = [move_from_dict(move, size) for move in self.log]
        found = analyse(
            self.rule_set, self.seed, fleets, moves, self.level, self.computer_seed, player=HUMAN
        )
        # Two first replays at once work it out twice at worst, to the same figures: it is a
        # function of the stored game (every player in it is seeded).
        Game.objects.filter(pk=self.pk).update(analysis=found)
        self.analysis = found
        return found

    def ended(self, engine: BattleshipGame) -> dict[str, Any]:
        """The row's result and figures, once the move just made on ``engine`` ended it."""
        winner = engine.winner
        status = (
            self.Status.DRAW
            if winner is None
            else (self.Status.WON if winner == HUMAN else self.Status.LOST)
        )
        return {"status": status, **self.figures_from(engine)}

    @transaction.atomic
    def play_again(self) -> Game:
        """The next game against the same opponent under the same rules, once this is over.

        Asked again (a double click, a second tab, Back and Play again) it is the game it
        opened before while that one is unfinished, never one more: the row is locked, so
        two requests at once get the same game.
        """
        following: Game = self.open_next(
            "next_game",
            lambda game: Game.create(
                level=game.level, owner=game.owner, guest_id=game.guest_id, rules=game.rule_set
            ),
        )
        return following

    def resign(self) -> None:
        """The person gives up; the computer wins and the fleet is revealed."""
        self.end(
            self.Status.RESIGNED,
            refusal=IllegalMove("only a game in progress can be resigned", kind="cannot_resign"),
        )


def fleet_record(boards: list[Board]) -> list[list[dict[str, Any]]]:
    """Both fleets as the game row holds them (``Game.fleets``): the person's first, each
    ship in the fleet-file form (``battleship.classic.Ship.to_dict``)."""
    return [[ship.to_dict() for ship in board.ships] for board in boards]
