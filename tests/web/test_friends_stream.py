"""The live stream of a friend game: on connect the player's whole state, then an event
with the new move number each time the other player moves; a third person gets none."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, Client

from tests.web.friends_helpers import invite, players, started


@pytest.fixture
def quiet(settings):
    settings.FRIEND_KEEPALIVE_SECONDS = 30  # no keep-alive comment among the events read


def reader(client: Client) -> AsyncClient:
    reading = AsyncClient()
    reading.cookies = client.cookies
    return reading


async def next_event(stream) -> str:
    chunk = await asyncio.wait_for(anext(stream), 5)
    return chunk.decode() if isinstance(chunk, bytes) else chunk


def test_it_sends_the_whole_state_first_then_each_move_of_the_other(transactional_db, quiet):
    host, friend = Client(), Client()
    game = started(host, friend)
    mover, waiter = players(game, host, friend)

    async def watch() -> list[str]:
        # (The page says which move it shows, and so that it takes a move's event.)
        response = await reader(waiter).get(f"/friend/{game.token}/events?move=0")
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        stream = aiter(response.streaming_content)
        said = [await next_event(stream)]
        post = sync_to_async(mover.post)
        assert (await post(f"/friend/{game.token}/shots", {"cell": "C3", "move": 0})).status_code
        said.append(await next_event(stream))
        await sync_to_async(waiter.post)(f"/friend/{game.token}/resign")
        said.append(await next_event(stream))
        with pytest.raises(StopAsyncIteration):  # the game is over: the stream ends
            await next_event(stream)
        return said

    first, moved, over = async_to_sync(watch)()
    assert "event: state\nid: 0\n" in first
    assert "wait for their move" in first  # the whole state: whose turn, both boards
    assert 'class="board own"' in first
    assert 'class="board enemy"' in first
    assert "event: move\nid: 1\n" in moved  # what the move changed, not the whole state
    assert len(moved) < 4096
    assert "Your turn." in moved
    assert "They fired at C3" in moved
    assert "The game is over" in over


def test_a_third_person_gets_no_stream(transactional_db):
    # (committed: the stream reads the game in a thread and connection of its own)
    host, friend = Client(), Client()
    game = started(host, friend)

    async def look() -> int:
        return (await AsyncClient().get(f"/friend/{game.token}/events")).status_code

    assert async_to_sync(look)() == 403


def test_the_hosts_waiting_page_turns_to_placing_with_the_friends_name_when_they_join(
    transactional_db, quiet
):
    host, friend = Client(), Client()
    game = invite(host, name="Ann")
    waiting = host.get(game.get_absolute_url()).content.decode()
    assert "<title>Waiting for your friend · Battleship</title>" in waiting
    assert '<h1 id="game-heading">Play a friend</h1>' in waiting

    async def watch() -> list[str]:
        response = await reader(host).get(f"/friend/{game.token}/events")
        stream = aiter(response.streaming_content)
        said = [await next_event(stream)]
        joining = sync_to_async(friend.post)
        assert (await joining(f"/friend/{game.token}/join", {"name": "Bob"})).status_code == 302
        said.append(await next_event(stream))
        await stream.aclose()
        return said

    first, joined = async_to_sync(watch)()
    assert "Waiting for your friend to open the link." in first
    assert joined.startswith("event: state\n")
    # The page's heading (outside the live part) is swapped in by the event, and its title
    # follows the live part's (static/js/friend.js).
    assert 'data-title="Place your fleet against Bob · Battleship"' in joined
    assert '<h1 id="game-heading" hx-swap-oob="true">Against Bob</h1>' in joined
    assert "Place your fleet" in joined
    assert "Send this link to your friend" not in joined
    # A reload shows the same.
    page = host.get(game.get_absolute_url()).content.decode()
    assert "<title>Place your fleet against Bob · Battleship</title>" in page
    assert '<h1 id="game-heading">Against Bob</h1>' in page


def test_a_message_reaches_the_other_player_live_and_a_mute_stops_it(transactional_db, quiet):
    host, friend = Client(), Client()
    game = started(host, friend)

    async def watch() -> list[str]:
        response = await reader(friend).get(f"/friend/{game.token}/events?move=0")
        stream = aiter(response.streaming_content)
        said = [await next_event(stream)]  # the state on connect
        post = sync_to_async(host.post)
        assert (await post(f"/friend/{game.token}/say", {"phrase": "good_luck"})).status_code == 302
        said.append(await next_event(stream))
        await sync_to_async(friend.post)(f"/friend/{game.token}/mute", {"muted": "yes"})
        await post(f"/friend/{game.token}/say", {"phrase": "thanks"})
        said.append(await next_event(stream))
        await stream.aclose()
        return said

    _state, message, muted = async_to_sync(watch)()
    assert message.startswith("event: talk\n")
    assert "Ann:</b> Good luck!" in message
    assert len(message) < 1024  # the lines alone, not the page
    assert muted.startswith("event: talk\n")
    assert "Thanks!" not in muted
    assert "No message yet." in muted
