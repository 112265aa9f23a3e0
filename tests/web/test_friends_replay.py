"""The replay of a finished friend game: both players step through it move by move (the
classic replay's steps), both fleets shown; an outsider is refused, and before the end there
is no replay at all (it would show the hidden ships)."""

from __future__ import annotations

import pytest
from django.test import Client

from duels.models import Duel
from tests.web.conftest import make_user
from tests.web.friends_helpers import HX, players, started


@pytest.fixture
def host(db):
    return Client()


@pytest.fixture
def friend(db):
    return Client()


def play(game: Duel, host: Client, friend: Client, cells: list[str]) -> None:
    """Each cell of ``cells`` fired by whoever's turn it is (one shot a turn)."""
    for cell in cells:
        game.refresh_from_db()
        mover, _waiter = players(game, host, friend)
        answer = mover.post(f"/friend/{game.token}/shots", {"cell": cell, "move": game.moves})
        assert answer.status_code == 302


def enemy_board(html: str) -> str:
    return html[html.index('class="board enemy"') : html.index('class="board own"')]


def ship_cells(game: Duel, seat: int) -> list[str]:
    """The sentences a board says of each cell of ``seat``'s first ship ("A1, Carrier")."""
    ship = game.board_of(seat).ships[0]
    return [f"{cell}, {ship.name}</span>" for cell in ship.cells]


def test_both_players_step_through_the_finished_game(host, friend):
    game = started(host, friend)
    play(game, host, friend, ["J10", "J9", "J8", "J7"])
    game.refresh_from_db()
    first, _second = players(game, host, friend)  # four moves: the first mover's turn again
    resigning = host if first is friend else friend
    assert resigning.post(f"/friend/{game.token}/resign").status_code == 302
    game.refresh_from_db()
    assert game.status == "over"
    names = {id(host): ("Ann", "Bob", 0), id(friend): ("Bob", "Ann", 1)}
    for client in (host, friend):
        me, them, seat = names[id(client)]
        url = f"/friend/{game.token}/replay"
        start = client.get(url)
        assert start.status_code == 200
        html = start.content.decode()
        assert f"Replay: against {them}" in html
        assert "Before the first shot" in html
        # The game is over: the other's whole fleet is shown from the first step.
        for said in ship_cells(game, 1 - seat):
            assert said in enemy_board(html)
        one = client.get(f"{url}?step=1").content.decode()
        mine = first is client
        said = "you fired at J10" if mine else f"{them} fired at J10"
        assert f"Shot 1 of 4: {said}" in one
        assert 'href="?step=0" rel="prev"' in one
        assert 'href="?step=2" rel="next"' in one
        two = client.get(f"{url}?step=2", headers=HX).content.decode()
        assert two.lstrip().startswith('<section id="step"')
        assert "Shot 2 of 4: " + ("you fired at J9" if not mine else f"{them} fired at J9") in two
        end = client.get(f"{url}?step=4").content.decode()
        assert 'rel="next"' not in end
        won = f"You won: {them} resigned." if game.winner == seat else f"You resigned: {them} wins."
        assert "Shot 4 of 4: " in end
        assert won in end
        assert me not in enemy_board(end)  # it is the other's waters


def test_the_history_of_each_player_opens_the_replay(db):
    ann, bob = Client(), Client()
    ann.force_login(make_user("ann"))
    bob.force_login(make_user("bob"))
    game = started(ann, bob)
    play(game, ann, bob, ["A1"])
    bob.post(f"/friend/{game.token}/resign")
    for client in (ann, bob):
        history = client.get("/history?mode=friend").content.decode()
        assert f'href="/friend/{game.token}/replay"' in history
        assert client.get(f"/friend/{game.token}/replay").status_code == 200
    page = ann.get(game.get_absolute_url()).content.decode()
    assert f'href="/friend/{game.token}/replay"' in page  # from the finished game's page


def test_an_outsider_is_refused_the_replay(host, friend):
    game = started(host, friend)
    play(game, host, friend, ["A1", "A2"])
    host.post(f"/friend/{game.token}/resign")
    for outsider in (Client(), make_logged_in("eve")):
        refused = outsider.get(f"/friend/{game.token}/replay?step=1")
        assert refused.status_code == 403
        html = refused.content.decode()
        assert "This game already has two players" in html
        assert "<table" not in html
        assert outsider.get(f"/friend/{game.token}/replay", headers=HX).status_code == 403


def make_logged_in(name: str) -> Client:
    client = Client()
    client.force_login(make_user(name))
    return client


def test_there_is_no_replay_before_the_end(host, friend):
    game = started(host, friend)
    play(game, host, friend, ["A1", "A2", "A3"])
    game.refresh_from_db()
    for client, seat in ((host, 0), (friend, 1)):
        for query in ("", "?step=1", "?step=3"):
            response = client.get(f"/friend/{game.token}/replay{query}")
            assert response.status_code == 404
            html = response.content.decode()
            assert "<table" not in html
            for said in ship_cells(game, 1 - seat):
                assert said not in html
        page = client.get(game.get_absolute_url()).content.decode()
        assert "/replay" not in page
