"""Open event streams on one real worker process (gunicorn with a uvicorn worker, as `make
serve`, on PostgreSQL and Redis) cost it neither a thread nor a database connection each,
and listen through one Redis connection: a move still reaches its player while they are
held, and the streams' channels are unsubscribed once they close."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import redis

from friends.events import CHANNEL
from loadtest.friend_latency import database_connections, status
from loadtest.friend_streams import Player, Stream, started_game
from loadtest.run import redis_reachable
from loadtest.server import (
    drop_postgres_database,
    fresh_postgres_database,
    postgres_reachable,
    start_server,
)

REDIS_URL = "redis://127.0.0.1:6379/6"  # a database of its own
STREAMS = 40  # per game: 80 streams, twice PostgreSQL's connections left for one worker
LIVE = 10  # seconds an event may take on a busy machine
POOL = 4  # the worker's database connections at most: a twentieth of the streams


def eventually(read, wanted, seconds: float = LIVE):
    ends = time.monotonic() + seconds
    while (value := read()) != wanted and time.monotonic() < ends:
        time.sleep(0.1)
    return value


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory):
    if not postgres_reachable():
        pytest.skip("no PostgreSQL reachable")
    if not redis_reachable(REDIS_URL):
        pytest.skip("no Redis reachable")
    name = f"battleship_idle_streams_{os.getpid()}"
    database = fresh_postgres_database(name)
    tmp: Path = tmp_path_factory.mktemp("idle")
    server = start_server(
        tmp, database, workers=1, REDIS_URL=REDIS_URL, DATABASE_POOL_SIZE=str(POOL)
    )
    try:
        yield server, database
    finally:
        server.stop()
        drop_postgres_database(name)


def test_idle_streams_hold_no_thread_or_database_connection_and_share_one_subscription(
    one_worker,
):
    server, database = one_worker
    (pid,) = server.worker_pids()
    spy = redis.Redis.from_url(REDIS_URL, decode_responses=True)
    games = [(Player(server.url), Player(server.url)) for _ in range(2)]
    urls = [started_game(host, friend) for host, friend in games]
    threads_before = status(pid, "Threads")
    held: list[tuple[Player, Stream]] = []
    streams: list[Stream] = []
    try:
        for (host, friend), url in zip(games, urls, strict=True):
            for index in range(STREAMS):
                player = host if index % 2 else friend
                held.append((player, Stream(player, url)))
        streams = [stream for _, stream in held]
        for stream in streams:
            first = stream.next(LIVE)
            assert (first.name, first.id) == ("state", 0)
        assert stream.status == 200

        # Eighty streams open: a thread each (reading them here) but not in the server.
        assert status(pid, "Threads") < threads_before + 10
        # Nor a connection each: the worker's pool (its reads of the games' state came from
        # it and went back) is all it has.
        assert database_connections(database) <= POOL
        channels = [CHANNEL.format(url.strip("/").rsplit("/", 1)[-1]) for url in urls]
        assert [count for _, count in spy.pubsub_numsub(*channels)] == [1, 1]
        named = [c for c in spy.client_list() if c["name"] == f"battleship-friend-events-{pid}"]
        assert len(named) == 1

        # A move still reaches the other player, through that one subscription.
        (host, friend), url = games[0], urls[0]
        mover, waiter = (host, friend) if host.my_turn(url) else (friend, host)
        assert mover.post(url + "shots", {"cell": "B2", "move": 0}).status_code == 200
        waiting = [stream for player, stream in held if player is waiter]
        assert len(waiting) == STREAMS // 2
        for stream in waiting:
            assert "They fired at B2" in stream.until(1, LIVE).data
        assert database_connections(database) <= POOL
    finally:
        for stream in streams:
            stream.close()
        for host, friend in games:
            host.close()
            friend.close()

    # Closed: the channels unsubscribed, the connection gone.
    assert [eventually(lambda c=c: spy.pubsub_numsub(c)[0][1], 0) for c in channels] == [0, 0]
    assert "Traceback" not in server.log_text()
    spy.close()
