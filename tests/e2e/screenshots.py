"""Screenshots of every page of the tour at both sizes, to look at as a player would.

Not collected with the suite (no ``test_`` in the file name); run it by name:
``SHOTS=docs/screenshots/after .venv/bin/python -m pytest tests/e2e/screenshots.py``.
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.e2e.tour import tour

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (375, 800)])
def test_take_screenshots(live_server, page: Page, width, height):
    out = Path(os.environ.get("SHOTS", "docs/screenshots/after"))
    out.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=os.environ.get("SCHEME", "light"))  # or "dark"
    for state in tour(page, live_server.url):
        name = state.replace(", ", "-").replace(" ", "-")
        page.wait_for_timeout(700)  # the last shot's splash or burst is over
        page.screenshot(path=out / f"{name}-{width}.png", full_page=True)
