"""What an open event stream costs the server: every stream of a process listens through one
Redis connection, each game's channel subscribed once however many of its streams are open
and unsubscribed when its last one closes; and reading the state (on connect, on each move)
leaves no database connection open behind it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest
import redis
from asgiref.sync import async_to_sync, sync_to_async
from django.db import connection
from django.test import AsyncClient, Client

from friends import events, subscriptions
from tests.web.friends_helpers import players, started

REDIS_URL = "redis://127.0.0.1:6379/9"


@pytest.fixture
def spy(settings):
    client = redis.Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        client.ping()
    except redis.RedisError:
        pytest.skip("no Redis reachable")
    settings.FRIEND_KEEPALIVE_SECONDS = 30  # no keep-alive comment among the events read
    settings.FRIEND_EVENTS_REDIS_URL = REDIS_URL
    yield client
    client.close()


def subscribers(spy: redis.Redis, token: str) -> int:
    ((_, count),) = spy.pubsub_numsub(events.CHANNEL.format(token))
    return int(count)


def connections_of_this_process(spy: redis.Redis) -> int:
    return sum(1 for client in spy.client_list() if client["name"] == subscriptions.client_name())


def settled(read, expected: int) -> int:
    """``read()`` once it equals ``expected`` (Redis applies an UNSUBSCRIBE a moment after it
    is sent), or its last value after two seconds."""
    ends = time.monotonic() + 2
    while (value := read()) != expected and time.monotonic() < ends:
        time.sleep(0.02)
    return value


class Tab:
    """A player's open stream, read as a browser tab does; ``close()`` is the tab closed
    (the server cancels the task that sends the response)."""

    def __init__(self, stream: AsyncIterator[bytes]) -> None:
        self.stream = stream
        self.reading: asyncio.Task[bytes] | None = None

    @classmethod
    async def open(cls, client: Client, token: str) -> tuple[Tab, str]:
        reading = AsyncClient()
        reading.cookies = client.cookies
        response = await reading.get(f"/friend/{token}/events")
        assert response.status_code == 200
        tab = cls(aiter(response.streaming_content))
        return tab, await tab.next()

    async def next(self) -> str:
        if self.reading is None:
            self.reading = asyncio.ensure_future(anext(self.stream))
        try:
            chunk = await asyncio.wait_for(asyncio.shield(self.reading), 5)
        finally:
            if self.reading.done():
                self.reading = None
        return chunk.decode()

    async def next_state(self) -> str:
        """The next ``state`` event, past any ``presence`` event (the other player's tab
        opening or closing says so on its own schedule)."""
        while not (chunk := await self.next()).startswith("event: state"):
            assert chunk.startswith(("event: presence", ":")), chunk
        return chunk

    async def close(self) -> None:
        # What was sent is read first, then the tab closes while its stream waits for more.
        while True:
            if self.reading is None:
                self.reading = asyncio.ensure_future(anext(self.stream))
            await asyncio.sleep(0.05)
            if not self.reading.done():
                break
            self.reading = None
        self.reading.cancel()
        await asyncio.gather(self.reading, return_exceptions=True)


def test_many_streams_share_one_redis_connection_and_one_subscription_per_game(
    transactional_db, spy
):
    host, friend = Client(), Client()
    game = started(host, friend)
    mover, _ = players(game, host, friend)

    async def play() -> None:
        tabs = []
        for client in [host, friend] * 4:
            tab, first = await Tab.open(client, game.token)
            assert "event: state\nid: 0\n" in first
            tabs.append(tab)
        assert subscribers(spy, game.token) == 1  # eight streams, one subscription
        assert connections_of_this_process(spy) == 1
        assert [hub.listeners() for hub in subscriptions.hubs()] == [8]

        post = sync_to_async(mover.post)
        assert (await post(f"/friend/{game.token}/shots", {"cell": "C3", "move": 0})).status_code
        for tab in tabs:
            assert "event: state\nid: 1\n" in await tab.next_state()  # each stream has the move

        for tab in tabs[:-1]:
            await tab.close()
        assert subscribers(spy, game.token) == 1  # one stream left: still subscribed
        await tabs[-1].close()
        assert await sync_to_async(settled)(lambda: subscribers(spy, game.token), 0) == 0
        assert subscriptions.hubs() == []

    async_to_sync(play)()


def test_a_games_last_closed_stream_unsubscribes_its_channel_and_no_other(transactional_db, spy):
    first_host, first_friend = Client(), Client()
    first = started(first_host, first_friend)
    second_host, second_friend = Client(), Client()
    second = started(second_host, second_friend)
    mover, _ = players(second, second_host, second_friend)

    async def play() -> None:
        one, _ = await Tab.open(first_host, first.token)
        two, _ = await Tab.open(second_friend, second.token)
        three, _ = await Tab.open(second_host, second.token)
        assert (subscribers(spy, first.token), subscribers(spy, second.token)) == (1, 1)
        assert connections_of_this_process(spy) == 1  # two games, one connection

        await one.close()
        assert await sync_to_async(settled)(lambda: subscribers(spy, first.token), 0) == 0
        assert subscribers(spy, second.token) == 1
        post = sync_to_async(mover.post)
        assert (await post(f"/friend/{second.token}/shots", {"cell": "D4", "move": 0})).status_code
        assert "They fired at D4" in await (two if mover is second_host else three).next_state()
        await two.close()
        await three.close()
        assert await sync_to_async(settled)(lambda: subscribers(spy, second.token), 0) == 0
        assert await sync_to_async(settled)(lambda: connections_of_this_process(spy), 0) == 0

    async_to_sync(play)()


def test_reading_the_state_leaves_no_database_connection_open(transactional_db, spy):
    if connection.vendor != "postgresql":
        pytest.skip("counts PostgreSQL's connections (pg_stat_activity)")
    host, friend = Client(), Client()
    game = started(host, friend)
    mover, _ = players(game, host, friend)

    def connected() -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            )
            (count,) = cursor.fetchone()
        return int(count)

    async def play() -> tuple[int, int, int]:
        count = sync_to_async(connected)
        before = await count()
        tabs = [(await Tab.open(client, game.token))[0] for client in [host, friend] * 5]
        opened = await count()
        post = sync_to_async(mover.post)
        assert (await post(f"/friend/{game.token}/shots", {"cell": "C3", "move": 0})).status_code
        for tab in tabs:
            assert "event: state\nid: 1\n" in await tab.next_state()
        moved = await count()
        for tab in tabs:
            await tab.close()
        return before, opened, moved

    before, opened, moved = async_to_sync(play)()
    # Ten open streams, each having read the state twice: not one connection more.
    assert (opened, moved) == (before, before)
