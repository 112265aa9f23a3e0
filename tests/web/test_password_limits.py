"""Every view that checks a password is under the same limits, the admin's included."""

import pytest
from django.test import Client

from tests.web.conftest import PASSWORD, make_user


def attempt(path, n):
    return Client().post(path, {"username": f"user{n}", "password": "guess"}).status_code


@pytest.mark.usefixtures("steady_rate_clock")
def test_admin_login_attempts_are_limited_per_address_across_usernames(db, settings):
    settings.LOGIN_RATE = "3/m"
    codes = [attempt("/admin/login/", n) for n in range(4)]
    assert codes == [200, 200, 200, 429]


@pytest.mark.usefixtures("steady_rate_clock")
def test_the_admins_login_and_the_sites_share_one_count(db, settings):
    settings.LOGIN_RATE = "3/m"
    codes = [attempt(path, n) for n, path in enumerate(["/login", "/admin/login/"] * 2)]
    assert codes == [200, 200, 200, 429]


def test_admin_password_changes_are_limited_per_player(db, settings):
    user = make_user("staff")
    user.is_staff = True
    user.save()
    client = Client()
    client.force_login(user)
    settings.PASSWORD_CHANGE_RATE = "2/h"
    wrong = {"old_password": "not-it", "new_password1": "x7#Kq9!mZ2", "new_password2": "x7#Kq9!mZ2"}
    codes = [client.post("/admin/password_change/", wrong).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
