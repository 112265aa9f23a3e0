"""Error pages that match the site and say what to do next; rate limits on firing."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import OperationalError
from django.template.loader import render_to_string
from django.test import Client, override_settings

from games.models import Game, Shot
from tests.web.conftest import PASSWORD, fire, make_user, new_game, started_game


@pytest.mark.parametrize(
    ("template", "says"),
    [
        ("400.html", "Nothing was changed"),
        ("403.html", "Nothing was changed"),
        ("403_csrf.html", "Reload the page"),
        ("404.html", "unfinished games are listed on the home page"),
        ("405.html", "unfinished games are listed there"),
        ("413.html", "send its form again"),
        ("429.html", "wait a few seconds"),
        ("500.html", "your game is safe"),
        ("503.html", "Try again in a minute"),
    ],
)
def test_every_error_page_matches_the_site_and_says_what_next(template, says):
    page = render_to_string(template)
    assert "site.css" in page
    assert says in page
    assert 'href="/"' in page


def test_an_unknown_page_is_the_sites_404(guest):
    response = guest.get("/no/such/page")
    assert response.status_code == 404
    assert "There's nothing here" in response.content.decode()


def test_opening_a_form_address_gets_the_sites_405(guest):
    game = started_game(guest)
    for path in ("/games/", f"/games/{game.pk}/shots", f"/games/{game.pk}/again"):
        response = guest.get(path)
        assert response.status_code == 405
        assert "This address is for a button, not a page" in response.content.decode()
        assert response["Allow"] == "POST"
    assert Game.objects.get().moves == 0


def test_a_missing_csrf_token_gets_the_explained_403(guest):
    game = started_game(guest)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = guest.cookies
    response = strict.post(f"/games/{game.pk}/shots", {"cell": "A6", "move": 0})
    assert response.status_code == 403
    assert "This page was out of date" in response.content.decode()


@pytest.mark.usefixtures("steady_rate_clock")
@override_settings(FIRE_RATE="3/m")
def test_firing_too_fast_gets_a_429_and_changes_nothing(guest):
    cache.clear()
    game = started_game(guest)
    for cell in ["B2", "B3", "B4"]:
        assert fire(guest, game, cell).status_code == 200
    response = fire(guest, game, "B5")
    assert response.status_code == 429
    assert "Too many requests" in response.content.decode()
    assert Shot.objects.filter(game=game).count() == 6
    cache.clear()


def test_a_busy_database_gets_a_503_with_retry_after_not_a_500(guest, monkeypatch):
    """The database gives way in the middle of storing a move, after the game row's UPDATE:
    a 503 that says to try again, and none of the move stored (one transaction)."""
    game = started_game(guest)
    fire(guest, game, "B2")
    game.refresh_from_db()
    before = (game.moves, game.log, Shot.objects.filter(game=game).count())

    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(Shot.objects, "bulk_create", locked)
    response = fire(guest, game, "B3")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert "Try again in a minute" in response.content.decode()
    game.refresh_from_db()
    assert (game.moves, game.log, Shot.objects.filter(game=game).count()) == before


@pytest.mark.usefixtures("steady_rate_clock")
@override_settings(NEW_GAME_RATE="2/m")
def test_creating_games_too_fast_gets_a_429(guest):
    cache.clear()
    for _ in range(2):
        assert guest.post("/games/", {"level": 1}).status_code == 302
    response = guest.post("/games/", {"level": 1})
    assert response.status_code == 429
    assert Game.objects.count() == 2
    cache.clear()


@pytest.mark.usefixtures("steady_rate_clock")
def test_one_address_has_a_ceiling_however_many_guests_it_uses(db, settings):
    a, b = Client(), Client()  # two browsers, two guest ids, one address
    first, second = started_game(a), started_game(b)
    settings.ADDRESS_RATE = "4/m"  # a fresh count (the rate is part of its key)
    assert [fire(a, first, cell).status_code for cell in ("B2", "B3")] == [200, 200]
    assert [fire(b, second, cell).status_code for cell in ("B2", "B3")] == [200, 200]
    assert fire(b, second, "B4").status_code == 429
    assert Shot.objects.filter(game=second).count() == 4


@pytest.mark.usefixtures("steady_rate_clock")
def test_setup_actions_are_limited_per_player(guest, settings):
    game = new_game(guest)
    settings.SETUP_RATE = "3/m"
    assert [guest.post(f"/games/{game.pk}/shuffle").status_code for _ in range(3)] == [302] * 3
    assert guest.post(f"/games/{game.pk}/shuffle").status_code == 429


def test_sign_ups_are_limited_per_address(db, settings):
    settings.SIGNUP_RATE = "2/h"
    codes = [
        Client()
        .post("/signup", {"username": f"new{n}", "password1": PASSWORD, "password2": PASSWORD})
        .status_code
        for n in range(3)
    ]
    assert codes == [302, 302, 429]
    assert not get_user_model().objects.filter(username="new2").exists()


@pytest.mark.usefixtures("steady_rate_clock")
def test_login_attempts_are_limited_per_address_across_usernames(db, settings, login_counters):
    settings.LOGIN_RATE = "3/m"
    codes = [
        Client().post("/login", {"username": f"user{n}", "password": "guess"}).status_code
        for n in range(4)
    ]
    assert codes == [200, 200, 200, 429]  # spraying one password over many names


def test_password_changes_are_limited_per_player(db, settings):
    user = make_user("changer")
    client = Client()
    client.force_login(user)
    settings.PASSWORD_CHANGE_RATE = "2/h"
    wrong = {"old_password": "not-it", "new_password1": "x7#Kq9!mZ2", "new_password2": "x7#Kq9!mZ2"}
    codes = [client.post("/password", wrong).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


@pytest.mark.parametrize("path", ["/", "/stats", "/history"])
def test_pages_about_one_player_are_kept_from_shared_caches(owner, path):
    response = owner.get(path)
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]
