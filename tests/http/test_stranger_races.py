"""A rated game between strangers ends once and is rated once over real HTTP (gunicorn, both
databases): a resignation racing the last shot, and a time-out racing a move (a clock of
four seconds a move here), each leave one ending, two rating changes and two records."""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from loadtest.server import fresh_postgres_database, postgres_reachable, start_server
from loadtest.strangers import Seeker, sessions_for

CLOCK = 4  # seconds a move


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(request.param)
    if request.param == "sqlite":
        database = f"sqlite:///{tmp / 'db.sqlite3'}"
    elif postgres_reachable():
        database = fresh_postgres_database(f"battleship_stranger_races_{os.getpid()}")
    else:
        pytest.skip("no PostgreSQL reachable")
    srv = start_server(tmp, database, workers=2, STRANGER_CLOCK_SECONDS=str(CLOCK))
    yield srv
    srv.stop()


class Browser(Seeker):
    def post(self, path: str, data: dict[str, object] | None = None):
        return self.client.post(
            path, data=data or {}, headers={"X-CSRFToken": self.csrf, "HX-Request": "true"}
        )

    def tab(self) -> Browser:
        other = Browser(str(self.client.base_url), self.client.cookies["sessionid"])
        return other


def rated_game(server, prefix: str) -> tuple[str, dict[int, Browser]]:
    """Two new accounts paired, fleets placed and ready: the game's address and each seat's
    browser."""
    sessions = sessions_for(server, 2, prefix)
    browsers = [Browser(server.url, session) for session in sessions]
    for browser in browsers:
        browser.seek("standard")
    url = browsers[0].wait(5)
    assert url
    assert browsers[1].wait(5) == url
    for browser in browsers:
        assert browser.post(url + "shuffle").status_code == 200
        assert browser.post(url + "ready").status_code == 200
    seats = state(server, url)["seats"]
    by_seat = {seats[prefix + str(n)]: browsers[n] for n in range(2)}
    return url, by_seat


def state(server, url: str) -> dict:
    token = url.strip("/").split("/")[-1]
    return server.query(
        "import json; from duels.models import Duel, RatingChange, PlayerRating\n"
        f"g = Duel.objects.get(token='{token}')\n"
        "print(json.dumps(dict(status=g.status, ending=g.ending, winner=g.winner, moves=g.moves,"
        " log=len(g.log), seats={s.owner.username: s.number for s in g.seats.all()},"
        " turn=(g.engine().current_player if g.status == 'playing' else None),"
        " cells=[[str(c) for ship in g.board_of(s).ships for c in ship.cells] for s in (0, 1)],"
        " changes=sorted((c.seat, round(c.after - c.before)) for c in g.rating_changes.all()),"
        " records=g.records.count(),"
        " games=sorted(PlayerRating.objects.filter(owner__seats__duel=g)"
        ".values_list('games', flat=True)))))"
    )


def test_a_resignation_racing_the_last_shot_ends_and_rates_the_game_once(server):
    url, seats = rated_game(server, "last")
    first = state(server, url)
    mover = first["turn"]
    targets = list(first["cells"][1 - mover])
    misses = [f"{row}{col}" for row in "ABCDEFGHIJ" for col in range(1, 11)]
    misses = [cell for cell in misses if cell not in first["cells"][mover]]
    move = 0
    # The mover hits every ship but the last cell; the other misses each turn.
    for cell in targets[:-1]:
        assert seats[mover].post(url + "shots", {"cell": cell, "move": move}).status_code == 200
        move += 1
        miss = misses.pop()
        assert seats[1 - mover].post(url + "shots", {"cell": miss, "move": move}).status_code == 200
        move += 1
    # The mover's last shot in one tab, a resignation in another, at once.
    tabs = [seats[mover], seats[mover].tab()]
    start = threading.Barrier(2)

    def act(n: int):
        start.wait()
        if n == 0:
            return tabs[0].post(url + "shots", {"cell": targets[-1], "move": move})
        return tabs[1].post(url + "resign")

    with ThreadPoolExecutor(2) as pool:
        shot, resigned = pool.map(act, range(2))
    end = state(server, url)
    assert end["status"] == "over"
    assert end["ending"] in ("sunk", "resigned")
    assert sorted([shot.status_code, resigned.status_code]) == [200, 409]
    winner = mover if end["ending"] == "sunk" else 1 - mover
    assert end["winner"] == winner
    # Rated once: a change a seat, the winner's up and the loser's down; a record a seat.
    assert [seat for seat, _ in end["changes"]] == [0, 1]
    assert dict(end["changes"])[winner] > 0 > dict(end["changes"])[1 - winner]
    assert end["records"] == 2
    assert end["games"] == [1, 1]
    assert "Traceback" not in server.log_text()


def test_a_time_out_racing_a_move_ends_the_game_once_or_not_at_all(server):
    url, seats = rated_game(server, "clock")
    first = state(server, url)
    mover = first["turn"]
    assert seats[mover].post(url + "shots", {"cell": "A1", "move": 0}).status_code == 200
    # The other player's clock runs; their move comes just as it runs out, while the mover's
    # page asks again and again (each asking ends the game if the time is up).
    late = seats[1 - mover]
    watchers = [seats[mover].tab() for _ in range(4)]
    time.sleep(CLOCK - 0.15)
    stop = time.monotonic() + 0.6
    start = threading.Barrier(1 + len(watchers))

    def watch(browser: Browser) -> list[int]:
        start.wait()
        codes = []
        while time.monotonic() < stop:
            codes.append(browser.client.get(url).status_code)
        return codes

    def move() -> int:
        start.wait()
        time.sleep(0.1)
        return late.post(url + "shots", {"cell": "A1", "move": 1}).status_code

    with ThreadPoolExecutor(1 + len(watchers)) as pool:
        moved = pool.submit(move)
        pages = [pool.submit(watch, w) for w in watchers]
        answer = moved.result()
        assert all(code == 200 for page in pages for code in page.result())
    end = state(server, url)
    if answer == 200:  # the move came in time: the game goes on (until it times out again)
        assert end["moves"] == end["log"] == 2
        assert end["status"] in ("playing", "over")
    else:  # the time ran out first: lost on time, the late move never stored
        assert answer == 409
        assert (end["status"], end["ending"], end["winner"]) == ("over", "time", mover)
        assert end["moves"] == end["log"] == 1
    # However it went, it ends (on time, soon) once, rated once.
    time.sleep(CLOCK + 0.5)
    seats[mover].client.get(url)
    end = state(server, url)
    assert (end["status"], end["ending"]) == ("over", "time")
    assert [seat for seat, _ in end["changes"]] == [0, 1]
    assert end["records"] == 2
    assert end["games"] == [1, 1]
    assert "Traceback" not in server.log_text()
