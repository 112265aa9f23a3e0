"""The live stream of a friend game (Server-Sent Events, read by htmx's SSE extension).

Each event's id is the game's move number. The page says which move it shows: its first
connect asks with ``?move=`` (``static/js/friend.js``), a reconnect sends the last event's
id (``Last-Event-ID``). On connect the stream sends what the page lacks: nothing when it
shows the game as it is (only whether the other player is here), the last move's changes
(a ``move`` event, ``friends.changes``) when it is one move behind, else the player's whole
state (the page's live part, rendered from that player's view, a ``state`` event); so a
reload, a dropped network or a missed event never leaves anyone waiting on a move already
made. Then, each time the game changes (a nudge from ``friends.events``), a ``move`` event
for a move of a game in play that the stream's last event was one behind, else the whole
state again. Before the first move (placing, or play at move 0) the move number alone
does not say what a page shows, so a page asking for move 0 gets the whole state. A page
that does not ask with ``?move=`` (one loaded before there were ``move`` events, still
open across a deploy) is sent whole states only, as it always was.
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
from typing import Any, NamedTuple, ParamSpec, TypeVar

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
from friends.changes import move_context
from friends.views import PAGE, PRESENCE_LINE, context_for, presence_context, talk_context

P = ParamSpec("P")
R = TypeVar("R")


def event(name: str, data: str, move: int) -> str:
    """One event: its name, its id (the move number) and its data, a line at a time."""
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"event: {name}\nid: {move}\n{lines}\n"


def compact(html: str) -> str:
    """``html`` without its lines' indentation or its empty lines: an event's every line
    costs "data: " on the wire. (No ``pre`` or ``textarea`` in what is compacted.)"""
    return "\n".join(line.strip() for line in html.splitlines() if line.strip())


def takes_moves(request: HttpRequest) -> bool:
    """Whether the page takes ``move`` events: it asks with ``?move=`` (a page loaded before
    there were any, still open across a deploy, is sent whole states only)."""
    return "move" in request.GET


def shown_move(request: HttpRequest) -> int | None:
    """The move the page shows, as it says (the last event's id, or ``?move=`` on its first
    connect); None when it does not say. Only ever compared with the stored move number."""
    if not takes_moves(request):
        return None
    said = request.headers.get("Last-Event-ID") or request.GET["move"]
    return int(said) if said.isdigit() and len(said) < 10 else None


def _shown_in_play(move: int | None) -> int | None:
    """A move the page shows of the game in play: any move after the first (the game was
    in play then); at 0 the page may show the placing, which the move number does not say."""
    return move if move is not None and move >= 1 else None


class Update(NamedTuple):
    """What a page lacks, and what the stream knows once it is sent."""

    name: str  # the event's: "" (nothing to send), "move" or "state"
    html: str
    move: int  # the game's move number
    shown: int | None  # the move of the game in play the page shows once it has this
    live: bool  # whether the game goes on
    said: str  # the line saying whether the other player is here (as in the live part)
    here: bool | None  # whether they were (None: not known)


def _update(request: HttpRequest, token: str, seat: int, shown: int | None) -> Update:
    """What the page showing move ``shown`` of the game in play (None: not known) lacks."""
    game = Duel.objects.get(token=token)
    game.expire_if_due()
    context = context_for(game, seat, oob=True)
    said = render_to_string(PRESENCE_LINE, context, request=request)
    here = context.get("them_here")
    move = game.moves
    if game.status != Duel.Status.PLAYING:
        html = render_to_string(PAGE + "#live", context, request=request)
        return Update("state", html, move, None, not game.is_over, said, here)
    if shown == move:
        return Update("", "", move, move, True, said, here)
    if shown is not None and shown + 1 == move:
        context |= move_context(game, seat, context)
        html = render_to_string(PAGE + "#move", context, request=request)
        return Update("move", compact(html), move, move, True, said, here)
    html = render_to_string(PAGE + "#live", context, request=request)
    return Update("state", html, move, move, True, said, here)


def _first(update: Update) -> str:
    """The stream's first lines: how soon to reconnect, then what the page lacks; when it
    lacks nothing, whether the other player is here (its line may have changed since)."""
    if not update.name:
        return "retry: 1000\n" + event("presence", update.said, update.move)
    return "retry: 1000\n" + event(update.name, update.html, update.move)


def _talk(request: HttpRequest, token: str, seat: int) -> str:
    """The latest messages as ``seat`` sees them (a ``talk`` event's lines)."""
    game = Duel.objects.get(token=token)
    return compact(
        render_to_string(PAGE + "#talk_lines", talk_context(game, seat), request=request)
    )


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
    update, here = _off_thread(_update), _off_thread(_presence_if_changed)
    talk = _off_thread(_talk)
    shown, light = _shown_in_play(shown_move(request)), takes_moves(request)
    connection = ""
    closed = True  # until the loop ends by itself: a stream cut off is a player gone
    try:
        # Listening before the state is read: a move made meanwhile is sent after it.
        async with nudges.Listening(token) as changed:
            connection = await _off_thread(_arrive)(token, seat)
            now = await update(request, token, seat, shown)
            yield _first(now)
            move, live, said, known = now.move, now.live, now.said, now.here
            shown = now.shown if light else None
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
                if nudges.MESSAGE in nudged:
                    nudged.discard(nudges.MESSAGE)
                    yield event("talk", await talk(request, token, seat), move)
                if nudged - {nudges.PRESENCE}:
                    now = await update(request, token, seat, shown)
                    if now.name:
                        yield event(now.name, now.html, now.move)
                    move, live, said, known = now.move, now.live, now.said, now.here
                    shown = now.shown if light else None
                elif nudged or time.monotonic() - renewed >= keepalive:
                    line, known = await here(request, token, seat, known)
                    if line is not None and line != said:
                        said = line
                        yield event("presence", line, move)
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
    update, present = _closing(_update), _closing(_presence)
    shown, light = _shown_in_play(shown_move(request)), takes_moves(request)
    try:
        connection = _arrive(token, seat)
        now = update(request, token, seat, shown)
        yield _first(now)
        move, live, said = now.move, now.live, now.said
        shown = now.shown if light else None
        keepalive = settings.FRIEND_KEEPALIVE_SECONDS
        ends = time.monotonic() + settings.FRIEND_STREAM_SECONDS
        renewed = time.monotonic()
        while live and time.monotonic() < ends:
            first = waiting.next(keepalive)
            nudged = set() if first is None else {first, *waiting.pending()}
            if nudges.MESSAGE in nudged:
                nudged.discard(nudges.MESSAGE)
                yield event("talk", _closing(_talk)(request, token, seat), move)
            if nudged - {nudges.PRESENCE}:
                now = update(request, token, seat, shown)
                if now.name:
                    yield event(now.name, now.html, now.move)
                move, live, said = now.move, now.live, now.said
                shown = now.shown if light else None
            elif nudged or time.monotonic() - renewed >= keepalive:
                line = present(request, token, seat)
                if line != said:
                    said = line
                    yield event("presence", line, move)
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
