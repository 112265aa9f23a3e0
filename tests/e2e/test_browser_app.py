"""The site installs as an app in Chromium (no installability error), and offline it shows
the rules and learning pages opened before and an offline page for anything else, never a
game's page kept from before."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_browser_game import start_shuffled

pytestmark = pytest.mark.django_db(transaction=True)


def controlled(page: Page) -> None:
    """Wait until the service worker controls the page (after its first load, a reload)."""
    page.evaluate("() => navigator.serviceWorker.ready")
    if not page.evaluate("() => Boolean(navigator.serviceWorker.controller)"):
        page.reload()
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")


def test_chromium_finds_the_site_installable(live_server, page: Page, console_errors):
    page.goto(live_server.url + "/")
    controlled(page)
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's browser contexts are off the record, where Chromium installs nothing: that
    # is the one error left, and the only one allowed (a player's own browser has no such).
    assert [error["errorId"] for error in errors] in ([], ["in-incognito"])
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest.get("errors", []) == []
    assert console_errors == []


def test_offline_the_pages_read_before_are_there_and_a_game_is_not(live_server, page: Page):
    base = live_server.url
    start_shuffled(page, base)  # a game of the player's, open online
    game_url = page.url
    page.goto(base + "/learn/")
    controlled(page)
    page.goto(base + "/learn/")  # read while the worker watches: kept
    page.goto(base + "/rules/standard")
    page.goto(game_url)  # a game's page: never kept
    expect(page.get_by_role("grid", name=re.compile("Enemy"))).to_be_visible()
    page.context.set_offline(True)
    try:
        page.goto(base + "/learn/")
        expect(page.get_by_role("heading", level=1)).not_to_have_text("You are offline")
        page.goto(base + "/rules/standard")
        expect(page.get_by_role("heading", level=1)).not_to_have_text("You are offline")
        page.goto(game_url)
        expect(page.get_by_role("heading", level=1)).to_have_text("You are offline")
        expect(page.get_by_role("grid", name=re.compile("Enemy"))).to_have_count(0)
        page.goto(base + "/stats")
        expect(page.get_by_role("heading", level=1)).to_have_text("You are offline")
    finally:
        page.context.set_offline(False)
    kept = page.evaluate(
        "async () => (await (await caches.open('pages-v1')).keys())"
        ".map((r) => new URL(r.url).pathname)"
    )
    assert sorted(kept) == ["/learn/", "/rules/standard"]
