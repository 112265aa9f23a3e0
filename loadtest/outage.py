"""The outage test (``make outagetest``): the database away, then Redis away, while people play.

For each database it starts gunicorn with the production settings (as ``make serve`` runs
it) and Redis for the counters and sessions, both reached through a gate of its own: a
loopback relay that this test can close (new connections refused, open ones cut, as when a
server dies or its port closes) and open again on the same port. The machine's PostgreSQL
and Redis are never touched. Simulated players play against the computer, half of them
signed in (each signs up first), half as guests; now and then each opens another page
(home, statistics, history). Then:

1. the database is taken away for ten seconds (PostgreSQL only: a SQLite file cannot be
   taken from a process that has it open), then given back: longer than a request waits
   for a connection from its worker's pool (``DATABASE_WAIT_LIMIT``, 5 s), since a shorter
   outage is met by no request (each waits it out, then plays);
2. Redis is taken away for a few seconds, then given back.

What must hold: every answer while a service is away is a 503 with ``Retry-After`` and the
site's page, or a page that needs neither service (a 2xx, 3xx or 4xx answered as usual); no
other 5xx, no connection cut; a shot answered 503 is found, after a reload, stored whole or
not at all; after each outage every player's game takes a move again; at the end every
stored game replays whole (``loadtest.fault.check_games``). Exits 1 if anything fails.

    python -m loadtest.outage [--players 6] [--away 10] [--databases sqlite,postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import socket
import struct
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from loadtest.players import GameLost, Player, Stats
from loadtest.server import (
    STOPPED,
    Server,
    drop_postgres_database,
    free_port,
    fresh_postgres_database,
    interrupt_on_signals,
    reachable_databases,
    run_async,
    start_server,
)

REDIS = ("127.0.0.1", 6379)
REDIS_DB = 12  # a database of its own on the machine's Redis, emptied first
PASSWORD = "outage-test-password-42"  # noqa: S105 -- accounts of a throwaway database
PAGES = ["/", "/stats", "/history", "/games/new"]
UNAVAILABLE_PAGE = "The site is busy or down for a moment"


class Gate:
    """A loopback TCP relay to a service, that can be closed and opened again on its port.

    Closed, it refuses new connections (nothing listens on the port) and cuts the open ones
    with a reset, as when the service's machine goes away: what a client of a closed port or
    a dead server sees.
    """

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self.lock = threading.Lock()
        self.connections: set[socket.socket] = set()
        self.listener: socket.socket | None = None
        self.open()

    def open(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(128)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def close(self) -> None:
        if self.listener is not None:
            with contextlib.suppress(OSError):  # wakes the thread waiting in accept()
                self.listener.shutdown(socket.SHUT_RDWR)
            self.listener.close()
            self.listener = None
        with self.lock:
            for sock in self.connections:
                try:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()
            self.connections.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self.lock:
                if self.listener is not listener:  # closed meanwhile
                    client.close()
                    upstream.close()
                    return
                self.connections |= {client, upstream}
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        with self.lock:
            self.connections.discard(source)


class Watched(Player):
    """A player whose every answer is judged: a 5xx must be the site's 503 with Retry-After."""

    def __init__(self, *args: Any, signed_in: bool, findings: Findings, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.signed_in = signed_in
        self.findings = findings
        self.stale = False  # the page may be out of date: reload before the next shot
        self.games: list[str] = []  # every game it started, to resume at the end

    async def new_game(self) -> None:
        try:
            await super().new_game()
        finally:
            if self.game and self.game not in self.games:
                self.games.append(self.game)  # created, though maybe not yet started

    async def request(self, kind: str, method: str, path: str, **kwargs: object) -> httpx.Response:
        try:
            response = await super().request(kind, method, path, **kwargs)
        except httpx.TransportError as error:
            self.findings.bad.append(f"{method} {path}: connection {type(error).__name__}")
            raise
        self.findings.answers[(self.findings.phase, response.status_code)] += 1
        if response.status_code == 503:
            what = re.sub(r"/games/[0-9a-f-]+/", "/games/<id>/", path)
            self.findings.unavailable[f"{method} {what}"] += 1
        if response.status_code >= 500:
            proper = (
                response.status_code == 503
                and response.headers.get("Retry-After", "").isdigit()
                and UNAVAILABLE_PAGE in response.text
            )
            if not proper:
                self.findings.bad.append(
                    f"{self.findings.phase}: {method} {path}: {response.status_code} "
                    f"Retry-After={response.headers.get('Retry-After')!r}"
                )
        return response

    async def sign_up(self, name: str) -> None:
        await self.request("setup", "GET", "/signup")
        token = self.client.cookies["csrftoken"]
        data = {"username": name, "password1": PASSWORD, "password2": PASSWORD}
        response = await self.request(
            "setup", "POST", "/signup", data=data, headers={"X-CSRFToken": token}
        )
        if response.status_code != 302:
            raise RuntimeError(f"signing up {name}: {response.status_code}")
        await self.sign_in_as_guest()  # the CSRF header, for the signed-in session


class Findings:
    def __init__(self, max_requests: int = 20_000) -> None:
        self.max_requests = max_requests
        self.phase = "before"
        self.answers: Counter[tuple[str, int]] = Counter()
        self.unavailable: Counter[str] = Counter()
        self.bad: list[str] = []
        self.shots_answered_503 = 0
        self.found_whole = 0
        self.found_not_applied = 0
        self.found_half = 0

    def requests_left(self) -> bool:
        """A cap on the requests of a whole run, besides its fixed duration."""
        return sum(self.answers.values()) < self.max_requests


async def play_on(player: Watched, stop: asyncio.Event, findings: Findings) -> None:
    """Play, and open another page now and then; after a refusal reload; never give up."""
    pending: int | None = None  # the move number before a shot answered 503
    while not stop.is_set() and not STOPPED.is_set() and findings.requests_left():
        try:
            # While a shot's fate is unknown, only its game's page (the reload) will do.
            choice = player.rng.random() if pending is None else 1.0
            if choice < 0.1:
                await player.request("page", "GET", player.rng.choice(PAGES))
            elif choice < 0.13:
                await player.new_game()  # another game, leaving this one for later
            elif player.stale or pending is not None:
                await player.reload()
                player.stale = False
                if pending is not None:
                    step = player.move - pending
                    if step == 0:
                        findings.found_not_applied += 1
                    elif step == 2 or (step == 1 and player.over):
                        findings.found_whole += 1
                    else:
                        findings.found_half += 1
                        findings.bad.append(f"{player.game}: a shot half stored ({step})")
                    pending = None
            elif not player.game or player.over or not player.open_cells:
                await player.new_game()
            else:
                before = player.move
                response = await player.fire()
                if response.status_code == 503:
                    findings.shots_answered_503 += 1
                    pending = before
                elif response.status_code != 200:
                    player.stale = True
        except GameLost:
            # Refused while a service is away (a 503, judged above): the game is still there.
            player.stale = bool(player.game)
            await asyncio.sleep(0.2)
        except httpx.TransportError:
            await asyncio.sleep(0.2)
        await asyncio.sleep(0.02)  # a brisk person, not a flood: bounded requests


async def resumes(player: Watched, seconds: float = 15) -> bool:
    """After an outage: the player's game takes a move again (reload, then fire once)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            await player.reload()
            if player.over or not player.open_cells:
                return True
            before = player.move
            response = await player.fire()
            if response.status_code == 200 and (player.move == before + 2 or player.over):
                return True
        except (GameLost, httpx.TransportError):
            pass
        await asyncio.sleep(0.3)
    return False


async def outage(
    server: Server, gates: dict[str, Gate], args: argparse.Namespace
) -> dict[str, Any]:
    findings = Findings(args.max_requests)
    stats = Stats()
    rng = random.Random(args.seed)
    players = [
        Watched(
            server.url,
            args.level,
            stats,
            random.Random(rng.getrandbits(64)),
            timeout=30,
            signed_in=n % 2 == 0,
            findings=findings,
        )
        for n in range(args.players)
    ]
    result: dict[str, Any] = {}
    try:
        for n, player in enumerate(players):
            if player.signed_in:
                await player.sign_up(f"captain{n}")
            await player.new_game()
        for service, gate in gates.items():
            stop = asyncio.Event()
            playing = [asyncio.create_task(play_on(p, stop, findings)) for p in players]
            findings.phase = "before"
            await asyncio.sleep(args.before)
            findings.phase = f"{service} away"
            gate.close()
            await asyncio.sleep(args.away)
            gate.open()
            findings.phase = f"{service} back"
            await asyncio.sleep(1)
            stop.set()
            await asyncio.gather(*playing)
            resumed = await asyncio.gather(*(resumes(p) for p in players))
            result[f"resumed after {service}"] = f"{sum(resumed)}/{len(players)}"
            result[f"{service}_all_resumed"] = all(resumed)
        db = server.query("from loadtest.fault import check_games; check_games()")
        assert isinstance(db, dict)
        # Every unfinished game, also one its player left for another: it takes a move.
        owners = {url.rstrip("/").rsplit("/", 1)[-1]: (p, url) for p in players for url in p.games}
        unfinished_resumed = 0
        for game_id in db["unfinished"]:
            player, url = owners.get(game_id, (None, ""))
            if player is None:
                findings.bad.append(f"game {game_id}: unfinished, and no player has it")
                continue
            player.game, player.open_cells = url, set()
            if await resumes(player):
                unfinished_resumed += 1
            else:
                findings.bad.append(f"{url}: does not resume")
        result["unfinished games at the end"] = len(db["unfinished"])
        result["  each resumed over HTTP"] = unfinished_resumed
        result |= {
            "games_checked": db["games"],
            "shots_checked": db["shots"],
            "problems": db["problems"],
            "half_moves": db["half_moves"],
        }
    finally:
        await asyncio.gather(*(p.close() for p in players))
    answers = findings.answers
    for service in gates:
        away = f"{service} away"
        result[f"answers while {service} away"] = sum(
            n for (p, _), n in answers.items() if p == away
        )
        result[f"  503 with Retry-After ({service})"] = answers[(away, 503)]
        result[f"  served, needing neither ({service})"] = sum(
            n for (p, s), n in answers.items() if p == away and s < 500
        )
    result |= {
        "requests": sum(answers.values()),
        "shots answered 503": findings.shots_answered_503,
        "  found stored whole after reload": findings.found_whole,
        "  found not stored after reload": findings.found_not_applied,
        "  found half stored (must be 0)": findings.found_half,
        "other 5xx or cut connections (must be 0)": len(findings.bad),
        "bad": findings.bad,
        "unavailable": dict(findings.unavailable),
    }
    return result


def run_database(name: str, args: argparse.Namespace) -> dict[str, Any]:
    import redis

    redis.Redis(*REDIS, db=REDIS_DB).flushdb()
    pg_name = f"battleship_outage_{os.getpid()}"
    gates: dict[str, Gate] = {}
    with tempfile.TemporaryDirectory(prefix="outagetest-") as tmp:
        try:
            if name == "sqlite":
                database = f"sqlite:///{Path(tmp) / 'db.sqlite3'}"
            else:
                direct = fresh_postgres_database(pg_name)
                host, port = "127.0.0.1", 5432
                gates["database"] = Gate((host, port))
                database = direct.replace(f"{host}:{port}", f"{host}:{gates['database'].port}")
            gates["redis"] = Gate(REDIS)
            redis_url = f"redis://127.0.0.1:{gates['redis'].port}/{REDIS_DB}"
            server = start_server(
                Path(tmp),
                database,
                workers=args.workers,
                REDIS_URL=redis_url,
                SIGNUP_RATE="100000/h",
                LOGIN_RATE="100000/m",
            )
            try:
                result = run_async(outage(server, gates, args))
            finally:
                server.stop()
            errors = server.errors.read_text(errors="replace") if server.errors else ""
            result["503s logged with a traceback"] = errors.count("Service Unavailable:")
            result["500s logged (must be 0)"] = errors.count("Internal Server Error:")
        finally:
            for gate in gates.values():
                gate.close()
            if name == "postgresql":
                drop_postgres_database(pg_name)
    return {"database": name, "services": list(gates), **result}


def passed(result: dict[str, Any]) -> bool:
    return (
        not result["bad"]
        and not result["problems"]
        and result["half_moves"] == 0
        and result["500s logged (must be 0)"] == 0
        and result["  each resumed over HTTP"] == result["unfinished games at the end"]
        and all(result[f"{service}_all_resumed"] for service in result["services"])
        # An outage no request met tests nothing.
        and all(result[f"  503 with Retry-After ({service})"] > 0 for service in result["services"])
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--before", type=float, default=3, help="seconds of play first (3)")
    parser.add_argument("--away", type=float, default=10, help="seconds each service is away (10)")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--max-requests", type=int, default=20_000, help="per database")
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--databases", default="sqlite,postgresql")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    interrupt_on_signals()
    results = []
    notes: list[str] = []
    for name in reachable_databases(args.databases, notes):
        results.append(run_database(name, args))
    if args.json:
        print(json.dumps({"results": results, "notes": notes}, indent=2))
        return 0 if results and all(passed(r) for r in results) else 1
    print(
        f"outage test: {args.players} players (half signed in) against level {args.level}, "
        f"{args.workers} gunicorn workers; each service away {args.away:g} s"
    )
    for r in results:
        print(f"\n{r['database']} (taken away: {', '.join(r['services'])})")
        for key, value in r.items():
            if isinstance(value, (list, dict, bool)):
                continue
            print(f"  {key:<46}{value:>10}")
        for what, count in sorted(r["unavailable"].items()):
            print(f"  503: {what:<41}{count:>10}")
        print(f"  {'result':<46}{'PASS' if passed(r) else 'FAIL':>10}")
        for line in (r["bad"] + r["problems"])[:20]:
            print(f"  {line}")
    for note in notes:
        print(note)
    return 0 if results and all(passed(r) for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
