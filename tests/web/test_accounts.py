"""Signing up, logging in and out, changing a password; guest games carried over; lockout."""

from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Game
from tests.web.conftest import PASSWORD, finished_game, fire, make_user, new_game, started_game


def sign_up(client, username="newcomer", password=PASSWORD):
    return client.post(
        "/signup", {"username": username, "password1": password, "password2": password}
    )


def log_in(client, username, password=PASSWORD):
    return client.post("/login", {"username": username, "password": password})


def test_it_signs_up_and_logs_the_new_player_in(guest):
    response = sign_up(guest)
    assert response.status_code == 302
    assert response.url == "/stats"
    user = get_user_model().objects.get(username="newcomer")
    assert guest.session["_auth_user_id"] == str(user.pk)
    assert "Log out" in guest.get("/stats").content.decode()


def test_signing_up_keeps_the_guests_games_finished_and_unfinished(guest, outsider):
    unfinished = started_game(guest)
    fire(guest, unfinished, "A6")
    in_setup = new_game(guest)
    won = started_game(guest)
    from tests.web.conftest import COMPUTER_FLEET, fleet_cells

    for cell in fleet_cells(COMPUTER_FLEET):
        fire(guest, won, cell)
    someone_elses = started_game(outsider)
    assert sign_up(guest).status_code == 302
    user = get_user_model().objects.get(username="newcomer")
    assert set(Game.objects.filter(owner=user)) == {unfinished, in_setup, won}
    someone_elses.refresh_from_db()
    assert someone_elses.owner is None
    history = guest.get("/history").content.decode()
    assert f"/history/{won.pk}/" in history
    assert "1 finished game" in history


def test_logging_in_keeps_the_guests_games(guest):
    user = make_user("returning")
    game = started_game(guest)
    assert log_in(guest, "returning").status_code == 302
    game.refresh_from_db()
    assert game.owner == user
    assert guest.get(game.get_absolute_url()).status_code == 200


def test_a_signed_in_player_sees_their_unfinished_games_on_any_browser(guest):
    user = make_user("traveller")
    log_in(guest, "traveller")
    game = started_game(guest)
    assert game.owner == user
    other_browser = Client()
    assert log_in(other_browser, "traveller").status_code == 302
    home = other_browser.get("/").content.decode()
    assert game.get_absolute_url() in home
    assert other_browser.get(game.get_absolute_url()).status_code == 200


def test_logging_out_leaves_the_games_with_the_account(owner):
    game = finished_game(owner.user)
    assert owner.post("/logout").status_code == 302
    assert owner.get(f"/history/{game.pk}/").status_code == 404
    assert "Sign up to keep your statistics" in owner.get("/stats").content.decode()


def test_it_changes_the_password(owner):
    response = owner.post(
        "/password",
        {
            "old_password": PASSWORD,
            "new_password1": "another-Long-pass-99",
            "new_password2": "another-Long-pass-99",
        },
    )
    assert response.status_code == 302
    owner.user.refresh_from_db()
    assert owner.user.check_password("another-Long-pass-99")


def test_the_forms_match_the_site(guest):
    for url, heading in [("/signup", "Sign up"), ("/login", "Log in")]:
        page = guest.get(url).content.decode()
        assert f">{heading}</h1>" in page
        assert 'class="site-header"' in page
        assert '<label for="id_username">' in page


def test_failed_logins_are_locked_out_per_username_and_address(guest, login_counters):
    make_user("target")
    for _ in range(4):
        assert log_in(guest, "target", "wrong-password").status_code == 200
    assert log_in(guest, "target", "wrong-password").status_code == 429  # the fifth
    locked = log_in(guest, "target")  # even the right password, for now
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Too many failed logins" in page
    assert "15 minutes" in page
    assert "_auth_user_id" not in guest.session
    # Someone else at another address logs in as usual; so does another username here.
    elsewhere = Client(REMOTE_ADDR="10.0.0.9")
    assert log_in(elsewhere, "target").status_code == 302
    make_user("bystander")
    assert log_in(Client(), "bystander").status_code == 302


def test_the_session_is_rotated_at_login(guest):
    make_user("rotating")
    started_game(guest)
    before = guest.session.session_key
    assert log_in(guest, "rotating").status_code == 302
    after = guest.session.session_key
    assert after != before  # a fixed session id cannot be planted before login
    assert guest.get("/").status_code == 200
