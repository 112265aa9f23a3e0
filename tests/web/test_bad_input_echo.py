"""What was sent comes back, if at all, as a short excerpt: never a page as long as the input."""

import pytest
from django.conf import settings

from games.models import Ship
from tests.web.conftest import new_game, started_game

# Just under the largest body the site reads (MAX_REQUEST_BODY; a longer one is a 413).
HUGE = "Q" * (settings.MAX_REQUEST_BODY - 4096)


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize(
    "data",
    [
        {"ship": HUGE, "cell": "A1"},
        {"ship": "Carrier", "cell": HUGE},
        {"ship": "Carrier", "cell": "A1", "orientation": HUGE},
        {"remove": HUGE},
    ],
)
def test_a_huge_placement_value_is_refused_with_a_short_excerpt(guest, data, htmx):
    game = new_game(guest)
    headers = {"HX-Request": "true"} if htmx else {}
    response = guest.post(f"/games/{game.pk}/ships", data, headers=headers)
    assert response.status_code == 422
    page = response.content.decode()
    assert "Q" * 41 not in page
    assert "QQQQ…" in page  # the excerpt says it was cut
    assert len(page) < 60_000
    assert not Ship.objects.filter(game=game).exists()


@pytest.mark.parametrize("htmx", [False, True])
def test_a_huge_cell_to_fire_at_is_refused_with_a_short_excerpt(guest, htmx):
    game = started_game(guest)
    headers = {"HX-Request": "true"} if htmx else {}
    response = guest.post(f"/games/{game.pk}/shots", {"cell": HUGE, "move": 0}, headers=headers)
    assert response.status_code == 400
    page = response.content.decode()
    assert "Q" * 41 not in page
    assert len(page) < 60_000
    game.refresh_from_db()
    assert game.moves == 0


def test_removing_no_ship_says_to_choose_one(guest):
    game = new_game(guest)
    game.place_ship("Carrier", "A1", "H")
    response = guest.post(f"/games/{game.pk}/ships", {"remove": ""})
    assert response.status_code == 422
    page = response.content.decode()
    assert "Choose a ship to remove." in page
    assert "The  is" not in page
    assert Ship.objects.filter(game=game).count() == 1


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/login", {"username": HUGE, "password": "guess"}),
        ("/signup", {"username": HUGE, "password1": "x7#Kq9!mZ2", "password2": "x7#Kq9!mZ2"}),
    ],
)
def test_a_huge_username_comes_back_cut(guest, login_counters, path, data):
    response = guest.post(path, data)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Q" * 151 not in page
    assert len(page) < 60_000
