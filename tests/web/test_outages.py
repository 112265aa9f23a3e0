"""The database or Redis away: every answer is a 503 with ``Retry-After``, never a 500, and
nothing is stored. (``make outagetest`` does the same over HTTP against gunicorn.)"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError, connections
from django.test import Client, override_settings

from games.models import Game, Shot
from loadtest.server import free_port
from tests.web.conftest import PASSWORD, fire, make_user, started_game

ROOT = Path(__file__).resolve().parents[2]
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


# A real unreachable SQLite file, in a process of its own (settings are read once): a
# signed-in browser's session cookie makes Django look the session up first.
UNREACHABLE = """
from django.test import Client, override_settings
plain = {"staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
with override_settings(STORAGES=plain):
    for cookie in ("", "sessionid=0123456789abcdefghijklmnopqrstuv"):
        client = Client(raise_request_exception=False, HTTP_COOKIE=cookie)
        for path in ("/healthz", "/", "/games/new", "/stats", "/login"):
            response = client.get(path)
            print(path, response.status_code, response.get("Retry-After"))
        response = client.post("/games/", {"level": 1})
        print("POST /games/", response.status_code, response.get("Retry-After"))
"""


def test_an_unreachable_sqlite_file_is_a_503_for_guests_and_players(tmp_path):
    env = {
        **{k: v for k, v in os.environ.items() if k != "REDIS_URL"},
        "DEBUG": "False",
        "SECRET_KEY": "x" * 60,
        "ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'no' / 'such' / 'dir' / 'db.sqlite3'}",
        "PER_PROCESS_LIMITS": "True",
        "SECURE_SSL_REDIRECT": "False",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", UNREACHABLE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    answers = done.stdout.splitlines()
    assert len(answers) == 12, done.stderr[-2000:]
    guest, player = answers[:6], answers[6:]
    # A guest's pages that need no database are served; all else, the 503.
    assert all(a.endswith((" 503 5", " 200 None")) for a in guest), guest
    assert "/healthz 503 5" in guest
    assert "POST /games/ 503 5" in guest
    assert all(a.endswith(" 503 5") for a in player), player
