"""Friend games' live events at scale, over real HTTP on loopback (gunicorn with uvicorn
workers and Redis, as `make serve`): prints the figures.

1. Latency: over ``--moves`` moves (200; as many games as that takes), the time from one
   player's POST of a shot to the other player's event carrying it: p50, p99, max.
2. Idle streams: ``--streams`` (1,000) open event streams (of ``--idle-games`` games nobody
   moves in) held by ONE worker process, and that process's memory (VmRSS in
   /proc/<pid>/status) before and after: per connection; its threads, its database
   connections (PostgreSQL's pg_stat_activity) and its Redis pub/sub connections while
   they are held. Then, while they are held, ``--probe`` moves
   of another game: does each still reach the other player, and how fast.

    python -m loadtest.friend_latency            (or: make friendbench)
    python -m loadtest.friend_latency --moves 0  (the idle streams only; --streams 0: latency)
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

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


def status(pid: int, field: str) -> int:
    """A number from /proc/<pid>/status: ``VmRSS`` (KiB), ``Threads``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"no {field} for process {pid}")


def rss_kib(pid: int) -> int:
    return status(pid, "VmRSS")


def database_connections(database: str) -> int | None:
    """How many connections PostgreSQL has open to ``database`` (this one not counted);
    None for SQLite."""
    if not database.startswith("postgres"):
        return None
    import psycopg

    with psycopg.connect(database) as connection:
        row = connection.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
    return int(row[0]) if row else 0


def pubsub_connections(pid: int) -> int:
    """The worker's Redis pub/sub connections (named for its process by the site)."""
    name = f"battleship-friend-events-{pid}"
    clients = redis.Redis.from_url(REDIS_URL).client_list()
    return sum(1 for client in clients if client["name"] == name)


def more_open_files(wanted: int) -> int:
    """This process's (and so the servers' it starts) limit of open files, raised to
    ``wanted`` where the hard limit allows: each held stream is a socket on both sides."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


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


async def idle_streams(
    server: Server, count: int, database: str, games: int, probe_moves: int
) -> dict[str, Any]:
    """Hold ``count`` streams of ``games`` games nobody moves in on the server's one worker:
    its RSS per stream, threads, database and Redis connections; then, while they are held,
    ``probe_moves`` moves of another game, each timed from its POST to the other player's
    event."""
    (pid,) = server.worker_pids()
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=0)
    timeout = httpx.Timeout(60, read=None)
    held: list[tuple[httpx.AsyncClient, str]] = []
    players: list[Player] = []
    for _ in range(games):
        host, friend = Player(server.url), Player(server.url)
        players += [host, friend]
        url = started_game(host, friend)
        for player in (host, friend):
            client = httpx.AsyncClient(
                base_url=server.url, cookies=player.client.cookies, limits=limits, timeout=timeout
            )
            held.append((client, url + "events"))
    opened = 0
    refused: Counter[str] = Counter()
    all_open = asyncio.Event()

    def counted() -> None:
        if opened + sum(refused.values()) == count:
            all_open.set()

    async def hold(client: httpx.AsyncClient, path: str) -> None:
        nonlocal opened
        try:
            async with client.stream("GET", path) as response:
                if response.status_code != 200:
                    refused[f"HTTP {response.status_code}"] += 1
                    counted()
                    return
                first = True
                async for line in response.aiter_lines():  # until cancelled
                    if first and line.startswith("data:"):  # the whole state, sent first
                        first = False
                        opened += 1
                        counted()
        except (httpx.HTTPError, OSError) as error:
            refused[type(error).__name__] += 1
            counted()

    # Warm the worker first (templates, the database and Redis connections), so the
    # "before" is a worker that has served streams, not a cold one.
    client, path = held[0]
    for _ in range(3):
        async with client.stream("GET", path) as response:
            async for line in response.aiter_lines():
                if line.startswith("data:"):
                    break
    await asyncio.sleep(1)
    before = rss_kib(pid)
    threads_before = status(pid, "Threads")
    connections_before = await asyncio.to_thread(database_connections, database)
    tasks = []
    opening = time.perf_counter()
    for index in range(count):
        tasks.append(asyncio.create_task(hold(*held[index % len(held)])))
        if index % 50 == 49:  # a few at a time, as players arrive: not one burst
            await asyncio.sleep(0.05)
    try:
        await asyncio.wait_for(all_open.wait(), 300)
        if not opened:
            raise RuntimeError(f"no stream opened: {dict(refused)}")
        opened_in = time.perf_counter() - opening
        await asyncio.sleep(2)
        after = rss_kib(pid)
        # The streams open as the memory is read: those refused or cut off hold none.
        open_at_rss = sum(1 for task in tasks if not task.done())
        threads = status(pid, "Threads")
        connections = await asyncio.to_thread(database_connections, database)
        pubsub = await asyncio.to_thread(pubsub_connections, pid)
        started = time.perf_counter()
        page = await held[0][0].get("/")
        page_seconds = time.perf_counter() - started
        if page.status_code != 200:
            raise RuntimeError(f"the site stopped answering: {page.status_code}")
        open_then = sum(1 for task in tasks if not task.done())
        probe, _, _ = await asyncio.to_thread(latencies, server, probe_moves)
        still_open = sum(1 for task in tasks if not task.done())
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for client, _ in held:
            await client.aclose()
        for player in players:
            player.close()
    ms = [seconds * 1000 for seconds in probe]
    return {
        "before": before,
        "after": after,
        "open_at_rss": open_at_rss,
        "opened_in": opened_in,
        "threads_before": threads_before,
        "threads": threads,
        "connections_before": -1 if connections_before is None else connections_before,
        "connections": -1 if connections is None else connections,
        "pubsub": pubsub,
        "page": page_seconds,
        "probe_moves": len(ms),
        "probe_p50": percentile(ms, 0.5),
        "probe_max": max(ms),
        "open_then": open_then,
        "still_open": still_open,
        "opened": opened,
        "refused": refused,
    }


def print_latencies(tmp: Path, database: str, moves: int) -> None:
    server = start_server(tmp, database, workers=2, REDIS_URL=REDIS_URL)
    try:
        to_event, round_trip, games = latencies(server, moves)
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


def per_connection_kib(held: dict[str, Any]) -> float:
    """The worker's growth in RSS over the streams open when it was read, not over the
    number asked for (some may have been refused)."""
    return float(held["after"] - held["before"]) / max(1, held["open_at_rss"])


def idle_streams_line(held: dict[str, Any], streams: int, idle_games: int) -> str:
    asked = "" if held["open_at_rss"] == streams else f" ({streams} asked for)"
    return (
        f"{held['open_at_rss']} idle event streams{asked} ({idle_games} games) on one worker"
        f" process (opened in {held['opened_in']:.1f} s): RSS"
        f" {held['before'] / 1024:.1f} MiB before, {held['after'] / 1024:.1f} MiB after,"
        f" {per_connection_kib(held):.1f} KiB per connection"
    )


def print_idle_streams(tmp: Path, database: str, args: argparse.Namespace) -> None:
    server = start_server(tmp, database, workers=1, REDIS_URL=REDIS_URL)
    try:
        held = run_async(idle_streams(server, args.streams, database, args.idle_games, args.probe))
    finally:
        server.stop()
    if held["refused"]:  # on a machine short of everything: say how many, and why
        lines = server.log_text().splitlines()
        errors = Counter(
            line for line in lines if line and not line[0].isspace() and "Error" in line
        )
        print(f"{held['opened']} streams opened, refused: {dict(held['refused'])}")
        print("  the server's errors:", *errors.most_common(3) or ["(none)"], sep="\n    ")
    print(idle_streams_line(held, args.streams, args.idle_games))
    line = f"  threads {held['threads_before']:.0f} before, {held['threads']:.0f} after"
    if held["connections"] >= 0:
        line += (
            f"; PostgreSQL connections {held['connections_before']:.0f} before,"
            f" {held['connections']:.0f} while held"
        )
    print(line + f"; Redis pub/sub connections {held['pubsub']:.0f}")
    print(
        f"  while holding them ({held['open_then']:.0f} open, {held['still_open']:.0f} after"
        " the moves): a page in"
        f" {held['page'] * 1000:.0f} ms; {held['probe_moves']:.0f} moves of another"
        f" game reached its other player in p50 {held['probe_p50']:.0f} ms,"
        f" max {held['probe_max']:.0f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--idle-games", type=int, default=10, help="games the idle streams watch")
    parser.add_argument("--probe", type=int, default=20, help="moves timed while they are held")
    parser.add_argument("--database", choices=["postgresql", "sqlite"], default="postgresql")
    args = parser.parse_args(argv)
    interrupt_on_signals()
    more_open_files(4 * args.streams + 1024)
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
            if args.moves:
                print_latencies(tmp / "a", database, args.moves)
            if args.streams:
                print_idle_streams(tmp / "b", database, args)
        finally:
            if args.database == "postgresql":
                drop_postgres_database(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
