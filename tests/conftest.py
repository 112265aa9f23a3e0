import pytest
from django.core.cache import cache
from hypothesis import HealthCheck, settings

# Hypothesis runs a fixed number of examples, derandomised in CI so a red build is repeatable.
settings.register_profile(
    "default", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True)
settings.load_profile("ci" if __import__("os").environ.get("CI") else "default")


@pytest.fixture(autouse=True)
def _fire_as_fast_as_tests_go(settings):
    """Tests fire far faster than a person; the rate limit has its own test."""
    settings.FIRE_RATE = settings.NEW_GAME_RATE = settings.SETUP_RATE = "100000/s"
    settings.ADDRESS_RATE = settings.SIGNUP_RATE = settings.LOGIN_RATE = "100000/s"
    settings.PASSWORD_CHANGE_RATE = "100000/s"
    cache.clear()


@pytest.fixture(scope="session", autouse=True)
def _translations_compiled():
    """The .mo files the pages are translated from, as `make run` builds them (they are not
    kept in git): a bare `pytest` runs in every language too."""
    from django.core.management import call_command

    call_command("translations", compile=True, stdout=__import__("io").StringIO())
