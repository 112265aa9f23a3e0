"""The daily challenge as stored: one attempt per player and day, and each day's Admiral.

A daily attempt is not a classic ``Game``: there is no fleet of the player's, no computer
firing back and no level, and it must never count in the classic statistics, history or
leaderboard. Its own small model keeps it out of all of them by construction (no filter
to forget), and holds only what it needs: the day, whose it is, and the shots in order.

A shot is appended to ``log`` by the move-number protocol every mode shares
(``modes.models.StoredGame``): a double click or a second tab gets ``StaleMove``, never a
second shot. The unique constraints make one attempt per player and day, also when two
first shots race to create it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, models, transaction
from django.db.models import Count, F, Q
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from battleship.classic import (
    Board,
    Coordinate,
    Fire,
    FiredShot,
    GamePhase,
    IllegalMove,
    PlayedMove,
    PlayerView,
    ShotResult,
)
from battleship.classic.ai.benchmark import range_view
from daily.fleet import RULES, admiral_search, day_board
from modes.models import Owned, OwnedQuerySet, StoredGame, player_of

SHARE_ROW = 10  # shots per row of the share text's grid
HIT, MISS, SINK = "🟥", "🟦", "💥"


def today() -> date:
    """The challenge's day now (days turn at midnight in ``TIME_ZONE``, UTC)."""
    return timezone.localdate()


class DailyAttemptQuerySet(OwnedQuerySet["DailyAttempt"]):
    def ranked(self) -> DailyAttemptQuerySet:
        """Finished on their own day: the ones the distribution, streaks and leaderboard count."""
        return self.filter(practice=False, finished_at__isnull=False)

    def distribution(self, day: date) -> list[dict[str, Any]]:
        """The day's ranked results as (shots, players), fewest shots first."""
        rows = (
            self.filter(day=day)
            .ranked()
            .order_by()
            .values(shots=F("moves"))
            .annotate(players=Count("pk"))
            .order_by("shots")
        )
        return list(rows)

    def leaderboard(self, day: date, limit: int = 20) -> list[dict[str, Any]]:
        """Signed-in players' ranked results of the day, fewest shots first (the earlier
        finish first among equals), with a rank that ties share; usernames and shots only."""
        active = get_user_model().objects.filter(is_active=True).values("pk")
        rows: list[dict[str, Any]] = [
            dict(row)
            for row in self.filter(day=day, owner__in=active)
            .ranked()
            .order_by("moves", "finished_at", "pk")
            .values("owner__username", shots=F("moves"))[:limit]
        ]
        rank, previous = 0, None
        for place, row in enumerate(rows, start=1):
            if row["shots"] != previous:
                rank, previous = place, row["shots"]
            row["rank"] = rank
        return rows


class DailyAttempt(Owned, StoredGame):
    """One player's search for one day's fleet: the shots so far, in order (``log``, one
    label a move: ``["E5", …]``; ``moves`` is the number of shots)."""

    day = models.DateField()
    practice = models.BooleanField(
        default=False,
        help_text="Not ranked: played after its day, or finished after its day had ended.",
    )
    hits = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(default=timezone.now)

    objects = DailyAttemptQuerySet.as_manager()

    class Meta:
        ordering = ["-day"]
        constraints = [
            models.UniqueConstraint(
                fields=["day", "owner"],
                condition=Q(owner__isnull=False),
                name="daily_one_attempt_per_player_and_day",
            ),
            models.UniqueConstraint(
                fields=["day", "guest_id"],
                condition=Q(owner__isnull=True),
                name="daily_one_attempt_per_guest_and_day",
            ),
            models.CheckConstraint(
                condition=Q(owner__isnull=False) | ~Q(guest_id=""),
                name="daily_attempt_has_a_player",
            ),
        ]
        indexes = [
            # The day's distribution and leaderboard.
            models.Index(fields=["day", "practice", "moves"], name="daily_day_results"),
        ]

    def __str__(self) -> str:
        return f"Daily {self.day} ({self.shots} shots{', finished' if self.finished_at else ''})"

    # -- starting ------------------------------------------------------------------------

    @classmethod
    def of_player(
        cls, day: date, request: HttpRequest, *, create: bool = False
    ) -> DailyAttempt | None:
        """The request's player's attempt at ``day``; with ``create``, a new one if there
        is none (practice unless ``day`` is today). Two requests creating it at once get
        the same attempt: the database lets only one row in."""
        found = cls.objects.owned_by(request).filter(day=day).first()
        if found is not None or not create:
            return found
        try:
            with transaction.atomic():
                return cls.objects.create(
                    day=day, practice=day != today(), **player_of(request, create=True)
                )
        except IntegrityError:
            return cls.objects.owned_by(request).get(day=day)

    # -- reading -------------------------------------------------------------------------

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    def board(self) -> Board:
        """The day's board with this attempt's shots fired at it."""
        board = day_board(self.day)
        for label in self.log:
            board.receive_shot(Coordinate.parse(label))
        return board

    def view(self) -> PlayerView:
        """What the player may know: their shots and what each announced, and the fleet
        only once it is sunk. The only thing the pages are built from."""
        board = day_board(self.day)
        fired, played = [], []
        for label in self.log:
            shot = board.receive_shot(Coordinate.parse(label))
            fired.append(FiredShot(shot.coord, shot.hit, shot.sunk.name if shot.sunk else None))
            played.append(PlayedMove(0, Fire((shot.coord,)), (shot.coord,)))
        view = range_view(RULES, fired, won=board.all_sunk, moves=played)
        view = replace(view, last_round=(1 if fired else 0, 0))
        if self.is_finished:
            view = replace(view, enemy_fleet=board.ships)
        return view

    def share_text(self, link: str, admiral: int) -> str:
        """What a player posts: the day, the shots, and each shot's result as a coloured
        square in order, ten a row (never where it fell: that would show the fleet)."""
        marks = []
        board = day_board(self.day)
        for label in self.log:
            shot = board.receive_shot(Coordinate.parse(label))
            marks.append(SINK if shot.sunk else (HIT if shot.hit else MISS))
        rows = ["".join(marks[i : i + SHARE_ROW]) for i in range(0, len(marks), SHARE_ROW)]
        title = _("Battleship daily %(day)s") % {"day": self.day.isoformat()}
        if self.practice:
            title += " " + _("(practice)")
        score = _("%(shots)d shots (the Admiral: %(admiral)d)") % {
            "shots": self.shots,
            "admiral": admiral,
        }
        return "\n".join([title, score, *rows, link])

    # -- playing -------------------------------------------------------------------------

    @property
    def shots(self) -> int:
        """Shots fired so far: one a move."""
        return self.moves

    @classmethod
    def in_play(cls) -> Q:
        return Q(finished_at=None)

    @classmethod
    def claim_guest_games(cls, guest: str, user: Any) -> None:
        """Only days the account has no attempt of: one attempt per player and day holds,
        and a second browser cannot give an account a second try at a day."""
        taken = cls.objects.filter(owner=user).values("day")
        cls.objects.filter(owner=None, guest_id=guest).exclude(day__in=taken).update(
            owner=user, guest_id=""
        )

    def fire(self, cell: Coordinate, expected: int) -> None:
        """Fire at ``cell``, once: the one play of every mode (``StoredGame.play``), on the
        day's fleet. ``StaleMove`` if the attempt no longer has ``expected`` shots; a cell
        fired at before or a finished attempt is an ``IllegalMove``; nothing changes."""
        self.play(cell, expected)

    def check_turn(self, expected_move: int) -> None:
        if self.is_finished:
            raise IllegalMove("the day's fleet is already sunk", kind="daily_sunk")
        self.check_move_number(expected_move)

    def engine(self) -> DaySearch:
        return DaySearch(self.board(), self.log)

    def changes(self, engine: DaySearch, over: bool) -> dict[str, Any]:
        """Every shot: the hits so far; past its day, the attempt becomes practice."""
        changes: dict[str, Any] = {"hits": engine.hits}
        if not self.practice and today() != self.day:
            # Finished after its day, when the fleet may be known: practice, not a result.
            changes["practice"] = True
        return changes

    def after_move(self, engine: DaySearch, seat: int) -> None:
        """Nothing kept: the page reads ``view()``, which shows the day's own way."""


class DaySearch:
    """The day's fleet fired at by one player alone, as the one play drives an engine
    (``StoredGame.play``): always this player's turn, over once the fleet is sunk."""

    current_player = 0

    def __init__(self, board: Board, log: list[str]) -> None:
        self.board = board
        self.fired = list(log)

    @property
    def phase(self) -> GamePhase:
        return GamePhase.FINISHED if self.board.all_sunk else GamePhase.IN_PROGRESS

    @property
    def hits(self) -> int:
        return sum(self.board.ship_at(Coordinate.parse(label)) is not None for label in self.fired)

    def play(self, cell: Coordinate) -> ShotResult:
        if str(cell) in self.fired:
            raise IllegalMove(
                f"{cell} has already been fired at", kind="daily_fired", cell=str(cell)
            )
        shot = self.board.receive_shot(cell)
        self.fired.append(str(shot.coord))
        return shot

    def log(self) -> list[str]:
        return list(self.fired)


class DailyAdmiral(models.Model):
    """The Admiral's search for one day's fleet, worked out once (tenths of a second), kept."""

    day = models.DateField(primary_key=True)
    log = models.JSONField(default=list, help_text="The Admiral's shots in order.")

    def __str__(self) -> str:
        return f"The Admiral on {self.day}: {len(self.log)} shots"

    @classmethod
    def for_day(cls, day: date) -> DailyAdmiral:
        found = cls.objects.filter(day=day).first()
        if found is not None:
            return found
        log = [str(cell) for cell in admiral_search(day)]
        # Two requests may both have worked it out: the same shots, one row.
        admiral, _created = cls.objects.get_or_create(day=day, defaults={"log": log})
        return admiral

    @property
    def shots(self) -> int:
        return len(self.log)

    def view(self) -> PlayerView:
        """The day's fleet with the Admiral's shots at it, as a board of one's own is shown
        (every ship drawn, each shot with its turn)."""
        board = day_board(self.day)
        received = []
        for label in self.log:
            shot = board.receive_shot(Coordinate.parse(label))
            received.append((shot.coord, shot.hit))
        moves = tuple(PlayedMove(1, Fire((cell,)), (cell,)) for cell, _hit in received)
        empty = range_view(RULES, [], won=True)
        return replace(empty, fleet=board.ships, shots_received=tuple(received), moves=moves)


# -- streaks and the distribution's chart ------------------------------------------------


@dataclass(frozen=True)
class Streaks:
    current: int
    longest: int


def streaks(days: Iterable[date], now: date) -> Streaks:
    """Consecutive days with a ranked result: the run that ends today (or yesterday, while
    today is still open), and the longest run ever."""
    ordered = sorted(set(days))
    longest = run = 0
    previous: date | None = None
    for day in ordered:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        longest = max(longest, run)
        previous = day
    current = run if previous is not None and now - previous <= timedelta(days=1) else 0
    return Streaks(current, longest)


@dataclass(frozen=True)
class Bucket:
    label: str
    players: int
    percent: int  # of the day's players, for the bar's length
    yours: bool


BUCKETS = [(17, 29), (30, 39), (40, 49), (50, 59), (60, 69), (70, 79), (80, 89), (90, 100)]


def buckets(rows: list[dict[str, Any]], yours: int | None) -> list[Bucket]:
    """The day's ranked results in ranges of shots, with the player's own range marked."""
    total = sum(row["players"] for row in rows)
    result = []
    for low, high in BUCKETS:
        players = sum(row["players"] for row in rows if low <= row["shots"] <= high)
        result.append(
            Bucket(
                label=f"{low}\N{EN DASH}{high}",
                players=players,
                percent=round(100 * players / total) if total else 0,
                yours=yours is not None and low <= yours <= high,
            )
        )
    return result
