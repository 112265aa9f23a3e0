"""The health check: the site is up and reaches its database, and Redis when it has one:
a load balancer stops sending players to a node that would answer them 503."""

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.web.test_outages import assert_unavailable, redis_away


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


def test_it_is_a_503_when_redis_is_away(db):
    # (The database away: tests/web/test_outages.py, every page.)
    with redis_away():
        response = Client(raise_request_exception=False).get("/healthz")
    assert_unavailable(response)
