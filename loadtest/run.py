"""The load test (``make loadtest``): simulated players against the Admiral, over HTTP.

For each database (a fresh SQLite file, a fresh PostgreSQL database when one is reachable)
it starts gunicorn as ``make serve`` does (production settings, two workers per core plus
one, an access log), then, with the same number of concurrent players:

1. the trivial page: ``GET /healthz`` (one query) as fast as the players can;
2. the moves: each player plays whole games against level 5, a random open cell per shot.

Each phase is bounded in time and in requests. It prints requests, throughput and latency
(p50/p95/p99, measured by the client, so queueing included), errors, the ratio of moves per
second to the trivial page's requests per second, and whether the goals are met: the ratio
at least 0.5, p99 of a move under 250 ms, no errors.

    python -m loadtest.run [--players 16] [--duration 30] [--json] [--url http://127.0.0.1:8000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from loadtest.players import Budget, Player, Stats, Tally
from loadtest.server import (
    drop_postgres_database,
    fresh_postgres_database,
    interrupt_on_signals,
    reachable_databases,
    require_loopback,
    run_async,
    start_server,
)

GOAL_RATIO = 0.5
GOAL_P99_MS = 250.0
ACCESS_FORMAT = "%(U)s %(s)s %(D)s"  # path, status, microseconds in the worker


def redis_reachable(url: str) -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except Exception:
        return False


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time of these processes so far (those still alive)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


async def trivial_page(player: Player, budget: Budget) -> None:
    while budget.take():
        await player.request("page", "GET", "/healthz")


def row(database: str, phase: str, tally: Tally, **more: Any) -> dict[str, Any]:
    count, seconds = len(tally.latencies), more["seconds"]
    return {
        "database": database,
        "phase": phase,
        "requests": count,
        "per_second": count / seconds if seconds else 0.0,
        "p50_ms": tally.percentile(50),
        "p95_ms": tally.percentile(95),
        "p99_ms": tally.percentile(99),
        "errors": tally.errors,
        "statuses": tally.statuses,
        **more,
    }


def server_times(log: Path | None, start: int, end: int, marker: str) -> dict[str, float]:
    """p50/p99 of the worker's own time (from the access log) for paths containing ``marker``."""
    if log is None:
        return {}
    with log.open("rb") as f:
        f.seek(start)
        lines = f.read(end - start).decode(errors="replace").splitlines()
    times = sorted(
        int(parts[2]) / 1000
        for parts in (line.split() for line in lines)
        if len(parts) == 3 and marker in parts[0]
    )
    if not times:
        return {}
    return {
        "server_p50_ms": times[len(times) // 2],
        "server_p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))],
    }


async def measure(
    database: str, url: str, args: argparse.Namespace, log: Path | None, workers: list[int]
) -> list[dict[str, Any]]:
    rng = random.Random(args.seed)
    stats = Stats()
    players = [
        Player(url, args.level, stats, random.Random(rng.getrandbits(64)))
        for _ in range(args.players)
    ]
    try:
        # Warm-up, not measured: every player gets its game, every worker its first requests.
        await asyncio.gather(*(p.new_game() for p in players))
        await asyncio.gather(*(trivial_page(p, Budget(1, 5)) for p in players))
        rows = []
        for phase, kinds in (("trivial page", ("page",)), ("moves", ("fire", "setup"))):
            stats.kinds.clear()
            budget = Budget(args.duration, args.max_requests)
            log_start = log.stat().st_size if log else 0
            server_cpu, client_cpu = cpu_seconds(workers), time.process_time()
            began = time.perf_counter()
            if phase == "moves":
                await asyncio.gather(*(p.play(budget, args.think) for p in players))
            else:
                await asyncio.gather(*(trivial_page(p, budget) for p in players))
            seconds = time.perf_counter() - began
            client_cpu = time.process_time() - client_cpu
            server_cpu = cpu_seconds(workers) - server_cpu
            time.sleep(0.2)  # let the last access-log lines reach the file
            log_end = log.stat().st_size if log else 0
            for kind in kinds:
                tally = stats.tally(kind)
                name = {"page": phase, "fire": "moves", "setup": "  game setup"}[kind]
                extra: dict[str, Any] = {"seconds": seconds}
                if kind != "setup":
                    marker = "/healthz" if kind == "page" else "/shots"
                    extra |= server_times(log, log_start, log_end, marker)
                    requests = sum(len(stats.tally(k).latencies) for k in kinds)
                    extra["client_cpu_pct"] = 100 * client_cpu / seconds
                    if workers:
                        extra["server_cpu_ms_per_request"] = 1000 * server_cpu / max(1, requests)
                if kind == "fire":
                    extra["games_finished"] = stats.games_finished
                rows.append(row(database, name, tally, **extra))
        return rows
    finally:
        await asyncio.gather(*(p.close() for p in players))


def run_database(name: str, args: argparse.Namespace, notes: list[str]) -> list[dict[str, Any]]:
    redis_url = args.redis if redis_reachable(args.redis) else ""
    env = {"FIRE_RATE": args.fire_rate, "REDIS_URL": redis_url}
    pg_name = f"battleship_load_{os.getpid()}"
    with tempfile.TemporaryDirectory(prefix="loadtest-") as tmp:
        try:
            if name == "sqlite":
                database = f"sqlite:///{Path(tmp) / 'db.sqlite3'}"
            else:
                database = fresh_postgres_database(pg_name)
            log = Path(tmp) / "access.log"
            server = start_server(
                Path(tmp),
                database,
                workers=args.workers,
                gunicorn_args=["--access-logfile", str(log), "--access-logformat", ACCESS_FORMAT],
                **env,
            )
            try:
                return run_async(measure(name, server.url, args, log, server.worker_pids()))
            finally:
                server.stop()
                if "Traceback" in server.log_text():
                    text = server.log_text()[-2000:]
                    notes.append(f"{name}: the server logged a traceback:\n{text}")
        finally:
            if name == "postgresql":
                drop_postgres_database(pg_name)


def verdict(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per database: the ratio and the goals, met or not."""
    out = []
    for database in dict.fromkeys(r["database"] for r in rows):
        mine = {r["phase"]: r for r in rows if r["database"] == database}
        page, moves = mine["trivial page"], mine["moves"]
        ratio = moves["per_second"] / page["per_second"] if page["per_second"] else 0.0
        errors = sum(r["errors"] for r in mine.values())
        out.append(
            {
                "database": database,
                "ratio": ratio,
                "ratio_met": ratio >= GOAL_RATIO,
                "p99_ms": moves["p99_ms"],
                "p99_met": moves["p99_ms"] < GOAL_P99_MS,
                "errors": errors,
                "errors_met": errors == 0,
            }
        )
    return out


def print_table(rows: list[dict[str, Any]], goals: list[dict[str, Any]]) -> None:
    head = (
        f"{'database':<11}{'phase':<15}{'requests':>9}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}"
        f"{'p99 ms':>9}{'errors':>7}  {'worker p50/p99 ms':>17}{'srv CPU ms/req':>15}"
        f"{'client CPU':>11}"
    )
    print(head)
    print("-" * len(head))
    for r in rows:
        worker = (
            f"{r['server_p50_ms']:.1f}/{r['server_p99_ms']:.1f}" if "server_p50_ms" in r else ""
        )
        cpu = f"{r['server_cpu_ms_per_request']:.1f}" if "server_cpu_ms_per_request" in r else ""
        client = f"{r['client_cpu_pct']:.0f}%" if "client_cpu_pct" in r else ""
        print(
            f"{r['database']:<11}{r['phase']:<15}{r['requests']:>9}{r['per_second']:>9.1f}"
            f"{r['p50_ms']:>9.1f}{r['p95_ms']:>9.1f}{r['p99_ms']:>9.1f}{r['errors']:>7}  "
            f"{worker:>17}{cpu:>15}{client:>11}"
        )
    print()
    for g in goals:

        def mark(ok: bool) -> str:
            return "met" if ok else "NOT MET"

        print(
            f"{g['database']}: moves/s ÷ trivial req/s = {g['ratio']:.3f} (goal ≥ {GOAL_RATIO}: "
            f"{mark(g['ratio_met'])}); move p99 {g['p99_ms']:.0f} ms (goal < {GOAL_P99_MS:.0f}: "
            f"{mark(g['p99_met'])}); errors {g['errors']} (goal 0: {mark(g['errors_met'])})"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=16, help="concurrent players (16)")
    parser.add_argument("--duration", type=float, default=30, help="seconds per phase (30)")
    parser.add_argument("--max-requests", type=int, default=50_000, help="cap per phase")
    parser.add_argument("--level", type=int, default=5, help="computer level (5, the Admiral)")
    parser.add_argument(
        "--workers",
        type=int,
        default=int(os.environ.get("WEB_CONCURRENCY", 2 * (os.cpu_count() or 1) + 1)),
        help="gunicorn workers (WEB_CONCURRENCY, else two per core plus one, as make serve)",
    )
    parser.add_argument("--databases", default="sqlite,postgresql")
    parser.add_argument("--fire-rate", default="20/s", help="FIRE_RATE (the production 20/s)")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7", help="REDIS_URL")
    parser.add_argument("--think", type=float, default=0.0, help="seconds between shots (0)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="measure a server already running (loopback only)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    args = parser.parse_args(argv)
    interrupt_on_signals()
    notes: list[str] = []
    if args.url:
        require_loopback(args.url)
        rows = run_async(measure("external", args.url.rstrip("/"), args, None, []))
        setting = f"the server at {args.url}"
    else:
        rows = []
        for name in reachable_databases(args.databases, notes):
            rows += run_database(name, args, notes)
        shared = "shared in Redis" if redis_reachable(args.redis) else "per worker, no Redis"
        setting = (
            f"gunicorn, production settings, {args.workers} workers, access log; "
            f"FIRE_RATE {args.fire_rate} per player ({shared}); "
            "new games and the per-address ceiling not limited (every player shares one address)"
        )
    goals = verdict(rows)
    if args.json:
        print(json.dumps({"rows": rows, "goals": goals, "notes": notes}, indent=2))
    else:
        print(
            f"load test: {args.players} players, level {args.level}, {args.duration:g} s and at "
            f"most {args.max_requests} requests per phase, think {args.think:g} s; {setting}"
        )
        print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end")
        print()
        print_table(rows, goals)
        for note in notes:
            print(note)
    met = all(g["ratio_met"] and g["p99_met"] and g["errors_met"] for g in goals)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
