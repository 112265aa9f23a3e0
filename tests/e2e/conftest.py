"""End-to-end tests: real Chromium (Debian's package) driven by Playwright against a live server."""

import os
import re
import shutil
from pathlib import Path

import pytest

from tests.site_fixtures import (  # noqa: F401
    _fire_as_fast_as_tests_go,
    _in_english_unless_asked,
    _translations_compiled,
)

# Playwright's sync API runs an event loop in this thread; the test's own database calls
# are still synchronous, so Django's guard against async contexts does not apply.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """The live server's SQLite database in a file of this worker's, not in memory: an
    in-memory test database is shared between threads in SQLite's shared-cache mode, where
    two at once (a friend game's two players and its event stream) meet "database table is
    locked" at once, with no busy wait; a file has the site's own WAL and busy timeout."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("db") / "e2e.sqlite3")


# The files whose tests take longest, longest first (a run's --durations): run first, so that
# the workers (make test: -n 2 --dist load) end together instead of one waiting on a long
# test picked up last. Files not named run after them, in the usual order.
LONGEST_FIRST = [
    "test_every_page_is_clean.py",
    "test_browser_turn.py",
    "test_browser_sector.py",
    "test_browser_friend.py",
    "test_browser_languages.py",
    "test_browser_sector_look.py",
    "test_browser_five_shot.py",
    "test_browser_coach.py",
    "test_browser_daily.py",
    "test_browser_sector_commitment.py",
    "test_browser_accounts.py",
    "test_browser_commitment.py",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    places = [i for i, item in enumerate(items) if item.path.parent == here]

    def rank(item: pytest.Item) -> int:
        name = item.path.name
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    # Stable: each file's own order is kept; tests elsewhere keep their places.
    for place, item in zip(places, sorted((items[i] for i in places), key=rank), strict=True):
        items[place] = item


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # Playwright's own browser download cannot work here: use the system Chromium, with
    # the flags that keep it off the (closed) network.
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # The page's turn is played back over some 700 ms (your shot, a beat, theirs: static/js/
    # turn.js) and shots splash: the tests wait for the end of each. Reduced motion, which
    # the site honours, shows the end at once; the tests of the motion itself ask for it
    # back with @pytest.mark.browser_context_args(reduced_motion="no-preference").
    return {**browser_context_args, "reduced_motion": "reduce"}


MOTION = pytest.mark.browser_context_args(reduced_motion="no-preference")
"""For a test of the motion itself: the page as it plays for everyone who has not asked
their system for reduced motion."""


@pytest.fixture
def console_errors(page):
    """Every console error and uncaught exception in the page; a test ends by checking none."""
    errors = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


REFUSAL = re.compile(r"Failed to load resource: the server responded with a status of (\d{3})")


def unexpected(errors, *, refused=()):
    """The console errors left after setting aside the browser's own log line for each
    refusal a test provoked on purpose (e.g. 422 for a ship placed over another)."""
    return [e for e in errors if not ((m := REFUSAL.match(e)) and int(m[1]) in refused)]
