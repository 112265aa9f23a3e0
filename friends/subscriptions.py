"""One Redis subscription per worker process, shared by every event stream it serves.

An open stream of a friend game waits for its game's nudges (``friends.events``). Rather than
a Redis connection and a SUBSCRIBE of its own per stream (a thousand idle streams would be a
thousand connections), the process keeps one pub/sub connection (``redis.asyncio``) per
event loop (under uvicorn: one per worker process). A game's channel is subscribed when its
first stream opens and unsubscribed when its last one closes; one reader task hands each
message to the asyncio queue of every stream of that game. The connection itself is closed
when the last stream of the process goes.

A stream is handed its queue only once Redis has confirmed the subscription, so nothing
published after that can be missed (the stream reads the state afterwards). If the
connection drops, redis-py reconnects and subscribes again; the streams are then told to
read the state again (``AGAIN``: moves may have been published meanwhile). If Redis stays
away, every stream is told ``GONE`` and ends; the browser reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections import Counter
from typing import Any

log = logging.getLogger(__name__)

AGAIN = -2  # the subscription was renewed after a lost connection: read the state again
GONE = -3  # the subscription is lost: the stream ends (the browser reconnects)


class Hub:
    """The process's pub/sub connection to one Redis, and the streams listening through it."""

    def __init__(self, url: str, timeout: float) -> None:
        import redis.asyncio as aioredis

        self.url = url
        self.timeout = timeout
        # A name per process, so a test (or an operator's CLIENT LIST) can count them.
        self.client: Any = aioredis.Redis.from_url(
            url,
            decode_responses=True,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            client_name=client_name(),
        )
        self.pubsub: Any = self.client.pubsub()
        self.inboxes: dict[str, set[asyncio.Queue[int]]] = {}
        self.ready: dict[str, asyncio.Event] = {}
        self.sent: Counter[str] = Counter()  # SUBSCRIBEs sent per channel
        self.confirmed: Counter[str] = Counter()  # and Redis's confirmations of them
        self.commands = asyncio.Lock()  # one SUBSCRIBE/UNSUBSCRIBE at a time on the socket
        self.reader: asyncio.Task[None] | None = None
        self.closed = False

    def channels(self) -> int:
        """How many channels this hub is subscribed to (one per game with open streams)."""
        return len(self.inboxes)

    def listeners(self) -> int:
        """How many streams listen through this hub."""
        return sum(len(inboxes) for inboxes in self.inboxes.values())

    async def join(self, channel: str) -> asyncio.Queue[int]:
        """A queue that gets every move number published on ``channel`` from now on."""
        inbox: asyncio.Queue[int] = asyncio.Queue()
        first = channel not in self.inboxes
        self.inboxes.setdefault(channel, set()).add(inbox)
        try:
            if first:
                self.ready[channel] = asyncio.Event()
                self.sent[channel] += 1
                async with self.commands:
                    await self.pubsub.subscribe(channel)
                if self.reader is None:
                    self.reader = asyncio.create_task(self._read())
            async with asyncio.timeout(self.timeout):  # not wait_for: see stream.py
                await self.ready[channel].wait()
        except BaseException:
            await self.leave(channel, inbox)
            raise
        return inbox

    async def leave(self, channel: str, inbox: asyncio.Queue[int]) -> None:
        """The stream's queue goes; with the channel's last one, the subscription too."""
        inboxes = self.inboxes.get(channel)
        if inboxes is None:
            return
        inboxes.discard(inbox)
        if inboxes:
            return
        del self.inboxes[channel]
        self.ready.pop(channel, None)
        if not self.inboxes:  # the process's last stream: the connection goes
            await self.close()
            return
        with contextlib.suppress(Exception):  # Redis away: the connection is lost anyway
            async with self.commands:
                await self.pubsub.unsubscribe(channel)

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        _forget(self)
        if self.reader is not None and self.reader is not asyncio.current_task():
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
            await self.client.aclose()

    async def _read(self) -> None:
        try:
            while True:
                message = await self.pubsub.get_message(timeout=None)
                if message is not None:
                    self._hand_over(message)
        except asyncio.CancelledError:
            raise
        except Exception:  # Redis gone for longer than redis-py's retries
            log.warning("friend events: the Redis subscription is lost", exc_info=True)
            for inboxes in self.inboxes.values():
                for inbox in inboxes:
                    inbox.put_nowait(GONE)
            await self.close()

    def _hand_over(self, message: dict[str, Any]) -> None:
        kind, channel = message["type"], message["channel"]
        if kind == "message":
            move = int(json.loads(message["data"])["move"])
            for inbox in self.inboxes.get(channel, ()):
                inbox.put_nowait(move)
        elif kind == "subscribe":
            self.confirmed[channel] += 1
            ready = self.ready.get(channel)
            if ready is None:
                return
            if ready.is_set():  # subscribed again after a reconnect: moves may be missed
                for inbox in self.inboxes.get(channel, ()):
                    inbox.put_nowait(AGAIN)
            elif self.confirmed[channel] >= self.sent[channel]:
                ready.set()


_hubs: dict[tuple[asyncio.AbstractEventLoop, str], Hub] = {}


def client_name() -> str:
    return f"battleship-friend-events-{os.getpid()}"


def hub(url: str, timeout: float) -> Hub:
    """The running event loop's hub for Redis ``url`` (made on first use)."""
    key = (asyncio.get_running_loop(), url)
    found = _hubs.get(key)
    if found is None or found.closed:
        found = _hubs[key] = Hub(url, timeout)
    return found


def hubs() -> list[Hub]:
    """The hubs open in this process (one per event loop that has streams)."""
    return [found for found in _hubs.values() if not found.closed]


def _forget(closing: Hub) -> None:
    for key, found in list(_hubs.items()):
        if found is closing:
            del _hubs[key]
