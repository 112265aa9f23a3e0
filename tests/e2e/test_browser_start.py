"""Getting into a game in real Chromium (issue 32, items 4 and 6): the new-game page's button
inside the first screen, in its own place, whatever is chosen, in each of the four
languages, at a phone's size and a desktop's; Play now from the home page to a placed fleet
with Start ready, in one press, with the last choice or the default; both without JavaScript
too; and the five-shot legend beside enemy waters. axe-core scans each page."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from core.rule_sets import OFFERED
from games.models import HUMAN, Game, Ship
from tests.e2e.conftest import unexpected
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(375, 800), (1280, 900)]


def clean(page: Page) -> list[str]:
    assert AXE.exists(), f"{AXE} is missing: `make test` installs it (npm ci)"
    return check(page, AXE.read_text())


def in_first_screen(page: Page, locator, width: int, height: int) -> dict:
    """The box of ``locator`` as the page first shows it (not scrolled), inside the window."""
    assert page.evaluate("() => window.scrollY") == 0
    box = locator.bounding_box()
    assert box is not None
    assert box["y"] >= 0, box
    assert box["x"] >= 0, box
    assert box["y"] + box["height"] <= height, (box, height)
    assert box["x"] + box["width"] <= width, (box, width)
    return box


def game_of(page: Page) -> Game:
    return Game.objects.get(pk=page.url.rstrip("/").split("/")[-1])


LOCALES = ["en-GB", "de-DE", "es-ES", "fr-FR"]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("width", "height"), SIZES, ids=["375", "1280"])
def test_the_button_is_in_the_first_screen_whatever_is_chosen(
    live_server, browser: Browser, width, height, locale
):
    """In each language, with every opponent and every rule set chosen (the longest
    descriptions the worst case), the button is in the first screen in its own place: not
    held at the foot of the window over what is chosen, but under it."""
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(live_server.url + "/games/new")
    start = page.locator(".choose-game button[type=submit]")
    in_first_screen(page, start, width, height)
    assert clean(page) == []
    rules = page.locator(".choose-game .choices").last
    for level in range(1, 6):
        page.locator(f"#level-{level}").check()
        expect(page.locator(f"#level-{level}-note")).to_be_visible()
        for info in OFFERED:
            page.locator(f"#rules-{info.name}").check()
            expect(page.locator(f"#rules-{info.name}-summary")).to_be_visible()
            page.evaluate("() => window.scrollTo(0, 0)")
            box = in_first_screen(page, start, width, height)
            chosen = rules.bounding_box()
            assert box["y"] >= chosen["y"] + chosen["height"], (level, info.name, box, chosen)
    # Only the chosen card's description shows, not all thirteen.
    expect(page.locator(".choice-note:visible")).to_have_count(2)
    # The choices are cards in a grid: five opponents in at most three rows on a phone.
    tops = {
        round(card.bounding_box()["y"]) for card in page.locator(".choice-levels .choice").all()
    }
    assert len(tops) <= (3 if width < 600 else 1)
    # Pressed, it makes that game.
    page.locator("#level-5").check()
    page.locator("#rules-salvo").check()
    start.click()
    expect(page.locator("#setup-heading")).to_be_visible()
    game = game_of(page)
    assert (game.level, game.rules_name) == (5, "salvo")
    assert errors == []
    context.close()


@pytest.mark.parametrize(("width", "height"), SIZES, ids=["375", "1280"])
def test_play_now_is_one_press_to_a_placed_fleet_and_start(
    live_server, page: Page, console_errors, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + "/")
    play = page.get_by_role("button", name="Play now")
    in_first_screen(page, play, width, height)
    expect(page.locator("#play-now-what")).to_contain_text(
        "the classic rules against the Lieutenant"
    )
    assert clean(page) == []
    play.click()  # the one press
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Against the Lieutenant")
    game = game_of(page)
    assert (game.level, game.rules_name, game.status) == (3, "standard", Game.Status.SETUP)
    fleet = len(game.rule_set.fleet)
    assert Ship.objects.filter(game=game, player=HUMAN).count() == fleet
    expect(page.locator(".placed-at", has_text=re.compile(r"^at [A-J]\d+"))).to_have_count(fleet)
    start = page.get_by_role("button", name="Start the game")
    expect(start).to_be_enabled()
    in_first_screen(page, start, width, height)  # on a phone it waits at the screen's foot
    assert clean(page) == []
    start.click()
    expect(page.get_by_role("grid", name=re.compile("Enemy"))).to_be_visible()
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert unexpected(console_errors) == []


def test_play_now_uses_the_last_choice(live_server, page: Page, console_errors):
    page.goto(live_server.url + "/games/new")
    page.get_by_label(re.compile("Captain")).check()
    page.locator("#rules-five_shot").check()
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    page.goto(live_server.url + "/")
    expect(page.locator("#play-now-what")).to_contain_text(
        "the five shots rules against the Captain"
    )
    page.get_by_role("button", name="Play now").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    game = game_of(page)
    assert (game.level, game.rules_name) == (4, "five_shot")
    assert Ship.objects.filter(game=game, player=HUMAN).count() == 6
    page.get_by_role("button", name="Start the game").click()
    # Five shots: the marks are explained beside enemy waters, right under the board.
    legend = page.get_by_role("region", name="What the marks mean")
    expect(legend).to_be_visible()
    board = page.get_by_role("grid", name=re.compile("Enemy")).bounding_box()
    below = legend.bounding_box()
    assert 0 <= below["y"] - (board["y"] + board["height"]) < 80
    assert below["x"] < board["x"] + board["width"]  # in the enemy panel, not the other one
    for words in ("not yet known", "A hit, deduced", "A miss, deduced", "corner triangle"):
        expect(legend).to_contain_text(words)
    page.get_by_label("Fire at").fill("A1 A2 A3 A4 A5")
    page.get_by_role("button", name="Fire", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Round 1:")
    expect(page.get_by_role("region", name="What the marks mean")).to_be_visible()
    assert clean(page) == []
    assert unexpected(console_errors) == []


def test_no_legend_in_a_classic_game(live_server, page: Page):
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="Play now").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("grid", name=re.compile("Enemy"))).to_be_visible()
    expect(page.locator(".mark-legend")).to_have_count(0)


def test_without_javascript_both_ways_in_work(live_server, browser: Browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 800})
    page = context.new_page()
    try:
        page.goto(live_server.url + "/games/new")
        # Every description is there to read (the page's CSS shows the chosen one's).
        expect(page.locator("#level-1-note")).to_be_attached()
        page.get_by_label(re.compile("Recruit")).check()
        page.locator("#rules-no_touch").check()
        page.get_by_role("button", name="Place your fleet").click()
        expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
        assert (game_of(page).level, game_of(page).rules_name) == (1, "no_touch")
        page.goto(live_server.url + "/")
        page.get_by_role("button", name="Play now").click()
        expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
        game = game_of(page)
        assert (game.level, game.rules_name) == (1, "no_touch")
        page.get_by_role("button", name="Start the game").click()
        expect(page.get_by_role("grid", name=re.compile("Enemy"))).to_be_visible()
        game.refresh_from_db()
        assert game.status == Game.Status.PLAYING
    finally:
        context.close()
