"""A person plays a whole sector battle in real Chromium: chosen from the new-game page, the
fleet placed, every enemy ship sunk by clicking (and once by keyboard) the enemy sea, each
turn an htmx swap whose announcements land in the live region, played back in order (the
person's turn, a beat, the computer's) with the classic game's sounds, the enemy sea never
moving (the last turn included), its column numbers in sight under the summary bar on a
phone; the end celebrated with its figures and Play again; axe-core finds nothing wrong
mid-battle, at the end and in the replay, at a desktop's width and a phone's."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from battleship.sector import Placement
from sector.models import SectorBattle
from tests.e2e.conftest import MOTION, unexpected
from tests.e2e.test_browser_turn import LISTEN, column_numbers_read_under_the_summary, settled
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE

pytestmark = pytest.mark.django_db(transaction=True)

# Both submarines lie at the edge, heading off the sea: they cannot move, so the cells to
# fire at are known for the whole battle.
COMPUTER = [
    ("Carrier", "C1", "across"),
    ("Battleship", "E8", "across"),
    ("Destroyer", "H4", "down"),
    ("Submarine", "L11", ">"),
    ("Second Submarine", "A1", "<"),
]
TARGETS = ["C1", "C2", "C3", "C4", "C5", "E8", "E9", "E10", "E11", "H4", "I4", "J4", "L11", "A2"]


def sea_top(page: Page) -> float:
    """Where the enemy sea's top is in the page (the window's scrolling taken out)."""
    box = page.get_by_role("table", name="Enemy sea").bounding_box()
    return box["y"] + page.evaluate("window.scrollY")


def enemy_cell(page: Page, label: str):
    return page.get_by_role("table", name="Enemy sea").get_by_role(
        "button", name=re.compile(rf"^{label},")
    )


@pytest.fixture(scope="module")
def axe_source() -> str:
    assert AXE.exists(), f"{AXE} is missing: `make test` installs it (npm ci)"
    return AXE.read_text()


@MOTION  # it checks the turn played back in order: yours, a beat, the cue, theirs
@pytest.mark.parametrize(("width", "height"), [(1280, 900), (375, 800)])
def test_a_whole_sector_battle_in_the_browser(
    live_server, page: Page, console_errors, axe_source, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + "/games/new")
    page.get_by_role("link", name="Sector battle").click()
    page.get_by_role("radio", name=re.compile(r"^1\. Deckhand ")).check()  # the Gunner names it too
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()

    # One ship typed, refused when too close, then the rest at random.
    page.get_by_text("Or type where each ship goes").click()
    page.get_by_label("Carrier: first cell, like B7").fill("A1")
    page.get_by_role("button", name="Place the Carrier").click()
    page.get_by_label("Battleship: first cell, like B7").fill("B2")
    page.get_by_role("button", name="Place the Battleship").click()
    expect(page.get_by_role("status")).to_contain_text("closer than one cell to the Carrier")
    page.get_by_role("button", name="Place at random").click()
    page.get_by_role("button", name="Start the battle").click()
    expect(page.get_by_role("table", name="Enemy sea")).to_be_visible()
    # Before the first turn the summary bar says where to begin (on a phone it was an empty
    # box over the sea scrolling under it), in the room the turns' sentences take after.
    status = page.locator("#announcer")  # the live region (the commitment's Check has its own)
    expect(status).to_have_text("The game is on: fire at a cell of Enemy waters.")
    first = sea_top(page)

    battle = SectorBattle.objects.get()
    battle.fleets[1] = [Placement.of(*ship).to_dict() for ship in COMPUTER]
    battle.save(update_fields=["fleets"])

    # By keyboard: Tab to the first target and press Enter; the answer is swapped in (the
    # page is not reloaded), spoken in the live region, and the focus stays on the cell.
    page.evaluate("window.notReloaded = true")
    enemy_cell(page, TARGETS[0]).focus()
    page.keyboard.press("Enter")
    expect(status).to_contain_text(f"fires at {TARGETS[0]}: hit.")
    # The computer's answer, said too: a shot from a sector, or (the Deckhand's way before
    # it has found anything) its recon or sonar over one.
    expect(status).to_contain_text(re.compile(r"From sector|The enemy's (recon|sonar) over"))
    expect(enemy_cell(page, TARGETS[0])).to_be_focused()
    expect(enemy_cell(page, TARGETS[0])).to_have_accessible_name(re.compile(r"hit, turn 1,"))
    assert page.evaluate("window.notReloaded") is True
    assert abs(sea_top(page) - first) <= 4, (first, sea_top(page))  # the first turn moved nothing
    # Arrow keys move along the sea: one tab stop for the whole board.
    page.keyboard.press("ArrowRight")
    expect(enemy_cell(page, "C2")).to_be_focused()
    page.keyboard.press("Enter")
    expect(status).to_contain_text("fires at C2: hit.")
    assert check(page, axe_source) == []  # mid-battle
    if width == 375:  # the sea's rows scroll under the summary bar; not its column numbers
        assert column_numbers_read_under_the_summary(page)
        page.evaluate("window.scrollTo(0, 0)")
    top = sea_top(page)
    tops = []
    page.evaluate(LISTEN)
    for label in TARGETS[2:]:
        before = page.locator("#turn").get_attribute("data-move")
        enemy_cell(page, label).click()
        settled(page, before)
        expect(status).to_contain_text(f"fires at {label}: hit.")
        tops.append(sea_top(page))  # the last turn's too: the end moves nothing above
        if label == TARGETS[2]:
            # Played back as the classic game's: yours, a beat, the cue, then theirs.
            steps = page.evaluate("window.turnSteps")
            assert [s["name"] for s in steps] == ["mine", "aiming", "theirs"]
            assert not steps[0]["theirsShown"]
            assert steps[1]["cueShown"]
            assert steps[2]["theirsShown"]
            assert 500 <= steps[2]["at"] - steps[0]["at"] <= 1500
            expect(page.locator("#turn")).to_have_attribute("data-sound", "hit")
    assert max(abs(t - top) for t in tops) <= 4, (top, tops)

    expect(status).to_contain_text("You won!")
    expect(page.get_by_role("heading", name="You won")).to_be_focused()
    # The end celebrated as the classic game's: its sound, its figures, Play again in sight.
    expect(page.locator("#turn")).to_have_attribute("data-sound", "won")
    card = page.locator(".outcome")
    expect(card).to_contain_text(f"Your shots{len(TARGETS)}")
    expect(card).to_contain_text("Ships you lost")
    again = card.get_by_role("button", name="Play again")
    expect(again).to_be_in_viewport()
    expect(page.get_by_text("You sank their Second Submarine!").first).to_be_visible()
    battle.refresh_from_db()
    assert battle.status == SectorBattle.Status.WON
    assert battle.moves == 2 * len(TARGETS) - 1
    assert battle.shots_fired == len(TARGETS)  # its figures, stored as it ended
    page.wait_for_timeout(600)  # the card has come in (axe reads colours mid-fade otherwise)
    assert check(page, axe_source) == []  # the end

    # The replay: step by step, both fleets.
    page.get_by_role("link", name="Review the game").click()
    expect(page.get_by_role("status").first).to_contain_text(f"Turn 0 of {battle.moves}.")
    page.get_by_role("link", name="Next turn").click()
    expect(page.get_by_role("status").first).to_contain_text("fires at C1: hit.")
    assert check(page, axe_source) == []
    page.get_by_role("link", name="Your sector battles").click()
    expect(page.get_by_role("cell", name="Won")).to_be_visible()
    # Play again, in one press: a new battle against the same opponent, its fleet to place.
    page.goto(live_server.url + battle.get_absolute_url())
    page.get_by_role("button", name="Play again").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    new = SectorBattle.objects.exclude(pk=battle.pk).get()
    assert (new.level, new.status) == (battle.level, "setup")
    assert page.url.endswith(new.get_absolute_url())
    assert unexpected(console_errors, refused=[422]) == []


def test_the_play_page_does_not_scroll_sideways_on_a_phone(live_server, page: Page):
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(live_server.url + "/sector/new")
    page.get_by_role("button", name="Place your fleet").click()
    page.get_by_role("button", name="Place at random").click()
    page.get_by_role("button", name="Start the battle").click()
    expect(page.get_by_role("table", name="Enemy sea")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
    # The sea itself may scroll within its box; every cell can still be reached.
    enemy_cell(page, "L12").scroll_into_view_if_needed()
    expect(enemy_cell(page, "L12")).to_be_in_viewport()


def test_the_battle_history_fits_a_phone_its_table_scrolling_in_its_card(live_server, page: Page):
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(live_server.url + "/sector/new")
    page.get_by_label(re.compile("Admiral")).check()
    page.get_by_role("button", name="Place your fleet").click()
    battle = SectorBattle.objects.get()
    # Finished battles against the opponent with the longest name, and one still going.
    for status in ("lost", "won", "resigned"):
        battle.pk = None
        battle.status = status
        # With the figures a battle stores as it ends (the history lists those).
        battle.finished_at = timezone.now()
        battle.shots_fired, battle.shots_hit, battle.their_shots, battle.ships_lost = (
            40,
            12,
            38,
            3,
        )
        battle.save()
    page.goto(live_server.url + "/sector/")  # the one history, on its sector filter
    expect(page).to_have_url(re.compile(r"/history\?mode=sector$"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # A table wider than the phone scrolls in its own box, which a keyboard can reach.
    expect(page.get_by_role("region", name="3 finished games, newest first")).to_be_visible()
    # The replay link's column has a name, for a screen reader's table navigation.
    expect(page.get_by_role("columnheader", name="Date (replay)")).to_have_count(1)


def test_start_the_battle_looks_disabled_until_the_fleet_is_placed(live_server, page: Page):
    page.goto(live_server.url + "/sector/new")
    page.get_by_role("button", name="Place your fleet").click()
    start = page.get_by_role("button", name="Start the battle")
    expect(start).to_have_attribute("aria-disabled", "true")
    opacity = "b => Number(getComputedStyle(b).opacity)"
    assert start.evaluate(opacity) < 0.7
    page.get_by_role("button", name="Place at random").click()
    expect(start).not_to_have_attribute("aria-disabled", "true")
    assert start.evaluate(opacity) == 1
