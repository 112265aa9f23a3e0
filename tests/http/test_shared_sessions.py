"""With Redis, sessions are read from the cache every worker shares: signing in and out
holds in every worker, whichever one answers."""

from __future__ import annotations

import httpx
import pytest
import redis

from loadtest.run import redis_reachable
from loadtest.server import start_server

REDIS_URL = "redis://127.0.0.1:6379/11"  # a database of its own, emptied first
WORKERS = 4
REQUESTS = 4 * WORKERS  # enough for every worker to answer some


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory):
    if not redis_reachable(REDIS_URL):
        pytest.skip("no Redis reachable")
    redis.Redis.from_url(REDIS_URL).flushdb()
    tmp = tmp_path_factory.mktemp("sessions")
    srv = start_server(tmp, f"sqlite:///{tmp / 'db.sqlite3'}", workers=WORKERS, REDIS_URL=REDIS_URL)
    yield srv
    srv.stop()


def signed_in_everywhere(client: httpx.Client) -> list[bool]:
    """For each of several fresh connections (so several workers): is the page signed in?"""
    return ["Log out" in client.get("/stats").text for _ in range(REQUESTS)]


def test_signing_out_in_one_worker_signs_out_in_all(shared_server):
    with httpx.Client(base_url=shared_server.url, timeout=30) as browser:
        browser.get("/signup")
        token = browser.cookies["csrftoken"]
        form = {
            "username": "hood",
            "password1": "jutland-1916-lion",
            "password2": "jutland-1916-lion",
        }
        response = browser.post("/signup", data={**form, "csrfmiddlewaretoken": token})
        assert response.status_code == 302
        assert all(signed_in_everywhere(browser))
        old_session = browser.cookies["sessionid"]
        token = browser.cookies["csrftoken"]
        assert browser.post("/logout", data={"csrfmiddlewaretoken": token}).status_code == 302
    # Someone who kept the old cookie is signed out too, in every worker.
    with httpx.Client(base_url=shared_server.url, timeout=30) as replayer:
        replayer.cookies.set("sessionid", old_session)
        assert not any(signed_in_everywhere(replayer))
