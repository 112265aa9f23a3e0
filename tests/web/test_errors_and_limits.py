"""Error pages that match the site and say what to do next; rate limits on firing."""

import pytest
from django.core.cache import cache
from django.db import OperationalError
from django.template.loader import render_to_string
from django.test import Client, override_settings

from games.models import Game, Shot
from tests.web.conftest import fire, started_game


@pytest.mark.parametrize(
    ("template", "says"),
    [
        ("400.html", "Nothing was changed"),
        ("403.html", "Nothing was changed"),
        ("403_csrf.html", "Reload the page"),
        ("404.html", "unfinished games are listed on the home page"),
        ("405.html", "unfinished games are listed there"),
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
    game = started_game(guest)

    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(Game, "fire", locked)
    response = fire(guest, game, "B2")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert "Try again in a minute" in response.content.decode()
    assert not Shot.objects.filter(game=game).exists()


@override_settings(NEW_GAME_RATE="2/m")
def test_creating_games_too_fast_gets_a_429(guest):
    cache.clear()
    for _ in range(2):
        assert guest.post("/games/", {"level": 1}).status_code == 302
    response = guest.post("/games/", {"level": 1})
    assert response.status_code == 429
    assert Game.objects.count() == 2
    cache.clear()
