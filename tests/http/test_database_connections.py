"""A worker on PostgreSQL keeps a bounded number of connections however many requests it
serves (real HTTP, gunicorn with a uvicorn worker, as `make serve`). Under ASGI each request
runs in a thread of its own: a connection kept after it (Django's persistent connections)
was never used again, only left open, 60 after 60 requests, until PostgreSQL's
max_connections turned every request into a 503. The pool gives them back."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest

from loadtest.friend_latency import database_connections
from loadtest.server import (
    PG_ADMIN_URL,
    drop_postgres_database,
    fresh_postgres_database,
    postgres_reachable,
    start_server,
)
from tests.http.conftest import Player

POOL = 4
REQUESTS = 60
AT_ONCE = 20


def test_a_worker_holds_no_more_connections_than_its_pool_however_many_requests(tmp_path):
    if not postgres_reachable():
        pytest.skip("no PostgreSQL reachable")
    name = f"battleship_pool_{os.getpid()}"
    database = fresh_postgres_database(name)
    server = start_server(tmp_path, database, workers=1, DATABASE_POOL_SIZE=str(POOL))
    try:
        player = Player(server.url)
        game = player.new_game(level=1)  # a page that reads the database

        def load(_):
            return player.tab().client.get(game).status_code

        with ThreadPoolExecutor(AT_ONCE) as pool:
            statuses = list(pool.map(load, range(REQUESTS)))
        assert statuses == [200] * REQUESTS
        assert 1 <= database_connections(database) <= POOL
        assert "Traceback" not in server.log_text()

        # The server hangs up on every idle connection in the pool (as a restart would): the
        # next requests get new ones, not a 503 each.
        with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
        assert [load(n) for n in range(POOL)] == [200] * POOL
    finally:
        server.stop()
        drop_postgres_database(name)
