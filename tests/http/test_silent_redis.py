"""Redis away or silent (real HTTP, gunicorn with production settings and REDIS_URL): the
health check says so with a 503, every form (their rate limits count in Redis) is the
site's 503 within seconds, and the worker lives on. The machine's own Redis is not touched."""

from __future__ import annotations

import pytest

from loadtest.server import free_port, start_server
from tests.http.listeners import Silent
from tests.http.test_silent_database import (
    STATIC,
    assert_the_sites_503_in_time,
    assert_the_worker_lived,
    csrf,
)


@pytest.fixture
def silent_redis():
    silent = Silent()
    yield f"redis://127.0.0.1:{silent.port}/0"
    silent.close()


@pytest.mark.parametrize("redis", ["closed", "silent"])
def test_the_health_check_and_the_forms_are_a_503(tmp_path, redis, silent_redis):
    url = f"redis://127.0.0.1:{free_port()}/0" if redis == "closed" else silent_redis
    server = start_server(
        tmp_path,
        f"sqlite:///{tmp_path / 'db.sqlite3'}",
        workers=1,
        ready_path=STATIC,
        REDIS_URL=url,
        PER_PROCESS_LIMITS="False",
    )
    try:
        workers = server.worker_pids()
        assert_the_sites_503_in_time(server, "GET", "/healthz")
        assert_the_sites_503_in_time(server, "POST", "/games/", data={"level": 1}, **csrf(server))
        assert_the_worker_lived(server, workers)
    finally:
        server.stop()
