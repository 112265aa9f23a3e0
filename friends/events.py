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
from collections.abc import Iterator
from typing import Any

from django.conf import settings

from friends import subscriptions

CHANNEL = "friend:{}"
PRESENCE = -1  # the nudge that a player came or went (``friends.presence``), not a move
MESSAGE = -4  # the nudge that a player sent a message (``duels.messages``), not a move
AGAIN, GONE = subscriptions.AGAIN, subscriptions.GONE


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


# -- between processes: Redis ----------------------------------------------------------


def publish(token: str, move: int) -> None:
    """Tell every stream of game ``token`` that it is at ``move`` now (call after commit),
    or, with ``PRESENCE``, that a player's stream opened or closed."""
    url = _redis_url()
    if not url:
        _publish_here(token, move)
        return
    import redis

    # A nudge lost (Redis away): the other player's next connect or move brings the state.
    with contextlib.suppress(redis.RedisError):
        _publisher(url).publish(CHANNEL.format(token), json.dumps({"move": move}))


_publishers: dict[str, Any] = {}


def _publisher(url: str) -> Any:
    """One client (its pool of connections) per Redis and process, not a connect per move:
    redis-py's pool notices a fork and starts afresh in the child."""
    client = _publishers.get(url)
    if client is None:
        import redis

        timeout = settings.REDIS_TIMEOUT
        client = _publishers[url] = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout
        )
    return client


class Listening:
    """A queue of the move numbers game ``token`` reaches from now on (``PRESENCE`` when a
    player came or went, ``AGAIN`` and ``GONE`` from ``friends.subscriptions``), for the
    block's life; once it is handed over, nothing published can be missed. Through Redis,
    every stream of the process shares one subscription (``friends.subscriptions``).

    A class, not a generator: a stream dropped at a ``yield`` is finalized as one generator,
    its ``finally`` leaving the channel, not as two racing each other's finalizers."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.url = _redis_url()
        self.hub: subscriptions.Hub | None = None
        self.inbox: asyncio.Queue[int] = asyncio.Queue()
        self.entry: tuple[asyncio.AbstractEventLoop, asyncio.Queue[int]] | None = None

    async def __aenter__(self) -> asyncio.Queue[int]:
        if self.url:
            self.hub = subscriptions.hub(self.url, settings.REDIS_TIMEOUT)
            self.inbox = await self.hub.join(CHANNEL.format(self.token))
            return self.inbox
        self.entry = (asyncio.get_running_loop(), self.inbox)
        with _lock:
            _listeners.setdefault(self.token, set()).add(self.entry)
        return self.inbox

    async def __aexit__(self, *exc_info: object) -> None:
        if self.hub is not None:
            await self.hub.leave(CHANNEL.format(self.token), self.inbox)
            return
        with _lock:
            listeners = _listeners.get(self.token, set())
            if self.entry is not None:
                listeners.discard(self.entry)
            if not listeners:
                _listeners.pop(self.token, None)


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
