"""Friend games with ``REDIS_URL`` set: a move reaches the other player's stream through
Redis pub/sub; with that Redis unreachable every answer is the outage's 503, at once (no
stream left hanging), and nothing is stored."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
import redis
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, Client, override_settings

from duels.models import Duel
from friends import events
from loadtest.server import free_port
from tests.web.friends_helpers import HX, players, started
from tests.web.test_outages import assert_unavailable, in_another_process, redis_away

REDIS_URL = "redis://127.0.0.1:6379/9"


@pytest.fixture
def through_redis(settings):
    settings.FRIEND_KEEPALIVE_SECONDS = 30  # no keep-alive comment among the events read
    settings.FRIEND_EVENTS_REDIS_URL = REDIS_URL


def reader(client: Client) -> AsyncClient:
    reading = AsyncClient(raise_request_exception=False)
    reading.cookies = client.cookies
    return reading


def test_a_move_reaches_the_other_players_stream_through_redis(transactional_db, through_redis):
    host, friend = Client(), Client()
    game = started(host, friend)
    mover, waiter = players(game, host, friend)
    spy = redis.Redis.from_url(REDIS_URL).pubsub()
    spy.subscribe(events.CHANNEL.format(game.token))
    spy.get_message(timeout=1)  # the subscription's own message

    async def watch() -> tuple[str, str, dict[str, list[str]]]:
        response = await reader(waiter).get(f"/friend/{game.token}/events")
        stream = aiter(response.streaming_content)
        first = (await asyncio.wait_for(anext(stream), 5)).decode()
        local = {token: list(found) for token, found in events._listeners.items()}
        post = sync_to_async(mover.post)
        assert (await post(f"/friend/{game.token}/shots", {"cell": "C3", "move": 0})).status_code
        moved = (await asyncio.wait_for(anext(stream), 5)).decode()
        await stream.aclose()
        return first, moved, local

    first, moved, local = async_to_sync(watch)()
    assert game.token not in local  # the stream listened to Redis, not to this process
    assert "event: state\nid: 0\n" in first
    assert "event: state\nid: 1\n" in moved
    assert "They fired at C3" in moved
    said = []
    while (message := spy.get_message(timeout=0.5)) is not None:
        said.append(json.loads(message["data"]))
    assert {"move": 1} in said  # the move's nudge went through Redis
    spy.close()


def test_with_redis_away_the_friend_game_answers_503_at_once_and_stores_nothing(
    transactional_db, settings
):
    host, friend = Client(), Client()
    game = started(host, friend)
    mover, waiter = players(game, host, friend)
    away = f"redis://127.0.0.1:{free_port()}/0"
    with redis_away(), override_settings(FRIEND_EVENTS_REDIS_URL=away):
        mover, waiter = in_another_process(mover), in_another_process(waiter)
        began = time.monotonic()
        assert_unavailable(waiter.get(game.get_absolute_url()))
        assert_unavailable(waiter.get(f"/friend/{game.token}/events"))
        assert_unavailable(mover.post(f"/friend/{game.token}/shots", {"cell": "C3", "move": 0}))
        assert time.monotonic() - began < settings.REDIS_TIMEOUT + 3
    game.refresh_from_db()
    assert game.moves == 0
    # Back: the game goes on where it was.
    mover = in_another_process(mover)
    shot = {"cell": "C3", "move": 0}
    assert mover.post(f"/friend/{game.token}/shots", shot, headers=HX).status_code == 200
    assert Duel.objects.get(pk=game.pk).moves == 1


def test_with_only_the_events_redis_away_the_stream_is_a_503_not_a_hang(transactional_db, settings):
    host, friend = Client(), Client()
    game = started(host, friend)
    settings.FRIEND_EVENTS_REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"

    async def connect() -> tuple[int, str, float]:
        began = time.monotonic()
        response = await reader(host).get(f"/friend/{game.token}/events")
        return response.status_code, response.get("Retry-After", ""), time.monotonic() - began

    status, retry, took = async_to_sync(connect)()
    assert (status, retry) == (503, "5")
    assert took < settings.REDIS_TIMEOUT + 1
    # The page itself still works, without the line it cannot know.
    page = host.get(game.get_absolute_url())
    assert page.status_code == 200
    assert "is here" not in page.content.decode()
    assert "is away" not in page.content.decode()
