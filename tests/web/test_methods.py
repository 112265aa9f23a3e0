"""Pages take GET and HEAD; forms take POST; anything else is the site's 405 and changes
nothing. Every address the site has is walked (tests/web/site_urls.py), so a new app's
pages and forms are held to this the day they are added."""

import pytest
from django.test import Client

from games.models import Game
from sector.models import SectorBattle
from tests.web.conftest import fire, make_user
from tests.web.site_urls import Things, every_address

ADDRESSES = every_address()
SITE = [address for address in ADDRESSES if not address.admin]


@pytest.fixture
def player(db):
    client = Client()
    user = make_user("methodical")
    client.force_login(user)
    client.things = Things.of(client)
    return client


def state(player):
    things = player.things
    games = [Game.objects.get(pk=g.pk) for g in (things.game, things.finished)]
    battle = SectorBattle.objects.get(pk=things.battle.pk)
    return (
        [(g.status, g.moves) for g in games],
        (battle.status, battle.moves, battle.fleets),
        Game.objects.count(),
        SectorBattle.objects.count(),
    )


def test_the_walk_finds_every_apps_pages():
    templates = {address.template for address in ADDRESSES}
    for expected in ("/games/{game_id}/shots", "/sector/{battle_id}/", "/daily/{day}", "/learn/"):
        assert expected in templates


@pytest.mark.parametrize("method", ["put", "delete", "patch"])
def test_other_methods_get_the_sites_405_and_change_nothing(player, method):
    before = state(player)
    for address in SITE:
        url = player.things.url(address)
        response = getattr(player, method)(url)
        assert response.status_code == 405, url
        page = response.content.decode()
        assert 'class="error-code">405' in page, url
        assert "This address does not take that kind of request" in page, url
        assert "Allow" in response, url
    assert state(player) == before


def test_every_address_answers_head_as_get(player):
    """Django's admin included (a visitor who is not staff is sent to its login either way)."""
    for address in ADDRESSES:
        url = player.things.url(address)
        status = player.head(url).status_code
        assert status == player.get(url).status_code, url
        if not address.admin:
            # A page (/login, /signup: signed in already, so sent on; /sector/: moved to the
            # history for good), or a form's address.
            assert status in (200, 301, 302, 405), url


def test_a_form_still_takes_its_post(player):
    assert fire(player, player.things.game, "B2").status_code == 200
