"""What every mode's stored game shares: a game stored as its moves.

A classic ``Game``, a ``SectorBattle``, a ``DailyAttempt`` (and any mode after them) is its
rules, its seed and the ordered log of its moves, in the library's own form. ``StoredGame``
holds what they share and the one way a move is stored:

- **Ownership**, with one meaning: the signed-in player's games when signed in, else this
  browser's as a guest (``owned_by``). Signing in hands a guest's games to the account
  (``claim_guest_games``), so nothing is lost on the way.
- **The move-number protocol.** A page shows the game at move number N and sends N back
  with its move. The new log is worked out from the game as stored at N, then stored by one
  conditional UPDATE that applies only while the stored number still is N and the game is
  still in play (``store_moves``): a double click, a second tab or a racing request finds
  the number moved on and gets ``StaleMove`` (a 409), never a second move. Moves are only
  ever appended, so an unchanged number means an unchanged game. On PostgreSQL the second
  UPDATE waits for the first one's row lock, then sees the new number; SQLite runs write
  transactions one at a time. Rows derived from the log (the classic game's ``Shot`` rows)
  are written in the same transaction.
- **Time played**: the gaps between moves, each capped (a game left for a week did not take
  a week).

``FiguresQuerySet`` adds up the figures each finished game stores on its row
(``GameFigures``) for the statistics, the history and the leaderboard, whatever the mode.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from typing import Any, Self, TypeVar

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.db.models import Case, Count, F, Q, Sum, Value, When
from django.http import HttpRequest
from django.utils import timezone

from battleship import Coordinate, GamePhase, IllegalMove

# Time played counts the gaps between moves, each capped: a game left for a week did not
# take a week.
MOVE_GAP_CAP = timedelta(minutes=2)
GUEST_KEY = "guest_id"
FINISHED = ["won", "lost", "resigned", "draw"]
MAX_BOARD_SIZE = 26  # row letters A to Z: any stored cell label reads back
OPENING_SHOTS = 10  # the statistics' heat map: where a person's first ten shots of a game go


class StaleMove(IllegalMove):
    """The page that sent the move was out of date: another move was made since."""

    def __init__(self) -> None:
        super().__init__("that board was out of date; this is the current one", kind="stale")


def guest_id(request: HttpRequest, *, create: bool = False) -> str | None:
    """The browser session's guest id, which owns the games played before signing in."""
    value = request.session.get(GUEST_KEY)
    if value is None and create:
        value = request.session[GUEST_KEY] = uuid.uuid4().hex
    return value


def player_of(request: HttpRequest, *, create: bool = False) -> dict[str, Any]:
    """Who a new game of this request's belongs to: the fields ``owner`` and ``guest_id``."""
    if request.user.is_authenticated:
        return {"owner": request.user, "guest_id": ""}
    return {"owner": None, "guest_id": guest_id(request, create=create) or ""}


_M = TypeVar("_M", bound=models.Model)


class OwnedQuerySet(models.QuerySet[_M]):
    def owned_by(self, request: HttpRequest) -> Self:
        """The games of the request's player: the account's when signed in, else this
        browser's as a guest (signing in hands those to the account)."""
        if request.user.is_authenticated:
            return self.filter(owner=request.user)
        guest = guest_id(request)
        return self.filter(owner=None, guest_id=guest) if guest else self.none()


class Owned(models.Model):
    """A game of one person's (against the computer, or the day's fleet): its owner, an
    account or a browser's guest id. A game between people has a seat for each instead
    (``duels.Seat``)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="%(class)ss",
    )
    guest_id = models.CharField(max_length=32, blank=True, db_index=True)

    class Meta:
        abstract = True

    @classmethod
    def claim_guest_games(cls, guest: str, user: Any) -> None:
        """A guest signs in: the games of that browser become the account's."""
        cls._default_manager.filter(owner=None, guest_id=guest).update(owner=user, guest_id="")


class StoredGame(models.Model):
    """A game stored as its moves, in any mode: its log, its move number, time played. A
    subclass says when it is in play (``in_play``) and builds the log; whose it is, is said
    by ``Owned`` (one person's) or by seats (a game between people)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    log = models.JSONField(
        default=list, blank=True, help_text="Every move in order, in the library's own form."
    )
    moves = models.PositiveIntegerField(default=0, help_text="Moves stored: the log's length.")
    play_seconds = models.FloatField(default=0, help_text="Time played: capped gaps between moves.")
    last_move_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    @classmethod
    def in_play(cls) -> Q:
        """The rows a move may still be stored on (a game in progress, an unfinished attempt)."""
        raise NotImplementedError

    @classmethod
    def claim_guest_games(cls, guest: str, user: Any) -> None:
        """A guest signs in: the games of that browser become the account's (each kind of
        game says how: ``Owned``, or a game's seats)."""
        raise NotImplementedError

    def check_move_number(self, expected_move: int) -> None:
        """``StaleMove`` unless this game, as loaded, is at ``expected_move``."""
        if self.moves != expected_move:
            raise StaleMove

    # -- one move, in every mode ------------------------------------------------------

    computer: Any = None
    """The computer player in the other seat, if a computer holds one (``play_turn``'s)."""

    def check_turn(self, expected_move: int) -> None:
        """A move now, at ``expected_move``: refused (a ``ValueError``) if the game is not in
        play or the page was out of date (``check_move_number``)."""
        raise NotImplementedError

    def engine(self) -> Any:
        """The game's engine, rebuilt from its log."""
        raise NotImplementedError

    def play(self, move: Any, expected_move: int, seat: int = 0) -> list[Any]:
        """``seat``'s move, then the computer's answer if a computer holds the other seat,
        stored together or not at all by the move-number protocol (``store_moves``): a
        page that was out of date, a double click or a second tab gets ``StaleMove``; a
        move at the wrong time or one the engine refuses, a ``ValueError``; either way
        nothing changes. The engine works the move out before the transaction, which keeps
        SQLite's one write lock short. What each mode adds: ``ended`` (the row's result
        when the move ended the game) and ``derived`` (rows written with the move)."""
        self.check_turn(expected_move)  # as loaded by this request; checked again on store
        engine = self.engine()
        if engine.current_player != seat:
            raise IllegalMove("it is not your turn: wait for their move", kind="not_turn")
        answers = self._answers(engine.play(move))
        # The computer's turn comes at once, when it holds the seat to play now.
        computer = self.computer
        playing = engine.phase is GamePhase.IN_PROGRESS
        if computer is not None and playing and engine.current_player != seat:
            answers += self._answers(engine.play_turn(computer))
        over = engine.phase is GamePhase.FINISHED
        self.store_moves(
            expected_move,
            engine.log(),
            finished=over,
            changes=self.changes(engine, over),
            derived=lambda: self.derived(engine, answers, over),
        )
        self.after_move(engine, seat)
        return answers

    def after_move(self, engine: Any, seat: int) -> None:
        """The player's view after the move, kept for this request's page (saves a replay)."""
        self._view_after_move = (self.moves, engine.view_for(seat))

    @staticmethod
    def _answers(answer: Any) -> list[Any]:
        """An engine's answer to a move as a list (a classic move's results, a report)."""
        return list(answer) if isinstance(answer, list) else [answer]

    def changes(self, engine: Any, over: bool) -> dict[str, Any] | None:
        """What the row stores with the move besides its log: by default, once the move
        ended the game, its result (``ended``)."""
        return self.ended(engine) if over else None

    def ended(self, engine: Any) -> dict[str, Any]:
        """What the row stores when a move ends the game: its result and figures."""
        raise NotImplementedError

    def derived(self, engine: Any, answers: list[Any], over: bool) -> None:
        """Rows derived from the move (``answers``: the engine's), written in its
        transaction (none by default)."""

    def store_moves(
        self,
        expected_move: int,
        log: list[Any],
        *,
        finished: bool = False,
        changes: dict[str, Any] | None = None,
        derived: Callable[[], object] | None = None,
    ) -> None:
        """Store ``log``, the game's whole log after this request's move, once: only if the
        stored game is still in play at ``expected_move`` (else ``StaleMove`` and nothing
        changes). ``changes`` are stored with it (a result, figures); ``derived`` writes the
        rows derived from the move, in the same transaction."""
        now = timezone.now()
        gap = now - (self.last_move_at or now)
        after: dict[str, Any] = {
            "log": log,
            "moves": len(log),
            "last_move_at": now,
            "play_seconds": self.play_seconds + min(gap, MOVE_GAP_CAP).total_seconds(),
            **({"finished_at": now} if finished else {}),
            **(changes or {}),
        }
        with transaction.atomic():
            stored = (
                type(self)
                ._default_manager.filter(self.in_play(), pk=self.pk, moves=expected_move)
                .update(**after)
            )
            if not stored:
                raise StaleMove
            if derived is not None:
                derived()
        for field, value in after.items():
            setattr(self, field, value)

    def mark(self, expected_move: int, **changes: Any) -> None:
        """Store ``changes`` on the game, not a move, by the same rule as a move: only if it is
        still in play at ``expected_move`` (a hint taken, say), else ``StaleMove``."""
        model = type(self)
        marked = model._default_manager.filter(self.in_play(), pk=self.pk, moves=expected_move)
        if not marked.update(**changes):
            raise StaleMove
        for field, value in changes.items():
            setattr(self, field, value)


class GameFigures(models.Model):
    """A finished game's own figures, in every mode where a person fires at an opponent:
    worked out from its engine when it ends (the model's ``figures_from``) and never changed
    after, a fact about an immutable game that the statistics (``FiguresQuerySet``) add up
    instead of counting shots. None while the game is unfinished. A shot here is a cell fired
    at (a barrage's three cells are three)."""

    shots_fired = models.PositiveIntegerField(null=True, blank=True, help_text="The person's.")
    shots_hit = models.PositiveIntegerField(null=True, blank=True, help_text="The person's.")
    their_shots = models.PositiveIntegerField(
        null=True, blank=True, help_text="The opponent's: the computer's, or the other person's."
    )
    ships_lost = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The person's ships the computer sank."
    )
    opening_cells = models.CharField(
        max_length=40, blank=True, help_text='The person\'s first ten shots, "E5 B7 …".'
    )

    class Meta:
        abstract = True


class Match(StoredGame, GameFigures):
    """A game one side wins (or both draw, or one resigns): a stored game with a ``status`` of
    its own choices (setup, playing, a result) and its figures once over (``GameFigures``,
    from its ``figures_from(engine())``): the classic game and the sector battle."""

    status: Any  # each mode's own choices (setup, playing, its results)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def figures_from(self, engine: Any) -> dict[str, Any]:
        raise NotImplementedError

    def engine(self) -> Any:
        raise NotImplementedError

    def check_turn(self, expected_move: int) -> None:
        """A move now, at ``expected_move``: refused if the game is not in play (over, or
        not begun) or the page was out of date."""
        if self.status != "playing":
            over = self.is_over
            raise IllegalMove(
                "this game is over" if over else "the game has not started",
                kind="game_over" if over else "not_started",
            )
        self.check_move_number(expected_move)

    def end(self, status: str, *, refusal: IllegalMove) -> None:
        """End the game in play now with ``status`` (a resignation, a claimed win), its
        figures worked out from the game as stored; ``refusal`` if it is not in play. The row
        is locked and read again first, so that two at once end it once, with the figures of
        every move stored before."""
        model = type(self)
        with transaction.atomic():
            locked = model._default_manager.select_for_update().filter(self.in_play(), pk=self.pk)
            game = locked.first()
            if game is None:
                raise refusal
            changes = {
                "status": status,
                "finished_at": timezone.now(),
                **game.figures_from(game.engine()),
            }
            if not model._default_manager.filter(self.in_play(), pk=self.pk).update(**changes):
                raise refusal
        self.refresh_from_db()

    def open_next(self, field: str, start: Callable[[Any], Any]) -> Any:
        """The next game after this one (``start(this)`` made, and kept in ``field``), once
        this one is over: Play again.

        Asked again (a double click, a second tab, Back and Play again) it is the game it
        opened before while that one is unfinished, never one more: the row is locked, so
        two requests at once get the same game. Run inside the caller's transaction.
        """
        this = type(self)._default_manager.select_for_update().get(pk=self.pk)
        if not this.is_over:
            raise IllegalMove(
                "this game is still going: finish it or resign first", kind="still_going"
            )
        following = getattr(this, field)
        if following is not None and not following.is_over:
            return following
        following = start(this)
        setattr(this, field, following)
        this.save(update_fields=[field])
        return following


class FiguresQuerySet(OwnedQuerySet[_M]):
    """What every mode's games have in common for the statistics: who owns them, and the
    figures added up from each finished game's own (``GameFigures``)."""

    HINTS = False
    """Whether this mode's games can be played with the coach's hint (a ``hinted`` field):
    such games are counted as hinted and kept off the leaderboard."""

    # Every figure is a sum over finished games' own figures, stored on each game row when
    # it ended: no page counts shots, so a page costs the same whether a player has ten
    # games or ten thousand.

    def finished(self) -> Self:
        return self.filter(status__in=FINISHED)

    def unfinished(self) -> Self:
        """Games being placed or played: the home page's "continue" list."""
        return self.filter(status__in=["setup", "playing"])

    def unfinished_of(self, request: HttpRequest) -> Self:
        """The request's player's games in progress, the latest played first (the home
        page's list, through the registry's ``Mode.unfinished``)."""
        return self.owned_by(request).unfinished().order_by("-last_move_at", "-created_at")

    def fill_missing_figures(self) -> int:
        """Work out and store the figures of any of these finished games that lack them.

        Normally none does (a game stores them as it ends, a migration filled the older
        ones); a game finished by code older than the figures, say by a worker still running
        during a deploy, gets them here, from its replay. One query when there is none (an
        index range), so pages call it before adding figures up.
        """
        missing: list[Any] = list(self.finished().filter(shots_fired=None))
        for game in missing:  # each model works out its own figures
            self.model._default_manager.filter(pk=game.pk).update(
                **game.figures_from(game.engine())
            )
        return len(missing)

    def figures_by_level_and_result(self) -> list[dict[str, Any]]:
        """The finished games grouped by level, result and the shots that decided them.

        One row per (level, status, shots_fired, winning_shots): ``games``, and the ``hits``,
        ``seconds`` and ``ships_lost`` of those games summed, and how many were ``hinted``.
        ``shots_fired`` is the person's shots in each of the row's games; ``winning_shots``
        the opponent's, for a lost game only (None otherwise). The few hundred rows are what
        ``accounts.statistics`` adds up, per level or overall.
        """
        winning_shots = Case(When(status="lost", then=F("their_shots")))
        return list(
            self.finished()
            .order_by()
            .values("level", "status", "shots_fired", winning_shots=winning_shots)
            .annotate(
                games=Count("pk"),
                hits=Sum("shots_hit"),
                seconds=Sum("play_seconds"),
                ships_lost=Sum("ships_lost"),
                hinted=Count("pk", filter=Q(hinted=True)) if self.HINTS else Value(0),
            )
            .order_by("level", "status", "shots_fired", "winning_shots")
        )

    def results_in_order(self) -> list[str]:
        """The status of each finished game, oldest first (for streaks and the trend)."""
        return list(self.finished().order_by("finished_at", "pk").values_list("status", flat=True))

    def opening_shot_counts(self) -> list[dict[str, Any]]:
        """How often the person fired at each cell among their first ten shots of a game."""
        # Each game's opening is a short string; counting its labels here is quicker than
        # any grouping the database could do on them (10,000 games: about 10 ms).
        openings = self.finished().order_by().values_list("opening_cells", flat=True)
        labels = Counter(label for opening in openings.iterator() for label in opening.split())
        counts = Counter[tuple[int, int]]()
        for label, n in labels.items():
            cell = Coordinate.parse(label, MAX_BOARD_SIZE)
            counts[cell.row, cell.col] += n
        return [{"row": r, "col": c, "shots": n} for (r, c), n in sorted(counts.items())]

    def leaderboards(
        self,
        levels: list[int],
        minimum: int,
        limit: int = 10,
        rules_name: str | None = "standard",
    ) -> dict[int, list[dict[str, Any]]]:
        """Per level: players by wins there, among those with ``minimum`` finished games there.

        Usernames and counts only: nothing else about a player leaves this method. Two
        queries whatever the number of games: every active player's finished games counted
        per level from the mode's leaderboard index alone, then the usernames of the few who
        can place (ties broken by name, as the page shows them).
        """
        active = get_user_model().objects.filter(is_active=True).values("pk")
        counts = (
            self.finished()
            .filter(level__in=levels, owner__in=active)
            # A mode of one rule set (the sector game) passes None: nothing to narrow.
            .filter(**({"rules_name": rules_name} if rules_name is not None else {}))
            # A game played with a hint is the person's and the Admiral's together.
            .filter(**({"hinted": False} if self.HINTS else {}))
            .order_by()
            .values("level", "owner")
            # Counting owner (not the row) keeps the count within the index.
            .annotate(played=Count("owner"), wins=Count("owner", filter=Q(status="won")))
            .filter(played__gte=minimum)
        )
        by_level: dict[int, list[dict[str, Any]]] = {level: [] for level in levels}
        for row in counts:
            by_level[row["level"]].append(row)
        placed: dict[int, list[dict[str, Any]]] = {}
        for level, rows in by_level.items():
            rank = [(-row["wins"], row["played"]) for row in rows]
            # The first ``limit`` and anyone tied with the last of them: names decide ties.
            last = sorted(rank)[limit - 1] if len(rows) > limit else None
            placed[level] = [
                row for row, key in zip(rows, rank, strict=True) if last is None or key <= last
            ]
        ids = {row["owner"] for rows in placed.values() for row in rows}
        names = dict(get_user_model().objects.filter(pk__in=ids).values_list("pk", "username"))
        return {
            level: sorted(
                (
                    {
                        "owner__username": names[row["owner"]],
                        "played": row["played"],
                        "wins": row["wins"],
                    }
                    for row in rows
                ),
                key=lambda row: (-row["wins"], row["played"], row["owner__username"]),
            )[:limit]
            for level, rows in placed.items()
        }


def shots_to_win(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``figures_by_level_and_result`` rows as (status, winner_shots, games), all levels
    together: the person's shots in the games they won, the opponent's in those it won."""
    games: dict[tuple[str, int], int] = {}
    for row in rows:
        if row["status"] in ("won", "lost"):
            shots = row["shots_fired"] if row["status"] == "won" else row["winning_shots"]
            games[row["status"], shots] = games.get((row["status"], shots), 0) + row["games"]
    return [
        {"status": status, "winner_shots": shots, "games": n}
        for (status, shots), n in sorted(games.items())
    ]


__all__ = [
    "FINISHED",
    "MOVE_GAP_CAP",
    "FiguresQuerySet",
    "GameFigures",
    "Match",
    "Owned",
    "OwnedQuerySet",
    "StaleMove",
    "StoredGame",
    "guest_id",
    "player_of",
    "shots_to_win",
]
