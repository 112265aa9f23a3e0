"""Every rule set in the browser: chosen on the new-game page, with a rules page each;
Salvo turns picked and fired whole; special weapons; every bad request refused with a
sentence and nothing changed."""

import html
import re

import pytest

from battleship.classic import RuleSet
from core.rule_sets import OFFERED
from games.models import Game, Shot
from tests.web.conftest import COMPUTER, COMPUTER_FLEET, HUMAN_FLEET, Ship, set_fleet

HX = {"HX-Request": "true"}


def game_with_rules(client, rules_name, level=1):
    response = client.post("/games/", {"level": level, "rules": rules_name})
    assert response.status_code == 302
    game = Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])
    if game.rule_set.fleet != RuleSet.standard().fleet:  # the five-shot fleet of six
        game.shuffle()
        game.start()
        return game
    for name, start, way in HUMAN_FLEET:
        game.place_ship(name, start, way)
    game.start()
    set_fleet(game, COMPUTER, COMPUTER_FLEET)
    game.refresh_from_db()
    return game


def announced(response):
    page = response.content.decode()
    # Every shot of the round is in the turn's log (the live region says its summary).
    region = re.search(r'id="turn-log-lines"[^>]*>(.*?)</div>', page, re.S) or re.search(
        r'hx-swap-oob="innerHTML:#turn-log-lines">(.*?)</div>', page, re.S
    )
    return re.findall(r"<p[^>]*>(.*?)</p>", region.group(1))


def error_of(response):
    page = response.content.decode()
    return html.unescape(re.search(r'<p class="error"[^>]*>([^<]*)</p>', page).group(1))


def stored(game):
    game.refresh_from_db()
    return game.moves, game.log, Shot.objects.filter(game=game).count()


# -- choosing -----------------------------------------------------------------------------


def test_the_new_game_page_offers_every_rule_set_with_a_summary_and_its_rules(guest):
    page = guest.get("/games/new").content.decode()
    for info in OFFERED:
        assert f'value="{info.name}"' in page
        assert info.summary in page
        assert f'href="/rules/{info.name}"' in page
        rules_page = guest.get(f"/rules/{info.name}")
        assert rules_page.status_code == 200
        assert f"{info.title}: the rules" in rules_page.content.decode()
    assert guest.get("/rules/chess").status_code == 404
    home = guest.get("/").content.decode()  # its How to play leads to every rule set's page
    assert all(f'href="/rules/{info.name}"' in home for info in OFFERED)


def test_a_rule_set_can_be_linked_and_the_choice_is_remembered(guest):
    page = guest.get("/games/new?rules=salvo").content.decode()
    assert re.search(r'id="rules-salvo" value="salvo" checked', page)
    guest.post("/games/", {"level": 4, "rules": "fog_of_war"})
    page = guest.get("/games/new").content.decode()
    assert re.search(r'id="rules-fog_of_war" value="fog_of_war" checked', page)
    assert re.search(r'id="level-4" value="4" checked', page)


@pytest.mark.parametrize("info", OFFERED, ids=lambda info: info.name)
def test_a_game_is_stored_under_the_rule_set_chosen(guest, info):
    game = game_with_rules(guest, info.name)
    assert game.rule_set == info.rules
    page = guest.get(game.get_absolute_url()).content.decode()
    if info.name != "standard":
        assert f'href="/rules/{info.name}"' in page


@pytest.mark.parametrize("rules", ["chess", "STANDARD", "x" * 5000])
def test_an_unknown_rule_set_is_refused_and_nothing_is_made(guest, rules):
    response = guest.post("/games/", {"level": 2, "rules": rules})
    assert response.status_code == 400
    assert error_of(response) == "Choose one of the rule sets on this page."
    assert len(response.content) < 20_000
    assert not Game.objects.exists()


# -- Salvo ------------------------------------------------------------------------------


def test_a_salvo_is_fired_whole_and_answered_by_the_computers_whole_salvo(guest):
    game = game_with_rules(guest, "salvo")
    page = guest.get(game.get_absolute_url()).content.decode()
    assert 'data-volley="5"' in page
    response = guest.post(
        f"/games/{game.pk}/shots", {"cell": "A6 A7 B1 B2 C3", "move": game.moves}, headers=HX
    )
    assert response.status_code == 200
    lines = announced(response)
    assert lines[:5] == ["A6: hit", "A7: miss", "B1: miss", "B2: miss", "C3: miss"]
    assert sum(line.startswith("They fired at ") for line in lines) == 5
    moves, log, shots = stored(game)
    assert (moves, shots) == (2, 10)
    assert log[0] == {"fire": ["A6", "A7", "B1", "B2", "C3"]}
    # Each cell says the turn it was fired in, in its name and on hover: all five, turn 1.
    page = response.content.decode()
    assert 'aria-label="A6, hit, turn 1" title="Turn 1"' in page
    assert 'aria-label="C3, miss, turn 1" title="Turn 1"' in page
    assert page.count('title="Turn 1"') == 10  # theirs too, on your own board


def test_without_scripts_a_salvo_is_fired_a_cell_at_a_time(guest):
    game = game_with_rules(guest, "salvo")
    for n, cell in enumerate(["A6", "A7", "B1", "B2"], start=1):
        assert (
            guest.post(f"/games/{game.pk}/shots", {"cell": cell, "move": game.moves}).status_code
            == 302
        )
        page = guest.get(game.get_absolute_url()).content.decode()
        assert f"{5 - n} shot{'s' if 5 - n != 1 else ''} left in this turn" in page
        game.refresh_from_db()
    assert Shot.objects.filter(game=game, player=COMPUTER).count() == 0  # not its turn yet
    guest.post(f"/games/{game.pk}/shots", {"cell": "C3", "move": game.moves})
    assert Shot.objects.filter(game=game, player=COMPUTER).count() == 5


@pytest.mark.parametrize(
    ("cells", "said"),
    [
        ("A6 A7 B1 B2 C3 D4", "This turn has 5 shots left, not 6."),
        ("A6 A6", "A6 is chosen twice in one volley."),
        ("A6 K1", "'K1' is off the board (A1 to J10)."),
        ("", "Choose a cell to fire at, like B7."),
    ],
)
def test_a_bad_salvo_is_refused_whole(guest, cells, said):
    game = game_with_rules(guest, "salvo")
    before = stored(game)
    response = guest.post(
        f"/games/{game.pk}/shots", {"cell": cells, "move": game.moves}, headers=HX
    )
    assert response.status_code == 400
    assert error_of(response) == said
    assert stored(game) == before


def test_a_salvo_sent_twice_is_applied_once(guest):
    game = game_with_rules(guest, "salvo")
    data = {"cell": "A6 A7 B1 B2 C3", "move": game.moves}
    assert guest.post(f"/games/{game.pk}/shots", data, headers=HX).status_code == 200
    assert guest.post(f"/games/{game.pk}/shots", data, headers=HX).status_code == 409
    assert stored(game)[:1] == (2,)


# -- special weapons --------------------------------------------------------------------


def weapon(client, game, **data):
    game.refresh_from_db()
    return client.post(f"/games/{game.pk}/shots", {"move": game.moves, **data}, headers=HX)


def test_an_air_strike_hits_its_square_and_each_cell_is_announced(guest):
    game = game_with_rules(guest, "special_weapons")
    page = guest.get(game.get_absolute_url()).content.decode()
    assert "Air strike (1 left)" in page
    assert "Torpedo (2 left)" in page
    response = weapon(guest, game, weapon="air_strike", center="A7")
    assert response.status_code == 200
    lines = announced(response)
    assert lines[0] == "Your air strike on A7:"
    assert lines[1:7] == ["A6: hit", "A7: miss", "A8: hit", "B6: hit", "B7: miss", "B8: hit"]
    assert "Air strike (" not in response.content.decode()  # spent
    assert stored(game)[1][0] == {"air_strike": "A7"}


def test_a_torpedo_strikes_the_first_ship_cell_or_says_no_contact(guest):
    game = game_with_rules(guest, "special_weapons")
    response = weapon(guest, game, weapon="torpedo", line="column-7", end="start")
    assert announced(response)[:2] == ["Your torpedo from the north along column 8:", "A8: hit"]
    response = weapon(guest, game, weapon="torpedo", line="row-5", end="end")  # row F: empty
    assert announced(response)[0] == "Your torpedo from the east along row F: no contact."
    assert "Torpedo (" not in response.content.decode()  # both spent
    assert stored(game)[1][2] == {"torpedo": {"from": "east", "line": 5}}


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"weapon": "air_strike", "center": "K5"}, "'K5' is off the board (A1 to J10)."),
        ({"weapon": "air_strike", "center": ""}, "Choose the cell at the centre of the strike."),
        ({"weapon": "air_strike", "center": "Z" * 3000}, f"'{'Z' * 40}…' is not a cell."),
        ({"weapon": "torpedo", "line": "row-10", "end": "start"},
         "Choose a row or a column of the board for the torpedo."),
        ({"weapon": "torpedo", "line": "row-1", "end": "middle"},
         "Launch the torpedo from one end of its line."),
        ({"weapon": "torpedo", "end": "start"}, "Choose the row or column the torpedo runs along."),
    ],
)  # fmt: skip
def test_a_bad_weapon_request_is_refused_with_a_sentence(guest, data, said):
    game = game_with_rules(guest, "special_weapons")
    before = stored(game)
    response = weapon(guest, game, **data)
    assert response.status_code == 400
    assert error_of(response) == said
    assert stored(game) == before


def test_a_spent_weapon_or_one_the_rules_lack_is_refused(guest):
    game = game_with_rules(guest, "special_weapons")
    assert weapon(guest, game, weapon="air_strike", center="E5").status_code == 200
    before = stored(game)
    response = weapon(guest, game, weapon="air_strike", center="H5")
    assert (response.status_code, error_of(response)) == (400, "Every air strike has been used.")
    assert stored(game) == before
    standard = game_with_rules(guest, "standard")
    response = weapon(guest, standard, weapon="torpedo", line="row-0", end="start")
    assert (response.status_code, error_of(response)) == (400, "These rules have no torpedo.")


def test_fog_of_war_names_no_ship_at_a_sinking(guest):
    game = game_with_rules(guest, "fog_of_war")
    for cell in ["J9", "J10"]:
        response = weapon(guest, game, cell=cell)
    assert announced(response)[0] == "J10: hit"
    assert "Destroyer" not in "".join(announced(response))
    assert Ship.objects.filter(game=game).exists()
    assert RuleSet.fog_of_war().names_sunk_ships is False


def test_the_replay_steps_through_turns_and_weapons(guest):
    game = game_with_rules(guest, "special_weapons")
    weapon(guest, game, weapon="air_strike", center="A7")
    weapon(guest, game, weapon="torpedo", line="row-5", end="end")
    guest.post(f"/games/{game.pk}/resign")
    game.refresh_from_db()
    first = guest.get(f"/history/{game.pk}/?step=1").content.decode()
    assert (
        "Move 1 of 4: your air strike on A7: A6 (hit), A7 (miss), A8 (hit), B6 (hit), "
        "B7 (miss), B8 (hit)." in first
    )
    third = guest.get(f"/history/{game.pk}/?step=3").content.decode()
    assert "Move 3 of 4: your torpedo from the east along row F: no contact." in third
    second = guest.get(f"/history/{game.pk}/?step=2").content.decode()
    assert "Move 2 of 4: the computer fired at" in second

    salvo = game_with_rules(guest, "salvo")
    guest.post(f"/games/{salvo.pk}/shots", {"cell": "A6 A7 B1 B2 C3", "move": 0})
    guest.post(f"/games/{salvo.pk}/resign")
    page = guest.get(f"/history/{salvo.pk}/?step=1").content.decode()
    assert "Move 1 of 2: you fired at A6 (hit), A7 (miss), B1 (miss), B2 (miss), C3 (miss)." in page


def test_the_leaderboard_is_per_rule_set_and_history_names_the_rules(owner, client):
    from tests.web.conftest import finished_game

    games = [finished_game(owner.user, "won", level=2) for _ in range(5)]
    Game.objects.filter(pk__in=[g.pk for g in games]).update(rules=RuleSet.salvo().to_dict())
    classic = client.get("/leaderboard").content.decode()
    assert "Leaderboard: classic rules" in classic
    assert "owner" not in classic  # their five games are Salvo games
    salvo = client.get("/leaderboard?rules=salvo").content.decode()
    assert "Leaderboard: salvo rules" in salvo
    assert re.search(r'<th scope="row">owner</th><td>5</td><td>5</td>', salvo)
    assert client.get("/leaderboard?rules=chess").status_code == 404
    history = owner.get("/history").content.decode()
    assert history.count('2. Ensign <span class="rules-note">(Salvo)</span>') == 5


def test_the_salvo_status_and_its_count_are_two_sentences_apart(guest):
    game = game_with_rules(guest, "salvo")
    page = guest.get(game.get_absolute_url()).content.decode()
    status = re.search(r'<p id="volley-status"[^>]*>(.*?)</p>', page, re.S)[1]
    # The script writes "2 of 5 chosen." in the count: it was read "this turn.2 of 5 chosen."
    assert re.search(r'shots this turn\. <span class="volley-count"', status)
