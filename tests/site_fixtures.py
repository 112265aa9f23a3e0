"""Fixtures every test of the site uses (the Django test client's, the browser's and the
HTTP servers'): imported by their conftest files."""

import io

import pytest

AS_FAST_AS_TESTS_GO = dict.fromkeys(
    [
        "FIRE_RATE",
        "NEW_GAME_RATE",
        "SETUP_RATE",
        "ADDRESS_RATE",
        "SIGNUP_RATE",
        "LOGIN_RATE",
        "PASSWORD_CHANGE_RATE",
    ],
    "100000/s",
)
"""Tests fire far faster than a person; the rate limits have tests of their own."""


@pytest.fixture(autouse=True)
def _fire_as_fast_as_tests_go(settings):
    from django.core.cache import cache

    for name, rate in AS_FAST_AS_TESTS_GO.items():
        setattr(settings, name, rate)
    cache.clear()


@pytest.fixture(scope="session", autouse=True)
def _translations_compiled():
    """The .mo files the pages are translated from, as `make run` builds them (they are not
    kept in git): a bare `pytest` runs in every language too."""
    from django.core.management import call_command

    call_command("translations", compile=True, stdout=io.StringIO())


@pytest.fixture(autouse=True)
def _in_english_unless_asked():
    """Each test starts in the site's language, whatever the one before it asked for (a
    request, or a login, activates the player's language in the thread and leaves it there)."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()
