"""Shared by every layer of tests: Hypothesis's profiles. Nothing here needs Django, so the
library's tests run without it (``pytest tests/battleship -p no:django``); the site's
fixtures are in ``tests/site_fixtures.py``."""

import os

from hypothesis import HealthCheck, settings

# Hypothesis runs a fixed number of examples, derandomised in CI so a red build is repeatable.
settings.register_profile(
    "default", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")
