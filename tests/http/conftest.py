"""A real server for tests over HTTP: gunicorn, production settings, several workers.

Each server gets a database of its own: a SQLite file, or a fresh PostgreSQL database
when one is reachable (127.0.0.1:5432 on our machines; PG_ADMIN_URL overrides).
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
PG_ADMIN_URL = os.environ.get("PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


def postgres_reachable() -> bool:
    try:
        import psycopg

        with psycopg.connect(PG_ADMIN_URL, connect_timeout=2):
            return True
    except Exception:
        return False


def fresh_postgres_database(name: str) -> str:
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    return PG_ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    url: str
    env: dict[str, str]
    process: subprocess.Popen[bytes]
    log: Path
    extra: dict[str, str] = field(default_factory=dict)

    def manage(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def query(self, code: str) -> object:
        """Run ORM code in a fresh process against the server's database; ``code`` prints JSON."""
        return json.loads(self.manage("shell", "-v", "0", "-c", code))

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def start_server(tmp: Path, database: str, workers: int = 4, **extra: str) -> Server:
    port = free_port()
    env = {
        **os.environ,
        "DEBUG": "False",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": database,
        "STATIC_ROOT": str(tmp / "static"),
        # Plain HTTP on loopback, as behind a TLS proxy that is not there.
        "SECURE_SSL_REDIRECT": "False",
        "SECURE_COOKIES": "False",
        "TRUST_X_FORWARDED_PROTO": "False",
        "FIRE_RATE": "100000/s",
        **extra,
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    for args in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)
    log = tmp / "gunicorn.log"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "battleship_site.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--graceful-timeout",
            "5",
            "--error-logfile",
            str(log),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/", timeout=1).status_code == 200:
                return Server(url, env, process, log)
        except httpx.TransportError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"gunicorn did not start: {log.read_text(errors='replace')}")


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
    srv.process.terminate()
    srv.process.wait(timeout=15)


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

    def new_game(self, level: int = 5) -> str:
        response = self.client.post(
            "/games/", data={"level": level}, headers={"X-CSRFToken": self.headers["X-CSRFToken"]}
        )
        assert response.status_code == 302, response.text[:500]
        url = response.headers["location"]
        assert self.post(url + "shuffle").status_code == 200
        assert self.post(url + "start").status_code == 200
        return url
