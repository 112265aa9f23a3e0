"""Two people play each other in two browsers: the invite link, placing, and each seeing the
other's moves without reloading (the event stream), the boards and what is below them (the
weapons, their fleet) staying put as the turns go back and forth; a third browser with the
link is refused; axe-clean at each step."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from duels.models import Duel
from tests.e2e.test_browser_game import cell
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def axe_source() -> str:
    return AXE.read_text()


def places(page: Page) -> list[float]:
    """Where the two boards and the list of their fleet below the enemy board (and below
    the weapons, if any) are in the page: their tops, then their tops below the game's part
    under the heading and its live region (whose lines a Salvo turn adds to)."""
    return page.evaluate(
        """() => {
          const top = (s) => document.querySelector(s).getBoundingClientRect().top + scrollY;
          const places = [top("table.board.enemy"), top(".own-panel"), top("#enemy-fleet")];
          const live = top("#live");
          return [...places, ...places.map((at) => at - live)];
        }"""
    )


def ready(page: Page) -> None:
    page.get_by_role("button", name="Shuffle").click()
    page.get_by_role("button", name="Ready", exact=True).click()


# (Special weapons are the standard rules with an air strike and two torpedoes.)
@pytest.mark.parametrize(("rules", "width"), [("special_weapons", 1280), ("salvo", 375)])
def test_two_friends_play_and_each_sees_the_others_moves_live(
    live_server, browser: Browser, axe_source, rules, width, settings
):
    settings.FRIEND_KEEPALIVE_SECONDS = 1  # a closed tab's stream is noticed at its next write
    size = {"width": width, "height": 900}
    host = browser.new_context(viewport=size).new_page()
    friend = browser.new_context(viewport=size).new_page()
    host.goto(live_server.url + "/")
    host.get_by_role("link", name="Play a friend").first.click()
    host.locator(f"#friend-rules-{rules}").check()
    host.get_by_label("Your name, as your friend will see it").fill("Ann")
    host.get_by_role("button", name="Get the invite link").click()
    link = host.get_by_label("Invite link").input_value()
    assert check(host, axe_source) == []

    friend.goto(link)
    expect(friend.get_by_role("heading", name="Ann invites you to Battleship")).to_be_visible()
    assert check(friend, axe_source) == []
    friend.get_by_label("Your name, as your friend will see it").fill("Bob")
    friend.get_by_role("button", name="Join the game").click()
    # The host's waiting page turns into placing by itself.
    expect(host.get_by_role("heading", name="Place your fleet")).to_be_visible(timeout=5000)
    expect(host.get_by_role("heading", level=1)).to_have_text(re.compile("^Against Bob"))
    expect(host).to_have_title("Place your fleet against Bob · Battleship")

    ready(host)
    expect(friend.get_by_text("Ann is ready and waiting for you.")).to_be_visible(timeout=5000)
    ready(friend)
    for page in (host, friend):
        expect(page.get_by_text(re.compile("The coin flip"))).to_be_visible(timeout=5000)
    # Each sees that the other has the game open.
    expect(host.locator("#presence")).to_have_text("Bob is here.", timeout=5000)
    expect(friend.locator("#presence")).to_have_text("Ann is here.", timeout=5000)
    assert check(host, axe_source) == []

    game = Duel.objects.get(token=link.rstrip("/").split("/")[-1])
    targets = [f"{row}{col}" for row in "ABCDEFGHIJ" for col in range(1, 11)]
    seen = {page: [places(page)] for page in (host, friend)}
    for _ in range(4):  # several turns each way, each seen by the other without a reload
        game.refresh_from_db()
        view = game.view(0)
        mover, waiter = (host, friend) if view.my_turn else (friend, host)
        them = "Bob" if mover is host else "Ann"
        before = game.moves
        shots = game.view(0 if mover is host else 1).shots_left_in_turn
        for label in targets[:shots]:
            cell(mover, f"{them}'s waters", label).click()
        if shots > 1:
            mover.get_by_role("button", name="Fire the salvo").click()
        fired = targets[:shots]
        del targets[:shots]
        expect(waiter.locator("#live")).to_have_attribute(
            "data-move", re.compile(rf"^(?!{before}$)\d+$"), timeout=5000
        )
        expect(waiter.get_by_text("Your turn.")).to_be_visible(timeout=5000)
        own = waiter.locator(f"#own-{fired[0]}")
        expect(own).to_have_class(re.compile(r"\b(hit|miss|sunk)\b"))
        expect(mover.locator("#live")).to_have_attribute(
            "data-move", waiter.locator("#live").get_attribute("data-move")
        )
        if rules == "special_weapons":  # on their turn the weapons are in place, disabled
            for name in ("Strike", "Air strike (1 left)"):
                expect(mover.get_by_role("button", name=name, exact=True)).to_be_disabled()
                expect(waiter.get_by_role("button", name=name, exact=True)).to_be_enabled()
        for page in (host, friend):
            seen[page].append(places(page))
    # The boards stay put as the turns go back and forth, the first included (the coin
    # flip's line, whose turn it is, the form to type a cell in, the weapons); with one shot
    # a turn, where a turn says two lines, below the heading too.
    for page, tops in seen.items():
        compared = slice(0, 6) if rules == "special_weapons" else slice(3, 6)
        for where in zip(*(at[compared] for at in tops), strict=True):
            assert max(where) - min(where) <= 4, (page.url, tops)
    assert check(friend, axe_source) == []

    third = browser.new_context(viewport=size).new_page()
    third.goto(link)
    expect(third.get_by_role("heading", name="This game already has two players")).to_be_visible()
    assert third.locator("table").count() == 0

    # Bob closes his tab: Ann's page says so by itself, and on a reload.
    friend.context.close()
    expect(host.locator("#presence")).to_have_text("Bob is away.", timeout=10000)
    host.reload()
    expect(host.locator("#presence")).to_have_text("Bob is away.")
    assert check(host, axe_source) == []


def test_weapons_are_aimed_on_the_board_in_a_friend_game(
    live_server, browser: Browser, axe_source, settings
):
    """Under the special weapons rules a friend game's air strike and torpedo are aimed on
    the other player's waters as against the computer (static/js/aim.js): the strike's
    square and the torpedo's path shown before they go, each fired by a click there; on
    the other player's turn the weapons wait in their place, disabled."""
    from battleship.classic import Coordinate
    from tests.web.conftest import COMPUTER_FLEET

    settings.FRIEND_KEEPALIVE_SECONDS = 1
    size = {"width": 1280, "height": 900}
    ann = browser.new_context(viewport=size).new_page()
    bob = browser.new_context(viewport=size).new_page()
    ann.goto(live_server.url + "/friend/")
    ann.locator("#friend-rules-special_weapons").check()
    ann.get_by_label("Your name, as your friend will see it").fill("Ann")
    ann.get_by_role("button", name="Get the invite link").click()
    link = ann.get_by_label("Invite link").input_value()
    bob.goto(link)
    bob.get_by_label("Your name, as your friend will see it").fill("Bob")
    bob.get_by_role("button", name="Join the game").click()
    expect(ann.get_by_role("heading", name="Place your fleet")).to_be_visible(timeout=5000)
    game = Duel.objects.get(token=link.rstrip("/").split("/")[-1])
    for page in (ann, bob):
        page.get_by_role("button", name="Shuffle").click()
        expect(page.get_by_role("button", name="Ready", exact=True)).to_be_visible()
    game.refresh_from_db()
    fleets = list(game.fleets)  # Bob's fleet where the test knows it
    fleets[1] = [
        {"ship": name, "row": cell.row, "col": cell.col, "orientation": way}
        for name, start, way in COMPUTER_FLEET
        for cell in [Coordinate.parse(start)]
    ]
    Duel.objects.filter(pk=game.pk).update(fleets=fleets)
    for page in (ann, bob):
        page.get_by_role("button", name="Ready", exact=True).click()
    for page in (ann, bob):
        expect(page.get_by_text(re.compile("The coin flip"))).to_be_visible(timeout=5000)

    def weapon(page: Page, name: str):
        return page.get_by_role("group", name="Aim with").get_by_role(
            "button", name=re.compile(f"^{name}")
        )

    def bob_fires(label: str) -> None:
        game.refresh_from_db()
        if game.view(0).my_turn:
            return
        expect(weapon(ann, "Air strike").or_(weapon(ann, "Torpedo")).first).to_be_disabled()
        cell(bob, "Ann's waters", label).click()
        expect(ann.get_by_text("Your turn.")).to_be_visible(timeout=5000)

    waters = "table.board.enemy"
    previewed = f"{waters} td.preview"
    bob_fires("J10")
    weapon(ann, "Air strike").click()
    ann.locator("#enemy-B7").hover()  # the square follows the pointer
    expect(ann.locator(previewed)).to_have_count(9)
    expect(ann.locator("#aim-status")).to_have_text(
        "Air strike aimed at B7: the square from A6 to C8."
    )
    assert check(ann, axe_source) == []
    ann.locator("#enemy-B7 button").click()
    expect(ann.locator("#announcer")).to_contain_text("Your air strike on B7: 6 hits.")
    game.refresh_from_db()
    assert {"air_strike": "B7"} in game.log
    expect(weapon(ann, "Air strike")).to_have_count(0)  # spent
    expect(bob.locator("#own-A6")).to_have_class(re.compile(r"\bhit\b"))  # Bob saw it land

    bob_fires("J9")
    weapon(ann, "Torpedo").click()
    launch = ann.get_by_role("group", name=re.compile("Launch points")).get_by_role(
        "button", name="Row I, from the left", exact=True
    )
    launch.hover()
    expect(ann.locator(f"{waters} td.aim-path-west")).to_have_count(10)
    launch.click()
    expect(ann.locator("#announcer")).to_contain_text(
        "Your torpedo from the west along row I: no contact."
    )
    game.refresh_from_db()
    assert {"torpedo": {"from": "west", "line": 8}} in game.log
    for page in (ann, bob):
        page.context.close()
