"""A sign-up form sent twice at once (a double click): the name is taken between the form's
check and the insert. Never a 500: the same person is logged in, anyone else told it is taken.
(tests/http/test_signup_race.py sends the two requests at once to gunicorn.)"""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.forms import SignupForm
from tests.web.conftest import PASSWORD

OTHER_PASSWORD = "someone-elses-password-77"


@pytest.fixture
def name_taken_after_the_check(monkeypatch):
    """The twin request's insert lands just after this request's form found the name free."""
    checked = SignupForm._post_clean

    def check_then_lose_the_race(form):
        checked(form)
        password = form.data["twin_password"]
        get_user_model().objects.create_user(form.data["username"], password=password)

    monkeypatch.setattr(SignupForm, "_post_clean", check_then_lose_the_race)


def sign_up(client, twin_password):
    form = {"username": "doubleclick", "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/signup", form | {"twin_password": twin_password})


def test_the_same_sign_up_sent_twice_logs_in_as_the_first_made_it(db, name_taken_after_the_check):
    client = Client(raise_request_exception=False)
    response = sign_up(client, twin_password=PASSWORD)
    assert response.status_code == 302
    assert response.url == "/stats"
    user = get_user_model().objects.get(username="doubleclick")
    assert client.session["_auth_user_id"] == str(user.pk)
    assert get_user_model().objects.count() == 1


def test_someone_else_taking_the_name_meanwhile_is_told_it_is_taken(db, name_taken_after_the_check):
    client = Client(raise_request_exception=False)
    response = sign_up(client, twin_password=OTHER_PASSWORD)
    assert response.status_code == 200
    page = response.content.decode()
    assert "A user with that username already exists." in page
    assert "_auth_user_id" not in client.session
    assert get_user_model().objects.get().check_password(OTHER_PASSWORD)


def test_it_is_told_in_the_pages_language(db, name_taken_after_the_check):
    client = Client(raise_request_exception=False, headers={"accept-language": "de"})
    response = sign_up(client, twin_password=OTHER_PASSWORD)
    assert response.status_code == 200
    assert "Dieser Benutzername ist bereits vergeben." in response.content.decode()
