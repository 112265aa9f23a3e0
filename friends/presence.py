"""Whether a player of a friend game is here: has the game's event stream open.

Each open stream holds an entry (its own id, with an expiry) under its game and seat; the
stream's keep-alive renews it, and a stream the browser closes takes it away at once. A
stream that dies without a word (a killed worker, a host gone) leaves an entry that expires
after ``FRIEND_PRESENCE_SECONDS`` (by default two keep-alives and five seconds). A player is
here while any of their entries is alive (two tabs are two entries). In Redis when
``REDIS_URL`` is set (a sorted set per seat, scored by expiry, the key itself expiring too),
else in this process's memory.
"""

from __future__ import annotations

import secrets
import threading
import time
from typing import Any

from django.conf import settings

KEY = "friend:here:{}:{}"

_here: dict[tuple[str, int], dict[str, float]] = {}
_lock = threading.Lock()


def lifetime() -> float:
    """How long an entry lives without a keep-alive."""
    keepalive = float(settings.FRIEND_KEEPALIVE_SECONDS)
    return float(getattr(settings, "FRIEND_PRESENCE_SECONDS", 0) or 2 * keepalive + 5)


def _client() -> Any:
    url = str(getattr(settings, "FRIEND_EVENTS_REDIS_URL", "") or "")
    if not url:
        return None
    import redis

    timeout = settings.REDIS_TIMEOUT
    return redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)


def arrive(token: str, seat: int) -> str:
    """A stream of ``seat`` opens: its entry's id."""
    connection = secrets.token_hex(8)
    renew(token, seat, connection)
    return connection


def renew(token: str, seat: int, connection: str) -> None:
    """The stream is still open: its entry lives for another ``lifetime()``."""
    expires = time.time() + lifetime()
    client = _client()
    if client is None:
        with _lock:
            _here.setdefault((token, seat), {})[connection] = expires
        return
    key = KEY.format(token, seat)
    try:
        with client.pipeline() as pipe:
            pipe.zadd(key, {connection: expires})
            pipe.expire(key, int(lifetime()) + 1)
            pipe.execute()
    finally:
        client.close()


def leave(token: str, seat: int, connection: str) -> None:
    """The stream is closed: its entry goes."""
    client = _client()
    if client is None:
        with _lock:
            entries = _here.get((token, seat), {})
            entries.pop(connection, None)
            if not entries:
                _here.pop((token, seat), None)
        return
    try:
        client.zrem(KEY.format(token, seat), connection)
    finally:
        client.close()


WATCHERS = 2
"""The "seat" of the people watching a game (``friends.watch``): its entries are counted."""


def is_here(token: str, seat: int) -> bool:
    """Whether ``seat`` has a stream of the game open (an entry not expired)."""
    return count(token, seat) > 0


def count(token: str, seat: int) -> int:
    """How many streams of ``seat`` are open (entries not expired)."""
    now = time.time()
    client = _client()
    if client is None:
        with _lock:
            entries = _here.get((token, seat), {})
            for connection, expires in list(entries.items()):
                if expires <= now:
                    del entries[connection]
            return len(entries)
    key = KEY.format(token, seat)
    try:
        with client.pipeline() as pipe:
            pipe.zremrangebyscore(key, "-inf", now)
            pipe.zcard(key)
            _removed, found = pipe.execute()
    finally:
        client.close()
    return int(found)
