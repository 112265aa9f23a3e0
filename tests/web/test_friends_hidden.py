"""Nothing either player is sent reveals where the other's unsunk ships lie: two friend
games differing only in where one of the host's ships lies (never hit) look the same to
the friend, byte for byte, under every rule set: pages, move answers and refusals."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from battleship.classic import Board, Coordinate
from friends.models import FriendGame
from games.rule_sets import OFFERED
from tests.web.conftest import normalised
from tests.web.friends_helpers import HX, joined


def twin_fleets(game: FriendGame) -> tuple[Board, Board, frozenset[Coordinate]]:
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


def set_up(host: Client, friend: Client, rules: str, board: Board) -> FriendGame:
    game = joined(host, friend, rules)
    fleets = [[ship.to_dict() for ship in board.ships], []]
    friend_board = Board.random_placement(game.rule_set, random.Random(11))
    fleets[1] = [ship.to_dict() for ship in friend_board.ships]
    FriendGame.objects.filter(pk=game.pk).update(fleets=fleets, ready=[True, False], seed=99)
    assert friend.post(f"/friend/{game.token}/ready").status_code == 302
    game.refresh_from_db()
    return game


def same(one: str, other: str, games: list[FriendGame]) -> tuple[str, str]:
    said = []
    for html, game in zip((one, other), games, strict=True):
        said.append(normalised(html.replace(game.token, "<token>")))
    return said[0], said[1]


@pytest.mark.parametrize("rules", [info.name for info in OFFERED])
def test_the_friend_cannot_tell_where_the_hosts_unsunk_ship_lies(db, rules):
    hosts, friends = [Client(), Client()], [Client(), Client()]
    probe = joined(Client(), Client(), rules)
    board, moved, hidden = twin_fleets(probe)
    games = [
        set_up(hosts[0], friends[0], rules, board),
        set_up(hosts[1], friends[1], rules, moved),
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
