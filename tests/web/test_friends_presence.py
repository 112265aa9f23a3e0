"""Each player of a friend game sees whether the other has the game open: "Bob is here"
while Bob's event stream is open, "Bob is away" once it closes or its entry expires, live
on the other's stream and on a plain page load. In this process's memory, and in Redis."""

from __future__ import annotations

import asyncio
import time

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, Client

from tests.web.friends_helpers import started

REDIS_URL = "redis://127.0.0.1:6379/9"


@pytest.fixture(params=["memory", "redis"])
def backend(request, settings):
    settings.FRIEND_KEEPALIVE_SECONDS = 30  # no keep-alive comment among the events read
    if request.param == "redis":
        settings.FRIEND_EVENTS_REDIS_URL = REDIS_URL
    return request.param


def status_line(client: Client, game) -> str:
    page = client.get(game.get_absolute_url()).content.decode()
    start = page.index('id="friend-status"')
    return page[start : page.index("</p>", start)]


def open_stream(client: Client, game):
    """The player's stream open, its first event (the whole state) read."""
    response = client.get(f"/friend/{game.token}/events")
    assert response.status_code == 200
    first = next(iter(response.streaming_content)).decode()
    assert "event: state" in first
    return response


def test_a_player_is_here_while_their_stream_is_open_and_away_once_it_closes(
    transactional_db, backend
):
    host, friend = Client(), Client()
    game = started(host, friend)
    assert "Bob is away." in status_line(host, game)
    assert "Ann is away." in status_line(friend, game)

    stream = open_stream(friend, game)
    assert "Bob is here." in status_line(host, game)
    assert "is here" not in status_line(friend, game)  # Ann has no stream open
    assert "Ann is away." in status_line(friend, game)

    stream.close()  # the tab closed
    assert "Bob is away." in status_line(host, game)


def test_the_other_page_is_told_live_when_a_player_comes_and_goes(transactional_db, backend):
    host, friend = Client(), Client()
    game = started(host, friend)

    async def watch() -> list[str]:
        reading = AsyncClient()
        reading.cookies = host.cookies
        response = await reading.get(f"/friend/{game.token}/events")
        stream = aiter(response.streaming_content)

        async def next_event() -> str:
            return (await asyncio.wait_for(anext(stream), 5)).decode()

        said = [await next_event()]
        theirs = await sync_to_async(open_stream)(friend, game)
        said.append(await next_event())
        await sync_to_async(theirs.close)()
        said.append(await next_event())
        await stream.aclose()
        return said

    first, came, went = async_to_sync(watch)()
    assert "event: state" in first
    assert "Bob is away." in first
    assert came.startswith("event: presence\n")
    assert "Bob is here." in came
    assert 'class="board' not in came  # only the line, not the boards again
    assert went.startswith("event: presence\n")
    assert "Bob is away." in went


def test_a_stream_that_dies_unheard_expires_and_keep_alives_keep_it(
    transactional_db, backend, settings
):
    settings.FRIEND_KEEPALIVE_SECONDS = 0.1
    settings.FRIEND_PRESENCE_SECONDS = 0.5
    host, friend = Client(), Client()
    game = started(host, friend)
    alive = open_stream(friend, game)
    chunks = iter(alive.streaming_content)
    ends = time.monotonic() + 1.2  # longer than an entry lives without a keep-alive
    while time.monotonic() < ends:
        next(chunks)  # keep-alives, each renewing the entry
    assert "Bob is here." in status_line(host, game)

    # Its process killed: nothing more read, nothing said; the entry runs out.
    time.sleep(0.6)
    assert "Bob is away." in status_line(host, game)
    alive.close()


def test_the_line_is_gone_once_the_game_is_over(transactional_db, backend):
    host, friend = Client(), Client()
    game = started(host, friend)
    stream = open_stream(friend, game)
    assert host.post(f"/friend/{game.token}/resign").status_code in (200, 302)
    line = status_line(host, game)
    assert "is here" not in line
    assert "is away" not in line
    stream.close()
