"""Nothing either player is sent reveals where the other's unsunk ships lie: two friend
games differing only in where one of the host's ships lies (never hit) look the same to
the friend, byte for byte, under every rule set: pages, move answers, refusals and the
events of the live stream."""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, Client

from battleship.classic import Board, Coordinate
from battleship.classic.variants import VARIANTS
from duels.models import Duel
from tests.web.conftest import normalised
from tests.web.friends_helpers import HX, joined


def twin_fleets(game: Duel) -> tuple[Board, Board, frozenset[Coordinate]]:
    """A fleet, and the same fleet with its last ship elsewhere; the cells of both places."""
    rules = game.rule_set
    board = Board.random_placement(rules, random.Random(7))
    last = board.ships[-1]
    for row in range(rules.board_size):
        for col in range(rules.board_size):
            other = Board(rules)
            for ship in board.ships[:-1]:
                other.place_ship(ship.name, ship.start, ship.orientation.value)
            try:
                moved = other.place_ship(last.name, Coordinate(row, col), "V")
            except ValueError:
                continue
            if not set(moved.cells) & set(last.cells):
                return board, other, frozenset(moved.cells) | frozenset(last.cells)
    raise AssertionError("no other place for the last ship")


def set_up(host: Client, friend: Client, rules: str, board: Board, pairing: str) -> Duel:
    game = joined(host, friend, rules)
    if pairing == "stranger":  # two strangers' game: on a clock (the time left is shown)
        Duel.objects.filter(pk=game.pk).update(pairing=pairing, clock_seconds=600)
    fleets = [[ship.to_dict() for ship in board.ships], []]
    friend_board = Board.random_placement(game.rule_set, random.Random(11))
    fleets[1] = [ship.to_dict() for ship in friend_board.ships]
    Duel.objects.filter(pk=game.pk).update(fleets=fleets, ready=[True, False], seed=99)
    assert friend.post(f"/friend/{game.token}/ready").status_code == 302
    game.refresh_from_db()
    return game


CLOCK = re.compile(r'data-deadline-in="\d+"|<span class="clock-time">[^<]*</span>')


def same(one: str, other: str, games: list[Duel]) -> tuple[str, str]:
    """Both answers as compared: the game's own token, and the clock's reading (the time
    left, a second more or less from one request to the next), set aside."""
    said = []
    for html, game in zip((one, other), games, strict=True):
        said.append(normalised(CLOCK.sub("<clock>", html.replace(game.token, "<token>"))))
    return said[0], said[1]


# Every rule set between friends; between strangers (on a clock), the two kinds of turn.
PAIRINGS = [("friend", rules) for rules in VARIANTS] + [
    ("stranger", "standard"),
    ("stranger", "salvo"),
]


@pytest.mark.parametrize(("pairing", "rules"), PAIRINGS)
def test_the_friend_cannot_tell_where_the_hosts_unsunk_ship_lies(db, pairing, rules):
    hosts, friends = [Client(), Client()], [Client(), Client()]
    probe = joined(Client(), Client(), rules)
    board, moved, hidden = twin_fleets(probe)
    games = [
        set_up(hosts[0], friends[0], rules, board, pairing),
        set_up(hosts[1], friends[1], rules, moved, pairing),
    ]
    size = games[0].rule_set.board_size
    every = [Coordinate(r, c) for r in range(size) for c in range(size)]
    open_cells = [str(cell) for cell in every if cell not in hidden]
    host_cells = [str(cell) for cell in every]
    for _turn in range(12):
        for game in games:
            game.refresh_from_db()
        if games[0].status != "playing":
            break
        view = games[0].view(1)
        if view.my_turn:
            if len(open_cells) < view.shots_left_in_turn:
                break
            cells = " ".join(open_cells[: view.shots_left_in_turn])
            del open_cells[: view.shots_left_in_turn]
            answers = [
                friends[i].post(
                    f"/friend/{g.token}/shots", {"cell": cells, "move": g.moves}, headers=HX
                )
                for i, g in enumerate(games)
            ]
            assert [a.status_code for a in answers] == [200, 200], answers[0].content[:300]
            one, other = same(answers[0].content.decode(), answers[1].content.decode(), games)
            assert one == other
        else:
            shots = games[0].view(0).shots_left_in_turn
            if len(host_cells) < shots:
                break
            cells = " ".join(host_cells[:shots])
            del host_cells[:shots]
            for i, g in enumerate(games):
                posted = {"cell": cells, "move": g.moves}
                assert hosts[i].post(f"/friend/{g.token}/shots", posted).status_code == 302
        pages = [friends[i].get(g.get_absolute_url()).content.decode() for i, g in enumerate(games)]
        assert ("Time left:" in pages[0]) == (
            pairing == "stranger" and games[0].status == "playing"
        )
        one, other = same(*pages, games)
        assert one == other
        # A refusal (out of turn or a cell off the board) carries the board too.
        refusals = [
            friends[i].post(f"/friend/{g.token}/shots", {"cell": "Z99", "move": 0}, headers=HX)
            for i, g in enumerate(games)
        ]
        assert refusals[0].status_code == refusals[1].status_code >= 400
        one, other = same(refusals[0].content.decode(), refusals[1].content.decode(), games)
        assert one == other


def twins(
    rules: str, pairing: str = "friend"
) -> tuple[list[Client], list[Client], list[Duel], frozenset[Coordinate]]:
    """Two games under ``rules`` in play, the host's last ship elsewhere in the second."""
    hosts, friends = [Client(), Client()], [Client(), Client()]
    board, moved, hidden = twin_fleets(joined(Client(), Client(), rules))
    games = [
        set_up(hosts[0], friends[0], rules, board, pairing),
        set_up(hosts[1], friends[1], rules, moved, pairing),
    ]
    return hosts, friends, games, hidden


class Turns:
    """Both games played alike, a turn at a time: the friend never fires at a cell of the
    host's moved ship (either place), the host fires along the rows."""

    def __init__(self, hosts, friends, games, hidden) -> None:
        self.hosts, self.friends, self.games = hosts, friends, games
        size = games[0].rule_set.board_size
        every = [Coordinate(r, c) for r in range(size) for c in range(size)]
        self.open_cells = [str(cell) for cell in every if cell not in hidden]
        self.host_cells = [str(cell) for cell in every]
        self.answers: list[tuple[str, str]] = []

    def play_one(self) -> bool:
        """One turn in both games; False when the game is over or out of cells."""
        for game in self.games:
            game.refresh_from_db()
        if self.games[0].status != "playing":
            return False
        view = self.games[0].view(1)
        shots = (
            view.shots_left_in_turn if view.my_turn else self.games[0].view(0).shots_left_in_turn
        )
        cells = self.open_cells if view.my_turn else self.host_cells
        if len(cells) < shots:
            return False
        chosen = " ".join(cells[:shots])
        del cells[:shots]
        players = self.friends if view.my_turn else self.hosts
        answers = [
            players[i].post(
                f"/friend/{g.token}/shots", {"cell": chosen, "move": g.moves}, headers=HX
            )
            for i, g in enumerate(self.games)
        ]
        assert [a.status_code for a in answers] == [200, 200], answers[0].content[:300]
        if view.my_turn:
            self.answers.append(same(*(a.content.decode() for a in answers), self.games))
        return True


async def next_event(stream) -> str:
    chunk = await asyncio.wait_for(anext(stream), 10)
    return chunk.decode() if isinstance(chunk, bytes) else chunk


@pytest.mark.parametrize(("pairing", "rules"), PAIRINGS)
def test_the_friends_live_events_cannot_tell_where_the_hosts_unsunk_ship_lies(
    transactional_db, settings, pairing, rules
):
    settings.FRIEND_KEEPALIVE_SECONDS = 30  # no keep-alive comment among the events read
    hosts, friends, games, hidden = twins(rules, pairing)
    turns = Turns(hosts, friends, games, hidden)

    async def watch() -> list[list[str]]:
        streams = []
        for client, game in zip(friends, games, strict=True):
            reading = AsyncClient()
            reading.cookies = client.cookies
            response = await reading.get(f"/friend/{game.token}/events?move=0")
            assert response.status_code == 200
            streams.append(aiter(response.streaming_content))
        said = [[await next_event(stream)] for stream in streams]  # the state on connect
        for _turn in range(6):
            if not await sync_to_async(turns.play_one)():
                break
            for events, stream in zip(said, streams, strict=True):
                events.append(await next_event(stream))
        for stream in streams:
            await stream.aclose()
        # A page one move behind reconnects (its last event's id): it is sent that move.
        for events, client, game in zip(said, friends, games, strict=True):
            await sync_to_async(game.refresh_from_db)()
            reading = AsyncClient()
            reading.cookies = client.cookies
            behind = {"Last-Event-ID": str(game.moves - 1)}
            url = f"/friend/{game.token}/events?move=0"  # the first connect's address
            response = await reading.get(url, headers=behind)
            stream = aiter(response.streaming_content)
            events.append(await next_event(stream))
            await stream.aclose()
        return said

    said = async_to_sync(watch)()
    assert said[0][0].startswith("retry: 1000\nevent: state\nid: 0\n")
    assert len(said[0]) >= 6, "fewer turns played than the test means to compare"
    # Each move's event carries what the move changed, not the whole state.
    assert all(event.startswith("event: move\nid: ") for event in said[0][1:-1])
    assert said[0][-1].startswith("retry: 1000\nevent: move\nid: ")
    for events in zip(said[0], said[1], strict=True):
        one, other = same(*events, games)
        assert one == other
    for one, other in turns.answers:  # the friend's own moves' answers, too
        assert one == other
