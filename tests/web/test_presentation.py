"""What a player reads on the pages: a refused entry kept to correct, times said as people
say them, the result said once."""

import re
from datetime import timedelta

from django.utils import timezone

from games.models import Game
from tests.web.conftest import COMPUTER_FLEET, fire, fleet_cells, new_game, started_game

HX = {"HX-Request": "true"}


def visible_text(html: str) -> str:
    """The page's text without what only a screen reader gets (the .sr-only parts)."""
    html = re.sub(r'<[^>]+class="sr-only"[^>]*>[^<]*</[a-z]+>', "", html)
    return re.sub(r"<[^>]+>", " ", html)


def test_a_refused_typed_cell_stays_in_the_box_to_correct(guest):
    game = started_game(guest)
    response = guest.post(f"/games/{game.pk}/shots", {"cell": "B77", "move": 0}, headers=HX)
    assert response.status_code == 400
    box = re.search(r'<input id="typed-cell"[^>]*>', response.content.decode())
    assert box is not None
    assert 'value="B77"' in box[0]
    # Without scripts too: the page shown with the refusal keeps it.
    response = guest.post(f"/games/{game.pk}/shots", {"cell": "B77", "move": 0})
    assert 'value="B77"' in re.search(r'<input id="typed-cell"[^>]*>', response.content.decode())[0]


def test_a_cell_fired_at_empties_the_box(guest):
    game = started_game(guest)
    response = fire(guest, game, "B7")
    box = re.search(r'<input id="typed-cell"[^>]*>', response.content.decode())
    assert box is not None
    assert "value=" not in box[0]


def test_a_game_just_left_was_played_just_now_not_zero_minutes_ago(guest):
    game = new_game(guest)
    page = guest.get("/").content.decode()
    assert "0 minutes" not in page
    assert "just now" in page
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(minutes=5))
    # (Django puts a no-break space between the number and its unit.)
    assert "5 minutes ago" in guest.get("/").content.decode().replace("\xa0", " ")


def test_the_result_is_shown_once_at_the_end(guest):
    game = started_game(guest)
    for cell in fleet_cells(COMPUTER_FLEET):
        fire(guest, game, cell)
    page = guest.get(f"/games/{game.pk}/").content.decode()
    assert visible_text(page).count("You won!") == 1
    # ...and a screen reader's live region still says it.
    announcer = page[page.index('id="announcer"') : page.index('id="play"')]
    assert "You won!" in announcer


def test_the_end_sets_the_game_beside_your_averages_against_that_opponent(guest):
    first = started_game(guest)
    for cell in fleet_cells(COMPUTER_FLEET):
        fire(guest, first, cell)
    page = guest.get(f"/games/{first.pk}/").content.decode()
    assert "your average" not in page  # nothing to compare with yet
    assert f'href="/history/{first.pk}/"' in page  # Review: the replay
    second = started_game(guest)
    for cell in ["B2", "B3", *fleet_cells(COMPUTER_FLEET)]:
        fire(guest, second, cell)
    page = visible_text(guest.get(f"/games/{second.pk}/").content.decode())
    assert "your average: 17" in page  # the first game's 17 shots
    assert "your average: 100%" in page
    assert "Averages over your 1 other finished game against the Recruit." in " ".join(page.split())


def test_an_unfinished_game_can_be_abandoned_from_the_home_page(guest):
    game = started_game(guest)
    fire(guest, game, "B2")
    home = guest.get("/").content.decode()
    assert f'action="/games/{game.pk}/resign"' in home
    response = guest.post(f"/games/{game.pk}/resign", {"then": "home"})
    assert response.status_code == 302
    assert response.url == "/"
    game.refresh_from_db()
    assert game.status == Game.Status.RESIGNED
    assert f"/games/{game.pk}/" not in guest.get("/").content.decode()
