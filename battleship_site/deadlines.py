"""No request waits on PostgreSQL for longer than a worker can afford.

gunicorn kills a worker whose request runs past its timeout (30 s): the player gets a bare
500 page and every request queued on that worker waits for a new one. A database that
accepts connections and never answers, or a connection that goes silent halfway through a
query (a frozen proxy, a lost network path), would do just that, since the driver waits for
an answer for ever. Three limits end such a wait early, in the site's own 503 with
``Retry-After`` (battleship_site/outages.py), the worker living on:

- connecting: PostgreSQL's ``connect_timeout`` (``DATABASE_CONNECT_TIMEOUT``, set in the
  settings);
- one statement: PostgreSQL's ``statement_timeout``, the server cancelling a statement that
  runs too long, and SQLite's busy timeout, the longest wait for another writer's lock
  (``DATABASE_STATEMENT_TIMEOUT``, set in the settings);
- a silent connection: no limit the server keeps can help when its answers never arrive.
  ``DatabaseDeadlineMiddleware`` has a watchdog thread look at each request still running
  ``DATABASE_WAIT_LIMIT`` seconds after it began: if it is waiting on PostgreSQL for an
  answer, the watchdog shuts its connection's socket. The wait ends at once in the driver's
  "server closed the connection" error, an outage like any other, and the broken connection
  is dropped at the request's end.

Work a request does on its own, without the database, is not waiting on it: hashing a
password (PBKDF2, a third of a second of CPU on purpose, more when a dozen sign-ups share two
cores) moves the request's deadline on by the time it took, and meanwhile the request gives
its PostgreSQL connection back to the pool unless a transaction is open
(``not_waiting_on_the_database``): a crowd of sign-ups on a healthy database was cut into
503s, or left others waiting for a connection past their limit.
"""

from __future__ import annotations

import itertools
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.http import HttpRequest, HttpResponse

TICK = 0.25  # how often the watchdog looks again at a request past its limit


def waiting_on_the_server(wrapper: BaseDatabaseWrapper) -> int | None:
    """The socket of ``wrapper``'s PostgreSQL connection if a statement on it is waiting for
    its answer (libpq's ``ACTIVE``), else None. Read from the watchdog's thread: libpq's
    state is only read here, and psycopg holds the GIL while it frees a connection."""
    from psycopg import Error, pq

    connection = wrapper.connection
    if connection is None:
        return None
    try:
        pgconn = connection.pgconn
        if pgconn.transaction_status != pq.TransactionStatus.ACTIVE:
            return None
        fd: int = pgconn.socket
        return fd
    except Error:  # closed meanwhile
        return None


def cut(fd: int) -> None:
    """Shut the connection down both ways: the read that waits on it returns at once. (On a
    duplicate of the descriptor, which the owner's own close does not race with.)"""
    try:
        with socket.socket(fileno=os.dup(fd)) as duplicate:
            duplicate.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass  # closed meanwhile: nothing is waiting on it any more


class Watchdog:
    """One thread per process, asleep while no request is being watched."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._watched: dict[int, tuple[float, list[BaseDatabaseWrapper]]] = {}
        self._tokens = itertools.count()
        self._thread: threading.Thread | None = None
        self._pid = 0

    def watch(self, wrappers: list[BaseDatabaseWrapper], seconds: float) -> int:
        token = next(self._tokens)
        with self._changed:
            self._watched[token] = (time.monotonic() + seconds, wrappers)
            # Started in each process that watches (a forked worker has no thread of its parent's).
            if self._thread is None or self._pid != os.getpid() or not self._thread.is_alive():
                self._pid = os.getpid()
                self._thread = threading.Thread(
                    target=self._run, name="database-watchdog", daemon=True
                )
                self._thread.start()
            elif len(self._watched) == 1:
                self._changed.notify()
        return token

    def release(self, token: int) -> None:
        with self._changed:
            self._watched.pop(token, None)

    def extend(self, token: int, seconds: float) -> None:
        """The request's deadline ``seconds`` later (unless its connection was cut already)."""
        with self._changed:
            if token in self._watched:
                due, wrappers = self._watched[token]
                self._watched[token] = (due + seconds, wrappers)

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._watched:
                    self._changed.wait()
                now = time.monotonic()
                late = [(t, ws) for t, (due, ws) in self._watched.items() if due <= now]
                due = min(due for due, _ in self._watched.values())
            for token, wrappers in late:
                with self._changed:  # still running: its thread cannot release it meanwhile
                    if token in self._watched:
                        self._cut_if_waiting(token, wrappers)
            with self._changed:
                self._changed.wait(TICK if late else max(due - time.monotonic(), TICK))

    def _cut_if_waiting(self, token: int, wrappers: list[BaseDatabaseWrapper]) -> None:
        for wrapper in wrappers:
            fd = waiting_on_the_server(wrapper)
            if fd is not None:
                cut(fd)
                del self._watched[token]
                return


WATCHDOG = Watchdog()
# The watched request this code runs for (its token), if any.
_WATCHED: ContextVar[int | None] = ContextVar("watched_request", default=None)


@contextmanager
def not_waiting_on_the_database() -> Iterator[None]:
    """Work of the request's own that does not count toward its wait on the database, and
    holds no PostgreSQL connection (outside a transaction: the pool's to lend meanwhile)."""
    for wrapper in connections.all(initialized_only=True):
        if wrapper.vendor == "postgresql" and not wrapper.in_atomic_block:
            wrapper.close()
    token = _WATCHED.get()
    started = time.monotonic()
    try:
        yield
    finally:
        if token is not None:
            WATCHDOG.extend(token, time.monotonic() - started)


class DatabaseDeadlineMiddleware:
    """Each request on PostgreSQL is watched while it runs (see the module's note)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.limit: float = settings.DATABASE_WAIT_LIMIT

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # This thread's own connection objects (Django keeps one per thread).
        wrappers = [connections[alias] for alias in connections]
        wrappers = [wrapper for wrapper in wrappers if wrapper.vendor == "postgresql"]
        if not wrappers or not self.limit:
            return self.get_response(request)
        token = WATCHDOG.watch(wrappers, self.limit)
        watched = _WATCHED.set(token)
        try:
            return self.get_response(request)
        finally:
            _WATCHED.reset(watched)
            WATCHDOG.release(token)
