"""A database that is there and never answers (real HTTP, gunicorn with production settings).

A listener that accepts connections and says nothing, a connection that freezes halfway
through a query, a SQLite file locked by another writer: each request ends in the site's own
503 with ``Retry-After`` within ten seconds, long before gunicorn's worker timeout (30 s),
and the worker that served it lives on and serves again. The machine's PostgreSQL is only
reached through a relay of the test's own, which is what freezes.
"""

from __future__ import annotations

import os
import sqlite3
import time

import httpx
import pytest

from loadtest.server import (
    drop_postgres_database,
    fresh_postgres_database,
    postgres_reachable,
    start_server,
)
from tests.http.listeners import Relay, Silent

WITHIN = 10  # seconds: the 503 comes this soon
STATIC = "/static/favicon.svg"  # served without the database: the server is up


def assert_the_sites_503_in_time(server, method, path, **kwargs):
    started = time.monotonic()
    response = httpx.request(method, server.url + path, timeout=40, **kwargs)
    took = time.monotonic() - started
    assert response.status_code == 503, (path, response.status_code, response.text[:300])
    assert response.headers["Retry-After"] == "5"
    assert "The site is busy or down for a moment" in response.text
    assert took < WITHIN, f"{method} {path} took {took:.1f} s"
    return took


def assert_the_worker_lived(server, workers):
    assert server.worker_pids() == workers
    assert "WORKER TIMEOUT" not in server.log_text()


def csrf(server):
    """A browser's CSRF cookie and header, from a page that needs no database."""
    page = httpx.get(server.url + "/games/new", timeout=10)
    token = page.cookies["csrftoken"]
    return {"cookies": {"csrftoken": token}, "headers": {"X-CSRFToken": token}}


def test_a_database_that_accepts_and_never_answers_is_a_503_in_seconds(tmp_path):
    silent = Silent()
    server = start_server(
        tmp_path,
        f"postgres://postgres@127.0.0.1:{silent.port}/battleship",
        workers=1,
        migrate=False,
        ready_path=STATIC,
    )
    try:
        workers = server.worker_pids()
        for path in ("/healthz", "/leaderboard"):
            assert_the_sites_503_in_time(server, "GET", path)
        # A returning browser: its session is looked up first.
        session = {"sessionid": "0123456789abcdefghijklmnopqrstuv"}
        assert_the_sites_503_in_time(server, "GET", "/", cookies=session)
        assert_the_sites_503_in_time(server, "POST", "/games/", data={"level": 1}, **csrf(server))
        assert_the_worker_lived(server, workers)
    finally:
        server.stop()
        silent.close()


@pytest.fixture
def relayed_postgres(tmp_path):
    if not postgres_reachable():
        pytest.skip("no PostgreSQL reachable")
    name = f"battleship_frozen_{os.getpid()}"
    database = fresh_postgres_database(name)
    relay = Relay(("127.0.0.1", 5432))
    host_port = database.split("@", 1)[1].split("/", 1)[0]
    yield relay, database.replace(host_port, f"127.0.0.1:{relay.port}")
    relay.close()
    drop_postgres_database(name)


def test_a_connection_frozen_mid_query_is_a_503_in_seconds(tmp_path, relayed_postgres):
    relay, database = relayed_postgres
    server = start_server(tmp_path, database, workers=1)
    try:
        workers = server.worker_pids()
        # The worker's persistent connection is open; the next request's first query is
        # sent on it into the frozen relay.
        assert httpx.get(server.url + "/healthz", timeout=10).status_code == 200
        relay.frozen.set()
        assert_the_sites_503_in_time(server, "GET", "/healthz")
        assert_the_sites_503_in_time(server, "POST", "/games/", data={"level": 1}, **csrf(server))
        assert_the_worker_lived(server, workers)
        relay.frozen.clear()
        assert httpx.get(server.url + "/healthz", timeout=10).status_code == 200
        assert server.worker_pids() == workers
    finally:
        server.stop()


def test_a_sqlite_file_locked_by_another_writer_is_a_503_in_seconds(tmp_path):
    server = start_server(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite3'}", workers=1)
    try:
        workers = server.worker_pids()
        form = csrf(server)
        other_writer = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None)
        other_writer.execute("BEGIN IMMEDIATE")  # holds the write lock, as a stuck process would
        try:
            assert_the_sites_503_in_time(server, "POST", "/games/", data={"level": 1}, **form)
        finally:
            other_writer.execute("ROLLBACK")
            other_writer.close()
        assert_the_worker_lived(server, workers)
        response = httpx.post(server.url + "/games/", data={"level": 1}, timeout=10, **form)
        assert response.status_code == 302
    finally:
        server.stop()
