"""A friend game's page takes a move's event in place (friends/changes.py): what the move
changed is swapped in, the rest of the page stays as it is, the board one may now fire at
works; a page reloaded mid-game is sent nothing again on connect."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from duels.models import Duel
from tests.e2e.test_browser_game import cell

pytestmark = pytest.mark.django_db(transaction=True)

# Every event the page's stream brings, from the page's first moment (an init script).
HEARING = """window.heard = [];
document.addEventListener("htmx:sseMessage", (event) => window.heard.push(event.detail.type));"""
LISTEN = """() => { window.heard = []; window.livePart = document.getElementById("live"); }"""


def heard(page: Page) -> list[str]:
    return page.evaluate("() => window.heard")


def test_a_move_is_swapped_in_where_it_changed_the_page(live_server, browser: Browser, settings):
    settings.FRIEND_KEEPALIVE_SECONDS = 1
    ann = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    for page in (ann, bob):
        page.add_init_script(HEARING)
    ann.goto(live_server.url + "/friend/")
    ann.get_by_label("Your name, as your friend will see it").fill("Ann")
    ann.get_by_role("button", name="Get the invite link").click()
    link = ann.get_by_label("Invite link").input_value()
    bob.goto(link)
    bob.get_by_label("Your name, as your friend will see it").fill("Bob")
    bob.get_by_role("button", name="Join the game").click()
    expect(ann.get_by_role("heading", name="Place your fleet")).to_be_visible(timeout=5000)
    for page in (ann, bob):
        page.get_by_role("button", name="Shuffle").click()
        page.get_by_role("button", name="Ready", exact=True).click()
    for page in (ann, bob):
        expect(page.get_by_text(re.compile("The coin flip"))).to_be_visible(timeout=5000)
    game = Duel.objects.get(token=link.rstrip("/").split("/")[-1])
    pages = {0: ann, 1: bob}
    names = {0: "Ann", 1: "Bob"}

    def turn(label: str) -> tuple[Page, Page]:
        """Whoever's turn it is fires at ``label``; (the mover, the other)."""
        game.refresh_from_db()
        seat = game.engine().current_player
        mover, waiter = pages[seat], pages[1 - seat]
        waiter.evaluate(LISTEN)
        cell(mover, f"{names[1 - seat]}'s waters", label).click()
        expect(waiter.get_by_text("Your turn.")).to_be_visible(timeout=5000)
        return mover, waiter

    turn("A1")  # the first move: from move 0 the page is sent the whole state
    mover, waiter = turn("B2")
    assert heard(waiter) == ["move"]
    # The move's cells and lines were swapped in; the live part itself stayed.
    assert waiter.evaluate("() => document.getElementById('live') === window.livePart")
    expect(waiter.locator("#own-B2")).to_have_class(re.compile(r"\b(hit|miss|sunk)\b"))
    expect(waiter.locator("#announcer")).to_contain_text("fired at B2")
    them = "Bob" if waiter is ann else "Ann"
    board = waiter.get_by_role("grid", name=f"{them}'s waters")
    assert board.locator("button[type=submit]").count() >= 98  # one may fire at them now
    expect(waiter.locator("#typed-cell")).to_be_enabled()
    # The mover's page, whose turn it no longer is: the other's cells wait, disabled.
    expect(mover.locator("#typed-cell")).to_be_disabled()
    assert mover.locator("table.board.enemy button[type=submit]").count() == 0

    # A page reloaded mid-game shows the game as it is: its stream sends nothing again.
    waiter.reload()
    expect(waiter.locator("#presence")).to_have_text(re.compile("is here"), timeout=5000)
    waiter.wait_for_function("() => window.heard.length > 0")
    assert heard(waiter) == ["presence"]
    # And the move after it arrives as a move's event, the page still firing.
    cell(waiter, f"{them}'s waters", "C3").click()
    expect(mover.get_by_text("Your turn.")).to_be_visible(timeout=5000)
    expect(waiter.get_by_text(re.compile("turn: wait for their move"))).to_be_visible()
    assert "state" not in heard(waiter)
    for page in (ann, bob):
        page.context.close()
