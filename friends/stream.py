"""The live stream of a friend game (Server-Sent Events, read by htmx's SSE extension).

On every connect the stream first sends the player's whole current state (the page's live
part, rendered from that player's view), so a reload, a dropped network or a missed event
never leaves anyone waiting on a move already made; then, each time the game changes (a
nudge from ``friends.events``), the state again, its event id the game's move number.
Comments keep the connection alive; a stream ends after ``FRIEND_STREAM_SECONDS`` (the
browser reconnects) or when the game is over, and a closed tab ends it at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.template.loader import render_to_string
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from friends import events as nudges
from friends.models import FriendGame
from friends.views import PAGE, context_for


def event(name: str, data: str, move: int) -> str:
    """One event: its name, its id (the move number) and its data, a line at a time."""
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"event: {name}\nid: {move}\n{lines}\n"


def _state(request: HttpRequest, token: str, seat: int) -> tuple[str, int, bool]:
    game = FriendGame.objects.get(token=token)
    game.expire_if_due()
    html = render_to_string(PAGE + "#live", context_for(game, seat, oob=True), request=request)
    return html, game.moves, not game.is_over


async def _stream(request: HttpRequest, token: str, seat: int) -> AsyncIterator[str]:
    state = sync_to_async(_state)
    changed: asyncio.Queue[int] = asyncio.Queue()
    subscribed = asyncio.Event()

    async def pump() -> None:
        async for move in nudges.listen(token, subscribed):
            changed.put_nowait(move)

    listener = asyncio.create_task(pump())
    try:
        # Listening before the state is read: a move made meanwhile is sent after it.
        await asyncio.wait_for(subscribed.wait(), settings.REDIS_TIMEOUT)
        html, move, live = await state(request, token, seat)
        yield "retry: 1000\n" + event("state", html, move)
        ends = time.monotonic() + settings.FRIEND_STREAM_SECONDS
        while live and time.monotonic() < ends:
            try:
                await asyncio.wait_for(changed.get(), settings.FRIEND_KEEPALIVE_SECONDS)
            except TimeoutError:
                yield ": keep-alive\n\n"
                continue
            while not changed.empty():  # several nudges at once: one state says them all
                changed.get_nowait()
            html, move, live = await state(request, token, seat)
            yield event("state", html, move)
    finally:
        listener.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await listener


def _stream_in_a_thread(request: HttpRequest, token: str, seat: int) -> Iterator[str]:
    """The same stream for a server that runs each request in a thread (runserver, the
    test server): WSGI would read an async stream whole before sending any of it."""
    waiting = nudges.Waiting(token)
    try:
        html, move, live = _state(request, token, seat)
        yield "retry: 1000\n" + event("state", html, move)
        ends = time.monotonic() + settings.FRIEND_STREAM_SECONDS
        while live and time.monotonic() < ends:
            if waiting.next(settings.FRIEND_KEEPALIVE_SECONDS) is None:
                yield ": keep-alive\n\n"
                continue
            for _more in waiting.pending():
                pass
            html, move, live = _state(request, token, seat)
            yield event("state", html, move)
    finally:
        waiting.close()


@require_safe
@never_cache
async def events(request: HttpRequest, token: str) -> HttpResponse | StreamingHttpResponse:
    """The event stream of one of the game's two players; anyone else gets a 403."""
    game = await FriendGame.objects.filter(token=token).afirst()
    if game is None:
        raise Http404("there is no such game")
    seat = await sync_to_async(game.seat_of)(request)
    if seat is None:
        return HttpResponse("not a player of this game", status=403, content_type="text/plain")
    if request.method == "HEAD":
        return HttpResponse(content_type="text/event-stream")
    if isinstance(request, ASGIRequest):
        stream: Any = _stream(request, token, seat)
    else:
        stream = _stream_in_a_thread(request, token, seat)
    response = StreamingHttpResponse(stream, content_type="text/event-stream")
    response["X-Accel-Buffering"] = "no"  # a proxy in front passes each event on at once
    return response
