"""A move's event carries what the move changed, not the whole live part: at most 4 KB for
a single shot under every rule set offered; a page that shows the game as it is gets
nothing again on connect, and one that missed a move gets it, or the whole state."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, Client

from battleship.classic import Coordinate
from core.rule_sets import OFFERED
from duels.models import Duel
from tests.web.friends_helpers import HX, fleet_of, started

RETRY = "retry: 1000\n"
HOST_FLEET = [
    ("Carrier", "A1", "H"),
    ("Battleship", "C1", "H"),
    ("Cruiser", "E1", "H"),
    ("Submarine", "G1", "H"),
    ("Destroyer", "I1", "H"),
]


@pytest.fixture(autouse=True)
def quiet(settings):
    settings.FRIEND_KEEPALIVE_SECONDS = 30  # no keep-alive comment among the events read


def first_event(client: Client, game: Duel, move: str = "", last_event_id: str = "") -> str:
    """The first event of ``client``'s stream, the page saying it shows ``move`` (its first
    connect's ``?move=``) or ``last_event_id`` (a reconnect's)."""

    async def read() -> str:
        reading = AsyncClient()
        reading.cookies = client.cookies
        query = f"?move={move or 0}" if move or last_event_id else ""
        headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
        response = await reading.get(f"/friend/{game.token}/events{query}", headers=headers)
        assert response.status_code == 200
        stream = aiter(response.streaming_content)
        chunk = await asyncio.wait_for(anext(stream), 10)
        await stream.aclose()
        return chunk.decode()

    said: str = async_to_sync(read)()
    assert said.startswith(RETRY)
    return said.removeprefix(RETRY)


def one_shot(clients: tuple[Client, Client], game: Duel, cell: str) -> Client:
    """A single shot by whoever's turn it is (a whole round where the rules fire rounds
    whole, along ``cell``'s row): the client who fired."""
    seat = game.engine().current_player
    view = game.view(seat)
    cells = [cell]
    if view.rules.group_reports:
        rows = "ABCDEFGHIJ"[("ABCDEFGHIJ".index(cell[0])) :] + "ABCDEFGHIJ"
        cells = [f"{row}{column}" for row in rows for column in range(1, 11)]
        cells = [one for one in cells if Coordinate.parse(one) not in view.targeted]
        cells = cells[: view.shots_left_in_turn]
    posted = {"cell": " ".join(cells), "move": game.moves}
    mover = clients[seat]
    answer = mover.post(f"/friend/{game.token}/shots", posted, headers=HX)
    assert answer.status_code == 200, answer.content.decode()[:300]
    game.refresh_from_db()
    return mover


@pytest.mark.parametrize("rules", [rule_set.name for rule_set in OFFERED])
def test_a_single_shots_event_is_at_most_4_kb_for_either_player(transactional_db, rules):
    host, friend = Client(), Client()
    game = started(host, friend, rules)
    one_shot((host, friend), game, "A1")
    mover = one_shot((host, friend), game, "B2")  # the marks of the last shot change too
    waiter = friend if mover is host else host
    whole = first_event(waiter, game)
    moved = first_event(waiter, game, move=str(game.moves - 1))
    own = first_event(mover, game, move=str(game.moves - 1))
    shots = len(game.view(0).moves[-1].cells)
    print(
        f"{rules}: whole state {len(whole.encode())} B; move event ({shots} shots)"
        f" {len(moved.encode())} B to the other player, {len(own.encode())} B to the mover"
    )
    assert whole.startswith(f"event: state\nid: {game.moves}\n")
    assert moved.startswith(f"event: move\nid: {game.moves}\n")
    assert own.startswith(f"event: move\nid: {game.moves}\n")
    # A shot at most 4 KB to either player; a turn fired whole (the five-shot games: 5 cells,
    # or one per ship cell afloat, 17 at first), each of its cells a few hundred bytes more.
    budget = 4096 + 500 * (shots - 1)
    assert len(moved.encode()) <= budget
    assert len(own.encode()) <= budget
    assert "Your turn." in moved or "wait for their move" in moved


def test_a_page_that_shows_the_game_as_it_is_gets_only_the_presence_on_connect(transactional_db):
    host, friend = Client(), Client()
    game = started(host, friend)
    mover = one_shot((host, friend), game, "E5")
    waiter = friend if mover is host else host
    said = first_event(waiter, game, move=str(game.moves))
    assert said.startswith(f"event: presence\nid: {game.moves}\n")
    assert "board" not in said
    # The same when the page says so by its last event's id (a reconnect).
    said = first_event(waiter, game, last_event_id=str(game.moves))
    assert said.startswith("event: presence\n")


def test_a_page_more_than_a_move_behind_or_before_the_first_move_gets_the_whole_state(
    transactional_db,
):
    host, friend = Client(), Client()
    game = started(host, friend)
    waiter = (host, friend)[1 - game.engine().current_player]
    # At move 0 a page may show the placing: the move number alone does not say.
    assert first_event(waiter, game, move="0").startswith("event: state\nid: 0\n")
    one_shot((host, friend), game, "A1")
    one_shot((host, friend), game, "B2")
    for shown in ("0", "x", "99"):
        said = first_event(waiter, game, move=shown)
        assert said.startswith(f"event: state\nid: {game.moves}\n"), shown
        assert 'class="board enemy"' in said


def test_sinking_the_largest_ship_is_at_most_4_kb_to_either_player(transactional_db):
    # The largest event of a single shot: a carrier drawn sunk in its five cells, both
    # fleets' lists, the last marks cleared.
    host, friend = Client(), Client()
    game = started(host, friend, "standard")
    fleets = [fleet_of(game, HOST_FLEET), fleet_of(game, HOST_FLEET)]
    Duel.objects.filter(pk=game.pk).update(fleets=fleets)
    game.refresh_from_db()
    clients = (host, friend)
    misses = iter(f"{row}{column}" for row in "BDFHJ" for column in range(1, 11))
    carrier = iter(["A1", "A2", "A3", "A4", "A5"])
    while True:
        seat = game.engine().current_player
        cell = next(carrier) if seat == 1 else next(misses)
        mover = one_shot(clients, game, cell)
        if cell == "A5":
            break
    waiter = host if mover is friend else friend
    shown = str(game.moves - 1)
    sunk, sank = first_event(waiter, game, move=shown), first_event(mover, game, move=shown)
    owner, sinker = len(sunk.encode()), len(sank.encode())
    print(f"standard, a carrier sunk: {owner} B to its owner, {sinker} B to the sinker")
    assert "sunk" in sunk
    assert len(sunk.encode()) <= 4096
    assert len(sank.encode()) <= 4096


def test_a_weapon_used_sends_the_weapons_again_posting_where_they_post(transactional_db):
    host, friend = Client(), Client()
    game = started(host, friend, "special_weapons")
    one_shot((host, friend), game, "A1")  # (at move 0 a page gets the whole state)
    mover = (host, friend)[game.engine().current_player]
    posted = {"weapon": "air_strike", "center": "E5", "move": game.moves}
    assert mover.post(f"/friend/{game.token}/shots", posted, headers=HX).status_code == 200
    game.refresh_from_db()
    said = first_event(mover, game, move=str(game.moves - 1))
    assert said.startswith("event: move\n")
    assert 'hx-swap-oob="innerHTML:#weapons-slot"' in said
    assert f'action="/friend/{game.token}/shots"' in said
    assert 'action=""' not in said
    assert "Air strike (" not in said  # spent


def test_a_stream_two_moves_behind_sends_the_whole_state(transactional_db):
    # Two moves before the stream reads its nudges (a missed move, as it were): what the
    # page shows is two moves old, and the whole state brings it back.
    host, friend = Client(), Client()
    game = started(host, friend)
    one_shot((host, friend), game, "A1")

    async def watch() -> list[str]:
        reading = AsyncClient()
        reading.cookies = host.cookies
        response = await reading.get(f"/friend/{game.token}/events?move={game.moves}")
        stream = aiter(response.streaming_content)
        said = [(await asyncio.wait_for(anext(stream), 10)).decode()]
        await sync_to_async(one_shot)((host, friend), game, "B2")
        await sync_to_async(one_shot)((host, friend), game, "C3")
        said.append((await asyncio.wait_for(anext(stream), 10)).decode())
        await sync_to_async(one_shot)((host, friend), game, "D4")
        said.append((await asyncio.wait_for(anext(stream), 10)).decode())
        await stream.aclose()
        return said

    connected, behind, next_move = async_to_sync(watch)()
    assert connected.startswith(RETRY + "event: presence\nid: 1\n")
    assert behind.startswith("event: state\nid: 3\n")
    assert next_move.startswith("event: move\nid: 4\n")


def test_a_stream_served_in_a_thread_sends_the_move_too(transactional_db):
    # Under WSGI (runserver, the test server) the same events.
    host, friend = Client(), Client()
    game = started(host, friend)
    one_shot((host, friend), game, "A1")
    one_shot((host, friend), game, "B2")
    url = f"/friend/{game.token}/events?move=0"
    response = host.get(url, headers={"Last-Event-ID": "1"})
    stream = iter(response.streaming_content)
    assert next(stream).decode().startswith(RETRY + "event: move\nid: 2\n")
    response.close()


def test_a_page_that_does_not_ask_with_its_move_is_sent_whole_states_only(transactional_db):
    # A page loaded before there were move events, open across a deploy: it would drop them.
    host, friend = Client(), Client()
    game = started(host, friend)
    one_shot((host, friend), game, "A1")
    waiter = (host, friend)[game.engine().current_player]
    said = first_event(waiter, game)
    assert said.startswith("event: state\nid: 1\n")

    async def reconnect() -> str:
        reading = AsyncClient()
        reading.cookies = waiter.cookies
        headers = {"Last-Event-ID": "1"}
        response = await reading.get(f"/friend/{game.token}/events", headers=headers)
        stream = aiter(response.streaming_content)
        first = (await asyncio.wait_for(anext(stream), 10)).decode()
        await sync_to_async(one_shot)((host, friend), game, "B2")
        moved = (await asyncio.wait_for(anext(stream), 10)).decode()
        await stream.aclose()
        return first + moved

    said = async_to_sync(reconnect)()
    assert "event: move" not in said
    assert said.count("event: state\n") == 2
