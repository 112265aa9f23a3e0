"""Watching games between people (issue 43, parts 1 and 2): the list of live games, a
game's watching page and its stream, from the spectator's view alone: two games that differ
only where an unhit ship lies look the same to someone watching, pages and events."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, Client

from duels.models import Duel
from tests.web.friends_helpers import started
from tests.web.test_friends_hidden import Turns, same, twins


def test_the_live_list_shows_strangers_games_and_friends_games_their_host_opened(db):
    private = started(Client(), Client())
    public = started(Client(), Client())
    Duel.objects.filter(pk=public.pk).update(watchable=True)
    page = Client().get("/live").content.decode()
    assert f"/watch/{public.token}" in page
    assert f"/watch/{private.token}" not in page
    assert Client().get(f"/watch/{private.token}").status_code == 404


def test_a_friends_invite_may_let_others_watch(db):
    host = Client()
    answer = host.post("/friend/invites", {"rules": "standard", "name": "Ann", "watchable": "on"})
    game = Duel.objects.get(token=answer.url.strip("/").split("/")[-1])
    assert game.watchable
    # Not before it begins: an invite's address is no way in.
    assert Client().get(f"/watch/{game.token}").status_code == 404


def test_the_watching_page_shows_both_players_shots_and_fires_nothing(db):
    game = started(Client(), Client())
    Duel.objects.filter(pk=game.pk).update(watchable=True)
    page = Client().get(f"/watch/{game.token}").content.decode()
    assert "Ann against Bob" in page
    assert "Ann's shots at Bob" in page
    assert "Bob's shots at Ann" in page
    assert "<button" not in page.split('id="watched"')[1].split("</table>")[0]
    assert Client().post(f"/watch/{game.token}").status_code == 405
    assert Client().post(f"/watch/{game.token}/events").status_code == 405


async def next_event(stream) -> str:
    chunk = await asyncio.wait_for(anext(stream), 10)
    return chunk.decode() if isinstance(chunk, bytes) else chunk


@pytest.mark.parametrize("rules", ["standard", "salvo", "fog_of_war"])
def test_someone_watching_cannot_tell_where_an_unhit_ship_lies(transactional_db, settings, rules):
    settings.FRIEND_KEEPALIVE_SECONDS = 30  # no keep-alive comment among the events read
    hosts, friends, games, hidden = twins(rules, "stranger")
    for game in games:
        Duel.objects.filter(pk=game.pk).update(watchable=True)
    turns = Turns(hosts, friends, games, hidden)

    async def watch() -> list[list[str]]:
        streams = []
        for game in games:
            response = await AsyncClient().get(f"/watch/{game.token}/events")
            assert response.status_code == 200
            streams.append(aiter(response.streaming_content))
        said = [[await next_event(stream)] for stream in streams]
        for _turn in range(6):
            if not await sync_to_async(turns.play_one)():
                break
            for events, stream in zip(said, streams, strict=True):
                events.append(await next_event(stream))
        for stream in streams:
            await stream.aclose()
        return said

    said = async_to_sync(watch)()
    assert len(said[0]) >= 5, "fewer turns played than the test means to compare"
    assert all(event.startswith("event: state\nid: ") for event in said[0][1:])
    for events in zip(said[0], said[1], strict=True):
        one, other = same(*events, games)
        assert one == other
    pages = [Client().get(f"/watch/{game.token}").content.decode() for game in games]
    one, other = same(*pages, games)
    assert one == other
    assert 'class="cell miss' in one  # the shots were drawn


def test_the_stream_ends_when_the_game_does_and_shows_both_fleets(transactional_db, settings):
    settings.FRIEND_KEEPALIVE_SECONDS = 30
    host, friend = Client(), Client()
    game = started(host, friend)
    Duel.objects.filter(pk=game.pk).update(watchable=True)

    async def watch() -> list[str]:
        response = await AsyncClient().get(f"/watch/{game.token}/events")
        stream = aiter(response.streaming_content)
        said = [await next_event(stream)]
        await sync_to_async(host.post)(f"/friend/{game.token}/resign")
        said.append(await next_event(stream))
        with pytest.raises(StopAsyncIteration):
            await next_event(stream)
        return said

    _first, over = async_to_sync(watch)()
    assert "The game is over: Bob won." in over
    assert "on-ship" in over  # both fleets, now that it is over


def test_the_list_and_the_players_see_how_many_watch(transactional_db, settings):
    settings.FRIEND_KEEPALIVE_SECONDS = 30
    # A watcher's mark lasts a second here: a stream cut off without a word (a closed tab)
    # is counted out when its mark runs out.
    settings.FRIEND_PRESENCE_SECONDS = 1
    host, friend = Client(), Client()
    game = started(host, friend)
    Duel.objects.filter(pk=game.pk).update(watchable=True)

    def counts() -> tuple[str, str]:
        listed = Client().get("/live").content.decode()
        row = listed[listed.index(f"/watch/{game.token}") - 400 :]
        return row, host.get(game.get_absolute_url()).content.decode()

    async def watch() -> list[tuple[str, str]]:
        seen = []
        streams = []
        for _ in range(2):
            response = await AsyncClient().get(f"/watch/{game.token}/events")
            stream = aiter(response.streaming_content)
            await next_event(stream)
            streams.append(stream)
        seen.append(await sync_to_async(counts)())
        for stream in streams:
            await stream.aclose()
        await asyncio.sleep(1.2)
        seen.append(await sync_to_async(counts)())
        return seen

    (row, page), (row_after, page_after) = async_to_sync(watch)()
    assert "<td>0</td><td>2</td>" in row  # no move yet, two watching
    assert "2 watching." in page
    assert "<td>0</td><td>0</td>" in row_after
    assert "watching." not in page_after
