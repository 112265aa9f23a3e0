"""Personas and helpers for the web tests: a guest who owns games, and an outsider."""

import re
import time
from types import SimpleNamespace

import django_ratelimit.core
import pytest
from django.core.cache import cache
from django.test import Client

from battleship.classic import Board, Coordinate, RuleSet
from games.models import COMPUTER, Game, Ship
from tests.site_fixtures import (  # noqa: F401
    AS_FAST_AS_TESTS_GO,
    _fire_as_fast_as_tests_go,
    _in_english_unless_asked,
    _translations_compiled,
)

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


@pytest.fixture(scope="session", autouse=True)
def _passwords_hashed_fast():
    """Passwords hashed with MD5 in these tests, as Django's own test advice has it: the
    site's PBKDF2 (a million rounds, about a third of a second a hash on purpose) made every
    account a test makes, and every login it posts, cost that. What a test checks of a
    password (accepted, refused, changed, limited) does not depend on the hash. The HTTP
    tests' servers run the production settings, PBKDF2 included."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture
def steady_rate_clock(monkeypatch):
    """django-ratelimit counts in fixed windows of the clock: a test of an "n a minute" limit
    that straddles a minute's end would see its count start again. Its clock stands still
    for the test (only its own: ``time`` elsewhere runs on)."""
    now = time.time()
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: now))


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
    """Put ``fleet`` in place of ``player``'s, also on a started game's row."""
    Ship.objects.filter(game=game, player=player).delete()
    for name, start, way in fleet:
        cell = Coordinate.parse(start)
        Ship.objects.create(
            game=game, player=player, name=name, row=cell.row, col=cell.col, orientation=way
        )
    game.refresh_from_db()
    if game.fleets:
        game.fleets[player] = [
            {"ship": name, "row": cell.row, "col": cell.col, "orientation": way}
            for name, start, way in fleet
            for cell in [Coordinate.parse(start)]
        ]
        game.save(update_fields=["fleets"])


def started_game(client, level=1, computer_fleet=COMPUTER_FLEET, rules=None):
    """A game in progress with known fleets on both sides (under ``rules``, standard if None)."""
    game = new_game(client, level)
    if rules is not None:  # the new-game page offers the standard game only
        Game.objects.filter(pk=game.pk).update(rules=rules.to_dict())
        game.refresh_from_db()
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


# -- Accounts and statistics ---------------------------------------------------------------

PASSWORD = "a-long-test-password-42"


@pytest.fixture
def login_counters(db):
    """django-axes counts failed logins in the shared cache: none before and none after."""
    cache.clear()
    yield
    cache.clear()


def make_user(username):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username, password=PASSWORD)


@pytest.fixture
def owner(db):
    """A signed-in player with an account, in their own browser."""
    client = Client()
    client.user = make_user("owner")
    client.force_login(client.user)
    return client


@pytest.fixture
def teammate(db):
    """Another signed-in player, who must never see the owner's games."""
    client = Client()
    client.user = make_user("teammate")
    client.force_login(client.user)
    return client


def finished_game(
    user,
    status="won",
    *,
    level=1,
    shots=20,
    hits=17,
    their_shots=None,
    ships_lost=0,
    seconds=60.0,
    finished_at=None,
):
    """A finished game stored with known figures: the person's shots (the first ``hits``
    of them hits), the computer's shots (the first ``ships_lost`` of them sinking a ship)."""
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Shot

    their_shots = shots - 1 if their_shots is None else their_shots
    finished_at = finished_at or timezone.now()
    game = Game.objects.create(
        owner=user,
        level=level,
        rules=RuleSet.standard().to_dict(),
        seed=1,
        status=status,
        moves=shots + their_shots,
        play_seconds=seconds,
        started_at=finished_at - timedelta(seconds=seconds),
        finished_at=finished_at,
    )
    names = [spec.name for spec in RuleSet.standard().fleet]
    order = [(0, i) for i in range(shots)] + [(1, i) for i in range(their_shots)]
    order.sort(key=lambda pair: (pair[1], pair[0]))  # alternate while both sides fire
    shot_rows = Shot.objects.bulk_create(
        Shot(
            game=game,
            sequence=sequence,
            player=player,
            row=i // 10,
            col=i % 10,
            hit=(i < hits) if player == 0 else (i < ships_lost),
            sunk=names[i] if player == 1 and i < ships_lost else "",
        )
        for sequence, (player, i) in enumerate(order)
    )
    # The figures a game stores when it ends, here from the shots just made up.
    for field, value in figures_of_shots(shot_rows).items():
        setattr(game, field, value)
    game.save()
    return game


def figures_of_shots(shots):
    """A finished game's figures worked out from its shot rows (in order), not from the engine:
    what ``Game.figures_from`` must agree with."""
    mine = [shot for shot in shots if shot.player == 0]
    theirs = [shot for shot in shots if shot.player == 1]
    return {
        "shots_fired": len(mine),
        "shots_hit": sum(1 for shot in mine if shot.hit),
        "their_shots": len(theirs),
        "ships_lost": sum(1 for shot in theirs if shot.sunk),
        "opening_cells": " ".join(shot.cell for shot in mine[:10]),
    }


def data_for_the_module(django_db_blocker, build):
    """Data that every test of a module reads and none changes, built once for the module
    (a few hundred games take seconds) by ``build()``, committed outside the tests'
    transactions; each test still rolls its own changes back, and the whole database is
    emptied when the module is done, as a ``TransactionTestCase`` leaves it. A module
    fixture yields from it: ``yield from data_for_the_module(django_db_blocker, build)``.
    The database is open to the fixture only while it builds and empties: a test that asks
    for no database gets none."""
    from django.core.management import call_command
    from django.test import override_settings

    with django_db_blocker.unblock(), override_settings(**AS_FAST_AS_TESTS_GO):
        made = build()
    try:
        yield made
    finally:
        with django_db_blocker.unblock():
            call_command("flush", interactive=False, verbosity=0)
        cache.clear()


def signed_in(user):
    """A browser signed in as ``user``."""
    client = Client()
    client.user = user
    client.force_login(user)
    return client
