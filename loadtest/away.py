"""What each page answers while Redis or PostgreSQL is away, measured over real HTTP.

``python -m loadtest.away`` starts gunicorn as ``make serve`` runs it (PostgreSQL and Redis,
each through a loopback relay of its own that this command closes: new connections refused,
open ones cut; the machine's own servers are not touched), makes a guest with a game and a
friend game, then asks each page with that guest's session and without any cookie, first
with Redis away, then with PostgreSQL away, and prints the table that docs/operations.md
keeps. About a minute; loopback only.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from loadtest.outage import REDIS, Gate
from loadtest.server import (
    Server,
    drop_postgres_database,
    fresh_postgres_database,
    postgres_reachable,
    start_server,
)

REDIS_DB = 13  # a database of its own on the machine's Redis, emptied first
STATIC = "/static/favicon.svg"


@dataclass(frozen=True)
class Page:
    name: str
    method: str
    path: str  # {game} and {token}: the guest's own game and friend game
    form: tuple[tuple[str, str], ...] = ()
    # Only for the guest: the address is the guest's own (anyone else: 404 or 403).
    own: bool = False


PAGES = [
    Page("home", "GET", "/"),
    Page("learning pages", "GET", "/learn/"),
    Page("a rule set's rules", "GET", "/rules/standard"),
    Page("the daily challenge", "GET", "/daily"),
    Page("new game", "GET", "/games/new"),
    Page("statistics", "GET", "/stats"),
    Page("leaderboard", "GET", "/leaderboard"),
    Page("a static file", "GET", STATIC),
    Page("/healthz", "GET", "/healthz"),
    Page("own game", "GET", "/games/{game}/", own=True),
    Page("a shot", "POST", "/games/{game}/shots", (("cell", "A1"), ("move", "0")), own=True),
    Page("own friend game", "GET", "/friend/{token}/", own=True),
    Page("its event stream", "GET", "/friend/{token}/events", own=True),
    Page("log in", "POST", "/login", (("username", "nobody"), ("password", "wrong-password"))),
]


@dataclass
class Guest:
    cookies: httpx.Cookies
    game: str
    token: str


def make_guest(url: str) -> Guest:
    client = httpx.Client(base_url=url, timeout=30)
    client.get("/games/new")
    csrf = {"X-CSRFToken": client.cookies["csrftoken"]}
    made = client.post("/games/", data={"level": 1}, headers=csrf)
    assert made.status_code == 302, made.text[:300]
    game = made.headers["location"].strip("/").split("/")[-1]
    for step in ("shuffle", "start"):
        assert client.post(f"/games/{game}/{step}", headers=csrf).status_code == 302
    invited = client.post(
        "/friend/invites", data={"rules": "standard", "name": "Ann"}, headers=csrf
    )
    assert invited.status_code == 302, invited.text[:300]
    token = invited.headers["location"].strip("/").split("/")[-1]
    return Guest(client.cookies, game, token)


def ask(url: str, page: Page, guest: Guest | None) -> tuple[int, float]:
    """The page's status and how long the answer took (a stream: its head)."""
    cookies = guest.cookies if guest else httpx.Cookies()
    values = {"game": guest.game, "token": guest.token} if guest else {}
    path = page.path.format(**values)
    headers = {}
    if page.method == "POST":
        # A form as the page sends it: the CSRF cookie and header (a visitor without a
        # session has the CSRF cookie alone).
        token = cookies.get("csrftoken") or "a" * 32
        cookies = httpx.Cookies(cookies)
        cookies.set("csrftoken", token)
        headers["X-CSRFToken"] = token
    started = time.monotonic()
    with (
        httpx.Client(base_url=url, cookies=cookies, timeout=30) as client,
        client.stream(page.method, path, data=dict(page.form), headers=headers) as response,
    ):
        return response.status_code, time.monotonic() - started


@contextmanager
def away(gate: Gate) -> Iterator[None]:
    gate.close()
    try:
        yield
    finally:
        gate.open()


def measure(server: Server, guest: Guest, gates: dict[str, Gate]) -> dict[str, dict[str, str]]:
    """{page name: {column: "200", "503 after 1.0 s", ...}} for each service away, with the
    guest's session and without a cookie."""
    table: dict[str, dict[str, str]] = {page.name: {} for page in PAGES}
    for service in ("redis", "database"):
        with away(gates[service]):
            for page in PAGES:
                for who, visitor in (("session", guest), ("no cookie", None)):
                    if page.own and visitor is None:
                        continue
                    status, took = ask(server.url, page, visitor)
                    said = str(status) if took < 0.5 else f"{status} after {took:.0f} s"
                    table[page.name][f"{service} away, {who}"] = said
        time.sleep(1)  # the pool and the subscriptions find their way back
    return table


def markdown(table: dict[str, dict[str, str]]) -> str:
    columns = [
        "redis away, no cookie",
        "redis away, session",
        "database away, no cookie",
        "database away, session",
    ]
    lines = ["| page | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for name, row in table.items():
        lines.append(f"| {name} | " + " | ".join(row.get(c, "-") for c in columns) + " |")
    return "\n".join(lines)


@contextmanager
def measured_server(wait_limit: float = 1) -> Iterator[tuple[Server, Guest, dict[str, Gate]]]:
    """gunicorn on PostgreSQL and Redis, each through a gate; a guest with their games."""
    import redis

    redis.Redis(*REDIS, db=REDIS_DB).flushdb()
    name = f"battleship_away_{os.getpid()}"
    direct = fresh_postgres_database(name)
    gates = {"database": Gate(("127.0.0.1", 5432)), "redis": Gate(REDIS)}
    database = direct.replace("127.0.0.1:5432", f"127.0.0.1:{gates['database'].port}")
    try:
        with tempfile.TemporaryDirectory(prefix="away-") as tmp:
            server = start_server(
                Path(tmp),
                database,
                workers=1,
                REDIS_URL=f"redis://127.0.0.1:{gates['redis'].port}/{REDIS_DB}",
                PER_PROCESS_LIMITS="False",
                DATABASE_WAIT_LIMIT=str(wait_limit),
                DATABASE_CONNECT_TIMEOUT=str(wait_limit),
                REDIS_TIMEOUT=str(wait_limit),
            )
            try:
                yield server, make_guest(server.url), gates
            finally:
                server.stop()
    finally:
        for gate in gates.values():
            gate.close()
        drop_postgres_database(name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wait-limit", type=float, default=1, help="DATABASE_WAIT_LIMIT")
    args = parser.parse_args(argv)
    if not postgres_reachable():
        print("PostgreSQL not reachable: nothing measured")
        return 1
    with measured_server(args.wait_limit) as (server, guest, gates):
        print(markdown(measure(server, guest, gates)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
