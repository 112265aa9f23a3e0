"""Time one fire request (the person's shot plus the computer's answer) in-process.

    python manage.py bench_fire [--level 5] [--moves 300] [--seed 1]

Runs against a throw-away SQLite file configured like production (WAL, IMMEDIATE), through
Django's test client, and prints p50/p99 time per fire and the SQL queries per fire.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, setup_test_environment

from battleship.classic.ai import LEVELS


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class Command(BaseCommand):
    help = "Time fire requests (shot plus computer answer) through Django, on a scratch SQLite."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--level", type=int, default=max(info.level for info in LEVELS))
        parser.add_argument("--moves", type=int, default=300)
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args: Any, level: int, moves: int, seed: int, **options: Any) -> None:
        if connection.vendor != "sqlite":
            self.stderr.write("bench_fire measures the SQLite set-up; unset DATABASE_URL.")
        with tempfile.TemporaryDirectory() as scratch:
            connection.settings_dict["TEST"]["NAME"] = str(Path(scratch) / "bench.sqlite3")
            setup_test_environment()
            old_name = connection.creation.create_test_db(verbosity=0, serialize=False)
            settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
            # Measuring the move, not the rate limits (one client fires far faster than a person).
            settings.FIRE_RATE = settings.ADDRESS_RATE = settings.SETUP_RATE = "100000/s"
            try:
                times, queries, games = self._run(level, moves, seed)
            finally:
                connection.creation.destroy_test_db(old_name, verbosity=0)
        ms = [t * 1000 for t in times]
        self.stdout.write(
            f"level {level}, {len(ms)} fire requests over {games} games (SQLite, in-process)\n"
            f"time per fire: p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
            f"mean {statistics.fmean(ms):.1f} ms, max {max(ms):.1f} ms\n"
            f"SQL queries per fire: min {min(queries)}, max {max(queries)}"
        )

    def _run(self, level: int, moves: int, seed: int) -> tuple[list[float], list[int], int]:
        rng = random.Random(seed)
        client = Client()
        times: list[float] = []
        queries: list[int] = []
        games = 0
        while len(times) < moves:
            games += 1
            url = client.post("/games/", {"level": level})["Location"]
            client.post(url + "shuffle")
            client.post(url + "start")
            cells = [f"{row}{col}" for row in "ABCDEFGHIJ" for col in range(1, 11)]
            rng.shuffle(cells)
            for move, cell in enumerate(cells):
                with CaptureQueriesContext(connection) as captured:
                    started = time.perf_counter()
                    response = client.post(
                        url + "shots", {"cell": cell, "move": 2 * move}, HTTP_HX_REQUEST="true"
                    )
                    times.append(time.perf_counter() - started)
                queries.append(len(captured))
                if response.status_code != 200:
                    raise CommandError(
                        f"fire got {response.status_code}: {response.content[:300]!r}"
                    )
                if b"outcome-heading" in response.content or len(times) >= moves:
                    break
        return times, queries, games
