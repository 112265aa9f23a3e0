"""A NUL byte (0x00) in an address, a form or the session cookie is a visitor's mistake, never
a server error: PostgreSQL's text fields cannot hold one, and a query that carries one fails
with psycopg's DataError (a 500). An address part that cannot be what it names is a 404
before any query; a form value with one is refused, or read as the mistake it is; a session
cookie with one is no session. Every address the site has is walked (tests/web/site_urls.py),
so these hold on both databases (``make test`` runs this file on PostgreSQL too)."""

import re

import pytest
from django.test import Client

from duels.models import Duel, Seat
from games.models import Game
from tests.web.conftest import make_user
from tests.web.site_urls import Things, every_address

ADDRESSES = every_address()
NUL = "a\x00b"
FIELD_NAME = re.compile(r'\bname="([^"]+)"')


@pytest.fixture
def player(db):
    client = Client()
    client.force_login(make_user("nully"))
    client.things = Things.of(client)
    return client


def answers(client: Client, url: str) -> list[tuple[str, int]]:
    return [
        (method, getattr(client, method)(url).status_code) for method in ("get", "head", "post")
    ]


def test_an_address_part_with_a_nul_byte_is_a_404_with_every_method(player):
    """Each path parameter in turn made to hold a NUL, the others real: the friend game's
    token (the page, its stream, shots, join, replay...), the day, a rule set's name."""
    tried = 0
    for address in ADDRESSES:
        for parameter in address.parameters:
            values = player.things.values(address) | {parameter: "a%00b"}
            url = address.url(values)
            for method, status in answers(player, url):
                tried += 1
                if address.admin:
                    # Django's admin: a player who is not staff is sent to its login first.
                    assert status in (302, 404), (method, url, status)
                else:
                    # 405 where the method is not the address's (a form's page, read).
                    assert status in (404, 405), (method, url, status)
    assert tried > 60  # the friend game's fourteen addresses alone are 42 requests


def test_a_friend_games_token_that_cannot_be_one_is_a_404(player):
    token = player.things.friend_game.token
    for bad in (token + "%00", "%00", token[:-1] + "!", "x" * 200):
        for suffix in ("", "events", "shots", "join", "replay"):
            for method, status in answers(player, f"/friend/{bad}/{suffix}"):
                assert status in ((404, 405) if method == "post" else (404,)), (bad, suffix, status)
    assert player.get(f"/friend/{token}/").status_code == 200


def form_field_names(client: Client, things: Things) -> set[str]:
    """The names of every form field on the site's pages, as a player's browser sends them."""
    names: set[str] = set()
    for address in ADDRESSES:
        if address.admin:
            continue
        response = client.get(things.url(address))
        if response.status_code == 200 and response.get("Content-Type", "").startswith("text/html"):
            names |= set(FIELD_NAME.findall(response.content.decode()))
    return names - {"csrfmiddlewaretoken"}


def test_every_form_field_with_a_nul_byte_is_refused_without_a_server_error(player):
    names = form_field_names(player, player.things)
    assert {"cell", "move", "rules", "ship"} <= names
    signed_out = Client()
    friend_game = Duel.objects.get(pk=player.things.friend_game.pk)
    game = Game.objects.get(pk=player.things.game.pk)
    for address in ADDRESSES:
        if address.admin:
            continue
        url = player.things.url(address)
        for name in sorted(names):
            for client in (player, signed_out):
                status = client.post(url, {name: NUL}).status_code
                assert status < 500, (url, name, status)
    # Nothing was made of it: no game under a name or rule set with a NUL in it.
    games = list(Game.objects.values_list("rules_name", flat=True))
    assert games
    assert not [name for name in games if "\x00" in name]
    names = list(Seat.objects.values_list("name", flat=True))
    assert names
    assert not [name for name in names if "\x00" in name]
    assert Duel.objects.get(pk=friend_game.pk).moves == friend_game.moves
    assert Game.objects.get(pk=game.pk).moves == game.moves


def test_a_session_cookie_with_a_nul_byte_is_no_session(db):
    client = Client()
    # The Cookie header's quoted form: Django unquotes an octal escape, as Python's cookies do.
    client.cookies.load({"sessionid": "x" * 31})
    response = client.get("/", HTTP_COOKIE='sessionid="abcdefgh\\000ijklmnop"')
    assert response.status_code == 200
    response = client.get("/stats", HTTP_COOKIE='sessionid="abcdefgh\\000ijklmnop"')
    assert response.status_code == 200
    # A guest's game can still be made with it: a new session, not a server error.
    created = client.post("/games/", {"level": 1}, HTTP_COOKIE='sessionid="abc\\000defghijk"')
    assert created.status_code == 302
