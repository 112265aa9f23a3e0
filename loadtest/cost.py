"""What one request costs a worker on its own: the load test's two kinds, one at a time.

``make loadtest`` measures a saturated machine, where the load client, the workers, Redis
and the database share the cores, so its figures mix the cost of a request with the cost
of sharing. This measures the cost underneath: one gunicorn worker (production settings,
Redis when reachable, as in the load test), one player, one request after another, and the
worker's own CPU time (user and system) for each: the trivial page (``GET /healthz``) and
a move against the Admiral; on PostgreSQL also the CPU of the server process that answers
the worker's queries (it runs on the same machine). With every core busy, throughput is at
best the inverse of the CPU a request needs, so the ratio of these costs bounds the load
test's ratio.

    python -m loadtest.cost [--requests 500] [--databases sqlite,postgresql]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from loadtest.players import Player, Stats
from loadtest.run import cpu_seconds, redis_reachable
from loadtest.server import (
    PG_ADMIN_URL,
    drop_postgres_database,
    fresh_postgres_database,
    interrupt_on_signals,
    postgres_reachable,
    run_async,
    start_server,
)

REDIS_URL = "redis://127.0.0.1:6379/7"


def database_backends(name: str) -> list[int]:
    """The PostgreSQL server processes serving connections to database ``name``."""
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        rows = admin.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", [name])
        return [int(pid) for (pid,) in rows]


async def measure(
    url: str, worker: list[int], requests: int, seed: int, pg_name: str = ""
) -> dict[str, float]:
    """Per kind: the worker's CPU ms per request, and the client's mean wall ms.

    CPU is the worker's total over the whole run of a kind divided by its requests (the
    kernel counts CPU time in ticks, too coarse for one request); the moves' share carries
    the setting up of the games they belong to, as moves per second in the load test do.
    """
    player = Player(url, 5, Stats(), random.Random(seed))
    try:
        await player.new_game()  # the worker connects to the database: its backend is known
        backends = database_backends(pg_name) if pg_name else []
        figures: dict[str, float] = {}
        for kind in ("page", "move"):
            wall: list[float] = []
            cpu, db_cpu = cpu_seconds(worker), cpu_seconds(backends)
            while len(wall) < requests:
                if kind == "move" and (player.over or not player.open_cells):
                    await player.new_game()
                    continue
                began = time.perf_counter()
                if kind == "page":
                    response = await player.request("page", "GET", "/healthz")
                else:
                    response = await player.fire()
                wall.append(time.perf_counter() - began)
                if response.status_code != 200:
                    raise RuntimeError(f"{kind}: {response.status_code} {response.text[:200]}")
            figures[f"{kind}_cpu_ms"] = 1000 * (cpu_seconds(worker) - cpu) / requests
            figures[f"{kind}_db_cpu_ms"] = 1000 * (cpu_seconds(backends) - db_cpu) / requests
            figures[f"{kind}_wall_ms"] = 1000 * statistics.fmean(wall)
        return figures
    finally:
        await player.close()


def run_database(name: str, requests: int, seed: int) -> dict[str, float]:
    # One player fires far faster than a person: the per-player limit would refuse most
    # shots, and a refusal costs less than a move.
    env = {"FIRE_RATE": "100000/s", "REDIS_URL": REDIS_URL if redis_reachable(REDIS_URL) else ""}
    pg_name = "battleship_cost"
    with tempfile.TemporaryDirectory(prefix="loadcost-") as tmp:
        try:
            if name == "sqlite":
                database = f"sqlite:///{Path(tmp) / 'db.sqlite3'}"
            else:
                database = fresh_postgres_database(pg_name)
            server = start_server(Path(tmp), database, workers=1, **env)
            try:
                workers = server.worker_pids()
                pg = pg_name if name == "postgresql" else ""
                return run_async(measure(server.url, workers, requests, seed, pg))
            finally:
                server.stop()
        finally:
            if name == "postgresql":
                drop_postgres_database(pg_name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=500, help="of each kind (500)")
    parser.add_argument("--databases", default="sqlite,postgresql")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    interrupt_on_signals()
    print(
        f"one gunicorn worker, one player, {args.requests} requests of each kind one after "
        f"another; Redis {'on' if redis_reachable(REDIS_URL) else 'not reachable'}"
    )
    print(
        f"{'database':<11}{'request':<14}{'worker CPU ms':>14}{'database CPU ms':>16}{'wall ms':>9}"
    )
    for name in args.databases.split(","):
        if name == "postgresql" and not postgres_reachable():
            print("postgresql: not reachable, skipped")
            continue
        cost = run_database(name, args.requests, args.seed)
        for kind, label in (("page", "trivial page"), ("move", "move")):
            db = f"{cost[f'{kind}_db_cpu_ms']:.2f}" if name == "postgresql" else "(in worker)"
            print(
                f"{name:<11}{label:<14}{cost[f'{kind}_cpu_ms']:>14.2f}{db:>16}"
                f"{cost[f'{kind}_wall_ms']:>9.2f}"
            )
        total = {k: cost[f"{k}_cpu_ms"] + cost[f"{k}_db_cpu_ms"] for k in ("page", "move")}
        print(f"{name}: a move costs {total['move'] / total['page']:.1f} trivial pages of CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
