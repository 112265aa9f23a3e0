"""The daily challenge's pages: the day's board, a shot at it, and the result.

Every page is built from the attempt's own view (``DailyAttempt.view``): the fleet enters
the context only once the attempt is finished, so no page or partial can carry it before.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import trigger_client_event
from django_ratelimit.decorators import ratelimit

from battleship.classic import Coordinate, PlayerView
from battleship.classic.display import Cell, build_display
from battleship.classic.sentences import duration
from battleship_site.limits import setting
from core.forms import excerpt
from core.refusals import refusal
from core.requests import HttpRequest, per_address, player_key
from daily.fleet import RULES, day_commitment
from daily.models import DailyAdmiral, DailyAttempt, buckets, streaks, today
from modes.models import guest_id
from modes.refusals import move_number, status_of

PAGE = "daily/daily.html"
FIRST_DAY = date(2026, 11, 1)  # the first daily challenge


class NoSuchDay(Exception):
    """A day there is no challenge for (yet): the message says why."""


def parse_day(text: str) -> date:
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise NoSuchDay(
            _("“%(text)s” is not a date: write it as year-month-day, like 2026-11-20.")
            % {"text": excerpt(text)}
        ) from None
    if day > today():
        raise NoSuchDay(_("The challenge of %(day)s is not out yet.") % {"day": day.isoformat()})
    if day < FIRST_DAY:
        raise NoSuchDay(
            _("The first daily challenge was on %(day)s.") % {"day": FIRST_DAY.isoformat()}
        )
    return day


def no_such_day(request: HttpRequest, error: NoSuchDay) -> TemplateResponse:
    context = {"message": str(error), "today": today()}
    return TemplateResponse(request, "daily/no_day.html", context, status=404)


@require_safe
@never_cache
@vary_on_headers("HX-Request")
def today_page(request: HttpRequest) -> HttpResponse:
    """Today's challenge: the board, or the result once the fleet is sunk."""
    day = today()
    known_browser(request)
    return render_day(request, day, DailyAttempt.of_player(day, request))


@require_safe
@never_cache
@vary_on_headers("HX-Request")
def day_page(request: HttpRequest, day: str) -> HttpResponse:
    """A day's challenge: today's, or a past one for practice."""
    try:
        chosen = parse_day(day)
    except NoSuchDay as error:
        return no_such_day(request, error)
    known_browser(request)
    return render_day(request, chosen, DailyAttempt.of_player(chosen, request))


def known_browser(request: HttpRequest) -> None:
    """A guest's browser gets its guest id (its session cookie) with the page, before its
    first shot: then however many first shots race, they all carry it, and the database's
    one attempt per guest and day makes them one attempt."""
    if not request.user.is_authenticated:
        guest_id(request, create=True)


@require_POST
@ratelimit(key=player_key, rate=setting("FIRE_RATE"), block=True)
@per_address
@never_cache
@vary_on_headers("HX-Request")
def fire(request: HttpRequest, day: str) -> HttpResponse:
    """A shot at the day's fleet; the first one starts the player's attempt at that day."""
    try:
        chosen = parse_day(day)
    except NoSuchDay as no_day:
        return no_such_day(request, no_day)
    typed = excerpt(request.POST.get("cell", "")).strip()
    try:
        expected = move_number(request.POST.get("move", ""))
    except ValueError as no_number:
        attempt = DailyAttempt.of_player(chosen, request)
        return render_day(request, chosen, attempt, error=refusal(no_number), status=400)
    try:
        cell = Coordinate.parse(typed, RULES.board_size)
    except ValueError as bad:
        attempt = DailyAttempt.of_player(chosen, request)
        return render_day(request, chosen, attempt, error=refusal(bad), status=400)
    if not request.user.is_authenticated and guest_id(request) is None:
        # No session came with the shot, so nothing says which browser sent it: forty such
        # first shots at once would be forty players. Nothing is stored; the answer gives
        # the browser its guest id, and its next shot starts its one attempt.
        known_browser(request)
        error = _("That shot was not stored: your browser was new here. Fire again.")
        return render_day(request, chosen, None, error=error, status=409)
    attempt = DailyAttempt.of_player(chosen, request, create=expected == 0)
    if attempt is None:  # a page from a first shot that was not stored: nothing to start
        error = _("That board was out of date; this is the current one.")
        return render_day(request, chosen, None, error=error, status=409)
    try:
        attempt.fire(cell, expected)
    except ValueError as refused:
        attempt.refresh_from_db()
        return render_day(
            request, chosen, attempt, error=refusal(refused), status=status_of(refused)
        )
    if request.htmx:
        # Named for the page's scripts, with its sound: as it arrives, once in place.
        response = render_day(request, chosen, attempt, shot=True)
        sound = {"sound": (response.context_data or {}).get("sound", "")}
        trigger_client_event(response, "turn", sound)
        return trigger_client_event(response, "turn-settled", sound, after="settle")
    return redirect(day_url(chosen))


def announce(view: PlayerView) -> str:
    """What the live region says: the last shot's result (or how to begin)."""
    if not view.shots_fired:
        return _("Fire at a cell of the day's fleet.")
    shot = view.shots_fired[-1]
    if shot.sunk:
        return _("%(cell)s: hit. You sank their %(ship)s!") % {
            "cell": shot.coord,
            "ship": shot.sunk,
        }
    if shot.hit:
        return _("%(cell)s: hit") % {"cell": shot.coord}
    return _("%(cell)s: miss") % {"cell": shot.coord}


def numbered(
    rows: list[tuple[str, list[Cell]]], log: list[str], sank: str | None = None
) -> list[tuple[str, list[Cell]]]:
    """A board's rows with each fired cell's shot number, the latest shot alone marked as
    the latest and only the ship it sank (``sank``) drawn in. (The game's display counts
    turns and marks the last round, which alternate between two players; here one player
    fires every shot, so every shot was its round.)"""
    order = {label: n for n, label in enumerate(log, start=1)}
    last = log[-1] if log else None

    def marked(cell: Cell) -> Cell:
        hull = cell.hull and replace(cell.hull, fresh=cell.hull.fresh and cell.ship == sank)
        turn = order.get(cell.label, cell.turn)
        return replace(cell, turn=turn, latest=cell.label == last, hull=hull or None)

    return [(letter, [marked(cell) for cell in cells]) for letter, cells in rows]


def day_url(day: date) -> str:
    return reverse("daily") if day == today() else reverse("daily_day", args=[day.isoformat()])


def render_day(
    request: HttpRequest,
    day: date,
    attempt: DailyAttempt | None,
    *,
    error: str = "",
    status: int = 200,
    shot: bool = False,
) -> TemplateResponse:
    """The day's page, or for htmx only its play area."""
    shots = attempt.shots if attempt else 0
    view = attempt.view() if attempt else DailyAttempt(day=day).view()
    display = build_display(view)
    sank = view.shots_fired[-1].sunk if view.shots_fired else None
    display = replace(
        display, enemy_rows=numbered(display.enemy_rows, attempt.log if attempt else [], sank)
    )
    announcements = [announce(view)]
    now = today()
    context: dict[str, Any] = {
        "day": day,
        "day_iso": day.isoformat(),
        "is_today": day == now,
        "previous_day": day.fromordinal(day.toordinal() - 1) if day > FIRST_DAY else None,
        "next_day": day.fromordinal(day.toordinal() + 1) if day < now else None,
        "attempt": attempt,
        "practice": attempt.practice if attempt else day != now,
        "shots": shots,
        "view": view,
        "display": display,
        "announcements": [error] if error else announcements,
        "error": error,
        "sound": display.sound if shot else "",
        "typed_cell": excerpt(request.POST.get("cell", "")).strip() if error else "",
        "oob": bool(request.htmx),
        # The day's fleet, sealed until the day is over; on today's page tomorrow's too,
        # published before its day begins.
        "commitment": day_commitment(day, revealed=day < now),
        "tomorrow": day_commitment(day + timedelta(days=1), revealed=False) if day == now else None,
    }
    if attempt is not None and attempt.is_finished:
        context |= result_context(request, day, attempt)
    template = PAGE + "#play" if request.htmx and not request.htmx.history_restore_request else PAGE
    return TemplateResponse(request, template, context, status=status)


def result_context(request: HttpRequest, day: date, attempt: DailyAttempt) -> dict[str, Any]:
    """What a finished player sees: the Admiral on the same fleet, the day's players, the
    share text, streaks and the day's leaderboard."""
    admiral = DailyAdmiral.for_day(day)
    ranked_days = DailyAttempt.objects.owned_by(request).ranked().values_list("day", flat=True)
    distribution = DailyAttempt.objects.distribution(day)
    link = request.build_absolute_uri(day_url(day))
    return {
        "admiral": admiral,
        "admiral_rows": numbered(build_display(admiral.view()).own_rows, admiral.log),
        "difference": attempt.shots - admiral.shots,
        "ahead": abs(attempt.shots - admiral.shots),
        "share_text": attempt.share_text(link, admiral.shots),
        "streaks": streaks(ranked_days, today()),
        "buckets": buckets(distribution, None if attempt.practice else attempt.shots),
        "players": sum(row["players"] for row in distribution),
        "leaders": DailyAttempt.objects.leaderboard(day),
        "time_played": duration(attempt.play_seconds),
    }
