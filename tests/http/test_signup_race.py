"""A sign-up form sent twice at once from one browser (real HTTP, gunicorn, both databases):
never a 500, one account, and each answer is the sign-up done or the name said taken."""

import os
import threading
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from loadtest.server import fresh_postgres_database, postgres_reachable, start_server

ROUNDS = 8
PASSWORD = "a-long-test-password-42"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(request.param)
    if request.param == "sqlite":
        database = f"sqlite:///{tmp / 'db.sqlite3'}"
    elif postgres_reachable():
        database = fresh_postgres_database(f"battleship_signup_{os.getpid()}")
    else:
        pytest.skip("no PostgreSQL reachable")
    srv = start_server(tmp, database, SIGNUP_RATE="1000/h")  # rounds of sign-ups, one address
    yield srv
    srv.stop()


def double_submit(url, username):
    """One browser sends its sign-up form twice at once, as a double click does."""
    browser = httpx.Client(base_url=url, timeout=30)
    browser.get("/signup")
    form = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    headers = {"X-CSRFToken": browser.cookies["csrftoken"]}
    start = threading.Barrier(2)

    def submit(_):
        start.wait()  # both leave together
        return browser.post("/signup", data=form, headers=headers)

    with ThreadPoolExecutor(2) as pool:
        return list(pool.map(submit, range(2)))


def test_a_double_submitted_sign_up_never_answers_500(server):
    statuses = []
    for round_ in range(ROUNDS):
        answers = double_submit(server.url, f"twin{round_}")
        for answer in answers:
            statuses.append(answer.status_code)
            if answer.status_code == 302:
                assert answer.headers["location"] == "/stats"
            else:
                assert answer.status_code == 200, answer.text[:300]
                assert "A user with that username already exists." in answer.text
        assert 302 in [a.status_code for a in answers]
    assert 500 not in statuses
    count = server.query(
        "import json; from django.contrib.auth.models import User; "
        "print(json.dumps(User.objects.filter(username__startswith='twin').count()))"
    )
    assert count == ROUNDS
    assert "Traceback" not in server.errors.read_text()
