"""The health check: the site is up and reaches its database."""

from django.db import connection
from django.test.utils import CaptureQueriesContext


def test_it_answers_ok_after_one_query(guest):
    with CaptureQueriesContext(connection) as queries:
        response = guest.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Content-Type"].startswith("text/plain")
    assert len(queries) == 1
    assert "no-cache" in response["Cache-Control"]


def test_it_sets_no_session_cookie(guest):
    assert "sessionid" not in guest.get("/healthz").cookies


def test_it_only_answers_get(guest):
    assert guest.post("/healthz").status_code == 405
