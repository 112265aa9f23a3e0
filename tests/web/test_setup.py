"""Choosing an opponent and placing the fleet."""

import pytest

from games.models import HUMAN, Game, Ship
from tests.web.conftest import HUMAN_FLEET, new_game

HX = {"HX-Request": "true"}


def test_it_offers_five_opponents_with_a_description(guest):
    page = guest.get("/games/new").content.decode()
    for name in ("Recruit", "Ensign", "Lieutenant", "Captain", "Admiral"):
        assert name in page
    assert page.count('name="level"') == 5


def test_choosing_an_opponent_creates_a_game_and_shows_placement(guest):
    game = new_game(guest, level=3)
    assert game.level == 3
    assert game.status == Game.Status.SETUP
    page = guest.get(game.get_absolute_url()).content.decode()
    assert "Place your fleet" in page
    assert "Start the game" not in page


def test_an_unknown_opponent_is_refused_and_nothing_is_created(guest):
    for level in ("0", "6", "x", ""):
        response = guest.post("/games/", {"level": level})
        assert response.status_code == 400
        assert "Choose one of the five opponents" in response.content.decode()
    assert Game.objects.count() == 0


def test_a_ship_is_placed_where_the_person_clicks(guest):
    game = new_game(guest)
    response = guest.post(
        f"/games/{game.pk}/ships", {"ship": "Cruiser", "cell": "B2", "orientation": "V"}, headers=HX
    )
    assert response.status_code == 200
    assert "<html" not in response.content.decode()  # htmx gets the setup partial only
    ship = Ship.objects.get(game=game, player=HUMAN)
    assert (ship.name, ship.row, ship.col, ship.orientation) == ("Cruiser", 1, 1, "V")
    assert 'aria-label="C2, Cruiser"' in response.content.decode()


def test_an_invalid_position_is_refused_with_the_reason(guest):
    game = new_game(guest)
    game.place_ship("Carrier", "C1", "H")
    for data, reason in [
        ({"ship": "Cruiser", "cell": "A3", "orientation": "V"}, "overlap the Carrier at C3"),
        ({"ship": "Battleship", "cell": "A8", "orientation": "H"}, "run off the board"),
        ({"ship": "Battleship", "cell": "K1", "orientation": "H"}, "off the board"),
        ({"ship": "Tugboat", "cell": "A1", "orientation": "H"}, "no &#x27;Tugboat&#x27;"),
        ({"ship": "Cruiser", "cell": "A1", "orientation": "X"}, "not a valid Orientation"),
        ({"cell": "A1", "orientation": "H"}, "Choose a ship"),
    ]:
        response = guest.post(f"/games/{game.pk}/ships", data, headers=HX)
        assert response.status_code == 422
        assert reason in response.content.decode()
    assert list(Ship.objects.filter(game=game).values_list("name", flat=True)) == ["Carrier"]


def test_pressing_a_cell_with_every_ship_placed_says_how_to_go_on(guest):
    game = new_game(guest)
    guest.post(f"/games/{game.pk}/shuffle", headers=HX)
    response = guest.post(f"/games/{game.pk}/ships", {"cell": "A1", "orientation": "H"}, headers=HX)
    assert response.status_code == 422
    assert "Every ship is placed: start the game, or pick a ship to move it." in (
        response.content.decode()
    )


def test_a_placed_ship_can_be_moved_and_removed(guest):
    game = new_game(guest)
    game.place_ship("Carrier", "A1", "H")
    guest.post(f"/games/{game.pk}/ships", {"ship": "Carrier", "cell": "A2", "orientation": "V"})
    ship = Ship.objects.get(game=game)
    assert (ship.row, ship.col, ship.orientation) == (0, 1, "V")  # moved over its old cells
    guest.post(f"/games/{game.pk}/ships", {"remove": "Carrier"})
    assert not Ship.objects.filter(game=game).exists()


def test_shuffle_places_a_whole_legal_fleet_and_can_be_repeated(guest):
    game = new_game(guest)
    fleets = set()
    for _ in range(3):
        response = guest.post(f"/games/{game.pk}/shuffle", headers=HX)
        assert response.status_code == 200
        assert "Start the game" in response.content.decode()
        fleets.add(
            tuple(Ship.objects.filter(game=game).values_list("name", "row", "col", "orientation"))
        )
    assert all(len(fleet) == 5 for fleet in fleets)
    assert len(fleets) > 1


def test_clear_all_removes_every_ship(guest):
    game = new_game(guest)
    guest.post(f"/games/{game.pk}/shuffle")
    guest.post(f"/games/{game.pk}/ships/clear")
    assert not Ship.objects.filter(game=game).exists()


def test_start_is_offered_and_accepted_only_with_the_whole_fleet(guest):
    game = new_game(guest)
    for name, start, way in HUMAN_FLEET[:4]:
        game.place_ship(name, start, way)
    page = guest.get(game.get_absolute_url()).content.decode()
    assert "Start the game" not in page
    response = guest.post(f"/games/{game.pk}/start", headers=HX)
    assert response.status_code == 409
    assert "Place all five ships" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.SETUP
    game.place_ship(*HUMAN_FLEET[4])
    response = guest.post(f"/games/{game.pk}/start")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert Ship.objects.filter(game=game, player=1).count() == 5


def test_the_fleet_is_fixed_once_the_game_has_started(guest):
    game = new_game(guest)
    guest.post(f"/games/{game.pk}/shuffle")
    guest.post(f"/games/{game.pk}/start")
    before = list(Ship.objects.filter(game=game).values_list("name", "row", "col"))
    for url, data in [
        ("ships", {"ship": "Carrier", "cell": "J1", "orientation": "H"}),
        ("shuffle", {}),
        ("ships/clear", {}),
        ("start", {}),
    ]:
        response = guest.post(f"/games/{game.pk}/{url}", data, headers=HX)
        assert response.status_code in (409, 422)
    assert list(Ship.objects.filter(game=game).values_list("name", "row", "col")) == before


def test_placement_works_without_javascript(guest):
    game = new_game(guest)
    response = guest.post(
        f"/games/{game.pk}/ships", {"ship": "Destroyer", "cell": "J9", "orientation": "H"}
    )
    assert response.status_code == 302
    assert response.url == game.get_absolute_url()
    response = guest.post(
        f"/games/{game.pk}/ships", {"ship": "Carrier", "cell": "J9", "orientation": "H"}
    )
    assert response.status_code == 422
    assert "<html" in response.content.decode()  # the whole page, with the reason


def test_a_stale_tab_cannot_change_the_fleet_after_start(guest):
    game = new_game(guest)
    guest.post(f"/games/{game.pk}/shuffle")
    stale = Game.objects.get(pk=game.pk)  # loaded by a request that began before Start
    game.start()
    fleet = list(Ship.objects.filter(game=game, player=HUMAN).values_list("name", "row", "col"))
    for change in (
        stale.clear_ships,
        lambda: stale.place_ship("Carrier", "J6", "H"),
        stale.shuffle,
    ):
        with pytest.raises(ValueError, match="fixed once the game has started"):
            change()
    assert (
        list(Ship.objects.filter(game=game, player=HUMAN).values_list("name", "row", "col"))
        == fleet
    )
    assert guest.get(game.get_absolute_url()).status_code == 200


def test_removing_a_ship_that_is_not_placed_is_refused(guest):
    game = new_game(guest)
    response = guest.post(f"/games/{game.pk}/ships", {"remove": "Carrier"}, headers=HX)
    assert response.status_code == 422
    assert "The Carrier is not on the board" in response.content.decode()


def test_the_notice_says_how_the_ship_was_placed(guest):
    game = new_game(guest)
    response = guest.post(
        f"/games/{game.pk}/ships",
        {"ship": "Cruiser", "cell": " b2", "orientation": "v"},
        headers=HX,
    )
    assert "Cruiser placed at B2, down." in response.content.decode()
