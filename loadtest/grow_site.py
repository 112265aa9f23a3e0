"""Grow a ``make_games`` SQLite database to the size of a site by copying its finished game
rows: the statistics' benchmark site when there is no hour to play 100,000 games.

    python -m loadtest.grow_site db.sqlite3 --user bench --games 10000 --site 100000 \\
        [--battles 2000 --site-battles 5000]

The user's finished games (classic and sector) are copied among the user's own until they
number ``--games`` / ``--battles``; everyone else's among the other players (``player0001``
...) until the site holds ``--site`` / ``--site-battles``. A copy is a whole row (fleets, move
log, rules, figures) with a new id, a random other player as owner (for the others' games),
and its times moved back by up to a year. Shot rows are not copied: no page reads them.
"""

from __future__ import annotations

import argparse
import sqlite3

FINISHED = "('won', 'lost', 'resigned', 'draw')"
TIMES = ("created_at", "started_at", "last_move_at", "finished_at")


def grow(path: str, user: str, targets: dict[str, tuple[int, int]]) -> None:
    db = sqlite3.connect(path, timeout=60)
    (me,) = db.execute("SELECT id FROM auth_user WHERE username = ?", (user,)).fetchone()
    low, high, players = db.execute(
        "SELECT min(id), max(id), count(*) FROM auth_user WHERE username LIKE 'player%'"
    ).fetchone()
    if players != high - low + 1:
        raise SystemExit("the other players' ids are not one run: make them with make_games")
    for table, (mine, site) in targets.items():
        columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
        for own, goal in ((True, mine), (False, site - mine)):
            where = f"status IN {FINISHED} AND owner_id {'=' if own else '!='} {me}"
            while True:
                (have,) = db.execute(f"SELECT count(*) FROM {table} WHERE {where}").fetchone()  # noqa: S608
                if have >= goal or not have:
                    break
                picked = []
                for column in columns:
                    if column == "id":
                        picked.append("lower(hex(randomblob(16)))")
                    elif column == "next_game_id":
                        picked.append("NULL")
                    elif column == "owner_id" and not own:
                        picked.append(f"{low} + abs(random()) % {players}")
                    elif column in TIMES:
                        picked.append(
                            f"strftime('%Y-%m-%d %H:%M:%f', {column}, '-' || shift || ' seconds')"
                        )
                    else:
                        picked.append(column)
                names = ", ".join(columns)
                db.execute(
                    f"INSERT INTO {table} ({names}) SELECT {', '.join(picked)} FROM"  # noqa: S608
                    f" (SELECT *, abs(random()) % 31536000 AS shift FROM {table}"
                    f" WHERE {where} LIMIT {min(have, goal - have)})"
                )
                db.commit()
                print(f"{table}: {'the user' if own else 'the others'} {have} -> goal {goal}")
    db.execute("ANALYZE")
    db.commit()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    parser.add_argument("--user", required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--site", type=int, required=True)
    parser.add_argument("--battles", type=int, default=0)
    parser.add_argument("--site-battles", type=int, default=0)
    args = parser.parse_args()
    grow(
        args.path,
        args.user,
        {
            "games_game": (args.games, args.site),
            "sectors_sectorbattle": (args.battles, args.site_battles),
        },
    )
