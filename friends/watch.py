"""Watching games between people: the list of games being played now that others may watch
(``/live``: every stranger's game, a friend's when its host said so), and a game as someone
watching may see it (``/watch/<token>``, built from the library's ``SpectatorView`` alone:
every shot and what it announced, no ship's place until the end), kept up to date by a
stream of its own (``/watch/<token>/events``: the whole watched part at each move, from the
same nudges as the players' streams; no seat, no presence, nothing to fire).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from redis.exceptions import RedisError

from battleship.classic.display import watched_board
from core.rule_sets import info_for
from duels.models import Duel, PlayerRating
from friends import events as nudges
from friends import presence
from friends.stream import (
    EventStream,
    _closing,
    _let_the_request_thread_go,
    _off_thread,
    event,
)

PAGE = "friends/watch.html"
LISTED = 50


@require_safe
@never_cache
def live_games(request: HttpRequest) -> TemplateResponse:
    """Games between people being played now that others may watch, the latest moved first:
    the players, their ratings (rated games), the rules and the move count."""
    games = list(
        Duel.objects.filter(watchable=True, status=Duel.Status.PLAYING)
        .prefetch_related("seats__owner")
        .order_by("-last_move_at")[:LISTED]
    )
    owners = {seat.owner_id for game in games for seat in game.seats.all() if seat.owner_id}
    ratings: dict[tuple[int | None, str], str] = {
        (row.owner_id, row.rules_name): row.shown
        for row in PlayerRating.objects.filter(owner_id__in=owners)
    }
    rows = []
    for game in games:
        seats = sorted(game.seats.all(), key=lambda seat: seat.number)
        players = [
            (seat.name, ratings.get((seat.owner_id, game.rules_name), "") if game.rated else "")
            for seat in seats
        ]
        rows.append(
            {
                "game": game,
                "players": players,
                "info": info_for(game.rule_set),
                "watchers": watchers(game.token),
            }
        )
    return TemplateResponse(request, "friends/live.html", {"rows": rows})


def watched(token: str) -> Duel:
    """The game by its token, if others may watch it and it has begun (else a 404: an
    invite's link is not a way to watch it)."""
    game = get_object_or_404(Duel, token=token, watchable=True)
    game.expire_if_due()
    if game.started_at is None:
        raise Http404("the game has not begun")
    return game


def watch_context(game: Duel) -> dict[str, Any]:
    """What the watching page shows, from the spectator's view alone."""
    view = game.spectator_view()
    names = [game.name_of(0), game.name_of(1)]
    sides = list(view.sides)
    if game.status == Duel.Status.OVER:  # both fleets are shown at the end
        sides = [replace(side, enemy_fleet=sides[1 - p].fleet) for p, side in enumerate(sides)]
    displays = [watched_board(side) for side in sides]
    return {
        "game": game,
        "info": info_for(game.rule_set),
        "names": names,
        # Each player's shots, drawn on the other's waters as the shooter was told.
        "boards": [(names[p], names[1 - p], displays[p]) for p in (0, 1)],
        "turn": None if view.current_player is None else names[view.current_player],
        "winner": None if view.winner is None else names[view.winner],
        "over": game.is_over,
    }


@require_safe
@never_cache
def watch(request: HttpRequest, token: str) -> TemplateResponse:
    game = watched(token)
    return TemplateResponse(request, PAGE, watch_context(game))


def _state(request: HttpRequest, token: str) -> tuple[str, int, bool]:
    game = Duel.objects.get(token=token)
    game.expire_if_due()
    html = render_to_string(PAGE + "#watched", watch_context(game), request=request)
    return html, game.moves, not game.is_over


def _arrive(token: str) -> str:
    """Someone starts watching: counted (``presence.WATCHERS``) while their stream is open."""
    with contextlib.suppress(RedisError):  # Redis away: watching goes on, uncounted
        return presence.arrive(token, presence.WATCHERS)
    return ""


def _renew(token: str, connection: str) -> None:
    if connection:
        with contextlib.suppress(RedisError):
            presence.renew(token, presence.WATCHERS, connection)


def _leave(token: str, connection: str) -> None:
    if connection:
        with contextlib.suppress(RedisError):
            presence.leave(token, presence.WATCHERS, connection)


def watchers(token: str) -> int:
    """How many are watching the game now (0 when it cannot be known: Redis away)."""
    with contextlib.suppress(RedisError):
        return presence.count(token, presence.WATCHERS)
    return 0


async def _watching(request: HttpRequest, token: str) -> AsyncIterator[str]:
    _let_the_request_thread_go()
    state = _off_thread(_state)
    connection = await _off_thread(_arrive)(token)
    try:
        async for part in _watched_events(request, token, state, connection):
            yield part
    finally:
        await _off_thread(_leave)(token, connection)


async def _watched_events(
    request: HttpRequest, token: str, state: Any, connection: str
) -> AsyncIterator[str]:
    async with nudges.Listening(token) as changed:
        html, move, live = await state(request, token)
        yield "retry: 1000\n" + event("state", html, move)
        ends = time.monotonic() + settings.FRIEND_STREAM_SECONDS
        while live and time.monotonic() < ends:
            try:
                async with asyncio.timeout(settings.FRIEND_KEEPALIVE_SECONDS):
                    nudged = {await changed.get()}
            except TimeoutError:
                await _off_thread(_renew)(token, connection)
                yield ": keep-alive\n\n"
                continue
            while not changed.empty():
                nudged.add(changed.get_nowait())
            if nudges.GONE in nudged:
                break
            if nudged - {nudges.PRESENCE, nudges.MESSAGE}:
                html, now, live = await state(request, token)
                if now != move or not live:
                    move = now
                    yield event("state", html, move)


def _watching_in_a_thread(request: HttpRequest, token: str) -> Iterator[str]:
    waiting = nudges.Waiting(token)
    state = _closing(_state)
    connection = _arrive(token)
    try:
        html, move, live = state(request, token)
        yield "retry: 1000\n" + event("state", html, move)
        ends = time.monotonic() + settings.FRIEND_STREAM_SECONDS
        while live and time.monotonic() < ends:
            first = waiting.next(settings.FRIEND_KEEPALIVE_SECONDS)
            if first is None:
                _renew(token, connection)
                yield ": keep-alive\n\n"
                continue
            nudged = {first, *waiting.pending()}
            if nudged - {nudges.PRESENCE, nudges.MESSAGE}:
                html, now, live = state(request, token)
                if now != move or not live:
                    move = now
                    yield event("state", html, move)
    finally:
        waiting.close()
        _leave(token, connection)


@require_safe
@never_cache
async def watch_events(request: HttpRequest, token: str) -> HttpResponse | StreamingHttpResponse:
    """The watching page's stream: the whole watched part at each move, until the end."""
    asgi = isinstance(request, ASGIRequest)
    await (_off_thread(watched) if asgi else sync_to_async(watched))(token)
    if request.method == "HEAD":
        return HttpResponse(content_type="text/event-stream")
    stream: Any = _watching(request, token) if asgi else _watching_in_a_thread(request, token)
    response = EventStream(stream, content_type="text/event-stream")
    response["X-Accel-Buffering"] = "no"
    return response
