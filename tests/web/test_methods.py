"""Pages take GET and HEAD; forms take POST; anything else is the site's 405 and changes nothing."""

import pytest
from django.test import Client

from games.models import Game
from tests.web.conftest import fire, make_user, started_game

PAGES = [
    "/",
    "/healthz",
    "/games/new",
    "/stats",
    "/history",
    "/leaderboard",
    "/login",
    "/signup",
    "/password",
    "/password/done",
    "{game}",
]
FORMS = ["/games/", "{game}shots", "{game}ships", "{game}resign", "/logout"]


@pytest.fixture
def player(db):
    client = Client()
    client.force_login(make_user("methodical"))
    client.game = started_game(client)
    return client


@pytest.mark.parametrize("method", ["put", "delete", "patch"])
def test_other_methods_get_the_sites_405_and_change_nothing(player, method):
    for path in PAGES + FORMS:
        url = path.format(game=player.game.get_absolute_url())
        response = getattr(player, method)(url)
        assert response.status_code == 405, url
        page = response.content.decode()
        assert 'class="error-code">405' in page, url
        assert "This address does not take that kind of request" in page, url
        assert "Allow" in response, url
    player.game.refresh_from_db()
    assert player.game.moves == 0
    assert Game.objects.count() == 1


def test_pages_answer_head_as_get(player):
    for path in PAGES:
        url = path.format(game=player.game.get_absolute_url())
        status = player.head(url).status_code
        assert status == player.get(url).status_code, url
        assert status in (200, 302), url  # /login, /signup: signed in already


def test_a_form_still_takes_its_post(player):
    assert fire(player, player.game, "B2").status_code == 200
