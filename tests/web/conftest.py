"""Personas and helpers for the web tests: a guest who owns games, and an outsider."""

import re

import pytest
from django.test import Client

from games.engine import Board, Coordinate, RuleSet
from games.models import COMPUTER, Game, Ship

HUMAN_FLEET = [
    ("Carrier", "A1", "H"),
    ("Battleship", "C1", "H"),
    ("Cruiser", "E1", "H"),
    ("Submarine", "G1", "H"),
    ("Destroyer", "I1", "H"),
]
COMPUTER_FLEET = [
    ("Carrier", "A6", "V"),
    ("Battleship", "A8", "V"),
    ("Cruiser", "H1", "H"),
    ("Submarine", "J1", "H"),
    ("Destroyer", "J9", "H"),
]


def fleet_cells(fleet):
    board = Board(RuleSet.standard())
    for name, start, way in fleet:
        board.place_ship(name, start, way)
    return [str(cell) for ship in board.ships for cell in ship.cells]


@pytest.fixture
def guest(db):
    """A visitor without an account; their games belong to their browser session."""
    return Client()


@pytest.fixture
def outsider(db):
    """Another visitor, in another browser."""
    return Client()


def new_game(client, level=1):
    response = client.post("/games/", {"level": level})
    assert response.status_code == 302
    return Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])


def set_fleet(game, player, fleet):
    Ship.objects.filter(game=game, player=player).delete()
    for name, start, way in fleet:
        cell = Coordinate.parse(start)
        Ship.objects.create(
            game=game, player=player, name=name, row=cell.row, col=cell.col, orientation=way
        )


def started_game(client, level=1, computer_fleet=COMPUTER_FLEET):
    """A game in progress with known fleets on both sides."""
    game = new_game(client, level)
    for name, start, way in HUMAN_FLEET:
        game.place_ship(name, start, way)
    game.start()
    set_fleet(game, COMPUTER, computer_fleet)
    return game


def fire(client, game, cell, *, htmx=True, move=None):
    game.refresh_from_db()
    headers = {"HX-Request": "true"} if htmx else {}
    data = {"cell": cell, "move": game.moves if move is None else move}
    return client.post(f"/games/{game.pk}/shots", data, headers=headers)


def normalised(html):
    """A page with what differs between two renders of the same state taken out."""
    html = re.sub(r'("X-CSRFToken": |name="csrfmiddlewaretoken" value=)"[^"]+"', r'\1"-"', html)
    return re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>", html)
