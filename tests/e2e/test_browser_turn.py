"""A turn in real Chromium: the boards stay put over whole Salvo and special-weapons games (the
enemy board's top moves at most 4 px, as cells are picked and after each turn, the last
included; the fire button stays in the window after every turn, and the end with Play again
comes into sight), the round is played
back in order (yours, the cue, theirs; at once under reduced motion), a sinking ship's hull
is drawn whole, the fleet lists show each hit part, and the end leads to Play again with the
same settings. axe-core clean along the way. On a phone, Enemy waters' column numbers stay
readable under the summary bar while the board's rows scroll under it."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.e2e.conftest import MOTION, unexpected
from tests.e2e.test_browser_rule_sets import cell, start
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE
from tests.web.conftest import COMPUTER_FLEET, fleet_cells

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 800}
WATER = [f"{row}{col}" for row in "FG" for col in range(1, 11)]

# Each step of a round's playback, with when it came and what was in sight then.
LISTEN = """() => {
  window.turnSteps = [];
  for (const name of ["mine", "aiming", "theirs"]) {
    document.addEventListener("turn:" + name, () => {
      const theirs = document.querySelector("#announcer .said-theirs .said");
      const cue = document.querySelector("#announcer .turn-cue");
      const marks = Array.from(document.querySelectorAll(".own-board td.cell.latest > .symbol"));
      const hull = document.querySelector("table.enemy .hull.fresh");
      window.turnSteps.push({
        name, at: performance.now(),
        theirsShown: !!theirs && getComputedStyle(theirs).visibility === "visible",
        cueShown: !!cue && getComputedStyle(cue).display !== "none",
        marksShown: marks.filter((m) => getComputedStyle(m).visibility === "visible").length,
        marks: marks.length,
        hull: hull && {
          opacity: getComputedStyle(hull).opacity, clip: getComputedStyle(hull).clipPath,
        },
      });
    });
  }
}"""


def settled(page: Page, moves_before: str) -> None:
    """Wait until the answer to a turn is in and played back."""
    expect(page.locator("#turn")).not_to_have_attribute("data-move", moves_before)
    expect(page.locator("body")).not_to_have_class(re.compile(r"\bturn-(mine|aiming)\b"))


def board_top(page: Page) -> float:
    """Where the enemy board's top is in the page (the window's top is measured apart)."""
    return page.locator("table.board.enemy").bounding_box()["y"] + page.evaluate("window.scrollY")


def in_window(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (
        box is not None
        and box["y"] >= 0
        and box["x"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] + box["width"] <= size["width"]
    )


def column_numbers_read_under_the_summary(page: Page) -> bool:
    """Scrolled until Enemy waters' first rows are under the summary bar (a phone's player
    aiming at the lower rows): is every column number still on screen, below the bar and
    drawn over the cells scrolled under it?"""
    page.evaluate(
        """() => {
          const third = document.querySelector("table.board.enemy tbody tr:nth-child(3)");
          window.scrollBy(0, third.getBoundingClientRect().top - 40);
        }"""
    )
    return page.evaluate(
        """() => {
          const bar = document.getElementById("announcer").getBoundingClientRect();
          return Array.from(document.querySelectorAll("table.board.enemy thead th")).every((th) => {
            const box = th.getBoundingClientRect();
            const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
            const seen = document.elementFromPoint(x, y);
            return box.top >= bar.bottom - 1 && th.contains(seen);
          });
        }"""
    )


@pytest.fixture(scope="module")
def axe_source() -> str:
    return AXE.read_text()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x900", "375x800"])
def test_a_whole_salvo_game_keeps_the_board_and_the_fire_button_in_place(
    live_server, page: Page, console_errors, axe_source, viewport
):
    page.set_viewport_size(viewport)
    game = start(page, live_server.url, "Salvo")
    targets = fleet_cells(COMPUTER_FLEET)
    water = list(WATER)
    top = board_top(page)
    tops = []
    assert in_window(page, "#volley-fire")  # in its place before the first pick
    while True:
        size = int(page.locator("#volley-status").get_attribute("data-volley"))
        turn = (targets + water)[:size]
        targets, water = targets[len(turn) :], water[max(0, len(turn) - len(targets)) :]
        for label in turn:
            cell(page, label).click()
        tops.append(board_top(page))  # the count of cells picked moves nothing either
        assert in_window(page, "#volley-fire")
        before = page.locator("#turn").get_attribute("data-move")
        page.locator("#volley-fire").click()
        settled(page, before)
        tops.append(board_top(page))  # the last turn's too: the end moves nothing above
        if not targets:
            break
        assert page.evaluate("window.scrollY") == 0  # nothing scrolled the page either
        assert in_window(page, "#volley-fire"), f"turn {len(tops)}"
        said = page.locator("#announcer p:not(.sr-only)")
        expect(said).to_have_count(2)
        expect(said.first).to_have_text(re.compile(r"^You fired \d shots: "))
        if len(tops) == 2:
            page.locator("#turn-log summary").click()  # opening the log moves nothing above
            expect(page.locator("#turn-log-lines p").first).to_be_visible()
            assert page.locator("#turn-log-lines p").count() > size  # yours and theirs
            tops.append(board_top(page))
            assert check(page, axe_source) == []
            if viewport == PHONE:  # its rows scroll under the bar; not its column numbers
                assert column_numbers_read_under_the_summary(page)
            page.evaluate("window.scrollTo(0, 0)")  # where the click on the log took it
    assert max(abs(t - top) for t in tops) <= 4, (top, tops)
    expect(page.get_by_role("heading", name=re.compile("You won"))).to_be_visible()
    # The end is brought into sight, with Play again in the window.
    assert in_window(page, ".outcome button.primary")
    expect(page.locator("#turn")).to_have_attribute("data-sound", "won")
    # The card has come in (axe reads colours mid-fade otherwise; under reduced motion, the
    # tests' default, it is there at once).
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    assert check(page, axe_source) == []
    # Play again: the same opponent and rules, straight to placement.
    page.get_by_role("button", name="Play again").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    new = Game.objects.exclude(pk=game.pk).get()
    assert (new.level, new.rules_name, new.status) == (game.level, "salvo", "setup")
    assert page.url.endswith(new.get_absolute_url())
    assert unexpected(console_errors) == []


def aim_with(page: Page, weapon: str):
    return page.get_by_role("group", name="Aim with").get_by_role(
        "button", name=re.compile(f"^{weapon}")
    )


def enemy_td(page: Page, label: str):
    return page.locator(f"#enemy-{label}")


def launch_point(page: Page, name: str):
    return page.get_by_role("group", name=re.compile("Launch points")).get_by_role(
        "button", name=name, exact=True
    )


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x900", "375x800"])
def test_a_whole_special_weapons_game_keeps_the_board_and_the_fire_button_in_place(
    live_server, page: Page, console_errors, viewport
):
    page.set_viewport_size(viewport)
    game = start(page, live_server.url, "Special weapons")
    fire = ".typed-shot button"
    top = board_top(page)
    assert in_window(page, fire)
    tops = []

    def after(before: str) -> None:
        settled(page, before)
        tops.append(board_top(page))
        assert page.evaluate("window.scrollY") == 0  # nothing scrolled the page either
        assert in_window(page, fire), f"turn {len(tops)}"

    # Aimed on the board, as a player aims (the typed forms lie below it).
    before = page.locator("#turn").get_attribute("data-move")
    aim_with(page, "Air strike").click()
    enemy_td(page, "B7").locator("button").click()
    after(before)
    expect(page.locator("#announcer .said-mine")).to_have_text("Your air strike on B7: 6 hits.")
    before = page.locator("#turn").get_attribute("data-move")
    aim_with(page, "Torpedo").click()
    launch_point(page, "Row F, from the left").click()
    after(before)
    expect(page.locator("#announcer .said-mine")).to_have_text(
        "Your torpedo from the west along row F: no contact."
    )
    fired = set()
    targets = [c for c in fleet_cells(COMPUTER_FLEET) if c[0] not in "ABC" or c[1:] not in "678"]
    for label in targets:
        if label in fired:
            continue
        fired.add(label)
        before = page.locator("#turn").get_attribute("data-move")
        cell(page, label).click()
        if label == targets[-1]:
            settled(page, before)
            tops.append(board_top(page))  # the last turn's too: the end moves nothing above
            break
        after(before)
    expect(page.get_by_role("heading", name=re.compile("You won"))).to_be_visible()
    assert in_window(page, ".outcome button.primary")  # the end in sight, Play again too
    assert max(abs(t - top) for t in tops) <= 4, (top, tops)
    game.refresh_from_db()
    assert game.status == "won"
    assert unexpected(console_errors) == []


@MOTION
def test_the_computers_reply_is_shown_after_yours_with_a_cue_between(
    live_server, page: Page, console_errors
):
    start(page, live_server.url, "Classic")
    page.evaluate(LISTEN)
    before = page.locator("#turn").get_attribute("data-move")
    cell(page, "J9").click()  # the Destroyer's bow
    settled(page, before)
    steps = page.evaluate("window.turnSteps")
    assert [s["name"] for s in steps] == ["mine", "aiming", "theirs"]
    mine, aiming, theirs = steps
    # Yours first: their sentence and their mark on your board wait ...
    assert not mine["theirsShown"]
    assert mine["marks"] == 1
    assert mine["marksShown"] == 0
    assert not mine["cueShown"]
    # ... a beat, then the cue that they are aiming ...
    assert aiming["cueShown"]
    assert not aiming["theirsShown"]
    assert aiming["at"] - mine["at"] >= 200
    # ... then theirs, a few hundred milliseconds after yours.
    assert theirs["theirsShown"]
    assert theirs["marksShown"] == 1
    assert not theirs["cueShown"]
    assert 500 <= theirs["at"] - mine["at"] <= 1500
    expect(page.locator("#announcer .said-mine")).to_have_text("You fired at J9: hit.")
    # The sinking shot: the hull is drawn whole at once, no cell of it blank.
    page.evaluate("window.turnSteps = []")
    before = page.locator("#turn").get_attribute("data-move")
    cell(page, "J10").click()
    settled(page, before)
    hull = page.evaluate("window.turnSteps")[0]["hull"]
    assert hull == {"opacity": "1", "clip": "none"}
    expect(page.locator("#announcer .said-mine")).to_have_text(
        "You fired at J10: hit, sank their Destroyer."
    )
    # Their fleet list: the Destroyer's two parts hit; yours: a part for each hit of theirs.
    expect(page.locator("#enemy-fleet li").last.locator(".pip.hit")).to_have_count(2)
    own_hits = page.locator(".own-board td.cell.hit, .own-board td.cell.sunk").count()
    expect(page.locator("#own-fleet .pip.hit")).to_have_count(own_hits)
    assert unexpected(console_errors) == []


def test_under_reduced_motion_the_reply_is_shown_at_once(live_server, page: Page, console_errors):
    page.emulate_media(reduced_motion="reduce")
    start(page, live_server.url, "Salvo")
    page.evaluate(LISTEN)
    for label in ["A1", "A2", "A3", "A4", "A5"]:
        cell(page, label).click()
    before = page.locator("#turn").get_attribute("data-move")
    page.locator("#volley-fire").click()
    settled(page, before)
    steps = page.evaluate("window.turnSteps")
    assert [s["name"] for s in steps] == ["mine", "theirs"]
    assert steps[0]["theirsShown"]
    assert steps[0]["marksShown"] == steps[0]["marks"] == 5
    assert unexpected(console_errors) == []


# Your fleet's list at each step of a round's playback.
FLEET_STEPS = """() => {
  window.fleetSteps = [];
  window.fleetBefore = document.getElementById("own-fleet").outerHTML;
  for (const name of ["mine", "aiming", "theirs"]) {
    document.addEventListener("turn:" + name, () => {
      window.fleetSteps.push([name, document.getElementById("own-fleet").outerHTML]);
    });
  }
}"""


@MOTION
def test_your_fleets_list_changes_with_their_hit_not_before(live_server, page: Page):
    """While their shots wait (your shot, a beat, the cue that they are aiming) your fleet's
    list says what it said before the round; it says "hit" (or "sunk") with their shot."""
    start(page, live_server.url, "Classic")
    water = [f"{row}{col}" for row in "FGI" for col in range(1, 11)]
    water += [f"{row}{col}" for row in "BCDE" for col in (1, 2, 3, 4, 5, 10)]
    for label in water:  # until the Recruit hits one of your ships
        page.evaluate(FLEET_STEPS)
        before = page.locator("#turn").get_attribute("data-move")
        cell(page, label).click()
        settled(page, before)
        steps = dict(page.evaluate("window.fleetSteps"))
        fleet_before = page.evaluate("window.fleetBefore")
        if steps["theirs"] != fleet_before:
            break
    else:
        pytest.fail("the Recruit never hit")
    assert list(steps) == ["mine", "aiming", "theirs"]
    assert steps["mine"] == fleet_before
    assert steps["aiming"] == fleet_before
    assert "hit" in steps["theirs"]
    assert page.locator("#own-fleet").evaluate("e => e.outerHTML") == steps["theirs"]
