"""Friend games that waited too long end: an invite nobody joined in 7 days expires, a game
nobody moves in for 7 days ends as abandoned, counted for neither player; when the game is
opened, and by ``manage.py end_abandoned_friend_games`` (cron), once however often it runs.
Time is moved by editing the saved timestamps."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from battleship.classic import Fire
from duels.models import Duel, DuelRecord
from tests.web.friends_helpers import invite, joined, players, started

WEEK = timedelta(days=7)


@pytest.fixture
def host(db):
    return Client()


@pytest.fixture
def friend(db):
    return Client()


def quiet_for(game: Duel, quiet: timedelta) -> None:
    """Nothing happened in ``game`` for ``quiet``: every timestamp moved back by as much."""
    game.refresh_from_db()
    changes = {
        field: getattr(game, field) - quiet
        for field in ("created_at", "expires_at", "started_at", "last_move_at")
        if getattr(game, field) is not None
    }
    Duel.objects.filter(pk=game.pk).update(**changes)


def end_abandoned() -> str:
    said = StringIO()
    call_command("end_abandoned_friend_games", stdout=said)
    return said.getvalue()


def test_a_game_nobody_moved_in_for_seven_days_is_abandoned_when_opened(host, friend):
    game = started(host, friend)
    mover, waiter = players(game, host, friend)
    assert mover.post(f"/friend/{game.token}/shots", {"cell": "A1", "move": 0}).status_code == 302
    quiet_for(game, WEEK - timedelta(minutes=1))
    assert "Your turn." in waiter.get(game.get_absolute_url()).content.decode()
    game.refresh_from_db()
    assert game.status == "playing"

    quiet_for(game, timedelta(minutes=2))
    page = waiter.get(game.get_absolute_url()).content.decode()
    assert "Nobody moved for seven days: the game was abandoned." in page
    assert "Both fleets are shown." in page
    game.refresh_from_db()
    assert (game.status, game.ending, game.winner) == ("over", "abandoned", None)
    assert not DuelRecord.objects.exists()  # it counts for no one
    late = waiter.post(f"/friend/{game.token}/shots", {"cell": "B2", "move": 1})
    assert late.status_code == 409
    game.refresh_from_db()
    assert game.moves == 1


def test_a_game_joined_but_never_started_is_abandoned_not_an_expired_invite(host, friend):
    game = joined(host, friend)
    quiet_for(game, WEEK)
    page = host.get(game.get_absolute_url()).content.decode()
    assert "Nobody moved for seven days: the game was abandoned." in page
    assert "expired" not in page
    assert "Place your fleet" not in page
    game.refresh_from_db()
    assert (game.status, game.ending) == ("over", "abandoned")


def test_joining_and_placing_keep_a_game_alive(host, friend):
    game = invite(host)
    quiet_for(game, WEEK - timedelta(hours=1))  # joined on the invite's last day
    assert friend.post(f"/friend/{game.token}/join", {"name": "Bob"}).status_code == 302
    quiet_for(game, timedelta(days=6))
    assert host.post(f"/friend/{game.token}/shuffle").status_code == 302
    quiet_for(game, timedelta(days=6))
    assert "Place your fleet" in friend.get(game.get_absolute_url()).content.decode()
    game.refresh_from_db()
    assert game.status == "placing"


def test_the_command_ends_what_waited_too_long_once_and_nothing_else(db):
    old_invite = invite(Client())
    fresh_invite = invite(Client())
    old_placing = joined(Client(), Client())
    old_game = started(Client(), Client())
    fresh_game = started(Client(), Client())
    finished = started(Client(), Client())
    finished.resign(0)
    for game in (old_invite, old_placing, old_game, finished):
        quiet_for(game, WEEK + timedelta(minutes=1))
    quiet_for(fresh_game, WEEK - timedelta(minutes=1))
    quiet_for(fresh_invite, timedelta(days=6))

    assert end_abandoned().strip() == "1 invites expired, 2 games abandoned."
    states = {game.pk: (game.status, game.ending) for game in Duel.objects.all()}
    assert states[old_invite.pk] == ("expired", "")
    assert states[old_placing.pk] == ("over", "abandoned")
    assert states[old_game.pk] == ("over", "abandoned")
    assert states[fresh_invite.pk] == ("waiting", "")
    assert states[fresh_game.pk] == ("playing", "")
    assert states[finished.pk] == ("over", "resigned")
    finished_at = dict(Duel.objects.values_list("pk", "finished_at"))

    # Run again (cron's next hour, or an overlapping run): nothing left to end.
    assert end_abandoned().strip() == "0 invites expired, 0 games abandoned."
    assert dict(Duel.objects.values_list("pk", "finished_at")) == finished_at
    assert DuelRecord.objects.filter(game=old_game).count() == 0


def test_a_game_opened_after_the_command_ended_it_says_so(host, friend):
    game = started(host, friend)
    quiet_for(game, WEEK)
    end_abandoned()
    page = friend.get(game.get_absolute_url())
    assert page.status_code == 200
    assert "the game was abandoned" in page.content.decode()


def test_a_game_with_a_move_stored_before_the_lock_goes_on(host, friend):
    """The page (or the command) loaded the game before a move that has since been stored:
    the locked second reading sees the move, and the game goes on."""
    game = started(host, friend)
    quiet_for(game, WEEK)
    loaded = Duel.objects.get(pk=game.pk)  # as it was, quiet for a week
    racing = Duel.objects.get(pk=game.pk)  # a move's request, past its own check
    racing.play(Fire.parse("A1"), 0, seat=racing.engine().current_player)
    assert loaded.expire_if_due() is False
    assert (loaded.status, loaded.moves) == ("playing", 1)
