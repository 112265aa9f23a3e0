"""One press to play (issue 32, item 4): Play now on the home page starts a game with the
last opponent and rules chosen (else the Lieutenant by the classic rules), its fleet already
placed at random, so that one press on Start begins it; the new-game page offers the same
choice first."""

import re

import pytest
from django.core.cache import cache
from django.test import override_settings

from games.models import HUMAN, Game, Ship

PLAY_NOW = re.compile(r'<form method="post" action="/games/now"[^>]*>.*?</form>', re.S)


def play_now(client) -> Game:
    response = client.post("/games/now")
    assert response.status_code == 302
    return Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])


def test_the_home_page_offers_play_now_as_a_plain_form(guest):
    page = guest.get("/").content.decode()
    form = PLAY_NOW.search(page)
    assert form, "no Play now form posting to /games/now"
    assert 'name="csrfmiddlewaretoken"' in form[0]
    assert ">Play now</button>" in form[0]
    assert 'href="/games/new"' in page  # choosing is still a press away
    assert "the classic rules against the Lieutenant" in page


def test_play_now_places_a_whole_fleet_against_the_lieutenant_ready_to_start(guest):
    game = play_now(guest)
    assert (game.level, game.rules_name, game.status) == (3, "standard", Game.Status.SETUP)
    ships = Ship.objects.filter(game=game, player=HUMAN)
    assert sorted(ship.name for ship in ships) == sorted(s.name for s in game.rule_set.fleet)
    page = guest.get(game.get_absolute_url()).content.decode()
    assert re.search(r'<button type="submit" id="start-button" class="primary">', page)
    assert guest.post(f"/games/{game.pk}/start").status_code == 302  # one press begins
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert len(game.fleets[0]) == len(game.rule_set.fleet)


def test_the_fleet_can_still_be_shuffled_moved_or_cleared_before_start(guest):
    game = play_now(guest)
    assert guest.post(f"/games/{game.pk}/ships/clear").status_code == 302
    assert not Ship.objects.filter(game=game, player=HUMAN).exists()


def test_play_now_uses_the_last_opponent_and_rules_chosen(guest):
    assert guest.post("/games/", {"level": 4, "rules": "fog_of_war"}).status_code == 302
    assert "the fog of war rules against the Captain" in guest.get("/").content.decode()
    game = play_now(guest)
    assert (game.level, game.rules_name) == (4, "fog_of_war")
    assert Ship.objects.filter(game=game, player=HUMAN).count() == 5


def test_a_five_shot_choice_gets_its_six_ships_placed(guest):
    guest.post("/games/", {"level": 1, "rules": "five_shot"})
    game = play_now(guest)
    assert game.rules_name == "five_shot"
    assert Ship.objects.filter(game=game, player=HUMAN).count() == 6


def test_a_remembered_choice_no_longer_offered_falls_back_to_the_lieutenant(guest):
    guest.get("/")
    session = guest.session
    session["new_game"] = {"level": 9, "rules": "chess"}
    session.save()
    assert "the classic rules against the Lieutenant" in guest.get("/").content.decode()
    game = play_now(guest)
    assert (game.level, game.rules_name) == (3, "standard")
    page = guest.get("/games/new").content.decode()
    assert re.search(r'id="level-3" value="3" checked', page)
    assert re.search(r'id="rules-standard" value="standard" checked', page)


def test_a_signed_in_players_game_is_theirs_and_nobody_elses(owner, outsider):
    game = play_now(owner)
    assert game.owner == owner.user
    assert outsider.get(game.get_absolute_url()).status_code == 404


def test_play_now_only_answers_a_post_and_a_get_creates_nothing(guest):
    assert guest.get("/games/now").status_code == 405
    assert Game.objects.count() == 0


@pytest.mark.usefixtures("steady_rate_clock")
@override_settings(NEW_GAME_RATE="2/m")
def test_play_now_counts_toward_the_same_limit_as_new_games(guest):
    cache.clear()
    assert guest.post("/games/", {"level": 1}).status_code == 302
    assert guest.post("/games/now").status_code == 302
    assert guest.post("/games/now").status_code == 429
    assert Game.objects.count() == 2
    cache.clear()


def test_the_new_game_page_chooses_the_lieutenant_and_classic_rules_first(guest):
    page = guest.get("/games/new").content.decode()
    assert len(re.findall(r'name="level" [^>]*checked', page)) == 1
    assert re.search(r'id="level-3" value="3" checked', page)
    assert re.search(r'id="rules-standard" value="standard" checked', page)


def test_each_choice_is_described_for_screen_readers(guest):
    page = guest.get("/games/new").content.decode()
    for level in range(1, 6):
        assert f'aria-describedby="level-{level}-note"' in page
        assert f'id="level-{level}-note"' in page
    assert 'id="rules-salvo-summary"' in page


def test_the_choice_and_play_now_are_said_in_german(guest):
    home = guest.get("/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert ">Sofort spielen</button>" in home
    page = guest.get("/games/new", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<legend>Dein Gegner</legend>" in page
