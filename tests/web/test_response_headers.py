"""A 429 says when to come back; a page about one person is kept from shared caches."""

import pytest
from django.test import Client

from tests.web.conftest import fire, make_user, started_game


@pytest.mark.usefixtures("steady_rate_clock")
def test_firing_too_fast_is_told_when_to_come_back(guest, settings):
    game = started_game(guest)
    settings.FIRE_RATE = "2/m"
    assert [fire(guest, game, cell).status_code for cell in ("B2", "B3")] == [200, 200]
    refused = fire(guest, game, "B4")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60"


def test_too_many_sign_ups_are_told_to_wait_up_to_the_hour(db, settings):
    settings.SIGNUP_RATE = "1/h"
    Client().post("/signup", {"username": "first", "password1": "x", "password2": "x"})
    refused = Client().post("/signup", {"username": "second", "password1": "x", "password2": "x"})
    assert refused.status_code == 429
    assert refused["Retry-After"] == "3600"


def test_a_locked_out_login_is_told_the_cool_off(guest, login_counters, settings):
    make_user("target")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        guest.post("/login", {"username": "target", "password": "wrong"})
    locked = guest.post("/login", {"username": "target", "password": "wrong"})
    assert locked.status_code == 429
    assert locked["Retry-After"] == str(15 * 60)


@pytest.mark.parametrize("path", ["/games/new", "/login", "/signup", "/leaderboard"])
def test_pages_with_a_csrf_token_or_a_username_are_private(db, path):
    client = Client()
    client.force_login(make_user("someone"))
    for visitor in (client, Client()):
        response = visitor.get(path)
        assert "private" in response.get("Cache-Control", ""), path
