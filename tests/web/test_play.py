"""Firing, the computer's answer, refusals, resuming, resigning and the end of a game."""

import re

import pytest
from django.db import IntegrityError, transaction
from django.test import Client

from battleship.classic import RuleSet
from games.models import COMPUTER, HUMAN, Game, Shot
from tests.web.conftest import (
    COMPUTER_FLEET,
    fire,
    fleet_cells,
    new_game,
    normalised,
    started_game,
)

HX = {"HX-Request": "true"}


def test_a_shot_is_answered_by_the_computer_in_the_same_request(guest):
    game = started_game(guest)
    response = fire(guest, game, "A6")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<html" not in page  # htmx gets the play partial only
    assert "A6: hit" in page
    assert "They fired at" in page
    shots = list(Shot.objects.filter(game=game).order_by("sequence"))
    assert [(s.player, s.sequence) for s in shots] == [(HUMAN, 0), (COMPUTER, 1)]
    assert shots[0].hit
    game.refresh_from_db()
    assert game.moves == 2


def test_the_fired_cell_is_never_offered_again(guest):
    game = started_game(guest)
    answer = fire(guest, game, "B2").content.decode()
    assert 'value="B2"' not in answer
    assert 'aria-label="B2, miss, turn 1" title="Turn 1" aria-disabled="true"' in answer
    page = guest.get(game.get_absolute_url(), headers=HX).content.decode()
    assert 'value="B2"' not in page
    assert 'aria-label="B2, miss, turn 1" title="Turn 1" aria-disabled="true"' in page
    assert 'name="cell" value="B3"' in page


def enemy_labels(html):
    return re.findall(r'id="enemy-([A-J]\d+)"', html)


def test_the_answer_to_a_shot_carries_only_what_changed(guest):
    game = started_game(guest)
    page = guest.get(game.get_absolute_url(), headers=HX).content.decode()
    answer = fire(guest, game, "B2").content.decode()
    their_shot = Shot.objects.get(game=game, player=COMPUTER)
    assert enemy_labels(answer) == ["B2"]
    their_cell = "ABCDEFGHIJ"[their_shot.row] + str(their_shot.col + 1)
    assert re.findall(r'id="own-([A-J]\d+)"', answer) == [their_cell]
    assert 'id="turn" data-move="2"' in answer
    assert '<input type="hidden" name="move" value="2" id="fire-move" hx-swap-oob="true">' in answer
    assert "B2: miss" in answer
    assert "They fired at" in answer
    assert 'id="enemy-fleet"' not in answer  # nothing of theirs sank
    assert ('id="own-fleet"' in answer) == their_shot.hit  # yours changes when hit
    assert len(answer) < len(page) / 5


def test_a_sinking_marks_every_cell_of_the_sunk_ship(guest):
    game = started_game(guest)
    fire(guest, game, "J9")
    answer = fire(guest, game, "J10").content.decode()
    assert "You sank their Destroyer" in answer
    assert sorted(enemy_labels(answer)) == ["J10", "J9"]
    assert 'aria-label="J9, Destroyer, sunk, turn 1"' in answer
    assert 'aria-label="J10, Destroyer, sunk, turn 2"' in answer
    assert re.search(r'<li class="is-sunk">\s*<span class="ship-name">Destroyer', answer)


def test_without_javascript_a_shot_redirects_back_to_the_game(guest):
    game = started_game(guest)
    response = fire(guest, game, "B2", htmx=False)
    assert response.status_code == 302
    assert response.url == game.get_absolute_url()
    page = guest.get(response.url).content.decode()
    assert "B2: miss" in page


@pytest.mark.parametrize("cell", ["K1", "A11", "A0", "", "B", "'; DROP TABLE", "Z99", "B7B7"])
def test_a_bad_cell_is_refused_clearly_and_changes_nothing(guest, cell):
    game = started_game(guest)
    response = fire(guest, game, cell)
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()
    game.refresh_from_db()
    assert game.moves == 0
    assert not Shot.objects.filter(game=game).exists()


def test_a_repeated_cell_is_refused(guest):
    game = started_game(guest)
    fire(guest, game, "B2")
    response = fire(guest, game, "B2")
    assert response.status_code == 400
    assert "already been fired at" in response.content.decode()
    assert Shot.objects.filter(game=game).count() == 2


def test_a_stale_page_gets_the_current_board_not_a_second_shot(guest):
    game = started_game(guest)
    assert fire(guest, game, "B2", move=0).status_code == 200
    # The same click again (double click, second tab): the move number is out of date.
    response = fire(guest, game, "B3", move=0)
    assert response.status_code == 409
    page = response.content.decode()
    assert "out of date" in page
    assert 'aria-label="B2, miss, turn 1"' in page  # the current board comes back
    assert Shot.objects.filter(game=game).count() == 2


def test_a_missing_move_number_is_refused(guest):
    game = started_game(guest)
    response = guest.post(f"/games/{game.pk}/shots", {"cell": "B2"}, headers=HX)
    assert response.status_code == 400
    assert not Shot.objects.filter(game=game).exists()


def test_someone_elses_game_is_404_for_every_action(guest, outsider):
    game = started_game(guest)
    for method, url in [
        ("get", ""),
        ("post", "shots"),
        ("post", "resign"),
        ("post", "ships"),
        ("post", "shuffle"),
        ("post", "start"),
        ("post", "again"),
    ]:
        response = getattr(outsider, method)(f"/games/{game.pk}/{url}", {"cell": "A6", "move": 0})
        assert response.status_code == 404
    assert not Shot.objects.filter(game=game).exists()
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING


def test_a_post_without_the_csrf_token_is_refused(guest):
    game = started_game(guest)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = guest.cookies
    response = strict.post(f"/games/{game.pk}/shots", {"cell": "A6", "move": 0}, headers=HX)
    assert response.status_code == 403
    assert not Shot.objects.filter(game=game).exists()


def test_only_post_fires(guest):
    game = started_game(guest)
    assert guest.get(f"/games/{game.pk}/shots?cell=A6&move=0").status_code == 405
    assert not Shot.objects.filter(game=game).exists()


def test_a_reload_shows_exactly_the_saved_game(guest):
    game = started_game(guest)
    for cell in ["A6", "B6", "E5"]:
        fire(guest, game, cell)
    first = guest.get(game.get_absolute_url()).content.decode()
    # A new browser tab, or the server restarted: everything comes from the database.
    again = guest.get(game.get_absolute_url()).content.decode()
    assert normalised(first) == normalised(again)
    assert "E5: miss" in again
    assert re.search(r'aria-label="A6, hit, turn \d+"', again)


def test_game_pages_are_never_cached_and_vary_on_htmx(guest):
    game = started_game(guest)
    response = guest.get(game.get_absolute_url())
    assert "no-store" in response["Cache-Control"]
    assert "HX-Request" in response["Vary"]


def test_a_shot_number_cannot_be_stored_twice(guest):
    # Which cells may be fired at is the engine's rule (the sector game fires at a cell
    # again); that a shot number is stored once is the schema's.
    game = started_game(guest)
    fire(guest, game, "A6")
    with pytest.raises(IntegrityError), transaction.atomic():
        Shot.objects.create(game=game, sequence=0, player=HUMAN, row=9, col=9, hit=False)


def test_resigning_ends_the_game_and_reveals_the_fleet(guest):
    game = started_game(guest)
    fire(guest, game, "A6")
    response = guest.post(f"/games/{game.pk}/resign", headers=HX)
    assert response.status_code == 200
    page = response.content.decode()
    assert "You resigned" in page
    assert 'aria-label="J9, Destroyer"' in page  # the enemy fleet is shown at the end
    game.refresh_from_db()
    assert game.status == Game.Status.RESIGNED
    assert fire(guest, game, "B2").status_code == 409
    assert guest.post(f"/games/{game.pk}/resign").status_code == 409


def test_a_whole_game_to_victory_then_play_again(guest):
    game = started_game(guest, level=1)
    for cell in fleet_cells(COMPUTER_FLEET):
        response = fire(guest, game, cell)
        assert response.status_code == 200
    page = response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.WON
    assert "You won!" in page
    assert "You sank their Destroyer" in page or "You sank their" in page
    assert "17 (100% accuracy)" in page
    assert "Play again" in page
    assert fire(guest, game, "B2").status_code == 409  # a finished game is never changed
    assert Shot.objects.filter(game=game, player=HUMAN).count() == 17
    response = guest.post(f"/games/{game.pk}/again")
    assert response.status_code == 302
    new = Game.objects.exclude(pk=game.pk).get()
    assert (new.level, new.status) == (1, Game.Status.SETUP)


def test_the_home_page_lists_unfinished_games_newest_first(guest, outsider):
    older = started_game(guest, level=2)
    newer = started_game(guest, level=4)
    fire(guest, newer, "B2")
    theirs = started_game(outsider, level=5)
    finished = started_game(guest, level=3)
    guest.post(f"/games/{finished.pk}/resign")
    page = guest.get("/").content.decode()
    assert page.index(newer.get_absolute_url()) < page.index(older.get_absolute_url())
    assert "1 shot so far" in page
    assert "Against the Captain" in page  # the opponent by name
    assert theirs.get_absolute_url() not in page
    assert finished.get_absolute_url() not in page


def test_a_fire_takes_a_bounded_number_of_queries(guest, django_assert_max_num_queries):
    game = started_game(guest, level=5)
    for cell in ["B2", "B3", "B4"]:
        fire(guest, game, cell)
    game.refresh_from_db()
    with django_assert_max_num_queries(6) as captured:
        response = guest.post(
            f"/games/{game.pk}/shots", {"cell": "B5", "move": game.moves}, headers=HX
        )
    assert response.status_code == 200
    # The game row holds the fleets and the shots: a move reads neither table, only writes.
    reads = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("SELECT")]
    assert not [sql for sql in reads if "games_ship" in sql or "games_shot" in sql]


def test_a_history_restore_request_gets_the_whole_page(guest):
    game = started_game(guest)
    headers = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    page = guest.get(game.get_absolute_url(), headers=headers).content.decode()
    assert page.startswith("<!doctype html>")
    partial = guest.get(game.get_absolute_url(), headers=HX).content.decode()
    assert "<html" not in partial
    assert 'id="play"' in partial


def test_the_fleet_lists_say_each_ships_state_in_words(guest):
    game = started_game(guest)
    page = guest.get(game.get_absolute_url()).content.decode()

    def states(html, list_id):
        found = re.search(rf'<ul class="fleet-status" id="{list_id}".*?</ul>', html, re.S)
        return re.findall(r'ship-name">(\w+)</span>.*?ship-state">([\w ]+)<', found.group(0))

    assert states(page, "own-fleet") == [
        (spec.name, "undamaged") for spec in RuleSet.standard().fleet
    ]
    assert {state for _name, state in states(page, "enemy-fleet")} == {"afloat"}
    fire(guest, game, "J9")
    answer = fire(guest, game, "J10").content.decode()
    assert ("Destroyer", "sunk") in states(answer, "enemy-fleet")
    assert [s for n, s in states(answer, "enemy-fleet") if n != "Destroyer"] == ["afloat"] * 4


def error_text(response):
    return re.search(r'<p class="error">([^<]*)</p>', response.content.decode()).group(1)


@pytest.mark.parametrize(
    ("cell", "said"),
    [
        ("", "Choose a cell to fire at, like B7."),
        ("   ", "Choose a cell to fire at, like B7."),
        ("zz", "&#x27;zz&#x27; is not a cell"),
        ("k1", "&#x27;k1&#x27; is off the board (A1 to J10)."),
    ],
)
def test_a_refused_shot_says_why_in_a_whole_sentence(guest, cell, said):
    game = started_game(guest)
    response = fire(guest, game, cell)
    assert response.status_code == 400
    assert error_text(response).startswith(said)
    game.refresh_from_db()
    assert game.moves == 0


def sound(response):
    return re.search(r'id="turn" data-move="\d+" data-sound="(\w*)"', response.content.decode())[1]


def test_only_the_answer_to_a_shot_makes_a_sound(guest):
    game = started_game(guest)
    for cell in ("J9", "J10"):  # the Destroyer sinks
        answer = fire(guest, game, cell)
    assert sound(answer) == "sunk"
    # Refusals and a resignation change nothing that could be heard: silence, not the
    # previous shot's sound again.
    assert sound(fire(guest, game, "J10")) == ""  # fired at already
    assert sound(fire(guest, game, "K1")) == ""
    assert sound(fire(guest, game, "")) == ""
    assert sound(guest.post(f"/games/{game.pk}/resign", headers=HX)) == ""


def test_the_last_shot_of_a_game_makes_the_sound_of_its_end(guest):
    game = started_game(guest, level=1)
    for cell in fleet_cells(COMPUTER_FLEET):
        answer = fire(guest, game, cell)
    assert "You won!" in answer.content.decode()
    assert sound(answer) == "won"  # a fanfare of its own, not the last ship's sinking
    assert sound(guest.get(game.get_absolute_url())) == ""  # heard once, not on a reload


def test_play_again_twice_gives_one_new_game(guest):
    game = started_game(guest)
    guest.post(f"/games/{game.pk}/resign")
    first = guest.post(f"/games/{game.pk}/again")
    second = guest.post(f"/games/{game.pk}/again", headers=HX)  # a double click
    assert first.status_code == 302
    assert second.headers["HX-Redirect"] == first.url
    assert Game.objects.filter(status=Game.Status.SETUP).count() == 1


def test_play_again_opens_its_own_new_game_not_another_one_in_setup(guest):
    game = started_game(guest)
    guest.post(f"/games/{game.pk}/resign")
    mine = new_game(guest)  # a new game against the same level, started by hand
    mine.place_ship("Carrier", "A1", "H")
    again = guest.post(f"/games/{game.pk}/again")
    new = Game.objects.get(pk=again.url.rstrip("/").split("/")[-1])
    assert new.pk not in (game.pk, mine.pk)
    assert not new.ships.exists()
    other = started_game(guest)
    guest.post(f"/games/{other.pk}/resign")
    assert guest.post(f"/games/{other.pk}/again").url != again.url  # each game its own


def test_play_again_after_the_next_game_is_over_opens_another(guest):
    game = started_game(guest)
    guest.post(f"/games/{game.pk}/resign")
    first = guest.post(f"/games/{game.pk}/again").url
    Game.objects.filter(pk=first.rstrip("/").split("/")[-1]).update(status=Game.Status.LOST)
    assert guest.post(f"/games/{game.pk}/again").url != first


def test_play_again_waits_for_the_end_of_the_game(guest):
    game = started_game(guest)
    response = guest.post(f"/games/{game.pk}/again", headers=HX)
    assert response.status_code == 409
    assert "finish it or resign first" in error_text(response)
    assert Game.objects.count() == 1


def test_play_again_keeps_the_rules(guest):
    game = started_game(guest)
    Game.objects.filter(pk=game.pk).update(rules=RuleSet.no_touch().to_dict())
    guest.post(f"/games/{game.pk}/resign")
    guest.post(f"/games/{game.pk}/again")
    new = Game.objects.get(status=Game.Status.SETUP)
    assert new.rule_set == RuleSet.no_touch()


def test_a_typed_cell_may_have_a_space_and_is_never_cut_short(guest):
    game = started_game(guest)
    page = guest.get(game.get_absolute_url()).content.decode()
    typed = re.search(r'<input id="typed-cell"[^>]*>', page, re.S)[0]
    assert "maxlength" not in typed  # "B 10" was cut to "B 1" by the browser
    answer = fire(guest, game, "B 10")
    assert "B10: miss" in answer.content.decode()
    assert Shot.objects.get(game=game, player=HUMAN).cell == "B10"


def test_the_start_of_play_says_it_is_your_turn(guest):
    game = new_game(guest)
    guest.post(f"/games/{game.pk}/shuffle", headers=HX)
    response = guest.post(f"/games/{game.pk}/start", headers=HX)
    assert "The game is on: fire at a cell of Enemy waters." in response.content.decode()
    fire(guest, game, "B2")
    page = guest.get(game.get_absolute_url()).content.decode()
    assert "The game is on" not in page


def announcer(html):
    return re.search(r'<div id="announcer"[^>]*>(.*?)</div>', html, re.S)[1]


def test_a_refusal_is_shown_at_the_top_of_a_whole_page_and_only_said_in_a_swap(guest):
    game = started_game(guest)
    page = fire(guest, game, "K1", htmx=False).content.decode()  # no script: a form post
    assert "<p>&#x27;K1&#x27; is off the board" in announcer(page)
    swapped = fire(guest, game, "K1").content.decode()
    assert '<p class="sr-only">&#x27;K1&#x27; is off the board' in swapped


@pytest.mark.parametrize("htmx", [True, False])
def test_a_refused_typed_cell_is_marked_invalid_and_described_by_the_reason(guest, htmx):
    game = started_game(guest)
    headers = HX if htmx else {}
    answer = guest.post(f"/games/{game.pk}/shots", {"cell": "Z9", "move": 0}, headers=headers)
    page = answer.content.decode()
    typed = re.search(r'<input id="typed-cell"[^>]*>', page, re.S)[0]
    assert 'value="Z9"' in typed
    assert 'aria-invalid="true"' in typed
    assert 'aria-describedby="shot-error"' in typed
    error = re.search(r'<div id="shot-error"[^>]*>(.*?)</div>', page, re.S)[1]
    assert "Z9" in error
    # The next page, the box emptied: no longer invalid.
    again = guest.get(game.get_absolute_url()).content.decode()
    assert "aria-invalid" not in re.search(r'<input id="typed-cell"[^>]*>', again, re.S)[0]
