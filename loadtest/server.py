"""A real server: gunicorn with the production settings, several workers, on loopback.

Each server gets a database of its own: a SQLite file, or a fresh PostgreSQL database
when one is reachable (127.0.0.1:5432 on our machines; PG_ADMIN_URL overrides). Used by
the HTTP tests (``tests/http``) and by the load and fault tests.
"""

from __future__ import annotations

import asyncio
import atexit
import ipaddress
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parents[1]
T = TypeVar("T")
PG_ADMIN_URL = os.environ.get("PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


def postgres_reachable() -> bool:
    try:
        import psycopg

        with psycopg.connect(PG_ADMIN_URL, connect_timeout=2):
            return True
    except Exception:
        return False


def reachable_databases(names: str, notes: list[str]) -> list[str]:
    """The databases of a comma-separated list to run on: PostgreSQL only when it answers
    (a note says it was skipped otherwise)."""
    chosen = []
    for name in names.split(","):
        if name == "postgresql" and not postgres_reachable():
            notes.append("PostgreSQL not reachable: skipped")
            continue
        chosen.append(name)
    return chosen


def fresh_postgres_database(name: str) -> str:
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    return PG_ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"


def drop_postgres_database(name: str) -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def require_loopback(url: str) -> None:
    """Refuse any target that is not this machine: these tools never load anyone else's."""
    host = urlsplit(url).hostname or ""
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except socket.gaierror as error:
        raise SystemExit(f"cannot resolve {host!r}: {error}") from error
    if not addresses or not all(ipaddress.ip_address(a).is_loopback for a in addresses):
        raise SystemExit(f"refusing {url}: loopback addresses only (127.0.0.1, ::1, localhost)")


# Set by Ctrl-C or SIGTERM: every loop of the load and fault tests checks it, since an
# interrupt raised inside a running request is not always let through by the HTTP client.
STOPPED = threading.Event()


def interrupt_on_signals() -> None:
    """Ctrl-C and SIGTERM stop the run, so every ``finally`` stops its server: also when
    started in the background, where SIGINT would otherwise be ignored."""

    def interrupt(signum: int, frame: object) -> None:
        STOPPED.set()
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run``, then the interrupt again if one came in while it ran."""
    result = asyncio.run(coroutine)
    if STOPPED.is_set():
        raise KeyboardInterrupt
    return result


@dataclass
class Server:
    url: str
    env: dict[str, str]
    process: subprocess.Popen[bytes]
    log: Path
    extra: dict[str, str] = field(default_factory=dict)
    # The workers' standard error: the site's own log (server errors with their tracebacks).
    errors: Path | None = None

    def manage(self, *args: str) -> str:
        done = subprocess.run(  # noqa: S603 -- our own manage.py
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

    def worker_pids(self) -> list[int]:
        """The gunicorn master's children: its workers, as they are now."""
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children")
        if children.exists():
            return [int(p) for p in children.read_text().split()]
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(stat.parent.name))
        return found

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# The static files as collectstatic leaves them (hashed, compressed) depend on the code alone:
# collected once a process into a folder of its own that every later server shares
# (compressing them all is two seconds of CPU, a quarter of starting a server).
_collected_static: list[Path] = []


def collected_static(env: dict[str, str]) -> Path:
    if _collected_static and (_collected_static[0] / "staticfiles.json").exists():
        return _collected_static[0]
    folder = Path(tempfile.mkdtemp(prefix="battleship-static-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    subprocess.run(  # our own manage.py
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env={**env, "STATIC_ROOT": str(folder)},
        check=True,
    )
    _collected_static[:] = [folder]
    return folder


# A SQLite database migrated once a process: a server on a new SQLite file starts on a copy
# (migrating from nothing is three seconds of CPU, a third of starting a server).
_migrated_sqlite: list[Path] = []


def migrated_sqlite_copy(env: dict[str, str], path: Path) -> None:
    if not (_migrated_sqlite and _migrated_sqlite[0].exists()):
        folder = Path(tempfile.mkdtemp(prefix="battleship-db-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        template = folder / "migrated.sqlite3"
        subprocess.run(  # our own manage.py
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env={**env, "DATABASE_URL": f"sqlite:///{template}"},
            check=True,
        )
        _migrated_sqlite[:] = [template]
    # The migrating process has closed its connection: SQLite folded its log into the file.
    shutil.copyfile(_migrated_sqlite[0], path)


def migrated_copy(env: dict[str, str], database: str) -> bool:
    """A new SQLite file made as a copy of one migrated once a process; False, and nothing
    done, for any other database (PostgreSQL is migrated each time)."""
    if database.startswith("sqlite:///"):
        path = Path(database.removeprefix("sqlite:///"))
        if path.exists():
            return False
        migrated_sqlite_copy(env, path)
        return True
    return False


def start_server(
    tmp: Path,
    database: str,
    workers: int = 4,
    gunicorn_args: Sequence[str] = (),
    migrate: bool = True,
    ready_path: str = "/",
    port: int | None = None,
    **extra: str,
) -> Server:
    """gunicorn on ``port`` (a free one by default), once it answers ``ready_path``.
    ``migrate=False`` and a static file as ``ready_path`` start it on a database that does
    not answer. A port given again restarts a stopped server where its clients look for it."""
    tmp.mkdir(parents=True, exist_ok=True)  # a folder of its own per server, made here
    port = port or free_port()
    env = {
        **os.environ,
        "DEBUG": "False",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": database,
        # Plain HTTP on loopback, as behind a TLS proxy that is not there.
        "SECURE_SSL_REDIRECT": "False",
        "SECURE_COOKIES": "False",
        "TRUST_X_FORWARDED_PROTO": "False",
        "FIRE_RATE": "100000/s",
        # Every simulated player comes from 127.0.0.1: the per-address limits (30 new games
        # a minute, 100 game requests a second) are for one place, not for a crowd this big.
        "NEW_GAME_RATE": "100000/m",
        "ADDRESS_RATE": "100000/s",
        # Without REDIS_URL each worker counts on its own: production refuses that unless
        # told it is meant (these servers test other things).
        "PER_PROCESS_LIMITS": "True",
        **extra,
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env["STATIC_ROOT"] = str(collected_static(env))
    if migrate and not migrated_copy(env, database):
        subprocess.run(  # our own manage.py
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
    log = tmp / "gunicorn.log"
    errors = tmp / "stderr.log"
    with errors.open("ab") as sink:  # the child keeps its own copy
        process = subprocess.Popen(  # noqa: S603 -- gunicorn from this virtualenv
            [
                sys.executable,
                "-m",
                "gunicorn",
                "battleship_site.asgi",
                "-k",
                "uvicorn_worker.UvicornWorker",  # as `make serve`
                "--config",
                "gunicorn.conf.py",  # as `make serve`
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(workers),
                "--graceful-timeout",
                "5",
                "--error-logfile",
                str(log),
                *gunicorn_args,
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=sink,
        )
    url = f"http://127.0.0.1:{port}"
    # A busy machine (CI, other test runs) can take seconds over a worker's first answer.
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            try:
                # Up: answering (a redirect too, when the server is told to send to HTTPS).
                if httpx.get(url + ready_path, timeout=10).status_code < 400:
                    return Server(url, env, process, log, errors=errors)
            except httpx.TransportError:
                time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not start: {log.read_text(errors='replace')}")
    except BaseException:  # not started, or interrupted while starting: leave nothing behind
        Server(url, env, process, log).stop()
        raise
