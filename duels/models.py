"""A classic game between two people (``Duel``): its players in seats (``Seat``: an account
or a browser's guest id, and the name the other reads), both fleets, and the moves stored
by the shared protocol (``modes.models.Match``: ``store_moves``, ``StaleMove``, ``end``).

However the two were brought together (a friend's invite link, a stranger met by seeking:
``pairing``), the game is the same. Seat 0 (``HOST``) made the game, seat 1 (``FRIEND``)
joined it. The engine's player number is the seat. Each seat's pages are built from
``view_for(seat)`` only.

When a game ends, each seat gets a ``DuelRecord``: that player's result and figures as
the statistics and the history read them, in the transaction that ends the game.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
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
    SpectatorView,
    move_from_dict,
)
from battleship.classic import Ship as EngineShip
from battleship.classic.rules import FirstPlayer
from core.rule_sets import title_of
from duels.messages import PHRASES, SHOWN
from duels.queries import INVITE_LIFETIME, DuelQuerySet, quiet_since
from modes.models import OPENING_SHOTS, Match, StaleMove, guest_id

AWAY_LIMIT = timedelta(minutes=2)
"""A player whose turn it has been this long may have the win claimed against them (in an
untimed game; on a clock, the clock says)."""
FIRST_MOVE_LIMIT = timedelta(seconds=30)
"""A game on a clock whose first move is not made this long after the start is aborted."""
PLACING_LIMIT = timedelta(minutes=2)
"""A game on a clock whose fleets are not both ready this long after the pairing is aborted."""
HOST, FRIEND = 0, 1


class Duel(Match):
    """One game between two people, found by its token (the address its players share)."""

    class Pairing(models.TextChoices):
        FRIEND = "friend", _("Against a friend")
        STRANGER = "stranger", _("Against a stranger")

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for a friend")
        PLACING = "placing", _("Placing ships")
        PLAYING = "playing", _("In progress")
        OVER = "over", pgettext_lazy("a game", "Over")
        CANCELLED = "cancelled", _("Cancelled")
        EXPIRED = "expired", _("Expired")

    class Ending(models.TextChoices):
        SUNK = "sunk"
        DRAW = "draw"
        RESIGNED = "resigned"
        CLAIMED = "claimed"
        ABANDONED = "abandoned"
        TIME = "time"
        ABORTED = "aborted"

    token = models.CharField(max_length=43, unique=True)
    rules = models.JSONField(default=dict)
    rules_name = models.CharField(max_length=40, default="standard")
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    pairing = models.CharField(max_length=10, choices=Pairing.choices, default=Pairing.FRIEND)
    fleets = models.JSONField(
        default=list, blank=True, help_text="Both fleets, the host's first, as placed."
    )
    ready = models.JSONField(default=list, blank=True, help_text="Whether each seat is ready.")
    rematch_votes = models.JSONField(default=list, blank=True)
    rated = models.BooleanField(
        default=False, help_text="Whether the result changes both players' ratings."
    )
    watchable = models.BooleanField(
        default=False,
        help_text="Whether others may watch (a stranger's game; a friend's if asked).",
    )
    clock_seconds = models.PositiveIntegerField(
        default=0, help_text="The time each move may take, in seconds (0: untimed)."
    )
    winner = models.SmallIntegerField(null=True, blank=True)
    ending = models.CharField(max_length=10, choices=Ending.choices, blank=True)
    expires_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    rematch = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="previous"
    )

    objects = DuelQuerySet.as_manager()

    class Meta:
        # Made as the friend game's table (friends/migrations/0001), kept under its name.
        db_table = "friends_friendgame"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Game between people {self.pk} ({self.status})"

    @property
    def between_strangers(self) -> bool:
        return self.pairing == self.Pairing.STRANGER

    def get_absolute_url(self) -> str:
        return reverse("friend_game", args=[self.token])

    # -- who is who ----------------------------------------------------------------------

    @cached_property
    def seated(self) -> dict[int, Seat]:
        """The seats taken, by number (one query, kept for the request)."""
        return {seat.number: seat for seat in self.seats.all()}

    def seat_of(self, request: HttpRequest) -> int | None:
        """The request's seat in this game (``HOST`` or ``FRIEND``), or None."""
        player = Seat.player_of(request)
        if player is None:
            return None
        for number, seat in self.seated.items():
            if seat.is_player(player):
                return number
        return None

    @property
    def host_name(self) -> str:
        """The name of who made the game (the first seat)."""
        return self.name_of(HOST)

    @property
    def has_friend(self) -> bool:
        return FRIEND in self.seated

    def name_of(self, seat: int) -> str:
        taken = self.seated.get(seat)
        return taken.name if taken else ""

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        super().refresh_from_db(*args, **kwargs)
        self.__dict__.pop("seated", None)  # the seats as they are now, too

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.OVER, self.Status.CANCELLED, self.Status.EXPIRED)

    @property
    def rules_title(self) -> str:
        return title_of(self.rules_name)

    @property
    def rule_set(self) -> RuleSet:
        return RuleSet.from_dict(self.rules)

    @classmethod
    def in_play(cls) -> Q:
        return Q(status=cls.Status.PLAYING)

    @classmethod
    def claim_guest_games(cls, guest: str, user: Any) -> None:
        """A guest signs in: their seats and their records become the account's; but never
        a seat of a game whose other seat the account holds already (one account in both
        seats could never play the second), nor its record."""
        held = Seat.objects.filter(owner=user).values("duel")
        Seat.objects.filter(owner=None, guest_id=guest).exclude(duel__in=held).update(
            owner=user, guest_id=""
        )
        DuelRecord.objects.filter(owner=None, guest_id=guest).exclude(game__in=held).update(
            owner=user, guest_id=""
        )

    # -- the invite ----------------------------------------------------------------------

    @classmethod
    def _new(cls, rules: RuleSet, **fields: Any) -> Duel:
        """A new game under ``rules`` (its token, seed, empty fleets and votes, its expiry),
        with ``fields`` (its status, how the two met, its clock) as each way of making one
        says."""
        now = timezone.now()
        return cls.objects.create(
            **{
                "token": secrets.token_urlsafe(16),
                "rules": rules.to_dict(),
                "rules_name": rules.name or "standard",
                "seed": secrets.randbits(62),
                "fleets": [[], []],
                "ready": [False, False],
                "rematch_votes": [False, False],
                "created_at": now,
                "expires_at": now + INVITE_LIFETIME,
                **fields,
            }
        )

    @classmethod
    @transaction.atomic
    def invite(
        cls,
        *,
        rules: RuleSet,
        name: str,
        owner: Any = None,
        guest_id: str = "",
        watchable: bool = False,
    ) -> Duel:
        """A new game waiting for a friend, its maker in the first seat; who fires first is
        the seed's coin flip."""
        duel = cls._new(replace(rules, first_player=FirstPlayer.COIN_FLIP), watchable=watchable)
        Seat.objects.create(
            duel=duel, number=HOST, owner=owner, guest_id="" if owner else guest_id, name=name
        )
        return duel

    def expire_if_due(self) -> bool:
        """End this game if it has waited too long (True if it ended here): an invite
        nobody joined expires; a game nobody has moved in for ``INVITE_LIFETIME`` ends as
        abandoned, counted for neither player. Checked when the game is opened and by the
        ``end_abandoned_friend_games`` command; the row is locked and the condition read
        again, so a move stored meanwhile keeps the game going, and two at once end it once.
        A game on a clock ends first by its clock (``end_if_out_of_time``)."""
        if self.end_if_out_of_time():
            return True
        now = timezone.now()
        if self.status == self.Status.WAITING:
            due = now >= self.expires_at
        else:
            playing = self.status in (self.Status.PLACING, self.Status.PLAYING)
            due = playing and now - quiet_since(self) >= INVITE_LIFETIME
        if not due:
            return False
        with transaction.atomic():
            current = Duel.objects.due_to_end(now).filter(pk=self.pk)
            game = current.select_for_update().first()
            if game is None:
                self.refresh_from_db()
                return False
            unchanged = Duel.objects.filter(pk=self.pk, status=game.status)
            if game.status == self.Status.WAITING:
                unchanged.update(status=self.Status.EXPIRED, finished_at=now)
            elif game.status == self.Status.PLACING:
                ending = self.Ending.ABANDONED
                unchanged.update(status=self.Status.OVER, ending=ending, finished_at=now)
            else:
                self._end_playing(None, self.Ending.ABANDONED, IllegalMove("over", kind="over"))
        self.refresh_from_db()
        return True

    @classmethod
    def between(
        cls, players: list[tuple[Player, str]], *, rules: RuleSet, rated: bool, clock_seconds: int
    ) -> Duel:
        """A game between two people brought together by seeking (``players``: who, and the
        name the other reads, in seat order): both seats taken, fleets to place, on a clock.
        Run inside the caller's transaction (the pairing's)."""
        duel = cls._new(
            replace(rules, first_player=FirstPlayer.COIN_FLIP),
            status=cls.Status.PLACING,
            pairing=cls.Pairing.STRANGER,
            watchable=True,
            rated=rated,
            clock_seconds=clock_seconds,
            last_move_at=timezone.now(),
        )
        Seat.objects.bulk_create(
            Seat(duel=duel, number=number, owner=p.owner, guest_id=p.guest_id, name=name)
            for number, (p, name) in enumerate(players)
        )
        return duel

    # -- the clock -----------------------------------------------------------------------

    def deadline(self) -> datetime | None:
        """When the time of what is awaited now runs out, on a game with a clock: both
        fleets ready (``PLACING_LIMIT`` from the pairing), the first move
        (``FIRST_MOVE_LIMIT``), or the move of the player whose turn it is (the clock).
        None when untimed or nothing is awaited."""
        if not self.clock_seconds:
            return None
        if self.status == self.Status.PLACING:
            return self.created_at + PLACING_LIMIT
        if self.status != self.Status.PLAYING or self.started_at is None:
            return None
        if not self.moves:
            return self.started_at + FIRST_MOVE_LIMIT
        return (self.last_move_at or self.started_at) + timedelta(seconds=self.clock_seconds)

    def time_left(self) -> float | None:
        """Seconds left before ``deadline`` (never below 0), or None when untimed."""
        due = self.deadline()
        if due is None:
            return None
        return max(0.0, (due - timezone.now()).total_seconds())

    def end_if_out_of_time(self) -> bool:
        """End the game if its clock ran out (True if it ended here): fleets not both
        ready in time, or no first move, abort it (counted for no one, unrated); a player
        whose clock ran out on their turn loses on time. The row is locked and its move
        number checked again: a move stored meanwhile keeps the game going, and a move and
        a time-out at once end it once."""
        due = self.deadline()
        if due is None or timezone.now() < due:
            return False
        moves, status = self.moves, self.status
        with transaction.atomic():
            locked = Duel.objects.select_for_update().filter(pk=self.pk, moves=moves, status=status)
            game = locked.first()
            if game is None or game.deadline() != due:
                self.refresh_from_db()
                return False
            if status == self.Status.PLACING or not moves:
                Duel.objects.filter(pk=self.pk).update(
                    status=self.Status.OVER, ending=self.Ending.ABORTED, finished_at=timezone.now()
                )
            else:
                loser = game.engine().current_player
                winner = None if loser is None else 1 - loser
                self._end_playing(winner, self.Ending.TIME, IllegalMove("over", kind="over"))
        self.refresh_from_db()
        return True

    def check_turn(self, expected_move: int) -> None:
        """As every match, and on a clock only in time: a move after the player's time ran
        out is refused (the game is then lost on time, by ``end_if_out_of_time``)."""
        super().check_turn(expected_move)
        left = self.time_left()
        if left is not None and left <= 0:
            raise IllegalMove("your time for this move ran out", kind="out_of_time")

    def join(self, *, name: str, owner: Any = None, guest_id: str = "") -> None:
        """Take the second seat: once, whoever comes first (a conditional UPDATE on the game,
        the seat written in the same transaction)."""
        host = self.seated.get(HOST)
        if host is not None and host.is_player(Player(owner, "" if owner else guest_id)):
            raise IllegalMove("this is your own invite", kind="own_invite")
        with transaction.atomic():
            taken = Duel.objects.filter(
                pk=self.pk, status=self.Status.WAITING, expires_at__gt=timezone.now()
            ).update(status=self.Status.PLACING, last_move_at=timezone.now())
            if not taken:
                raise IllegalMove("this game already has two players", kind="game_full")
            Seat.objects.create(
                duel=self, number=FRIEND, owner=owner, guest_id="" if owner else guest_id, name=name
            )
        self.refresh_from_db()

    def cancel(self) -> None:
        """The host withdraws an invite nobody has joined yet."""
        cancelled = Duel.objects.filter(pk=self.pk, status=self.Status.WAITING).update(
            status=self.Status.CANCELLED, finished_at=timezone.now()
        )
        if not cancelled:
            raise IllegalMove("a friend has joined already", kind="cannot_cancel")
        self.refresh_from_db()

    # -- placing -------------------------------------------------------------------------

    def board_of(self, seat: int) -> Board:
        board = Board(self.rule_set)
        for ship in self.fleets[seat]:
            placed = EngineShip.placement_from_dict(ship)
            board.place_ship(*placed)
        return board

    def _locked_for_placing(self, seat: int) -> Duel:
        game = Duel.objects.select_for_update().get(pk=self.pk)
        if game.status != self.Status.PLACING or game.ready[seat]:
            raise IllegalMove("the fleet is fixed once you are ready", kind="fleet_fixed")
        return game

    def _store_board(self, seat: int, board: Board) -> None:
        fleets = list(self.fleets)
        fleets[seat] = [ship.to_dict() for ship in board.ships]
        Duel.objects.filter(pk=self.pk).update(fleets=fleets, last_move_at=timezone.now())
        self.fleets = fleets

    @transaction.atomic
    def place_ship(self, seat: int, name: str, cell: str, orientation: str) -> EngineShip:
        """Place (or move) one ship of ``seat``'s; ``InvalidPlacement`` says why not."""
        game = self._locked_for_placing(seat)
        board = game.board_of(seat)
        if name in {ship.name for ship in board.ships}:
            board.remove_ship(name)
        rules = game.rule_set
        placed = board.place_ship(name, Coordinate.parse(cell, rules.board_size), orientation)
        game._store_board(seat, board)
        self.fleets = game.fleets
        return placed

    @transaction.atomic
    def remove_ship(self, seat: int, name: str) -> None:
        game = self._locked_for_placing(seat)
        board = game.board_of(seat)
        board.remove_ship(name)
        game._store_board(seat, board)
        self.fleets = game.fleets

    @transaction.atomic
    def clear_ships(self, seat: int) -> None:
        game = self._locked_for_placing(seat)
        game._store_board(seat, Board(game.rule_set))
        self.fleets = game.fleets

    @transaction.atomic
    def shuffle(self, seat: int) -> None:
        game = self._locked_for_placing(seat)
        board = Board.random_placement(game.rule_set, random.Random(secrets.randbits(64)))
        game._store_board(seat, board)
        self.fleets = game.fleets

    @transaction.atomic
    def set_ready(self, seat: int) -> None:
        """``seat``'s fleet is fixed; when both are, the game starts (the engine's coin flip
        says who fires first)."""
        game = self._locked_for_placing(seat)
        if not game.board_of(seat).is_complete:
            ships = len(game.rule_set.fleet)
            raise IllegalMove(
                f"place all {ships} ships before you are ready", kind="place_all", ships=ships
            )
        ready = list(game.ready)
        ready[seat] = True
        changes: dict[str, Any] = {"ready": ready, "last_move_at": timezone.now()}
        if all(ready):
            now = timezone.now()
            changes |= {"status": self.Status.PLAYING, "started_at": now, "last_move_at": now}
        Duel.objects.filter(pk=self.pk).update(**changes)
        self.refresh_from_db()

    # -- play ----------------------------------------------------------------------------

    def engine(self, upto: int | None = None) -> BattleshipGame:
        """The game rebuilt from both fleets and its moves (the first ``upto`` of them)."""
        rules = self.rule_set
        fleets = [[EngineShip.placement_from_dict(s) for s in fleet] for fleet in self.fleets]
        if self.status in (self.Status.WAITING, self.Status.PLACING) or self.started_at is None:
            return BattleshipGame.replay(rules, self.seed, [[], []], [], started=False)
        moves = [move_from_dict(move, rules.board_size) for move in self.log[:upto]]
        resigned = (
            1 - self.winner
            if self.ending == self.Ending.RESIGNED and self.winner is not None and upto is None
            else None
        )
        return BattleshipGame.replay(rules, self.seed, fleets, moves, resigned=resigned)

    def view(self, seat: int) -> PlayerView:
        """What ``seat``'s player may know: the only thing their pages are built from. Once
        the game is over (however it ended), both fleets are shown."""
        if self.status in (self.Status.WAITING, self.Status.PLACING):
            engine = BattleshipGame(self.rule_set, self.seed)
            engine.boards[seat] = self.board_of(seat)
            return engine.view_for(seat)
        engine = self.engine()
        view = engine.view_for(seat)
        if self.status == self.Status.OVER:
            view = replace(view, enemy_fleet=engine.view_for(1 - seat).fleet)
        return view

    def spectator_view(self) -> SpectatorView:
        """What someone watching may know (the library's ``SpectatorView``): every shot and
        what it announced, no ship's place until the end, then both fleets."""
        return self.engine().spectator_view()

    def replay_view(self, seat: int, step: int) -> PlayerView:
        """``seat``'s view after the first ``step`` moves of the finished game, both fleets
        shown (neither is a secret once the game is over); before the end, refused."""
        if self.status != self.Status.OVER or self.started_at is None:
            raise IllegalMove("only a finished game can be replayed", kind="replay_unfinished")
        engine = self.engine(step if step < self.moves else None)
        return replace(engine.view_for(seat), enemy_fleet=engine.view_for(1 - seat).fleet)

    def first_player(self) -> int | None:
        return self.engine().first_player if self.started_at else None

    def ended(self, engine: BattleshipGame) -> dict[str, Any]:
        """The game's end, once a move sank a fleet (or both, in a round: a draw)."""
        ending = self.Ending.SUNK if engine.winner is not None else self.Ending.DRAW
        return {
            "status": self.Status.OVER,
            "winner": engine.winner,
            "ending": ending,
            **self.figures_from(engine),
        }

    def derived(self, engine: BattleshipGame, answers: list[MoveResult], over: bool) -> None:
        """Each seat's record, in the transaction of the move that ended the game."""
        if over:
            self._write_records(engine)

    @staticmethod
    def figures_from(engine: BattleshipGame, seat: int = HOST) -> dict[str, Any]:
        """``seat``'s figures of a finished game (the host's on the game row)."""
        mine = [shot for shot in engine.shots if shot.player == seat]
        theirs = [shot for shot in engine.shots if shot.player != seat]
        return {
            "shots_fired": len(mine),
            "shots_hit": sum(shot.hit for shot in mine),
            "their_shots": len(theirs),
            "ships_lost": sum(bool(shot.sunk) for shot in theirs),
            "opening_cells": " ".join(str(shot.coord) for shot in mine[:OPENING_SHOTS]),
        }

    def _write_records(self, engine: BattleshipGame) -> None:
        """Each seat's result and figures, from the row as the ending wrote it; and, in a
        rated game, both ratings (in the same transaction: the game ends and is rated once)."""
        ended = Duel.objects.get(pk=self.pk)
        DuelRecord.objects.write_for(ended, engine)
        if ended.rated:
            rate(ended)

    def _end_playing(self, winner: int | None, ending: str, refusal: IllegalMove) -> None:
        """End the game in play outside a move (a resignation, a claim, abandoned), once: the
        shared ``Match.end`` locks and ends it; the winner, how it ended and each seat's
        record are written in the same transaction."""
        with transaction.atomic():
            self.end(self.Status.OVER, refusal=refusal)
            Duel.objects.filter(pk=self.pk).update(winner=winner, ending=ending)
            self.winner, self.ending = winner, ending
            if ending != self.Ending.ABANDONED:  # nobody played it out: it counts for no one
                self._write_records(self.engine())

    def resign(self, seat: int) -> None:
        """``seat`` gives up; the other wins and both fleets are shown."""
        refusal = IllegalMove("only a game in progress can be resigned", kind="cannot_resign")
        self._end_playing(1 - seat, self.Ending.RESIGNED, refusal)

    def away_for(self, seat: int) -> timedelta | None:
        """How long ``seat``'s opponent has kept them waiting on the opponent's turn."""
        if self.status != self.Status.PLAYING:
            return None
        if self.engine().current_player == seat:
            return None
        return timezone.now() - (self.last_move_at or self.started_at or timezone.now())

    @property
    def away_limit(self) -> timedelta:
        """How long a player may keep the other waiting before the win may be claimed: the
        clock's time for a move, else ``AWAY_LIMIT``."""
        return timedelta(seconds=self.clock_seconds) if self.clock_seconds else AWAY_LIMIT

    def claim_win(self, seat: int, expected_move: int) -> None:
        """The waiting player wins when the other has been away for their turn for
        ``away_limit``: only then, and only if nothing was played since the page showed."""
        away = self.away_for(seat)
        if away is None or away < self.away_limit:
            raise IllegalMove("your friend still has time for their turn", kind="too_soon")
        self.check_move_number(expected_move)
        with transaction.atomic():
            current = Duel.objects.select_for_update().filter(self.in_play(), pk=self.pk)
            if not current.filter(moves=expected_move).exists():
                raise StaleMove
            self._end_playing(seat, self.Ending.CLAIMED, IllegalMove("over", kind="game_over"))

    def say(self, seat: int, phrase: str) -> Message:
        """``seat`` sends the other one of the fixed phrases (``duels.messages.PHRASES``)."""
        if phrase not in PHRASES:
            raise IllegalMove("choose one of the messages offered", kind="no_such_message")
        if (1 - seat) not in self.seated:
            raise IllegalMove("nobody has joined yet", kind="nobody_to_tell")
        return Message.objects.create(duel=self, seat=seat, phrase=phrase)

    def messages_for(self, seat: int) -> list[Message]:
        """The latest messages ``seat`` sees: both players', the other's left out if muted."""
        shown = Message.objects.filter(duel=self)
        mine = self.seated.get(seat)
        if mine is not None and mine.muted:
            shown = shown.filter(seat=seat)
        return list(reversed(shown.order_by("-at", "-pk")[:SHOWN]))

    def mute(self, seat: int, muted: bool) -> None:
        Seat.objects.filter(duel=self, number=seat).update(muted=muted)
        self.__dict__.pop("seated", None)

    @transaction.atomic
    def vote_rematch(self, seat: int) -> Duel | None:
        """``seat`` asks for a rematch; when both have, the new game (same seats and rules,
        the other player fires first). Asked again, the same new game."""
        game = Duel.objects.select_for_update().get(pk=self.pk)
        if game.status != self.Status.OVER:
            raise IllegalMove("only a finished game can be played again", kind="still_going")
        if game.rematch is not None:
            return game.rematch
        votes = list(game.rematch_votes)
        votes[seat] = True
        Duel.objects.filter(pk=self.pk).update(rematch_votes=votes)
        self.rematch_votes = votes
        if not all(votes):
            return None
        first = game.engine().first_player
        again = replace(
            game.rule_set,
            first_player=FirstPlayer.PLAYER_0 if first == FRIEND else FirstPlayer.PLAYER_1,
        )
        new = Duel._new(
            again,
            rules_name=game.rules_name,
            pairing=game.pairing,
            rated=game.rated,
            watchable=game.watchable,
            clock_seconds=game.clock_seconds,
            status=self.Status.PLACING,
        )
        Seat.objects.bulk_create(
            Seat(duel=new, number=s.number, owner=s.owner, guest_id=s.guest_id, name=s.name)
            for s in game.seats.all()
        )
        Duel.objects.filter(pk=self.pk).update(rematch=new)
        self.rematch = new
        return new


@dataclass(frozen=True)
class Player:
    """Who a request is: an account, or a browser's guest id (never both)."""

    owner: Any
    guest_id: str


class Seat(models.Model):
    """One person's place in a game between people: who sits there (an account, or a
    browser's guest id) and the name the other player reads."""

    duel = models.ForeignKey(Duel, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="seats",
    )
    guest_id = models.CharField(max_length=32, blank=True, db_index=True)
    name = models.CharField(max_length=30)
    muted = models.BooleanField(
        default=False, help_text="Whether this player has muted the other's messages."
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["duel", "number"], name="one_player_a_seat"),
            models.CheckConstraint(condition=Q(number__in=[HOST, FRIEND]), name="two_seats"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in seat {self.number} of {self.duel_id}"

    @staticmethod
    def player_of(request: HttpRequest) -> Player | None:
        """The request's player: its account, else its browser's guest id, else nobody."""
        if request.user.is_authenticated:
            return Player(request.user, "")
        guest = guest_id(request)
        return Player(None, guest) if guest else None

    @property
    def player(self) -> Player:
        return Player(self.owner, self.guest_id)

    def is_player(self, player: Player) -> bool:
        if player.owner is not None:
            return bool(self.owner_id == player.owner.pk)
        return self.owner_id is None and bool(player.guest_id) and self.guest_id == player.guest_id


# Each player's record of a finished game, the ratings and the blocks: models of this app, in
# modules of their own.
from duels.blocks import Block  # noqa: E402
from duels.messages import Message  # noqa: E402
from duels.ratings import PlayerRating, RatingChange, rate  # noqa: E402
from duels.records import DuelRecord  # noqa: E402

__all__ = [
    "AWAY_LIMIT",
    "FIRST_MOVE_LIMIT",
    "FRIEND",
    "HOST",
    "INVITE_LIFETIME",
    "PLACING_LIMIT",
    "Block",
    "Duel",
    "DuelRecord",
    "Message",
    "Player",
    "PlayerRating",
    "RatingChange",
    "Seat",
]
