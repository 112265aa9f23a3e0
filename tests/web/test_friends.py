"""Play a friend: the invite, joining, a third person refused, placing, turns, the end."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from duels.models import Duel, DuelRecord
from tests.web.conftest import make_user
from tests.web.friends_helpers import HX, invite, joined, players, started


@pytest.fixture
def host(db):
    return Client()


@pytest.fixture
def friend(db):
    return Client()


@pytest.fixture
def third(db):
    return Client()


def test_it_gives_the_host_a_link_that_waits_for_a_friend(host):
    game = invite(host, "salvo")
    page = host.get(game.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    assert "Send this link to your friend" in html
    assert f"/friend/{game.token}/" in html
    assert "data-copy" in html
    assert len(game.token) >= 22
    assert game.rules_name == "salvo"
    assert game.expires_at - game.created_at == timedelta(days=7)


def test_it_refuses_a_bad_display_name_and_makes_nothing(host):
    for name in ["", " ", "x" * 31, "<b>hi</b>", "http://spam"]:
        response = host.post("/friend/invites", {"rules": "standard", "name": name})
        assert response.status_code == 400, name
        assert 'class="error"' in response.content.decode()
    assert host.post("/friend/invites", {"rules": "nonsense", "name": "Ann"}).status_code == 400
    assert not Duel.objects.exists()


def test_the_friend_sees_who_invites_and_to_which_rules_then_joins(host, friend):
    game = invite(host, "salvo", name="Ann")
    page = friend.get(game.get_absolute_url()).content.decode()
    assert "Ann invites you to Battleship" in page
    assert "Salvo" in page
    assert friend.post(f"/friend/{game.token}/join", {"name": "<script>"}).status_code == 400
    response = friend.post(f"/friend/{game.token}/join", {"name": "Bob"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == "placing"
    assert game.name_of(1) == "Bob"
    assert "Place your fleet" in friend.get(game.get_absolute_url()).content.decode()


def test_an_account_joins_under_its_own_name(host):
    player = Client()
    player.force_login(make_user("carol"))
    game = invite(host)
    assert player.post(f"/friend/{game.token}/join").status_code == 302
    game.refresh_from_db()
    assert game.seated[1].owner.username == "carol"
    assert game.name_of(1) == "carol"


def test_a_third_person_is_refused_and_sees_nothing_of_either_board(host, friend, third):
    game = started(host, friend)
    for url in ["", "events", "shots", "ready", "resign"]:
        address = f"/friend/{game.token}/{url}"
        response = third.get(address) if url in ("", "events") else third.post(address)
        assert response.status_code == 403, address
    page = third.get(game.get_absolute_url()).content.decode()
    assert "This game already has two players" in page
    assert "<table" not in page
    assert "fleet" not in page.lower()
    refused = third.post(f"/friend/{game.token}/join", {"name": "Eve"})
    assert refused.status_code == 409
    assert "This game already has two players" in refused.content.decode()
    game.refresh_from_db()
    assert game.name_of(1) == "Bob"


def test_the_host_can_cancel_an_invite_nobody_joined(host, friend):
    game = invite(host)
    assert friend.post(f"/friend/{game.token}/cancel").status_code == 403
    assert host.post(f"/friend/{game.token}/cancel").status_code == 302
    game.refresh_from_db()
    assert game.status == "cancelled"
    assert friend.post(f"/friend/{game.token}/join", {"name": "Bob"}).status_code == 409


def test_an_invite_expires_after_seven_days(host, friend):
    game = invite(host)
    Duel.objects.filter(pk=game.pk).update(expires_at=timezone.now())
    page = friend.get(game.get_absolute_url())
    assert page.status_code == 403
    assert "expired" in page.content.decode()


def test_each_sees_whether_the_other_is_ready_and_the_game_starts_with_both(host, friend):
    game = joined(host, friend)
    host.post(f"/friend/{game.token}/shuffle")
    assert host.post(f"/friend/{game.token}/ready").status_code == 302
    assert "Bob is still placing" in host.get(game.get_absolute_url()).content.decode()
    assert (
        "Ann is ready and waiting for you" in friend.get(game.get_absolute_url()).content.decode()
    )
    assert friend.post(f"/friend/{game.token}/ready").status_code == 409  # no fleet yet
    friend.post(f"/friend/{game.token}/shuffle")
    # The second to be ready is not told to wait for a friend who was ready already.
    answer = friend.post(f"/friend/{game.token}/ready", headers=HX).content.decode()
    assert "starts when your friend is" not in answer
    assert "The coin flip" in answer
    game.refresh_from_db()
    assert game.status == "playing"
    first = game.name_of(game.engine().first_player)
    assert f"The coin flip: {first} fires first" in friend.get(
        game.get_absolute_url()
    ).content.decode() or (
        "The coin flip: you fire first" in friend.get(game.get_absolute_url()).content.decode()
    )


def test_a_move_out_of_turn_is_refused_and_changes_nothing(host, friend):
    game = started(host, friend)
    mover, waiter = players(game, host, friend)
    response = waiter.post(f"/friend/{game.token}/shots", {"cell": "A1", "move": 0}, headers=HX)
    assert response.status_code == 409
    assert "wait for their move" in response.content.decode()
    game.refresh_from_db()
    assert game.moves == 0
    assert game.log == []
    assert mover.post(f"/friend/{game.token}/shots", {"cell": "A1", "move": 0}).status_code == 302
    game.refresh_from_db()
    assert game.moves == 1
    # The same page's move sent again: stale.
    again = mover.post(f"/friend/{game.token}/shots", {"cell": "A2", "move": 0}, headers=HX)
    assert again.status_code == 409
    game.refresh_from_db()
    assert game.moves == 1


def test_a_resignation_ends_it_for_both_with_both_fleets_shown_and_a_record_each(host, friend):
    game = started(host, friend)
    assert friend.post(f"/friend/{game.token}/resign").status_code == 302
    game.refresh_from_db()
    assert game.status == "over"
    assert game.winner == 0
    assert game.ending == "resigned"
    page = host.get(game.get_absolute_url()).content.decode()
    assert "You won: Bob resigned" in page
    assert "Both fleets are shown" in page
    assert sorted(DuelRecord.objects.values_list("seat", "status")) == [
        (0, "won"),
        (1, "resigned"),
    ]
    assert friend.post(f"/friend/{game.token}/resign").status_code == 409


def test_the_win_can_be_claimed_only_after_two_minutes_away_on_their_turn(host, friend):
    game = started(host, friend)
    mover, waiter = players(game, host, friend)
    assert waiter.post(f"/friend/{game.token}/claim", {"move": 0}).status_code == 409
    Duel.objects.filter(pk=game.pk).update(last_move_at=timezone.now() - timedelta(minutes=3))
    assert mover.post(f"/friend/{game.token}/claim", {"move": 0}).status_code == 409
    assert "Claim the win" in waiter.get(game.get_absolute_url()).content.decode()
    assert waiter.post(f"/friend/{game.token}/claim", {"move": 0}).status_code == 302
    game.refresh_from_db()
    assert game.status == "over"
    assert game.ending == "claimed"
    assert game.winner == (1 if mover is host else 0)


def test_a_rematch_needs_both_and_swaps_who_fires_first(host, friend):
    game = started(host, friend)
    first = game.engine().first_player
    host.post(f"/friend/{game.token}/resign")
    assert host.post(f"/friend/{game.token}/rematch").status_code == 302
    game.refresh_from_db()
    assert game.rematch is None
    assert "Bob" in host.get(game.get_absolute_url()).content.decode()
    assert friend.post(f"/friend/{game.token}/rematch").status_code == 302
    game.refresh_from_db()
    new = game.rematch
    assert new is not None
    assert new.status == "placing"
    assert new.name_of(1) == "Bob"
    for client in (host, friend):
        client.post(f"/friend/{new.token}/shuffle")
        client.post(f"/friend/{new.token}/ready")
    new.refresh_from_db()
    assert new.engine().first_player == 1 - first


def test_a_finished_game_is_in_both_players_history_and_statistics(db):
    ann, bob = Client(), Client()
    ann.force_login(make_user("ann"))
    bob.force_login(make_user("bob"))
    game = started(ann, bob)
    bob.post(f"/friend/{game.token}/resign")
    for client, _result in ((ann, "won"), (bob, "resigned")):
        history = client.get("/history?mode=friend")
        assert history.status_code == 200
        assert game.get_absolute_url() in history.content.decode()
        assert client.get("/stats?mode=friend").status_code == 200
    assert DuelRecord.objects.get(owner__username="bob").status == "resigned"
    # The computer's record is another mode's.
    assert game.get_absolute_url() not in ann.get("/history").content.decode()


def test_the_statistics_name_a_friend_as_a_person_not_a_numbered_level(db):
    ann, bob = Client(), Client()
    ann.force_login(make_user("ann"))
    bob.force_login(make_user("bob"))
    game = started(ann, bob)
    bob.post(f"/friend/{game.token}/resign")
    page = ann.get("/stats?mode=friend").content.decode()
    assert ">A friend<" in page
    assert "0. A friend" not in page
    assert "3. Lieutenant" in ann.get("/stats").content.decode()  # computers keep their number


def test_a_guests_seat_becomes_their_account_at_login(host, friend):
    game = joined(host, friend)
    user = make_user("bobby")
    friend.post("/login", {"username": "bobby", "password": "a-long-test-password-42"})
    game.refresh_from_db()
    assert game.seated[1].owner == user
    assert game.seated[1].guest_id == ""


def test_logging_in_never_puts_one_account_in_both_seats(host, friend):
    """The host's account; a guest joins; that browser then logs in to the host's account.
    The friend's seat stays the guest's, and each seat keeps its own player and record."""
    user = make_user("ursula")
    host.force_login(user)
    game = started(host, friend)
    guest = game.seated[1].guest_id
    friend.post("/login", {"username": "ursula", "password": "a-long-test-password-42"})
    game.refresh_from_db()
    assert game.seated[0].owner == user
    assert game.seated[1].owner is None
    assert game.seated[1].guest_id == guest
    # Their records as the game ends: one the account's, the other still the guest's.
    assert host.post(f"/friend/{game.token}/resign").status_code == 302
    records = {r.seat: (r.owner, r.guest_id) for r in DuelRecord.objects.filter(game=game)}
    assert records == {0: (user, ""), 1: (None, guest)}


def test_a_finished_guests_record_is_not_claimed_by_the_account_of_the_other_seat(host, friend):
    user = make_user("ursula")
    host.force_login(user)
    game = started(host, friend)
    assert friend.post(f"/friend/{game.token}/resign").status_code == 302
    friend.post("/login", {"username": "ursula", "password": "a-long-test-password-42"})
    records = {r.seat: r.owner for r in DuelRecord.objects.filter(game=game)}
    assert records == {0: user, 1: None}
    assert DuelRecord.objects.filter(owner=user).count() == 1


@pytest.mark.parametrize(
    ("rules", "button"), [("five_shot", "Fire the round"), ("salvo", "Fire the salvo")]
)
def test_the_volley_button_is_named_for_the_rule_set(host, friend, rules, button):
    game = started(host, friend, rules)
    mover, _ = players(game, host, friend)
    page = mover.get(f"/friend/{game.token}/").content.decode()
    assert f">{button}</button>" in page


def test_a_salvo_round_is_said_in_two_sentences_and_every_shot_is_in_the_turns_log(host, friend):
    game = started(host, friend, "salvo")
    mover, waiter = players(game, host, friend)
    cells = ["A1", "A3", "A5", "A7", "A9"]
    for cell in cells:  # shot by shot, as the typed cell sends them
        game.refresh_from_db()
        shot = {"cell": cell, "move": game.moves}
        assert mover.post(f"/friend/{game.token}/shots", shot, headers=HX).status_code == 200
    game.refresh_from_db()
    mover_name = "Ann" if mover is host else "Bob"
    # The one who waited: their opponent's first turn in one sentence, named by name.
    page = waiter.get(f"/friend/{game.token}/").content.decode()
    announcer = page.split('id="announcer"', 1)[1].split("</div>", 1)[0]
    assert f"{mover_name} fired 5 shots: " in announcer
    assert "They fired at" not in announcer
    log = page.split('id="turn-log-lines"', 1)[1].split("</div>", 1)[0]
    assert all(f"They fired at {cell}:" in log for cell in cells)
