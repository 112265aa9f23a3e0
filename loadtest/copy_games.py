"""Copy the players, games, ships, shots and sector battles of a SQLite database into a
PostgreSQL one.

    python -m loadtest.copy_games db.sqlite3 postgres://postgres@127.0.0.1:5432/bench_stats

For measuring the pages on the same data on both databases (``bench_pages``) without
playing 100,000 games twice. The PostgreSQL database must be migrated to the same
migration and hold no games; the rows go in with COPY, then ``VACUUM ANALYZE`` (so that the
statistics' counts are index-only scans, as on a database that has been running a while).
"""

from __future__ import annotations

import sqlite3
import sys
import time

import psycopg

# Parents before children.
TABLES = ["auth_user", "games_game", "games_ship", "games_shot", "sectors_sectorbattle"]
UUID_KEYS = {"games_game", "sectors_sectorbattle"}


def copy(sqlite_path: str, postgres_url: str) -> None:
    source = sqlite3.connect(sqlite_path)
    with psycopg.connect(postgres_url) as target:
        target.execute("SET TIME ZONE 'UTC'")  # SQLite holds UTC times without a zone
        if target.execute("SELECT count(*) FROM games_game").fetchone() != (0,):
            raise SystemExit("the PostgreSQL database already holds games")
        target.execute("DELETE FROM auth_user")
        for table in TABLES:
            started = time.perf_counter()
            columns = [row[1] for row in source.execute(f"PRAGMA table_info({table})")]
            names = ", ".join(f'"{c}"' for c in columns)
            rows = source.execute(f"SELECT {names} FROM {table}")  # noqa: S608
            n = 0
            with target.cursor().copy(f"COPY {table} ({names}) FROM STDIN") as sink:
                for row in rows:
                    sink.write_row(row)
                    n += 1
            if "id" in columns and table not in UUID_KEYS:  # integer keys: the next one
                target.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "  # noqa: S608
                    f"(SELECT coalesce(max(id), 1) FROM {table}))"
                )
            print(f"{table}: {n} rows in {time.perf_counter() - started:.0f} s", flush=True)
    with psycopg.connect(postgres_url, autocommit=True) as target:
        target.execute("VACUUM ANALYZE")


if __name__ == "__main__":
    copy(*sys.argv[1:3])
