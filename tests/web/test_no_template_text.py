"""No page shows template source: a comment or tag that Django did not parse reaches the
player as text (a two-line {# #} comment did, on every game page and in every answer)."""

import re

import pytest

from tests.web.conftest import (
    COMPUTER_FLEET,
    HUMAN_FLEET,
    fire,
    fleet_cells,
    make_user,
    new_game,
    started_game,
)

TEMPLATE_TEXT = re.compile(r"\{#|\{%|\{\{|#\}|%\}|\}\}")


def assert_clean(response):
    assert response.status_code in (200, 400, 404, 409, 422), response.status_code
    text = response.content.decode()
    found = TEMPLATE_TEXT.search(text)
    assert found is None, text[max(found.start() - 120, 0) : found.end() + 120]


def test_it_shows_no_template_text_on_any_game_page_or_answer(guest):
    assert_clean(guest.get("/"))
    assert_clean(guest.get("/games/new"))
    game = new_game(guest)
    assert_clean(guest.get(f"/games/{game.pk}/"))  # empty setup
    name, start, way = HUMAN_FLEET[0]
    placed = guest.post(
        f"/games/{game.pk}/ships",
        {"ship": name, "cell": start, "orientation": way},
        headers={"HX-Request": "true"},
    )
    assert_clean(placed)
    refused = guest.post(
        f"/games/{game.pk}/ships",
        {"ship": name, "cell": "Z99", "orientation": way},
        headers={"HX-Request": "true"},
    )
    assert_clean(refused)

    game = started_game(guest)
    assert_clean(guest.get(f"/games/{game.pk}/"))  # play, before the first shot
    cells = fleet_cells(COMPUTER_FLEET)
    assert_clean(fire(guest, game, cells[0]))  # the htmx answer to a shot
    assert_clean(fire(guest, game, cells[0]))  # a refusal: fired at already
    assert_clean(guest.get(f"/games/{game.pk}/"))  # the whole page after a shot
    for cell in cells[1:]:
        fire(guest, game, cell)
    game.refresh_from_db()
    assert game.status == "won"
    assert_clean(guest.get(f"/games/{game.pk}/"))  # the end


@pytest.mark.django_db
def test_it_shows_no_template_text_on_account_pages(client):
    for path in ("/login", "/signup", "/leaderboard", "/no-such-page"):
        assert_clean(client.get(path))
    user = make_user("reader")
    client.force_login(user)
    game = started_game(client)
    for cell in fleet_cells(COMPUTER_FLEET):
        fire(client, game, cell)
    for path in ("/stats", "/history", f"/history/{game.pk}/", "/password", "/leaderboard"):
        assert_clean(client.get(path))
