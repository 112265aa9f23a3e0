"""docs/operations.md says, page by page, what a visitor gets while Redis or PostgreSQL is
away: measured again here over real HTTP (``loadtest.away``: gunicorn, each service behind a
relay the test closes), and the table must still be true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from loadtest.away import PAGES, measure, measured_server
from loadtest.server import postgres_reachable

DOCS = Path(__file__).resolve().parents[2] / "docs" / "operations.md"


def documented() -> dict[str, list[str]]:
    """The table's statuses, page by page (a time taken left out: it depends on the limits)."""
    rows: dict[str, list[str]] = {}
    text = DOCS.read_text()
    table = text[text.index("| page | redis away, no cookie |") :].split("\n\n")[0]
    for line in table.splitlines()[2:]:
        name, *cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[name] = [re.sub(r" after \d+ s$", "", cell) for cell in cells]
    return rows


@pytest.mark.skipif(not postgres_reachable(), reason="no PostgreSQL reachable")
def test_what_each_page_answers_with_a_service_away_is_as_the_docs_say():
    docs = documented()
    assert set(docs) == {page.name for page in PAGES}
    with measured_server() as (server, guest, gates):
        measured = measure(server, guest, gates)
        errors = server.errors.read_text()
    columns = ["redis away, no cookie", "redis away, session"]
    columns += ["database away, no cookie", "database away, session"]
    for name, row in measured.items():
        statuses = [re.sub(r" after \d+ s$", "", row.get(column, "-")) for column in columns]
        assert statuses == docs[name], name
    assert "Internal Server Error" not in errors
