"""Fixtures every test of the site uses (the Django test client's, the browser's and the
HTTP servers'): imported by their conftest files."""

import io

import pytest


@pytest.fixture(autouse=True)
def _fire_as_fast_as_tests_go(settings):
    """Tests fire far faster than a person; the rate limit has its own test."""
    from django.core.cache import cache

    settings.FIRE_RATE = settings.NEW_GAME_RATE = settings.SETUP_RATE = "100000/s"
    settings.ADDRESS_RATE = settings.SIGNUP_RATE = settings.LOGIN_RATE = "100000/s"
    settings.PASSWORD_CHANGE_RATE = "100000/s"
    cache.clear()


@pytest.fixture(scope="session", autouse=True)
def _translations_compiled():
    """The .mo files the pages are translated from, as `make run` builds them (they are not
    kept in git): a bare `pytest` runs in every language too."""
    from django.core.management import call_command

    call_command("translations", compile=True, stdout=io.StringIO())
