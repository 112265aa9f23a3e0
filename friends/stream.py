"""The live stream of a friend game (Server-Sent Events, read by htmx's SSE extension).

On every connect the stream first sends the player's whole current state (the page's live
part, rendered from that player's view), so a reload, a dropped network or a missed event
never leaves anyone waiting on a move already made; then, each time the game changes (a
nudge from ``friends.events``), the state again, its event id the game's move number.
An open stream makes its player "here" for the other (``friends.presence``): a
``presence`` event tells the other's page when that changes. Comments keep the connection
alive (and renew the player's presence); a stream ends after ``FRIEND_STREAM_SECONDS`` (the
browser reconnects) or when the game is over, and a closed tab ends it at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any, ParamSpec, TypeVar

from asgiref.sync import SyncToAsync, sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.template.loader import render_to_string
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from redis.exceptions import RedisError

from duels.models import Duel
from friends import events as nudges
from friends import presence
from friends.views import PAGE, PRESENCE_LINE, context_for, presence_context

P = ParamSpec("P")
R = TypeVar("R")


def event(name: str, data: str, move: int) -> str:
    """One event: its name, its id (the move number) and its data, a line at a time."""
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"event: {name}\nid: {move}\n{lines}\n"


def _state(request: HttpRequest, token: str, seat: int) -> tuple[str, int, bool, str]:
    """The live part of the page, the move number, whether the game goes on, and the line
    saying whether the other player is here (the same line the live part holds)."""
    html, move, live, said, _ = _state_and_here(request, token, seat)
    return html, move, live, said


def _state_and_here(
    request: HttpRequest, token: str, seat: int
) -> tuple[str, int, bool, str, bool | None]:
    """``_state``, and whether the other player was here then (None: not known)."""
    game = Duel.objects.get(token=token)
    game.expire_if_due()
    context = context_for(game, seat, oob=True)
    html = render_to_string(PAGE + "#live", context, request=request)
    said = render_to_string(PRESENCE_LINE, context, request=request)
    return html, game.moves, not game.is_over, said, context.get("them_here")


def _presence(request: HttpRequest, token: str, seat: int) -> str:
    game = Duel.objects.get(token=token)
    return render_to_string(PRESENCE_LINE, presence_context(game, seat), request=request)


def _presence_if_changed(
    request: HttpRequest, token: str, seat: int, known: bool | None
) -> tuple[str | None, bool | None]:
    """Whether the other player is here (Redis alone), and the line saying so only when
    that changed since ``known``: an idle stream's keep-alives read no database."""
    here: bool | None = None
    with contextlib.suppress(RedisError):
        here = presence.is_here(token, 1 - seat)
    if here == known:
        return None, known
    return _presence(request, token, seat), here


def _leave(token: str, seat: int, connection: str) -> None:
    """A stream the browser closed: the other player is told at once."""
    with contextlib.suppress(Exception):  # Redis away: the entry expires by itself
        presence.leave(token, seat, connection)
        nudges.publish(token, nudges.PRESENCE)


def _arrive(token: str, seat: int) -> str:
    connection = presence.arrive(token, seat)
    nudges.publish(token, nudges.PRESENCE)
    return connection


def _closing(function: Callable[P, R]) -> Callable[P, R]:
    """``function``, which closes the calling thread's database connections when done (on
    PostgreSQL, hands them back to the pool): a stream holds none while it waits."""

    def closing(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        finally:
            connections.close_all()

    return closing


def _off_thread(function: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``function`` run in the event loop's shared pool of threads, which closes its
    database connections when done: an idle stream holds neither a thread nor a connection
    (under uvicorn, a thread-sensitive call would run in the request's own thread, kept for
    the stream's whole life, with its connection)."""
    return sync_to_async(_closing(function), thread_sensitive=False)


def _let_the_request_thread_go() -> None:
    """End the thread Django's ASGI handler keeps for this request's thread-sensitive calls
    (its middleware ran there): a stream makes none, and would otherwise hold that thread
    until it closes. Should one come after all, asgiref makes a new thread for it."""
    context = SyncToAsync.thread_sensitive_context.get(None)
    if context is None:
        return
    executor = SyncToAsync.context_to_thread_executor.pop(context, None)
    if executor is not None:
        # Its database connection goes with it (the middleware's reads, a session, made
        # one there): a thread that ends leaves its connection open until it is collected.
        executor.submit(connections.close_all)
        executor.shutdown(wait=False)


async def _stream(request: HttpRequest, token: str, seat: int) -> AsyncIterator[str]:
    _let_the_request_thread_go()
    state, here = _off_thread(_state_and_here), _off_thread(_presence_if_changed)
    connection = ""
    closed = True  # until the loop ends by itself: a stream cut off is a player gone
    try:
        # Listening before the state is read: a move made meanwhile is sent after it.
        async with nudges.Listening(token) as changed:
            connection = await _off_thread(_arrive)(token, seat)
            html, move, live, said, known = await state(request, token, seat)
            yield "retry: 1000\n" + event("state", html, move)
            keepalive = settings.FRIEND_KEEPALIVE_SECONDS
            ends = time.monotonic() + settings.FRIEND_STREAM_SECONDS
            renewed = time.monotonic()
            while live and time.monotonic() < ends:
                # asyncio.timeout, not wait_for: Python 3.11's wait_for loses a cancellation
                # that comes as the nudge does (a tab closed as the other player moves), and
                # the stream of a closed tab would live on, subscribed, to its time limit.
                try:
                    async with asyncio.timeout(keepalive):
                        nudged = {await changed.get()}
                except TimeoutError:
                    nudged = set()
                while not changed.empty():  # several nudges at once: one state says them all
                    nudged.add(changed.get_nowait())
                if nudges.GONE in nudged:
                    break  # no more nudges: the browser reconnects and is sent the state
                if nudged - {nudges.PRESENCE}:
                    html, move, live, said, known = await state(request, token, seat)
                    yield event("state", html, move)
                elif nudged or time.monotonic() - renewed >= keepalive:
                    now, known = await here(request, token, seat, known)
                    if now is not None and now != said:
                        said = now
                        yield event("presence", now, move)
                if time.monotonic() - renewed >= keepalive:
                    renewed = time.monotonic()
                    await _off_thread(presence.renew)(token, seat, connection)
                    if not nudged:
                        yield ": keep-alive\n\n"
        closed = False
    finally:
        if connection and closed:
            await _off_thread(_leave)(token, seat, connection)


def _stream_in_a_thread(request: HttpRequest, token: str, seat: int) -> Iterator[str]:
    """The same stream for a server that runs each request in a thread (runserver, the
    test server): WSGI would read an async stream whole before sending any of it."""
    waiting = nudges.Waiting(token)
    connection = ""
    closed = True
    # Each read gives its connection back: a pool's connection held for the stream's life
    # (five minutes) would leave the other requests none after a few open tabs.
    state, present = _closing(_state), _closing(_presence)
    try:
        connection = _arrive(token, seat)
        html, move, live, said = state(request, token, seat)
        yield "retry: 1000\n" + event("state", html, move)
        keepalive = settings.FRIEND_KEEPALIVE_SECONDS
        ends = time.monotonic() + settings.FRIEND_STREAM_SECONDS
        renewed = time.monotonic()
        while live and time.monotonic() < ends:
            first = waiting.next(keepalive)
            nudged = set() if first is None else {first, *waiting.pending()}
            if nudged - {nudges.PRESENCE}:
                html, move, live, said = state(request, token, seat)
                yield event("state", html, move)
            elif nudged or time.monotonic() - renewed >= keepalive:
                now = present(request, token, seat)
                if now != said:
                    said = now
                    yield event("presence", now, move)
            if time.monotonic() - renewed >= keepalive:
                renewed = time.monotonic()
                presence.renew(token, seat, connection)
                if not nudged:
                    yield ": keep-alive\n\n"
        closed = False
    finally:
        waiting.close()
        if connection and closed:
            _leave(token, seat, connection)


class EventStream(StreamingHttpResponse):
    """A stream that closes its generator itself when the response ends.

    Django's ASGI handler closes the iterator it reads (``aclosing(aiter(response))``) but
    not the generator under it: a stream cut off while its last event was being sent would
    be left suspended for the garbage collector to finalise, and its game's subscription,
    presence and queue with it, for as long as nothing collects it (on an idle worker, a
    long time)."""

    def __init__(self, stream: Any, **kwargs: Any) -> None:
        super().__init__(stream, **kwargs)
        self.stream = stream

    async def __aiter__(self) -> AsyncIterator[bytes]:
        try:
            async for part in super().__aiter__():
                yield part
        finally:
            if hasattr(self.stream, "aclose"):
                await self.stream.aclose()


def _seat(request: HttpRequest, token: str) -> int | None:
    """The request's seat in game ``token`` (404 for no such game). Redis away: the
    outage's 503 now, not a stream cut off after its first line."""
    game = Duel.objects.filter(token=token).first()
    if game is None:
        raise Http404("there is no such game")
    seat = game.seat_of(request)
    if seat is not None:
        presence.is_here(token, 1 - seat)
    return seat


@require_safe
@never_cache
async def events(request: HttpRequest, token: str) -> HttpResponse | StreamingHttpResponse:
    """The event stream of one of the game's two players; anyone else gets a 403."""
    # Under ASGI off the request's thread; a WSGI request (runserver, the test server) is
    # served in a thread of its own already, and its stream keeps to it.
    asgi = isinstance(request, ASGIRequest)
    seat = await (_off_thread(_seat) if asgi else sync_to_async(_seat))(request, token)
    if seat is None:
        return HttpResponse("not a player of this game", status=403, content_type="text/plain")
    if request.method == "HEAD":
        return HttpResponse(content_type="text/event-stream")
    if asgi:
        stream: Any = _stream(request, token, seat)
    else:
        stream = _stream_in_a_thread(request, token, seat)
    response = EventStream(stream, content_type="text/event-stream")
    response["X-Accel-Buffering"] = "no"  # a proxy in front passes each event on at once
    return response
