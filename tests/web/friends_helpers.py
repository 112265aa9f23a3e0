"""Two players of a friend game, and a game brought to the state a test needs."""

from __future__ import annotations

from django.test import Client

from battleship.classic import Board, Coordinate
from duels.models import Duel

HX = {"HX-Request": "true"}


def invite(host: Client, rules: str = "standard", name: str = "Ann") -> Duel:
    response = host.post("/friend/invites", {"rules": rules, "name": name})
    assert response.status_code == 302, response.content.decode()[:500]
    return Duel.objects.get(token=response.url.strip("/").split("/")[-1])


def joined(host: Client, friend: Client, rules: str = "standard") -> Duel:
    game = invite(host, rules)
    assert friend.post(f"/friend/{game.token}/join", {"name": "Bob"}).status_code == 302
    game.refresh_from_db()
    return game


def fleet_of(game: Duel, ships: list[tuple[str, str, str]]) -> list[dict]:
    board = Board(game.rule_set)
    for name, cell, way in ships:
        board.place_ship(name, Coordinate.parse(cell, 10), way)
    return [ship.to_dict() for ship in board.ships]


def started(host: Client, friend: Client, rules: str = "standard") -> Duel:
    """Both fleets shuffled and ready: the game in play."""
    game = joined(host, friend, rules)
    for client in (host, friend):
        assert client.post(f"/friend/{game.token}/shuffle").status_code == 302
        assert client.post(f"/friend/{game.token}/ready").status_code == 302
    game.refresh_from_db()
    assert game.status == "playing"
    return game


def players(game: Duel, host: Client, friend: Client) -> tuple[Client, Client]:
    """(whose turn it is, the other)."""
    first = game.engine().current_player
    return (host, friend) if first == 0 else (friend, host)
