"""Two app servers (two gunicorn processes with uvicorn workers, on two loopback ports) sharing
PostgreSQL and Redis, the host on one and the friend on the other: each sees the other's
moves live, and a move made while one side's server restarts arrives on reconnect."""

from __future__ import annotations

import os

import pytest
import redis

from loadtest.friend_streams import Player, Stream, started_game
from loadtest.run import redis_reachable
from loadtest.server import (
    drop_postgres_database,
    fresh_postgres_database,
    postgres_reachable,
    start_server,
)

REDIS_URL = "redis://127.0.0.1:6379/7"  # a database of its own, emptied first
LIVE = 5  # seconds a move may take to reach the other server's player


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    if not postgres_reachable():
        pytest.skip("no PostgreSQL reachable")
    if not redis_reachable(REDIS_URL):
        pytest.skip("no Redis reachable")
    redis.Redis.from_url(REDIS_URL).flushdb()
    name = f"battleship_two_servers_{os.getpid()}"
    database = fresh_postgres_database(name)
    servers = []
    try:
        for side in ("a", "b"):
            tmp = tmp_path_factory.mktemp(side)
            servers.append((tmp, start_server(tmp, database, workers=2, REDIS_URL=REDIS_URL)))
        yield database, servers
    finally:
        for _, server in servers:
            server.stop()
        drop_postgres_database(name)


def test_each_sees_the_others_moves_live_and_a_restart_loses_none(two_servers):
    database, ((tmp_a, a), (tmp_b, b)) = two_servers
    assert a.url != b.url
    host, friend = Player(a.url), Player(b.url)
    url = started_game(host, friend)
    mover, waiter = (host, friend) if host.my_turn(url) else (friend, host)
    assert waiter.my_turn(url) is False  # the same game, read on the other server
    streams = {player: Stream(player, url) for player in (host, friend)}
    try:
        for stream in streams.values():
            first = stream.next(LIVE)
            assert (first.name, first.id) == ("state", 0)

        # A move POSTed on one server arrives as an event on the other.
        assert mover.post(url + "shots", {"cell": "E5", "move": 0}).status_code == 200
        moved = streams[waiter].until(1, LIVE)
        assert moved.id == 1
        assert "They fired at E5" in moved.data
        assert "Your turn." in moved.data or "wait for their move" in moved.data

        # The server of the player who will now receive a move stops; the move is made on
        # the other; on reconnect that player's first event is the whole state at move 2.
        mover, waiter = (host, friend) if host.my_turn(url) else (friend, host)
        restarted = b if waiter is friend else a
        tmp = tmp_b if restarted is b else tmp_a
        port = int(restarted.url.rsplit(":", 1)[1])
        restarted.stop()
        assert streams[waiter].ended.wait(LIVE)  # its stream went with its server
        streams[waiter].close()
        assert mover.post(url + "shots", {"cell": "F6", "move": 1}).status_code == 200
        assert streams[mover].until(2, LIVE).id == 2  # the running side heard its own move
        again = start_server(tmp, database, workers=2, port=port, REDIS_URL=REDIS_URL)
        try:
            assert again.url == restarted.url
            streams[waiter] = Stream(waiter, url)
            first = streams[waiter].next(LIVE)
            assert streams[waiter].status == 200
            assert (first.name, first.id) == ("state", 2)
            assert "They fired at F6" in first.data
            assert 'class="board own"' in first.data  # the whole state: both boards
            assert 'class="board enemy"' in first.data
            # And it is live again: the next move on the other server reaches it.
            mover, waiter = (host, friend) if host.my_turn(url) else (friend, host)
            assert mover.post(url + "shots", {"cell": "G7", "move": 2}).status_code == 200
            assert streams[waiter].until(3, LIVE).id == 3
            assert "Traceback" not in again.log_text()
        finally:
            again.stop()
        assert "Traceback" not in (a if restarted is b else b).log_text()
    finally:
        for stream in streams.values():
            stream.close()
        host.close()
        friend.close()
