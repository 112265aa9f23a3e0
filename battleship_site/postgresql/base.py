"""Django's PostgreSQL backend, its pool's connections looked at as they leave the pool.

Nothing in the pool notices that the server closed a connection while it sat idle (a
restart, ``idle_session_timeout``, ``pg_terminate_backend``, a proxy's idle limit, or the
watchdog's cut landing just as an answer arrived: battleship_site/deadlines.py), so the next
request to take it would fail with a 503 while the database is up. psycopg's own check
would ask the server a question, outside any deadline (the request has no connection yet
for the watchdog to watch). This one asks nothing: an idle connection whose socket has
something to read has been hung up on (end of file, or the server's last message), and is
dropped for another.
"""

from __future__ import annotations

import select
from typing import Any

from django.db.backends.postgresql import base


def closed_while_idle(connection: Any) -> bool:
    """Whether the server hung up on ``connection`` (a psycopg connection, idle) meanwhile."""
    if connection.closed or connection.broken:
        return True
    readable = select.poll()  # not select(): a worker's descriptors may pass 1024
    readable.register(connection.fileno(), select.POLLIN)
    return bool(readable.poll(0))


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        pool = self.pool  # type: ignore[attr-defined]  # Django's, untyped in django-stubs
        if pool is None:
            return super().get_new_connection(conn_params)
        for _ in range(pool.max_size):
            connection = super().get_new_connection(conn_params)
            if not closed_while_idle(connection):
                return connection
            connection.close()  # closed first, so that the pool discards it
            pool.putconn(connection)
        return super().get_new_connection(conn_params)
