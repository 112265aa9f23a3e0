"""Seeking strangers over real HTTP on two app servers sharing PostgreSQL (gunicorn with
uvicorn workers, as `make serve` on two ports): 200 seekers at once are paired exactly (one
game a pair, nobody in two, nobody with themselves, nobody left who could have been paired);
a seeker whose tab closed is out of the queue within 10 s and never paired after."""

from __future__ import annotations

import os
import time

import pytest

from loadtest.server import drop_postgres_database, fresh_postgres_database, postgres_reachable
from loadtest.strangers import Seeker, crowd, seeks_stored, two_servers


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    if not postgres_reachable():
        pytest.skip("no PostgreSQL reachable")
    name = f"battleship_strangers_{os.getpid()}"
    database = fresh_postgres_database(name)
    tmp = tmp_path_factory.mktemp("strangers")
    for side in ("a", "b"):
        (tmp / side).mkdir()
    a, b = two_servers(tmp, database)
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()
        drop_postgres_database(name)


def test_two_hundred_seekers_at_once_on_two_servers_are_paired_exactly(servers):
    a, b = servers
    figures = crowd(a, b, guests=100, accounts=100)
    assert figures["seekers"] == 200
    # Guests with guests, accounts with accounts: 50 games each, every seeker in one.
    assert figures["games"] == 100, figures
    assert figures["paired"] == 200, figures
    assert figures["sizes"] == [2]
    assert figures["with_themselves"] == 0
    assert figures["in_two_games"] == 0
    assert figures["left_per_pool"] == {}
    assert figures["pages_disagree"] == 0
    for server in servers:
        assert "Traceback" not in server.log_text()


def test_a_seeker_whose_tab_closed_is_out_within_ten_seconds_and_never_paired(servers):
    a, b = servers
    gone = Seeker(a.url)
    gone.seek("salvo", name="Gone")  # then the tab closes: no more polling
    gone.close()
    time.sleep(10)
    newcomer = Seeker(b.url)
    newcomer.seek("salvo", name="Newcomer")
    assert newcomer.wait(3) == ""
    later = Seeker(a.url)
    later.seek("salvo", name="Later")
    assert later.wait(5) == newcomer.wait(5) != ""
    rows = [row for row in seeks_stored(a) if row["rules"] == "salvo"]
    statuses = sorted(row["status"] for row in rows)
    assert statuses == ["paired", "paired", "seeking"]  # the closed tab's, never paired
    for seeker in (newcomer, later):
        seeker.close()
