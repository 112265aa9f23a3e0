"""What a player sees: tables inside their cards, a header that fits a phone, radio buttons on
their labels, ships drawn whole, the last shots marked, motion only for those who want it."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import MOTION
from tests.e2e.test_browser_game import cell, choose_opponent, start_shuffled
from tests.e2e.tour import LONG_NAME, records
from tests.web.conftest import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None
    return found


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(base + "/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Log in")).to_have_count(0)


@pytest.mark.parametrize("width", [1280, 1024, 320])
def test_the_leaderboard_shows_every_column_inside_its_card(live_server, page: Page, width):
    records("a_fairly_long_player_name")
    records(LONG_NAME)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server.url + "/leaderboard")
    card = page.get_by_role("region", name="2. Ensign")
    rate = card.get_by_role("columnheader", name="Win rate")
    # (In view: the rated table above may put the card below the screen's foot, where no
    # element is found at a point.)
    rate.scroll_into_view_if_needed()
    inside, header = box(card), box(rate)
    assert header["x"] + header["width"] <= inside["x"] + inside["width"]
    # Nothing (the next card) lies over it.
    middle = (header["x"] + header["width"] / 2, header["y"] + header["height"] / 2)
    assert rate.evaluate("(th, [x, y]) => th.contains(document.elementFromPoint(x, y))", middle)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_long_username_keeps_the_phone_header_on_one_line(live_server, page: Page):
    records(LONG_NAME)
    page.set_viewport_size({"width": 375, "height": 800})
    log_in(page, live_server.url, LONG_NAME)
    page.goto(live_server.url + "/games/new")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert box(page.locator(".site-header"))["height"] <= 60
    # The account links are one tap away, the name among them.
    page.get_by_text("Menu").click()
    menu = page.get_by_role("navigation", name="Account")
    expect(menu.get_by_role("link", name=re.compile(f"^{LONG_NAME}"))).to_be_visible()
    assert box(menu)["x"] + box(menu)["width"] <= 375


def test_the_radio_buttons_sit_on_their_labels(live_server, page: Page):
    page.goto(live_server.url + "/games/new")
    for level in ["Recruit", "Admiral"]:
        radio = box(page.get_by_label(re.compile(level)))
        name = box(page.locator(".level-name", has_text=level))
        line = name["height"]  # the name is one line
        assert abs((radio["y"] + radio["height"] / 2) - (name["y"] + line / 2)) <= 1


def test_ships_are_drawn_whole_over_their_cells(live_server, page: Page, console_errors):
    choose_opponent(page, live_server.url, "Recruit")
    page.get_by_role("button", name="Shuffle").click()
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()
    # While placing: a drawing per ship and no letters on the cells (a name shown, "Ca",
    # that the cell's name, "C6, Carrier", did not contain).
    setup = page.get_by_role("grid", name=re.compile("Your fleet"))
    expect(setup.locator(".hull")).to_have_count(5)
    assert set(setup.locator("button").evaluate_all("bs => bs.map(b => b.innerText)")) == {""}
    page.get_by_role("button", name="Start the game").click()
    own = page.get_by_role("table", name="Your fleet")
    hulls = own.locator(".hull")
    expect(hulls).to_have_count(5)
    # Each drawing starts at its first cell and reaches over the last one.
    for hull in hulls.all():
        classes = hull.get_attribute("class")
        length = int(re.search(r"len-(\d)", classes)[1])
        start, drawn = box(hull.locator("xpath=..")), box(hull)
        assert abs(drawn["x"] - start["x"]) <= 1
        assert abs(drawn["y"] - start["y"]) <= 1
        if "hull-H" in classes:
            assert drawn["width"] > (length - 0.5) * start["width"]
        else:
            assert drawn["height"] > (length - 0.5) * start["height"]
    assert console_errors == []


def test_the_last_shot_of_each_side_is_marked_until_the_next(live_server, page: Page):
    start_shuffled(page, live_server.url)
    enemy = page.get_by_role("grid", name="Enemy waters")
    own = page.get_by_role("table", name="Your fleet")
    cell(page, "Enemy", "B2").click()
    expect(cell(page, "Enemy", "B2")).to_have_class(re.compile(r"\blatest\b"))
    expect(own.locator(".latest")).to_have_count(1)
    cell(page, "Enemy", "C3").click()
    expect(cell(page, "Enemy", "C3")).to_have_class(re.compile(r"\blatest\b"))
    expect(enemy.locator(".latest")).to_have_count(1)
    expect(own.locator(".latest")).to_have_count(1)
    page.reload()  # the same marks on the page as saved
    expect(enemy.locator(".latest")).to_have_count(1)
    expect(cell(page, "Enemy", "C3")).to_have_class(re.compile(r"\blatest\b"))


def splash(page: Page, label: str) -> str:
    return cell(page, "Enemy", label).evaluate("b => getComputedStyle(b, '::after').animationName")


@MOTION
def test_a_shot_splashes_unless_motion_is_reduced(live_server, page: Page):
    start_shuffled(page, live_server.url)
    cell(page, "Enemy", "B2").click()
    expect(cell(page, "Enemy", "B2")).to_have_attribute("aria-disabled", "true")
    assert splash(page, "B2") in ("splash", "burst")
    page.emulate_media(reduced_motion="reduce")
    assert splash(page, "B2") == "none"


def test_misses_stand_out_from_open_water(live_server, page: Page):
    start_shuffled(page, live_server.url)
    cell(page, "Enemy", "B2").click()
    expect(cell(page, "Enemy", "B2")).to_have_attribute("aria-disabled", "true")
    colours = page.evaluate(
        """() => ['B2', 'C3'].map(l => {
             const b = document.querySelector(`#enemy-${l} button`);
             const s = getComputedStyle(b);
             return [s.backgroundColor, s.color];
           })"""
    )
    assert colours[0][0] != colours[1][0]  # the missed cell is not open water


def test_the_site_follows_the_systems_dark_mode(live_server, page: Page):
    page.goto(live_server.url + "/")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.emulate_media(color_scheme="dark")
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert light != dark
    channels = [int(c) for c in re.findall(r"\d+", dark)[:3]]
    assert max(channels) < 80  # a dark page


def test_every_page_has_a_title_of_its_own(live_server, page: Page):
    titles = set()
    for path in ["/", "/games/new", "/login", "/signup", "/leaderboard", "/no-such-page"]:
        page.goto(live_server.url + path)
        titles.add(page.title())
    assert len(titles) == 6
    choose_opponent(page, live_server.url, "Recruit")
    assert page.title() not in titles
    expect(page.locator("link[rel=icon]")).to_have_count(1)


def test_on_a_phone_your_fleet_stays_in_sight_while_you_fire(live_server, page: Page):
    page.set_viewport_size({"width": 375, "height": 800})
    start_shuffled(page, live_server.url)
    # Scrolled to the enemy's board, under the bar that says what the last round did.
    page.get_by_role("heading", name="Enemy waters").evaluate("h => h.scrollIntoView()")
    cell(page, "Enemy", "J10").click()
    expect(cell(page, "Enemy", "J10")).to_have_attribute("aria-disabled", "true")
    own = box(page.get_by_role("table", name="Your fleet"))
    fired = box(cell(page, "Enemy", "J10"))
    # The cell just fired at, the computer's answer on your board, and the result, all at once.
    assert fired["y"] >= 0
    assert own["y"] + own["height"] <= 800
    assert box(page.get_by_role("status"))["y"] >= -1


def test_on_a_phone_chart_labels_are_at_least_12_px_and_the_heat_map_has_a_legend(
    live_server, page: Page
):
    records("charted")
    page.set_viewport_size({"width": 375, "height": 800})
    log_in(page, live_server.url, "charted")
    page.goto(live_server.url + "/stats")
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.chart-svg text')].map(t =>
             parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a)"""
    )
    assert sizes
    assert min(sizes) >= 12
    expect(page.locator(".heat-legend")).to_contain_text("most often")


def test_on_a_phone_the_result_bar_is_not_a_region_of_its_own_to_scroll(live_server, page: Page):
    """A scrollable region must be reachable by keyboard; the bar shows its last three lines
    instead (the earlier ones of a long Salvo round are still read out)."""
    page.set_viewport_size({"width": 375, "height": 800})
    start_shuffled(page, live_server.url)
    cell(page, "Enemy", "B2").click()
    bar = page.get_by_role("status")
    expect(bar).to_contain_text("B2: miss")
    assert bar.evaluate("b => getComputedStyle(b).overflowY") == "visible"
    assert bar.evaluate("b => getComputedStyle(b).position") == "sticky"


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_the_header_is_one_row_in_every_language_on_a_game_page_and_the_statistics(
    live_server, page: Page, language
):
    records("a_fairly_long_player_name")
    log_in(page, live_server.url, "a_fairly_long_player_name")
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.goto(live_server.url + "/games/new")
    page.locator("main form button[type=submit]").click()  # a game, its fleet to place
    game = page.url
    for url in (game, live_server.url + "/stats"):
        page.goto(url)
        expect(page.locator("html")).to_have_attribute("lang", re.compile(f"^{language}"))
        for width in (1280, 1024, 375):  # the header is laid out by CSS alone: resized in place
            page.set_viewport_size({"width": width, "height": 800})
            where = f"{url} at {width} px"
            # One row: "Registrieren" went to a second row at 1280 px in German.
            assert box(page.locator(".site-header"))["height"] <= 60, where
            # The brand on one line: "Bataille navale" took three on a phone beside a game's
            # links.
            brand = page.locator(".brand")
            line = float(brand.evaluate("a => getComputedStyle(a).lineHeight.replace('px', '')"))
            assert box(brand)["height"] <= 1.5 * line, where
            assert page.evaluate("document.documentElement.scrollWidth") <= width, where
