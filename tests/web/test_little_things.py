"""What a player notices at the edges of a game (issue 41): the daily challenge marks only
its latest shot (the ring was on every shot fired, after a reload too) and draws in only
the ship that shot sank; a friend game ends with the same card as a game against the
computer, each player's own figures and what to do next; the sector battle is on the home
page, its easiest opponent chosen first."""

import re

import pytest
from django.test import Client

from daily.fleet import day_board
from daily.models import today
from tests.web.conftest import COMPUTER_FLEET, fleet_cells
from tests.web.friends_helpers import HX, fleet_of, players, started
from tests.web.test_daily import shoot, water

pytestmark = pytest.mark.django_db


def latest_cells(html: str) -> list[str]:
    return re.findall(r'<td id="enemy-([A-J]\d+)"[^>]*>\s*<button[^>]*class="[^"]*\blatest\b', html)


def test_the_daily_marks_only_its_latest_shot_and_draws_in_only_what_it_sank(guest):
    day = today()
    misses = water(day)[:3]
    for move, cell in enumerate(misses):
        answer = shoot(guest, cell, move)
    assert latest_cells(answer.content.decode()) == [misses[-1]]
    page = guest.get("/daily").content.decode()  # reloaded: the same
    assert latest_cells(page) == [misses[-1]]
    ships = sorted(day_board(day).ships, key=lambda ship: ship.length)
    move = len(misses)
    for ship in ships[:2]:  # two ships sunk, one after the other
        for cell in ship.cells:
            answer = shoot(guest, str(cell), move)
            move += 1
    html = answer.content.decode()
    assert latest_cells(html) == [str(ships[1].cells[-1])]
    assert len(re.findall(r'class="hull [^"]*\bfresh\b', html)) == 1  # the one just sunk


def test_a_friend_games_end_is_the_computer_games_card_with_each_players_figures(db):
    host, friend = Client(), Client()
    game = started(host, friend)
    game.fleets = [game.fleets[0], fleet_of(game, COMPUTER_FLEET)]
    game.save(update_fields=["fleets"])
    mover, _ = players(game, host, friend)
    if mover is friend:  # Bob fires first: a miss, then Ann's turn
        game.refresh_from_db()
        friend.post(f"/friend/{game.token}/shots", {"cell": "J10", "move": game.moves})
    cells = fleet_cells(COMPUTER_FLEET)
    water = iter(f"{r}{c}" for r in "ABCDEFGHIJ" for c in range(1, 11))
    for cell in cells:
        game.refresh_from_db()
        answer = host.post(
            f"/friend/{game.token}/shots", {"cell": cell, "move": game.moves}, headers=HX
        )
        game.refresh_from_db()
        if game.status == "playing":
            friend.post(f"/friend/{game.token}/shots", {"cell": next(water), "move": game.moves})
    assert game.status == "over"
    assert game.winner == 0
    assert '"turn-settled": {"sound": "won"}' in answer.headers["HX-Trigger-After-Settle"]
    for client, status, words in (
        (host, "won", "You won! You sank the whole fleet of Bob."),
        (friend, "lost", "You lost: Ann sank your whole fleet."),
    ):
        page = client.get(game.get_absolute_url()).content.decode()
        card = page[page.index('<section class="card outcome') :]
        assert f'class="card outcome outcome-{status}"' in card
        assert words in card
        for figure in ("Your shots", "Hits", "Time played", "Ships you lost"):
            assert f"<dt>{figure}</dt>" in card
        assert "Rematch" in card
        assert page.index("outcome-heading") > page.index('class="board enemy"')  # under the boards
    host_page = host.get(game.get_absolute_url()).content.decode()
    assert "<dd>17 (100% accuracy)</dd>" in host_page


def test_the_home_page_offers_the_sector_battle_and_its_easiest_opponent_first(guest):
    home = guest.get("/").content.decode()
    assert 'href="/sector/new"' in home
    new = guest.get("/sector/new").content.decode()
    assert re.search(r'id="level-1" value="1"\s+checked', new)
