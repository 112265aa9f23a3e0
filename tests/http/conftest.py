"""A real server for tests over HTTP: gunicorn, production settings, several workers.

Each server gets a database of its own: a SQLite file, or a fresh PostgreSQL database
when one is reachable (127.0.0.1:5432 on our machines; PG_ADMIN_URL overrides).
"""

from __future__ import annotations

import os

import httpx
import pytest

from loadtest.server import fresh_postgres_database, postgres_reachable, start_server
from tests.site_fixtures import (  # noqa: F401
    _fire_as_fast_as_tests_go,
    _in_english_unless_asked,
    _translations_compiled,
)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(request.param)
    if request.param == "sqlite":
        database = f"sqlite:///{tmp / 'db.sqlite3'}"
    elif postgres_reachable():
        database = fresh_postgres_database(f"battleship_http_{os.getpid()}")
    else:
        pytest.skip("no PostgreSQL reachable")
    srv = start_server(tmp, database)
    yield srv
    srv.stop()


class Player:
    """A browser, as far as the server can tell: cookies, the CSRF header, htmx requests."""

    def __init__(self, base: str, cookies: httpx.Cookies | None = None) -> None:
        self.client = httpx.Client(base_url=base, cookies=cookies, timeout=30)
        if cookies is None:
            self.client.get("/games/new")
        self.headers = {"X-CSRFToken": self.client.cookies["csrftoken"], "HX-Request": "true"}

    def tab(self) -> Player:
        """Another tab of the same browser: the same session, its own connection."""
        return Player(str(self.client.base_url), self.client.cookies)

    def post(self, path: str, data: dict[str, object] | None = None) -> httpx.Response:
        return self.client.post(path, data=data or {}, headers=self.headers)

    def new_game(self, level: int = 5, rules: str = "standard") -> str:
        response = self.client.post(
            "/games/",
            data={"level": level, "rules": rules},
            headers={"X-CSRFToken": self.headers["X-CSRFToken"]},
        )
        assert response.status_code == 302, response.text[:500]
        url = response.headers["location"]
        assert self.post(url + "shuffle").status_code == 200
        assert self.post(url + "start").status_code == 200
        return url
