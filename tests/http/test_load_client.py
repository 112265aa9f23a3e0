"""The load test's client against a real server for a moment: it counts what it sends."""

import asyncio
import random
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from loadtest import cost
from loadtest.players import Budget, Player, Stats
from loadtest.server import require_loopback, start_server


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("load")
    srv = start_server(tmp, f"sqlite:///{tmp / 'db.sqlite3'}", workers=2)
    yield srv
    srv.stop()


def test_players_play_legal_moves_and_count_every_request(sqlite_server):
    server = sqlite_server
    stats = Stats()

    async def play():
        players = [Player(server.url, 1, stats, random.Random(i)) for i in range(3)]
        # Bounded by the count of requests, not by time: a slow machine plays as many.
        budget = Budget(seconds=120, requests=90)
        await asyncio.gather(*(p.play(budget) for p in players))
        # A stale move, on purpose: counted, and as an error.
        stale = await players[0].post("fire", players[0].game + "shots", {"cell": "A1", "move": 1})
        await asyncio.gather(*(p.close() for p in players))
        return stale

    # A thread of its own: the browser tests may leave an event loop running in this one.
    with ThreadPoolExecutor(1) as thread:
        stale = thread.submit(asyncio.run, play()).result()
    fired = stats.tally("fire")
    assert stale.status_code in (400, 409)
    assert fired.errors == 1
    assert sum(fired.statuses.values()) == len(fired.latencies) > 20
    assert fired.statuses["200"] == len(fired.latencies) - 1
    stored = server.query(
        "import json; from games.models import Shot; print(json.dumps(Shot.objects.count()))"
    )
    assert stored >= 2 * (fired.statuses["200"] - stats.games_finished)


@pytest.mark.parametrize("url", ["http://192.0.2.1:8000", "http://10.0.0.1/"])
def test_it_refuses_a_target_off_this_machine(url):
    with pytest.raises(SystemExit, match="loopback addresses only"):
        require_loopback(url)


def test_it_accepts_loopback():
    require_loopback("http://127.0.0.1:8000")
    require_loopback("http://localhost:8000")


def test_the_cost_command_measures_both_kinds_of_request(capsys, monkeypatch):
    monkeypatch.setattr(cost, "interrupt_on_signals", lambda: None)  # pytest keeps Ctrl-C
    # A thread of its own, as above: the command runs its own event loop.
    with ThreadPoolExecutor(1) as thread:
        code = thread.submit(cost.main, ["--requests", "15", "--databases", "sqlite"]).result()
    assert code == 0
    out = capsys.readouterr().out
    page = re.search(r"sqlite\s+trivial page\s+(\d+\.\d\d)", out)
    move = re.search(r"sqlite\s+move\s+(\d+\.\d\d)", out)
    assert page
    assert move
    assert float(move[1]) > 0
    assert "sqlite: a move costs" in out
