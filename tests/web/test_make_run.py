"""`make run`, what a person runs to play: the site as players get it, DEBUG off, so an
unknown page is the site's own 404 and static files are still served; `make dev` keeps
Django's debug pages for development."""

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not shutil.which("make"), reason="no make")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running(target: str, tmp_path: Path) -> Iterator[httpx.Client]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "DJANGO_SETTINGS_MODULE")}
    env.update(
        PORT=str(port),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        STATIC_ROOT=str(tmp_path / "static"),
        # Given, so that the test writes no .env into the checkout (test_secret_key_file.py
        # checks the key `make run` generates).
        SECRET_KEY="make-run-test-" + "x" * 50,
    )
    server = subprocess.Popen(
        ["make", "-s", target],  # noqa: S607
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                client.get("/healthz")
                break
            except httpx.TransportError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(server.stderr.read().decode()[-2000:]) from None
                time.sleep(0.5)
        yield client
    finally:
        client.close()
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def test_make_run_serves_the_site_with_its_own_error_pages_and_its_static_files(tmp_path):
    with running("run", tmp_path) as site:
        home = site.get("/")
        assert home.status_code == 200
        missing = site.get("/no-such-page")
        assert missing.status_code == 404
        assert "<title>Not found · Battleship</title>" in missing.text
        assert "URLconf" not in missing.text  # Django's debug page lists the URL patterns
        # Static files by their hashed names (collected, served by WhiteNoise), over plain
        # HTTP on loopback: no redirect to HTTPS, cookies that work without it.
        stylesheet = home.text.split('rel="stylesheet" href="', 1)[1].split('"', 1)[0]
        assert stylesheet.startswith("/static/css/site.")
        assert stylesheet != "/static/css/site.css"
        assert site.get(stylesheet).status_code == 200
        cookie = site.get("/games/new").headers["set-cookie"]
        assert "csrftoken=" in cookie
        assert "secure" not in cookie.lower()


def test_make_dev_shows_the_debug_page(tmp_path):
    with running("dev", tmp_path) as site:
        missing = site.get("/no-such-page")
        assert missing.status_code == 404
        assert "URLconf" in missing.text
        assert site.get("/static/css/site.css").status_code == 200
