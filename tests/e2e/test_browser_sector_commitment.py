"""The commitment to the computer's sector fleet in real Chromium: sealed from the start of
the battle, unchanged as turns are played, unsealed when the person resigns, and Check works
out SHA-256 in the page to say that it matches (a tampered placement does not), on the
battle's page and its replay. axe-core clean, at a desktop's width and a phone's."""

import re

import pytest
from playwright.sync_api import Page, expect

from battleship.sector import Placement
from battleship.sector.commitment import placement_text
from sector.models import SectorBattle
from tests.e2e.conftest import unexpected
from tests.e2e.test_browser_sector import enemy_cell
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE

pytestmark = pytest.mark.django_db(transaction=True)
MATCHES = "It matches: this is the fleet sealed at the start."


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (375, 800)])
def test_a_resigned_sector_battle_checks_its_sealed_starting_fleet(
    live_server, page: Page, console_errors, width, height
):
    axe = AXE.read_text()
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + "/sector/new")
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.locator("#commitment")).to_have_count(0)  # nothing to seal while placing
    page.get_by_role("button", name="Place at random").click()
    page.get_by_role("button", name="Start the battle").click()
    sealed = page.get_by_role("region", name="The computer's fleet, sealed")
    expect(sealed).to_be_visible()
    expect(sealed).to_contain_text("Submarines move during the battle")
    digest = page.locator("#commitment-digest").inner_text()
    assert re.fullmatch(r"[0-9a-f]{64}", digest)
    expect(page.get_by_role("button", name="Check")).to_have_count(0)

    enemy_cell(page, "F6").click()
    expect(enemy_cell(page, "F6")).to_have_accessible_name(re.compile(r"^F6, \w+"))
    expect(page.locator("#commitment-digest")).to_have_text(digest)  # after the htmx swap
    page.reload()
    expect(page.locator("#commitment-digest")).to_have_text(digest)
    assert check(page, axe) == []

    page.get_by_text("Resign…").click()
    page.get_by_role("button", name="Yes, resign").click()
    unsealed = page.get_by_role("region", name="The computer's fleet, unsealed")
    expect(unsealed).to_be_visible()
    battle = SectorBattle.objects.get()
    assert battle.status == SectorBattle.Status.RESIGNED
    starting = placement_text(Placement.from_dict(p) for p in battle.fleets[1])
    expect(page.locator("#commitment-digest")).to_have_text(digest)
    expect(page.locator("#commitment-placement")).to_have_text(starting)
    expect(page.locator("#commitment-salt")).to_have_text(battle.fleet_salt)
    unsealed.get_by_role("button", name="Check").click()
    expect(unsealed.locator("output")).to_have_text(MATCHES)
    assert check(page, axe) == []

    # A submarine said to head the other way is caught: the check is the page's own.
    page.locator("#commitment-placement").evaluate(
        "code => { code.textContent = code.textContent.replace(/ (north|south|east|west)/,"
        " (all, way) => (way === 'north' ? ' south' : ' north')); }"
    )
    unsealed.get_by_role("button", name="Check").click()
    expect(unsealed.locator("output")).to_have_text(
        "It does not match the fingerprint shown at the start."
    )

    # The replay unseals it too, and checks it the same way.
    page.goto(f"{live_server.url}/sector/{battle.pk}/replay?step=0")
    replayed = page.get_by_role("region", name="The computer's fleet, unsealed")
    expect(replayed).to_contain_text("compare them with the first turn of the replay")
    replayed.get_by_role("button", name="Check").click()
    expect(replayed.locator("output")).to_have_text(MATCHES)
    assert check(page, axe) == []
    assert unexpected(console_errors) == []
