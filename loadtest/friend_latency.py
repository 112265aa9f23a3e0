"""Friend games' live events at scale, over real HTTP on loopback (gunicorn with uvicorn
workers and Redis, as `make serve`): prints the figures.

1. Latency: over ``--moves`` moves (200; as many games as that takes), the time from one
   player's POST of a shot to the other player's event carrying it: p50, p99, max.
2. Idle streams: ``--streams`` (1,000) open event streams held by ONE worker process, and
   that process's memory (VmRSS in /proc/<pid>/status) before and after: per connection.
   Then one move, and the time until every one of those streams has its event.

    python -m loadtest.friend_latency            (or: make friendbench)
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
import redis

from loadtest.friend_streams import CELLS, Player, Stream, started_game
from loadtest.run import redis_reachable
from loadtest.server import (
    Server,
    drop_postgres_database,
    fresh_postgres_database,
    interrupt_on_signals,
    postgres_reachable,
    run_async,
    start_server,
)

REDIS_URL = "redis://127.0.0.1:6379/8"  # a database of its own, emptied first
WAIT = 10.0  # seconds an event may take before the run counts it lost and stops


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def latencies(server: Server, moves: int) -> tuple[list[float], list[float], int]:
    """(POST-to-other's-event seconds, POST round-trip seconds, games played) over ``moves``."""
    to_event: list[float] = []
    round_trip: list[float] = []
    games = 0
    while len(to_event) < moves:
        host, friend = Player(server.url), Player(server.url)
        url = started_game(host, friend)
        games += 1
        streams = {player: Stream(player, url) for player in (host, friend)}
        try:
            for stream in streams.values():
                stream.next(WAIT)  # the whole state on connect
            mover, waiter = (host, friend) if host.my_turn(url) else (friend, host)
            shots = {host: iter(CELLS), friend: iter(CELLS)}
            move = 0
            while len(to_event) < moves:
                started = time.perf_counter()
                answer = mover.post(url + "shots", {"cell": next(shots[mover]), "move": move})
                round_trip.append(time.perf_counter() - started)
                if answer.status_code != 200:
                    raise RuntimeError(f"shot refused: {answer.status_code} {answer.text[:300]}")
                move += 1
                event = streams[waiter].until(move, WAIT)
                to_event.append(event.at - started)
                streams[mover].until(move, WAIT)
                if "The game is over" in event.data:
                    break
                if "Your turn." in event.data:
                    mover, waiter = waiter, mover
        finally:
            for stream in streams.values():
                stream.close()
            host.close()
            friend.close()
    return to_event, round_trip, games


async def idle_streams(server: Server, count: int) -> dict[str, float]:
    """Hold ``count`` streams of one game on the server's one worker; its RSS per stream,
    then the time one move takes to reach them all."""
    (pid,) = server.worker_pids()
    host, friend = Player(server.url), Player(server.url)
    url = started_game(host, friend)
    mover = host if host.my_turn(url) else friend
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=0)
    timeout = httpx.Timeout(60, read=None)
    clients = [
        httpx.AsyncClient(
            base_url=server.url, cookies=p.client.cookies, limits=limits, timeout=timeout
        )
        for p in (host, friend)
    ]
    opened = 0
    refused: Counter[str] = Counter()
    arrived: list[float] = []
    all_open = asyncio.Event()
    all_arrived = asyncio.Event()

    async def hold(client: httpx.AsyncClient) -> None:
        try:
            await read(client)
        except (httpx.HTTPError, OSError) as error:
            refused[type(error).__name__] += 1
        if opened + sum(refused.values()) == count:
            all_open.set()

    async def read(client: httpx.AsyncClient) -> None:
        nonlocal opened
        async with client.stream("GET", url + "events") as response:
            if response.status_code != 200:
                refused[f"HTTP {response.status_code}"] += 1
                if opened + sum(refused.values()) == count:
                    all_open.set()
                return
            ident, data = 0, False
            async for line in response.aiter_lines():
                if line.startswith("id:"):
                    ident = int(line[3:])
                elif line.startswith("data:"):
                    data = True
                elif line == "" and data:
                    data = False
                    if ident == 0:
                        opened += 1
                        if opened + sum(refused.values()) == count:
                            all_open.set()
                    else:
                        arrived.append(time.perf_counter())
                        if len(arrived) == opened:
                            all_arrived.set()

    # Warm the worker first (templates, the database and Redis connections), so the
    # "before" is a worker that has served streams, not a cold one.
    for _ in range(3):
        async with clients[0].stream("GET", url + "events") as response:
            async for line in response.aiter_lines():
                if line.startswith("data:"):
                    break
    await asyncio.sleep(1)
    before = rss_kib(pid)
    tasks = []
    opening = time.perf_counter()
    for index in range(count):
        tasks.append(asyncio.create_task(hold(clients[index % 2])))
        if index % 50 == 49:  # a few at a time, as players arrive: not one burst
            await asyncio.sleep(0.05)
    try:
        await asyncio.wait_for(all_open.wait(), 300)
        if refused:
            raise RuntimeError(f"{opened} streams opened, {dict(refused)} refused")
        opened_in = time.perf_counter() - opening
        await asyncio.sleep(2)
        after = rss_kib(pid)
        started = time.perf_counter()
        page = await clients[0].get("/")
        page_seconds = time.perf_counter() - started
        if page.status_code != 200:
            raise RuntimeError(f"the site stopped answering: {page.status_code}")
        started = time.perf_counter()
        shot = await asyncio.to_thread(mover.post, url + "shots", {"cell": "A1", "move": 0})
        if shot.status_code != 200:
            raise RuntimeError(f"shot refused: {shot.status_code}")
        await asyncio.wait_for(all_arrived.wait(), 120)
        fan_out = max(arrived) - started
        first = min(arrived) - started
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for client in clients:
            await client.aclose()
        host.close()
        friend.close()
    return {
        "before": before,
        "after": after,
        "opened_in": opened_in,
        "page": page_seconds,
        "first": first,
        "fan_out": fan_out,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--database", choices=["postgresql", "sqlite"], default="postgresql")
    args = parser.parse_args(argv)
    interrupt_on_signals()
    if not redis_reachable(REDIS_URL):
        raise SystemExit(f"no Redis at {REDIS_URL}")
    redis.Redis.from_url(REDIS_URL).flushdb()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        name = "battleship_friend_latency"
        if args.database == "postgresql":
            if not postgres_reachable():
                raise SystemExit("no PostgreSQL reachable (try --database sqlite)")
            database = fresh_postgres_database(name)
        else:
            database = f"sqlite:///{tmp / 'db.sqlite3'}"
        try:
            print(f"database {args.database}, Redis pub/sub, gunicorn + uvicorn workers")
            server = start_server(tmp / "a", database, workers=2, REDIS_URL=REDIS_URL)
            try:
                to_event, round_trip, games = latencies(server, args.moves)
            finally:
                server.stop()
            ms = [s * 1000 for s in to_event]
            print(
                f"POST to the other player's event, {len(ms)} moves ({games} games, 2 workers):"
                f" p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms,"
                f" max {max(ms):.1f} ms (goal p99 <= 250 ms:"
                f" {'met' if percentile(ms, 0.99) <= 250 else 'NOT met'})"
            )
            trips = [s * 1000 for s in round_trip]
            print(
                f"  the POST's own round trip: p50 {statistics.median(trips):.1f} ms,"
                f" p99 {percentile(trips, 0.99):.1f} ms"
            )
            server = start_server(tmp / "b", database, workers=1, REDIS_URL=REDIS_URL)
            try:
                held = run_async(idle_streams(server, args.streams))
            finally:
                server.stop()
            grown = held["after"] - held["before"]
            print(
                f"{args.streams} idle event streams on one worker process (opened in"
                f" {held['opened_in']:.1f} s): RSS {held['before'] / 1024:.1f} MiB before,"
                f" {held['after'] / 1024:.1f} MiB after, {grown / args.streams:.1f} KiB"
                " per connection"
            )
            print(
                f"  while holding them: a page in {held['page'] * 1000:.0f} ms; one move"
                f" reached the first stream in {held['first'] * 1000:.0f} ms and all"
                f" {args.streams} in {held['fan_out'] * 1000:.0f} ms"
            )
        finally:
            if args.database == "postgresql":
                drop_postgres_database(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
