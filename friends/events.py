"""Live events of friend games: a nudge carrying the game's move number, fanned out to every
open event stream of that game.

The database stays the truth: an event says only "game X is at move N now"; the stream that
gets it reads the game again and sends its player's whole state. Between processes and hosts
the nudges go through Redis pub/sub (``REDIS_URL``); without Redis (one process, `make run`)
through this process's memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any

from django.conf import settings

CHANNEL = "friend:{}"
PRESENCE = -1  # the nudge that a player came or went (``friends.presence``), not a move


def _redis_url() -> str:
    return str(getattr(settings, "FRIEND_EVENTS_REDIS_URL", "") or "")


# -- in one process --------------------------------------------------------------------

_listeners: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[int]]]] = {}
_lock = threading.Lock()


_waiting: dict[str, set[queue.SimpleQueue[int]]] = {}  # streams served in a thread (WSGI)


def _publish_here(token: str, move: int) -> None:
    with _lock:
        listeners = list(_listeners.get(token, ()))
        waiting = list(_waiting.get(token, ()))
    for inbox in waiting:
        inbox.put(move)
    for loop, stream in listeners:
        # Each async stream runs on an event loop of its own thread: hand it over.
        with contextlib.suppress(RuntimeError):  # a loop closed: its stream is gone
            loop.call_soon_threadsafe(stream.put_nowait, move)


async def _listen_here(token: str, subscribed: asyncio.Event) -> AsyncIterator[int]:
    queue: asyncio.Queue[int] = asyncio.Queue()
    entry = (asyncio.get_running_loop(), queue)
    with _lock:
        _listeners.setdefault(token, set()).add(entry)
    subscribed.set()
    try:
        while True:
            yield await queue.get()
    finally:
        with _lock:
            listeners = _listeners.get(token, set())
            listeners.discard(entry)
            if not listeners:
                _listeners.pop(token, None)


# -- between processes: Redis ----------------------------------------------------------


def publish(token: str, move: int) -> None:
    """Tell every stream of game ``token`` that it is at ``move`` now (call after commit),
    or, with ``PRESENCE``, that a player's stream opened or closed."""
    url = _redis_url()
    if not url:
        _publish_here(token, move)
        return
    import redis

    timeout = settings.REDIS_TIMEOUT
    client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
    try:
        client.publish(CHANNEL.format(token), json.dumps({"move": move}))
    except redis.RedisError:
        pass  # a nudge lost: the other player's next connect or move brings the state
    finally:
        client.close()


async def listen(token: str, subscribed: asyncio.Event) -> AsyncIterator[int]:
    """The move numbers game ``token`` reaches, as they come, for as long as it is read;
    ``subscribed`` is set once nothing published after it can be missed."""
    url = _redis_url()
    if not url:
        async for move in _listen_here(token, subscribed):
            yield move
        return
    import redis.asyncio as aioredis

    client: Any = aioredis.Redis.from_url(url)
    pubsub = client.pubsub()
    await pubsub.subscribe(CHANNEL.format(token))
    subscribed.set()
    try:
        async for message in pubsub.listen():
            if message.get("type") == "message":
                yield int(json.loads(message["data"])["move"])
    finally:
        await pubsub.aclose()
        await client.aclose()


class Waiting:
    """A stream served in a thread (runserver, the test server: WSGI) waits here, blocking,
    for the move numbers of game ``token``: ``next(timeout)``, None when none came."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.url = _redis_url()
        self.inbox: queue.SimpleQueue[int] = queue.SimpleQueue()
        self.pubsub: Any = None
        if self.url:
            import redis

            self.client = redis.Redis.from_url(self.url)
            self.pubsub = self.client.pubsub()  # type: ignore[no-untyped-call]
            self.pubsub.subscribe(CHANNEL.format(token))
        else:
            with _lock:
                _waiting.setdefault(token, set()).add(self.inbox)

    def next(self, timeout: float) -> int | None:
        if self.pubsub is not None:
            message = self.pubsub.get_message(ignore_subscribe_messages=True, timeout=timeout)
            return int(json.loads(message["data"])["move"]) if message else None
        try:
            return self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def pending(self) -> Iterator[int]:
        """The move numbers already here, without waiting."""
        while (move := self.next(0)) is not None:
            yield move

    def close(self) -> None:
        if self.pubsub is not None:
            self.pubsub.close()
            self.client.close()
            return
        with _lock:
            inboxes = _waiting.get(self.token, set())
            inboxes.discard(self.inbox)
            if not inboxes:
                _waiting.pop(self.token, None)
