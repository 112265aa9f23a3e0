"""The home page's one list of games in progress: every mode's (the registry's), the
latest played first, each player's own only, at either seat of a friend game."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from django.utils import timezone

from duels.models import Duel
from modes.registry import MODES
from tests.web.conftest import new_game
from tests.web.friends_helpers import invite, joined, started
from tests.web.test_sector import new_battle


def listed(client: Client) -> str:
    page = client.get("/").content.decode()
    if 'id="unfinished-heading"' not in page:
        return ""
    return page.split('id="unfinished-heading"', 1)[1].split("</section>", 1)[0]


def test_every_mode_has_a_row_on_the_home_page():
    for mode in MODES.values():
        assert mode.unfinished_row, mode.name


def test_it_lists_a_players_games_of_every_mode_in_one_list_latest_first(guest, outsider):
    classic = new_game(guest)
    battle = new_battle(guest)
    friend_game = started(guest, outsider)
    waiting = invite(guest)
    # Played at different times: the list follows the last move, else the start.
    now = timezone.now()
    for row, minutes in ((classic, 40), (battle, 30), (friend_game, 20), (waiting, 10)):
        type(row).objects.filter(pk=row.pk).update(
            last_move_at=None, created_at=now - timedelta(minutes=minutes)
        )

    page = listed(guest)
    links = [
        f'href="{waiting.get_absolute_url()}"',
        f'href="{friend_game.get_absolute_url()}"',
        f'href="{battle.get_absolute_url()}"',
        f'href="{classic.get_absolute_url()}"',
    ]
    places = [page.index(link) for link in links]
    assert places == sorted(places)
    assert "Sector battle against the" in page
    assert "Against Bob, a friend" in page  # the host sees the friend's name
    assert "your invite is waiting" in page


def test_the_friend_sees_the_game_with_the_hosts_name_and_others_see_nothing(guest, outsider):
    game = joined(guest, outsider)
    theirs = listed(outsider)
    assert f'href="{game.get_absolute_url()}"' in theirs
    assert "Against Ann, a friend" in theirs
    assert "placing ships" in theirs
    stranger = Client()
    assert listed(stranger) == ""


def test_finished_cancelled_and_expired_friend_games_are_not_listed(guest, outsider):
    over = started(guest, outsider)
    assert guest.post(f"/friend/{over.token}/resign").status_code == 302
    cancelled = invite(guest)
    assert guest.post(f"/friend/{cancelled.token}/cancel").status_code == 302
    expired = invite(guest)
    Duel.objects.filter(pk=expired.pk).update(expires_at=timezone.now())

    page = listed(guest)
    for game in (over, cancelled, expired):
        assert game.token not in page
    over.refresh_from_db()
    assert over.status == "over"
