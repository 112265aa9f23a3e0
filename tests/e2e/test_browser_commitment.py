"""The commitment to the computer's fleet in real Chromium: sealed from the first shot,
unsealed at the end, and Check works out SHA-256 in the page (Web Crypto) to say that it
matches; a tampered placement does not. axe-core clean, at a desktop's width and a phone's."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.e2e.conftest import unexpected
from tests.e2e.test_browser_game import cell, choose_opponent
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (375, 800)])
def test_a_finished_game_checks_its_sealed_fleet(
    live_server, page: Page, console_errors, width, height
):
    axe = AXE.read_text()
    page.set_viewport_size({"width": width, "height": height})
    game = choose_opponent(page, live_server.url, "Lieutenant")
    expect(page.locator("#commitment")).to_have_count(0)  # nothing to seal while placing
    page.get_by_role("button", name="Shuffle").click()
    expect(page.get_by_role("button", name="Start the game")).to_be_enabled()
    page.get_by_role("button", name="Start the game").click()
    sealed = page.get_by_role("region", name="The computer's fleet, sealed")
    expect(sealed).to_be_visible()
    digest = page.locator("#commitment-digest").inner_text()
    assert re.fullmatch(r"[0-9a-f]{64}", digest)
    expect(page.get_by_role("button", name="Check")).to_have_count(0)
    cell(page, "Enemy waters", "E5").click()
    expect(cell(page, "Enemy waters", "E5")).to_have_accessible_name(re.compile(r"^E5, \w+"))
    page.reload()
    expect(page.locator("#commitment-digest")).to_have_text(digest)
    assert check(page, axe) == []

    page.get_by_text("Resign…").click()
    page.get_by_role("button", name="Yes, resign").click()
    unsealed = page.get_by_role("region", name="The computer's fleet, unsealed")
    expect(unsealed).to_be_visible()
    game.refresh_from_db()
    assert game.status == Game.Status.RESIGNED
    expect(page.locator("#commitment-digest")).to_have_text(digest)
    expect(page.locator("#commitment-salt")).to_have_text(game.fleet_salt)
    unsealed.get_by_role("button", name="Check").click()
    expect(unsealed.locator("output")).to_have_text(
        "It matches: this is the fleet sealed at the start."
    )
    assert check(page, axe) == []

    # A placement one cell off is caught: the check is the page's own arithmetic.
    page.locator("#commitment-placement").evaluate(
        "code => { code.textContent = code.textContent.replace("
        "/ ([A-J]\\d+) /, (all, cell) => (cell === 'A1' ? ' B1 ' : ' A1 ')); }"
    )
    unsealed.get_by_role("button", name="Check").click()
    expect(unsealed.locator("output")).to_have_text(
        "It does not match the fingerprint shown at the start."
    )

    # The replay unseals it too, and checks it the same way.
    page.goto(f"{live_server.url}/history/{game.pk}/")
    replayed = page.get_by_role("region", name="The computer's fleet, unsealed")
    replayed.get_by_role("button", name="Check").click()
    expect(replayed.locator("output")).to_have_text(
        "It matches: this is the fleet sealed at the start."
    )
    assert check(page, axe) == []
    assert unexpected(console_errors) == []
