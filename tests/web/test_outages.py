"""The database or Redis away: every answer is a 503 with ``Retry-After``, never a 500, and
nothing is stored. (``make outagetest`` does the same over HTTP against gunicorn.)"""

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError, connections
from django.test import Client, override_settings

from games.models import Game, Shot
from loadtest.server import free_port
from tests.web.conftest import PASSWORD, fire, make_user, started_game

PAGES = ["/healthz", "/", "/games/new", "/stats", "/history", "/leaderboard", "/login"]


def signed_in():
    client = Client(raise_request_exception=False)
    client.force_login(make_user("captain"))
    return client


@pytest.fixture
def database_away(db):
    """Once called, every query fails as with a closed port; back before the test's own
    transaction is rolled back."""
    wrapper = connections["default"]

    def refused(*args, **kwargs):
        raise OperationalError('connection to server at "127.0.0.1", port 1 failed: refused')

    def away():
        wrapper.ensure_connection = refused

    yield away
    wrapper.__dict__.pop("ensure_connection", None)


def redis_away():
    """The cache and sessions in a Redis at a closed port, as with ``REDIS_URL`` set."""
    return override_settings(
        CACHES={
            "default": {
                "BACKEND": "django_redis.cache.RedisCache",
                "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
            }
        },
        SESSION_ENGINE="django.contrib.sessions.backends.cached_db",
    )


def assert_unavailable(response):
    assert response.status_code == 503, response.content[:300]
    assert response["Retry-After"] == "5"
    assert "The site is busy or down for a moment" in response.content.decode()


def test_a_signed_in_player_gets_503_not_500_when_the_database_is_away(database_away):
    client = signed_in()
    game = started_game(client)
    database_away()
    for path in [*PAGES, game.get_absolute_url()]:
        assert_unavailable(client.get(path))
    assert_unavailable(client.post(f"/games/{game.pk}/shots", {"cell": "B2", "move": 0}))


def test_a_guest_gets_503_when_the_database_is_away(database_away):
    guest = Client(raise_request_exception=False)
    game = started_game(guest)
    database_away()
    for path in [*PAGES, game.get_absolute_url()]:
        assert_unavailable(guest.get(path))
    assert_unavailable(guest.post("/games/", {"level": 1}))


def in_another_process(client):
    """The same browser, served by a handler set up afresh (under the settings in force)."""
    again = Client(raise_request_exception=False)
    again.cookies = client.cookies
    return again


def test_with_redis_away_every_page_and_form_is_a_503_and_nothing_is_stored(db):
    player, guest = signed_in(), Client(raise_request_exception=False)
    game, guest_game = started_game(player), started_game(guest)
    with redis_away():
        player, guest = in_another_process(player), in_another_process(guest)
        for client, own in ((player, game), (guest, guest_game)):
            for path in [*PAGES, own.get_absolute_url()]:
                response = client.get(path)
                # A page that needs no Redis may be served; any other answer is the 503.
                if response.status_code >= 500:
                    assert_unavailable(response)
            assert_unavailable(client.post("/games/", {"level": 1}))
        assert_unavailable(fire(player, game, "B2"))
        assert_unavailable(fire(guest, guest_game, "B2"))
        assert_unavailable(guest.post("/login", {"username": "captain", "password": PASSWORD}))
        signup = {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD}
        assert_unavailable(guest.post("/signup", signup))
    assert Game.objects.count() == 2
    assert not Shot.objects.exists()
    assert not get_user_model().objects.filter(username="newcomer").exists()
    # Back: the game goes on where it was.
    player = in_another_process(player)
    assert fire(player, game, "B2").status_code == 200
    assert Shot.objects.filter(game=game).count() == 2
