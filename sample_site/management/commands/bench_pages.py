"""Time the statistics and history pages for one user, and count their SQL queries.

    python manage.py bench_pages --user bench [--runs 15]

Each page is requested ``--runs`` times in this process through Django's test client (the
whole stack: middleware, views, queries, templates; no network); prints the median (p50)
and the slowest time, the queries per request, and how many finished games the user (and
the whole site) has. The pages: the statistics, whole and filtered by level and rule set,
the first and the last page of the history (whole and of the Salvo games), and the
leaderboard; then the same with the mode filter on the sector battles (``?mode=sector``).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.views import HISTORY_PAGE_SIZE
from games.models import Game
from sector.models import SectorBattle

STATISTICS = ["/stats", "/stats?level=2", "/stats?rules=salvo", "/stats?level=2&rules=salvo"]


class Command(BaseCommand):
    help = "Print p50 render time and SQL query count of the statistics and history pages."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--user", required=True)
        parser.add_argument("--runs", type=int, default=15)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            user = get_user_model().objects.get(username=options["user"])
        except get_user_model().DoesNotExist as missing:
            raise CommandError(f"no user {options['user']!r}: run make_games first") from missing
        client = Client(HTTP_HOST="localhost")
        client.force_login(user)
        finished = Game.objects.filter(owner=user).finished().count()
        site = Game.objects.finished().count()
        players = Game.objects.finished().values("owner").distinct().count()
        salvo = Game.objects.filter(owner=user, rules_name="salvo").finished().count()
        battles = SectorBattle.objects.filter(owner=user).finished().count()
        site_battles = SectorBattle.objects.finished().count()
        last, salvo_last, sector_last = (
            max(1, -(-n // HISTORY_PAGE_SIZE)) for n in (finished, salvo, battles)
        )
        pages = [
            *STATISTICS,
            "/history",
            f"/history?page={last}",
            "/history?rules=salvo",
            f"/history?rules=salvo&page={salvo_last}",
            "/leaderboard",
            "/leaderboard?rules=salvo",
            "/stats?mode=sector",
            "/stats?mode=sector&level=3",
            "/history?mode=sector",
            f"/history?mode=sector&page={sector_last}",
            "/leaderboard?mode=sector",
        ]
        self.stdout.write(
            f"{connection.vendor}: {user.username} has {finished} finished games;"
            f" the site {site} among {players} players; {options['runs']} runs"
        )
        self.stdout.write(
            f"{connection.vendor}: {user.username} has {battles} finished sector battles;"
            f" the site {site_battles}"
        )
        # CPU ms: this process's own CPU time per request (on SQLite, every query's too), a
        # figure a busy shared machine disturbs far less than the time on the clock.
        self.stdout.write(
            f"{'page':<32} {'p50 ms':>8} {'max ms':>8} {'queries':>8} {'p50 CPU ms':>11}"
        )
        for page in pages:
            times, cpu, queries = [], [], set()
            for _ in range(options["runs"]):
                with CaptureQueriesContext(connection) as captured:
                    started, started_cpu = time.perf_counter(), time.process_time()
                    response = client.get(page)
                    times.append(1000 * (time.perf_counter() - started))
                    cpu.append(1000 * (time.process_time() - started_cpu))
                if response.status_code != 200:
                    raise CommandError(f"{page} answered {response.status_code}")
                queries.add(len(captured))
            counts = "/".join(str(n) for n in sorted(queries))
            self.stdout.write(
                f"{page:<32} {statistics.median(times):>8.1f} {max(times):>8.1f} {counts:>8}"
                f" {statistics.median(cpu):>11.1f}"
            )
