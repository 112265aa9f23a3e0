"""Seeking strangers over real HTTP on two app servers sharing PostgreSQL (gunicorn with
uvicorn workers, as `make serve` on two ports): prints the figures of issue 42.

1. Pairing: ``--pairs`` (50) pairs, one seeker on each server, the second seeking a moment
   after the first: the time from the second's seek to the game, on the server (the game's
   row made, from the later seek's row) and as the browsers see it (both pages polling each
   second, as the waiting page does, until both are sent to the game): p50, p90, max.
2. A crowd: ``--crowd`` (200) seekers at once across the two servers, guests and accounts
   mixed: games made, anyone in two games or paired with themselves, anyone left seeking
   who could have been paired.

    python -m loadtest.strangers               (or: make strangerbench)
    python -m loadtest.strangers --pairs 10 --crowd 0
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from loadtest.server import (
    Server,
    drop_postgres_database,
    fresh_postgres_database,
    postgres_reachable,
    start_server,
)

POLL = 1.0  # seconds between the waiting page's questions, as static (htmx's every 1s)
SERVER_SETTINGS = {"SIGNUP_RATE": "100000/h", "LOGIN_RATE": "100000/m"}


class Seeker:
    """A browser looking for a stranger: a guest, or an account signed in (``session``)."""

    def __init__(self, base: str, session: str = "") -> None:
        self.client = httpx.Client(base_url=base, timeout=30)
        if session:
            self.client.cookies.set("sessionid", session)
        # (Its connection not kept: idle past uvicorn's keep-alive of 5 s while a crowd is
        # made ready, the server would close it just as the seek is sent on it.)
        self.client.get("/stranger/", headers={"Connection": "close"})
        self.csrf = self.client.cookies["csrftoken"]
        self.waiting = ""  # the waiting page's address
        self.game = ""  # the game's, once paired

    def seek(self, rules: str = "standard", name: str = "Walker") -> str:
        answer = self.client.post(
            "/stranger/seeks",
            data={"rules": rules, "name": name},
            headers={"X-CSRFToken": self.csrf},
        )
        if answer.status_code != 302:
            raise RuntimeError(f"seek: {answer.status_code} {answer.text[:300]}")
        self.waiting = answer.headers["location"]
        return self.waiting

    def poll(self) -> str:
        """Ask the waiting page once, as htmx does: the game's address once paired."""
        try:
            answer = self.client.get(self.waiting, headers={"HX-Request": "true"})
        except httpx.RemoteProtocolError:
            # A kept-alive connection the server closed as the question went out on it: a
            # browser asks again on a new one (a GET changes nothing), and so does this.
            answer = self.client.get(self.waiting, headers={"HX-Request": "true"})
        if answer.status_code != 200:
            raise RuntimeError(f"poll: {answer.status_code} {answer.text[:300]}")
        self.game = answer.headers.get("HX-Redirect", "")
        return self.game

    def wait(self, limit: float) -> str:
        """Poll each ``POLL`` seconds until paired or ``limit`` seconds have passed."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if self.poll():
                return self.game
            time.sleep(POLL)
        return ""

    def close(self) -> None:
        self.client.close()


def sessions_for(server: Server, count: int, prefix: str) -> list[str]:
    """``count`` new accounts, each signed in: their session keys (made in the database, as
    a login would: the test is of seeking, not of password hashing)."""
    code = (
        "import json; from importlib import import_module; from django.conf import settings; "
        "from django.contrib.auth import get_user_model; "
        "Store = import_module(settings.SESSION_ENGINE).SessionStore; keys = []\n"
        f"for n in range({count}):\n"
        f"    u = get_user_model().objects.create_user('{prefix}%d' % n)\n"
        "    s = Store(); s['_auth_user_id'] = str(u.pk)\n"
        "    s['_auth_user_backend'] = 'django.contrib.auth.backends.ModelBackend'\n"
        "    s['_auth_user_hash'] = u.get_session_auth_hash(); s.create()\n"
        "    keys.append(s.session_key)\n"
        "print(json.dumps(keys))"
    )
    keys = server.query(code)
    assert isinstance(keys, list)
    return [str(key) for key in keys]


def seeks_stored(server: Server) -> list[dict[str, Any]]:
    """Every seek as stored: who (key), status, game, pool, and the times (seconds)."""
    code = (
        "import json; from strangers.models import Seek\n"
        "rows = [dict(key=s.key, status=s.status, duel=str(s.duel_id or ''), rated=s.rated,"
        " rules=s.rules_name, created=s.created_at.timestamp(),"
        " paired=(s.duel.created_at.timestamp() if s.duel_id else None))"
        " for s in Seek.objects.select_related('duel')]\n"
        "print(json.dumps(rows))"
    )
    rows = server.query(code)
    assert isinstance(rows, list)
    return rows


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def pairing_times(
    a: Server, b: Server, pairs: int, rules: str = "standard"
) -> dict[str, list[float]]:
    """``pairs`` pairs, one seeker on each server: (server-side, as seen by browsers) seconds."""
    seen: list[float] = []
    for n in range(pairs):
        first, second = Seeker(a.url), Seeker(b.url)
        try:
            first.seek(rules, name=f"First{n}")
            time.sleep(0.2)  # the first is waiting when the second comes
            start = time.monotonic()
            second.seek(rules, name=f"Second{n}")
            with ThreadPoolExecutor(2) as pool:
                both = list(pool.map(lambda seeker: seeker.wait(10), (first, second)))
            if len(set(both)) != 1 or not both[0]:
                raise RuntimeError(f"pair {n} not brought to one game: {both}")
            seen.append(time.monotonic() - start)
        finally:
            first.close()
            second.close()
    games: dict[str, list[dict[str, Any]]] = {}
    for row in seeks_stored(a):
        if row["duel"]:
            games.setdefault(row["duel"], []).append(row)
    server_side = [rows[0]["paired"] - max(r["created"] for r in rows) for rows in games.values()]
    return {"server": server_side, "seen": seen}


def crowd(
    a: Server, b: Server, guests: int, accounts: int, rules: str = "standard", wait: float = 15
) -> dict[str, Any]:
    """``guests`` + ``accounts`` seekers at once, alternately on each server; each polls
    until paired or ``wait`` seconds pass. What was stored, checked."""
    sessions = sessions_for(a, accounts, f"crowd{os.getpid()}x")
    seekers = [Seeker((a, b)[n % 2].url) for n in range(guests)]
    seekers += [Seeker((b, a)[n % 2].url, session) for n, session in enumerate(sessions)]
    start = threading.Barrier(len(seekers))
    since = time.time()

    def go(seeker: Seeker) -> str:
        start.wait()
        seeker.seek(rules, name="Crowd")
        return seeker.wait(wait)

    with ThreadPoolExecutor(len(seekers)) as pool:
        games = list(pool.map(go, seekers))
    for seeker in seekers:
        seeker.close()
    rows = [row for row in seeks_stored(a) if row["created"] >= since]
    by_game = Counter(row["duel"] for row in rows if row["duel"])
    keys_in_game: dict[str, set[str]] = {}
    for row in rows:
        if row["duel"]:
            keys_in_game.setdefault(row["duel"], set()).add(row["key"])
    games_of_key = Counter(row["key"] for row in rows if row["duel"])
    left = Counter(
        f"{'rated' if row['rated'] else 'casual'} {row['rules']}"
        for row in rows
        if row["status"] == "seeking"
    )
    return {
        "seekers": len(seekers),
        "games": len(by_game),
        "paired": sum(1 for game in games if game),
        "sizes": sorted(set(by_game.values())),
        "with_themselves": sum(1 for keys in keys_in_game.values() if len(keys) != 2),
        "in_two_games": sum(1 for count in games_of_key.values() if count > 1),
        "left_per_pool": dict(left),
        "pages_disagree": sum(
            1
            for seeker, game in zip(seekers, games, strict=True)
            if bool(game) != bool(seeker.game)
        ),
    }


def two_servers(tmp: Path, database: str) -> tuple[Server, Server]:
    a = start_server(tmp / "a", database, workers=2, **SERVER_SETTINGS)
    b = start_server(tmp / "b", database, workers=2, migrate=False, **SERVER_SETTINGS)
    return a, b


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=50)
    parser.add_argument("--crowd", type=int, default=200)
    args = parser.parse_args()
    if args.pairs < 0 or args.crowd < 0 or args.crowd % 2:
        parser.error("--pairs and --crowd count seekers: 0 or more (--crowd an even number)")
    if not postgres_reachable():
        parser.error("no PostgreSQL reachable at 127.0.0.1:5432 (PG_ADMIN_URL)")
    name = f"battleship_strangers_{os.getpid()}"
    database = fresh_postgres_database(name)
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        for side in ("a", "b"):
            (tmp / side).mkdir()
        a, b = two_servers(tmp, database)
        try:
            print(f"load average before: {os.getloadavg()[0]:.2f}")
            if args.pairs:
                times = pairing_times(a, b, args.pairs)
                for label, values in (
                    ("server", times["server"]),
                    ("seen by both pages", times["seen"]),
                ):
                    print(
                        f"pairing across two servers, {label}: "
                        f"p50 {percentile(values, 0.5):.3f} s, "
                        f"p90 {percentile(values, 0.9):.3f} s, max {max(values):.3f} s "
                        f"({len(values)} pairs)"
                    )
            if args.crowd:
                figures = crowd(a, b, guests=args.crowd // 2, accounts=args.crowd // 2)
                print("crowd of seekers at once:", json.dumps(figures, default=str))
            print(f"load average after: {os.getloadavg()[0]:.2f}")
        finally:
            a.stop()
            b.stop()
            drop_postgres_database(name)


if __name__ == "__main__":
    main()
