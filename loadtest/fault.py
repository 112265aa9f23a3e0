"""The fault test (``make faulttest``): a crash never leaves half a move.

For each database (a fresh SQLite file, a fresh PostgreSQL database when one is reachable)
it starts gunicorn with the production settings and several workers, lets simulated
players play against the Admiral (its moves are the slowest, so a kill lands mid-move
often), and SIGKILLs a random worker every few seconds, preferring one that is running (in
the middle of a request); the master starts a new one. A player whose request dies reloads
its game and goes on. Then the load stops and every game in the database is checked:

- it replays from its stored fleets and shots (``Game.engine()``), each stored hit and
  sinking agreeing with the replay, and its status agreeing with the replay's end;
- the game row's own record (both fleets and every shot's cell, what a move reads) is the
  same as its ship and shot rows;
- ``moves`` equals the number of stored shots, numbered 0..n-1, alternating person and
  computer, in whole pairs (only a game the person won may end on the person's shot);
- a finished game's own figures on its row (the person's shots and hits, the computer's
  shots, the person's ships lost, the person's first ten cells; what the statistics add
  up) are what its shots say, and an unfinished game has none yet; its rule set's name
  column agrees with its rule set;
- each unfinished game accepts a next move over HTTP: its player fires once more.

Exits non-zero if any check fails.

    python -m loadtest.fault [--players 8] [--duration 20] [--kills 6] [--workers 4]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx

from loadtest.players import Budget, GameLost, Player, Stats
from loadtest.server import (
    STOPPED,
    Server,
    drop_postgres_database,
    fresh_postgres_database,
    interrupt_on_signals,
    reachable_databases,
    run_async,
    start_server,
)


def check_games() -> None:
    """Check every stored game (run inside Django: ``manage.py shell -c``); print JSON.

    The game row (its fleets and its log of moves) is the game; everything else is derived
    from it and checked against a replay of it: each shot row, the ship rows, the status.
    A move stored by halves (the person's shot without the computer's answer) shows as a
    game in progress whose turn is not the person's.
    """
    from battleship.classic import GamePhase
    from games.models import HUMAN, Game

    problems: list[str] = []
    counts = {"games": 0, "half_moves": 0, "shots": 0, "figures": 0}
    unfinished: list[str] = []
    for game in Game.objects.prefetch_related("shots", "ships"):
        counts["games"] += 1
        shots = sorted(game.shots.all(), key=lambda s: s.sequence)
        counts["shots"] += len(shots)
        where = f"game {game.pk} ({game.status}, {len(shots)} shots)"
        if [s.sequence for s in shots] != list(range(len(shots))):
            problems.append(f"{where}: sequences are not 0..n-1")
        if game.moves != len(game.log):
            problems.append(f"{where}: moves={game.moves} but the log holds {len(game.log)}")
        ships = sorted((s.player, s.name, s.row, s.col, s.orientation) for s in game.ships.all())
        on_row = sorted(
            (player, s["ship"], s["row"], s["col"], s["orientation"])
            for player, fleet in enumerate(game.fleets)
            for s in fleet
        )
        if game.status != Game.Status.SETUP and on_row != ships:
            problems.append(f"{where}: the row's fleets are not its stored ships")
        problems += [f"{where}: {problem}" for problem in figure_problems(game, shots)]
        counts["figures"] += game.is_over
        try:
            engine = game.engine()
        except ValueError as error:
            problems.append(f"{where}: does not replay: {error}")
            continue
        replayed = [
            (shot.player, shot.coord.row, shot.coord.col, shot.hit, shot.sunk or "")
            for shot in engine.shots
        ]
        stored = [(s.player, s.row, s.col, s.hit, s.sunk) for s in shots]
        if stored != replayed:
            problems.append(f"{where}: the shot rows are not the replay of the row's log")
        if game.status == Game.Status.PLAYING and engine.current_player != HUMAN:
            counts["half_moves"] += 1
            problems.append(f"{where}: half a move (the computer's answer is missing)")
        finished = engine.phase is GamePhase.FINISHED
        # The replay of a resigned game ends with the resignation: finished like the others.
        if finished != game.is_over:
            problems.append(f"{where}: status disagrees with the replay ({engine.phase})")
        if game.status == Game.Status.PLAYING:
            unfinished.append(str(game.pk))
    print(json.dumps({**counts, "problems": problems, "unfinished": unfinished}))


def figure_problems(game: Any, shots: list[Any]) -> list[str]:
    """How a game's stored figures differ from its shots (in order), counted here afresh."""
    mine = [shot for shot in shots if shot.player == 0]
    theirs = [shot for shot in shots if shot.player == 1]
    counted = {
        "shots_fired": len(mine),
        "shots_hit": sum(1 for shot in mine if shot.hit),
        "their_shots": len(theirs),
        "ships_lost": sum(1 for shot in theirs if shot.sunk),
        "opening_cells": " ".join(shot.cell for shot in mine[:10]),
    }
    if not game.is_over:  # the figures of a game are stored when it ends
        counted = dict.fromkeys(counted, None) | {"opening_cells": ""}
    problems = [
        f"stored {field} {getattr(game, field)!r}, its shots say {value!r}"
        for field, value in counted.items()
        if getattr(game, field) != value
    ]
    if game.rules_name != game.rules.get("name", "standard"):
        problems.append(f"rules_name {game.rules_name!r} is not its rule set's name")
    return problems


def running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "R"
    except OSError:
        return False


async def killer(server: Server, kills: int, every: float, rng: random.Random) -> dict[str, int]:
    """SIGKILL ``kills`` workers, one every ``every`` seconds; prefer one that is running."""
    done = {"kills": 0, "kills_while_running": 0}
    for _ in range(kills):
        await asyncio.sleep(every)
        if STOPPED.is_set():
            break
        # Poll briefly for a worker on the CPU: that one is in the middle of a request.
        for _ in range(50):
            busy = [pid for pid in server.worker_pids() if running(pid)]
            if busy:
                break
            await asyncio.sleep(0.01)
        victim = rng.choice(busy or server.worker_pids())
        try:
            os.kill(victim, signal.SIGKILL)
        except ProcessLookupError:
            continue
        done["kills"] += 1
        done["kills_while_running"] += bool(busy)
    return done


async def keep_playing(player: Player, budget: Budget, outcome: dict[str, int]) -> None:
    """Play on through crashes: a request that dies leaves the move applied whole or not at
    all, which the reloaded page tells."""
    while budget.take():
        try:
            if player.over or not player.open_cells:
                await player.new_game()
                continue
            before = player.move
            try:
                response = await player.fire()
            except httpx.TransportError:
                outcome["fire_connection_errors"] += 1
                await reload_until_served(player)
                step = player.move - before
                if step == 0:
                    outcome["dead_moves_not_applied"] += 1
                elif step == 2 or (step == 1 and player.over):
                    outcome["dead_moves_applied_whole"] += 1
                else:
                    outcome["dead_moves_half_seen"] += 1
                continue
            if response.status_code != 200:
                outcome["fire_refusals"] += 1
                await reload_until_served(player)
        except httpx.TransportError:
            outcome["setup_connection_errors"] += 1
            if player.game:
                await reload_until_served(player)
        except GameLost:
            outcome["games_lost"] += 1
            player.over = True


async def reload_until_served(player: Player) -> None:
    for _ in range(50):
        if STOPPED.is_set():
            raise GameLost("interrupted")
        try:
            await player.reload()
            return
        except httpx.TransportError:
            await asyncio.sleep(0.1)
    raise GameLost("the server did not answer for five seconds")


async def resume(player: Player) -> str:
    """After the load: the unfinished game takes one more move."""
    if not player.game:
        return "none"
    await reload_until_served(player)
    if player.over:
        return "finished"
    before = player.move
    response = await player.fire()
    ok = response.status_code == 200 and (player.move == before + 2 or player.over)
    return "resumed" if ok else f"refused {response.status_code}"


async def load_and_kill(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    stats = Stats()
    players = [
        Player(server.url, args.level, stats, random.Random(rng.getrandbits(64)))
        for _ in range(args.players)
    ]
    outcome = dict.fromkeys(
        [
            "fire_connection_errors",
            "setup_connection_errors",
            "dead_moves_not_applied",
            "dead_moves_applied_whole",
            "dead_moves_half_seen",
            "fire_refusals",
            "games_lost",
        ],
        0,
    )
    try:
        budget = Budget(args.duration, args.max_requests)
        every = args.duration / (args.kills + 1)
        kills, *_ = await asyncio.gather(
            killer(server, args.kills, every, rng),
            *(keep_playing(p, budget, outcome) for p in players),
        )
        await asyncio.sleep(2)  # the last replacement worker boots
        requests = sum(len(t.latencies) for t in stats.kinds.values())
        db = server.query("from loadtest.fault import check_games; check_games()")
        assert isinstance(db, dict)
        mine = {p.game.rstrip("/").rsplit("/", 1)[-1]: p for p in players if p.game}
        resumed = []
        for game_id in db["unfinished"]:
            player = mine.get(game_id)
            resumed.append(await resume(player) if player else "no player has it")
        five_hundreds = sum(
            n for t in stats.kinds.values() for s, n in t.statuses.items() if s.startswith("5")
        )
        return {
            "requests": requests,
            "moves_stored": stats.tally("fire").statuses.get("200", 0),
            **kills,
            **outcome,
            "server_errors_5xx": five_hundreds,
            "games_checked": db["games"],
            "shots_checked": db["shots"],
            "figures_checked": db["figures"],
            "half_moves": db["half_moves"],
            "problems": db["problems"],
            "unfinished_games": len(db["unfinished"]),
            "games_resumed": resumed.count("resumed"),
            "not_resumed": [r for r in resumed if r != "resumed"],
        }
    finally:
        await asyncio.gather(*(p.close() for p in players))


def run_database(name: str, args: argparse.Namespace) -> dict[str, Any]:
    pg_name = f"battleship_fault_{os.getpid()}"
    with tempfile.TemporaryDirectory(prefix="faulttest-") as tmp:
        try:
            if name == "sqlite":
                database = f"sqlite:///{Path(tmp) / 'db.sqlite3'}"
            else:
                database = fresh_postgres_database(pg_name)
            server = start_server(Path(tmp), database, workers=args.workers)
            try:
                result = run_async(load_and_kill(server, args))
            finally:
                server.stop()
        finally:
            if name == "postgresql":
                drop_postgres_database(pg_name)
        log = server.log_text()
        result["workers_lost_per_log"] = log.count("was sent SIGKILL")
        result["database_locked_in_log"] = log.count("database is locked")
        return {"database": name, **result}


def passed(result: dict[str, Any]) -> bool:
    return (
        not result["problems"]
        and result["half_moves"] == 0
        and result["dead_moves_half_seen"] == 0
        and result["server_errors_5xx"] == 0
        and result["games_resumed"] == result["unfinished_games"]
        and result["kills"] > 0
    )


FIGURES = [
    ("requests", "requests sent"),
    ("moves_stored", "moves answered (200)"),
    ("kills", "workers killed (SIGKILL)"),
    ("kills_while_running", "  of them while on the CPU (mid-request)"),
    ("fire_connection_errors", "fire requests cut off (expected)"),
    ("dead_moves_applied_whole", "  found applied whole after reload"),
    ("dead_moves_not_applied", "  found not applied after reload"),
    ("dead_moves_half_seen", "  found half applied (must be 0)"),
    ("setup_connection_errors", "other requests cut off (expected)"),
    ("fire_refusals", "fire refusals (4xx)"),
    ("server_errors_5xx", "server errors 5xx (must be 0)"),
    ("games_checked", "games checked"),
    ("shots_checked", "shots checked"),
    ("figures_checked", "finished games' figures checked"),
    ("half_moves", "half moves found (must be 0)"),
    ("unfinished_games", "unfinished games"),
    ("games_resumed", "games resumed over HTTP"),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--duration", type=float, default=20, help="seconds of load (20)")
    parser.add_argument("--max-requests", type=int, default=20_000)
    parser.add_argument("--kills", type=int, default=6, help="workers to kill (6)")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--level", type=int, default=5)
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
    else:
        print(
            f"fault test: {args.players} players against level {args.level}, {args.duration:g} s, "
            f"{args.workers} gunicorn workers, {args.kills} SIGKILLs"
        )
        print()
        print(f"{'':<42}" + "".join(f"{r['database']:>12}" for r in results))
        for key, label in FIGURES:
            print(f"{label:<42}" + "".join(f"{r[key]:>12}" for r in results))
        print(
            f"{'result':<42}" + "".join(f"{'PASS' if passed(r) else 'FAIL':>12}" for r in results)
        )
        for r in results:
            for problem in r["problems"][:20] + r["not_resumed"]:
                print(f"{r['database']}: {problem}")
        for note in notes:
            print(note)
    return 0 if results and all(passed(r) for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
