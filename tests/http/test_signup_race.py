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


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def tight_server(request, tmp_path_factory):
    """A database wait limit of two seconds (five in production), so that the password
    hashing of a dozen sign-ups at once (a third of a second of CPU each, PBKDF2) would pass
    it if it counted as waiting on the database."""
    tmp = tmp_path_factory.mktemp(f"tight-{request.param}")
    if request.param == "sqlite":
        database = f"sqlite:///{tmp / 'db.sqlite3'}"
    elif postgres_reachable():
        database = fresh_postgres_database(f"battleship_signup_tight_{os.getpid()}")
    else:
        pytest.skip("no PostgreSQL reachable")
    srv = start_server(tmp, database, workers=2, SIGNUP_RATE="1000/h", DATABASE_WAIT_LIMIT="2")
    yield srv
    srv.stop()


def test_a_dozen_sign_ups_of_one_name_at_once_on_a_healthy_database_give_no_503(tight_server):
    """Twelve browsers take one name at once, each with its own password: one account, the
    others told the name is taken, and no 503 (the database was well all along)."""
    count = 12
    browsers = [httpx.Client(base_url=tight_server.url, timeout=60) for _ in range(count)]
    for browser in browsers:
        browser.get("/signup")
    start = threading.Barrier(count)

    def submit(n):
        browser = browsers[n]
        password = f"{PASSWORD}-{n}"
        form = {"username": "samename", "password1": password, "password2": password}
        start.wait()
        return browser.post(
            "/signup", data=form, headers={"X-CSRFToken": browser.cookies["csrftoken"]}
        )

    with ThreadPoolExecutor(count) as pool:
        answers = list(pool.map(submit, range(count)))
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200] * (count - 1) + [302], (statuses, tight_server.errors.read_text())
    for answer in answers:
        if answer.status_code == 200:
            assert "A user with that username already exists." in answer.text
    assert "Traceback" not in tight_server.errors.read_text()
