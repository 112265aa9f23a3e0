"""A statement that runs too long on PostgreSQL is cancelled by the server itself
(``statement_timeout``), well before gunicorn's worker timeout: the request that sent it
ends in the 503 of an outage. (tests/http/test_silent_database.py: a database that does
not answer at all, over HTTP.)"""

import time

import pytest
from django.conf import settings
from django.db import OperationalError, connection

from battleship_site.outages import is_outage


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's own limit")
def test_a_statement_running_too_long_is_cancelled_by_the_server(db):
    limit = settings.DATABASE_STATEMENT_TIMEOUT
    started = time.monotonic()
    with pytest.raises(OperationalError) as cancelled, connection.cursor() as cursor:
        cursor.execute("SELECT pg_sleep(%s)", [limit + 3])
    assert limit <= time.monotonic() - started < limit + 1
    assert "statement timeout" in str(cancelled.value)
    assert is_outage(cancelled.value)
