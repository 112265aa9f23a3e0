"""Playing a stranger (issue 42): seeking, the pairing's rules, ratings that change once at a
rated game's end, clocks that end a stall, blocks. Over Django's test client; the races and
two servers are in tests/http/test_stranger_pairing.py."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from duels.models import Block, Duel, Player, PlayerRating, RatingChange
from strangers.models import FRESH, Pool, Seek, allowed_gap, pair
from tests.web.conftest import make_user, signed_in

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def seeking(client: Client, rules: str = "standard", name: str = "Ann") -> Seek:
    response = client.post("/stranger/seeks", {"rules": rules, "name": name})
    assert response.status_code == 302, response.content.decode()[:400]
    return Seek.objects.get(pk=response.url.rstrip("/").split("/")[-1])


def poll(client: Client, seek: Seek):
    return client.get(f"/stranger/seeks/{seek.pk}", headers=HX)


def account(name: str) -> Client:
    return signed_in(make_user(name))


def game_of(seek: Seek) -> Duel:
    seek.refresh_from_db()
    assert seek.duel is not None
    return seek.duel


def test_two_guests_seeking_the_same_rules_are_brought_to_one_game():
    ann, bob = Client(), Client()
    first = seeking(ann, name="Ann")
    assert poll(ann, first).status_code == 200  # nobody else yet: still waiting
    second = seeking(bob, name="Bob")
    response = poll(ann, first)
    game = game_of(first)
    assert response["HX-Redirect"] == game.get_absolute_url()
    assert game_of(second) == game
    assert game.between_strangers
    assert not game.rated
    assert game.clock_seconds == 60
    assert sorted(seat.name for seat in game.seats.all()) == ["Ann", "Bob"]
    # Each finds the game on its page, as a player of it, placing ships.
    for client in (ann, bob):
        page = client.get(game.get_absolute_url())
        assert page.status_code == 200
        assert "Place your fleet" in page.content.decode()
    assert bob.get(f"/stranger/seeks/{second.pk}").url == game.get_absolute_url()


def test_different_rules_are_never_paired():
    ann, bob = Client(), Client()
    first = seeking(ann, "standard")
    second = seeking(bob, "salvo")
    poll(ann, first)
    poll(bob, second)
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == ("seeking", "seeking")


def test_one_browser_in_two_tabs_is_never_paired_with_itself():
    ann = Client()
    first = seeking(ann)
    second = seeking(ann)  # the second tab replaces the first
    first.refresh_from_db()
    assert first.status == "cancelled"
    assert poll(ann, second).status_code == 200
    assert Duel.objects.count() == 0
    # Two seeks of one account at once (made behind the site's back): still never a game.
    user = make_user("solo")
    a = seeking(signed_in(user))
    Seek.objects.create(
        key=a.key,
        owner=user,
        name="solo",
        rules_name="standard",
        rated=True,
        rating=1500,
        provisional=True,
    )
    assert pair(Pool("standard", True)) == []


def test_guests_play_guests_and_accounts_play_rated_games():
    guest, member, other = Client(), account("mia"), account("max")
    g = seeking(guest)
    m = seeking(member)
    assert (g.rated, m.rated) == (False, True)
    poll(guest, g)
    g.refresh_from_db()
    assert g.status == "seeking"  # an account is never a guest's opponent
    o = seeking(other)
    assert game_of(o) == game_of(m)
    assert game_of(m).rated
    page = guest.get("/stranger/").content.decode()
    assert "Sign up to make your games count" in page


def test_a_seeker_whose_tab_closed_is_out_of_the_queue_and_never_paired():
    ann, bob = Client(), Client()
    gone = seeking(ann)
    Seek.objects.filter(pk=gone.pk).update(seen_at=timezone.now() - FRESH - timedelta(seconds=1))
    later = seeking(bob)
    poll(bob, later)
    gone.refresh_from_db()
    later.refresh_from_db()
    assert gone.status == later.status == "seeking"
    assert Duel.objects.count() == 0


def test_someone_blocked_is_never_paired_either_way():
    ann, bob = account("ann"), account("bob")
    Block.objects.create(blocker=f"u{ann.user.pk}", blocked=f"u{bob.user.pk}")
    first, second = seeking(ann), seeking(bob)
    poll(ann, first)
    poll(bob, second)
    assert Duel.objects.count() == 0
    # A third player is paired with one of them.
    third = seeking(account("cy"))
    assert Duel.objects.count() == 1
    assert game_of(third).seats.count() == 2


def test_ratings_far_apart_wait_until_the_gap_has_widened():
    strong, weak = make_user("strong"), make_user("weak")
    PlayerRating.objects.create(
        owner=strong, rules_name="standard", rating=1900, deviation=60, volatility=0.06
    )
    PlayerRating.objects.create(
        owner=weak, rules_name="standard", rating=1650, deviation=60, volatility=0.06
    )
    first, second = seeking(signed_in(strong)), seeking(signed_in(weak))
    assert Duel.objects.count() == 0  # 250 apart: not at first
    Seek.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(seconds=20))
    assert allowed_gap(timedelta(seconds=20)) >= 250
    assert len(pair(Pool("standard", True))) == 1
    assert game_of(first) == game_of(second)
    # A minute's wait, and any rating will do: 600 apart.
    PlayerRating.objects.filter(owner=strong).update(rating=2300)
    for user in (strong, weak):
        Duel.objects.filter(seats__owner=user).update(status="over", ending="aborted")
    third, fourth = (
        Seek.start(Player(user, ""), name=user.username, rules_name="standard")
        for user in (strong, weak)
    )
    assert pair(Pool("standard", True)) == []
    Seek.objects.filter(pk=third.pk).update(created_at=timezone.now() - timedelta(seconds=40))
    assert pair(Pool("standard", True)) == []
    Seek.objects.filter(pk=third.pk).update(created_at=timezone.now() - timedelta(seconds=61))
    assert len(pair(Pool("standard", True))) == 1
    assert game_of(third) == game_of(fourth)


def test_new_players_meet_new_players_first_then_the_closest_rating():
    settled, new, newer = make_user("settled"), make_user("new"), make_user("newer")
    PlayerRating.objects.create(
        owner=settled, rules_name="standard", rating=1500, deviation=60, volatility=0.06
    )
    a, b, c = (
        Seek.start(Player(user, ""), name=user.username, rules_name="standard")
        for user in (new, settled, newer)
    )
    assert (a.provisional, b.provisional, c.provisional) == (True, False, True)
    assert len(pair(Pool("standard", True))) == 1
    assert game_of(a) == game_of(c)
    b.refresh_from_db()
    assert b.status == "seeking"


def test_the_same_opponent_twice_in_a_row_only_when_nobody_else_waits():
    ann, bob, cy = account("ann"), account("bob"), account("cy")
    a, b = seeking(ann), seeking(bob)
    first = game_of(a)
    assert game_of(b) == first
    Duel.objects.filter(pk=first.pk).update(status="over", ending="aborted")
    # Again: Ann and Bob seek, and Cy too: Ann meets Cy, not Bob again.
    c2, a2, b2 = seeking(cy), seeking(ann), seeking(bob)
    pair(Pool("standard", True))
    assert game_of(a2) == game_of(c2)
    b2.refresh_from_db()
    assert b2.status == "seeking"
    # Bob still waits; Ann seeks again, and nobody else does: they may meet again.
    a3 = seeking(ann)
    assert game_of(a3) == game_of(b2)


def test_after_twenty_seconds_the_computer_is_offered_and_cancel_works():
    ann = Client()
    found = seeking(ann)
    assert "Play the computer" not in poll(ann, found).content.decode()
    Seek.objects.filter(pk=found.pk).update(created_at=timezone.now() - timedelta(seconds=21))
    page = poll(ann, found).content.decode()
    assert "Play the computer" in page
    assert "/games/new" in page
    assert ann.post(f"/stranger/seeks/{found.pk}/cancel").status_code == 302
    found.refresh_from_db()
    assert found.status == "cancelled"
    seeking(Client(), name="Bob")
    assert Duel.objects.count() == 0


def test_another_players_seek_is_not_found():
    found = seeking(Client())
    assert Client().get(f"/stranger/seeks/{found.pk}").status_code == 404
    assert Client().post(f"/stranger/seeks/{found.pk}/cancel").status_code == 404
    found.refresh_from_db()
    assert found.status == "seeking"


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"rules": "chess", "name": "Ann"}, "Choose one of the rule sets offered."),
        ({"rules": "standard", "name": ""}, "Choose a name your opponent will see."),
        ({"rules": "standard", "name": "<b>x</b>"}, "letters, digits, spaces"),
    ],
)
def test_bad_input_says_what_is_wrong_and_changes_nothing(data, error):
    response = Client().post("/stranger/seeks", data)
    assert response.status_code == 400
    assert error in response.content.decode()
    assert Seek.objects.count() == 0


def started(first: Client, second: Client) -> Duel:
    a, b = seeking(first, name="Ann"), seeking(second, name="Bob")
    game = game_of(a)
    assert game_of(b) == game
    for client in (first, second):
        assert client.post(f"/friend/{game.token}/shuffle").status_code == 302
        assert client.post(f"/friend/{game.token}/ready").status_code == 302
    game.refresh_from_db()
    assert game.status == "playing"
    return game


def mover(game: Duel, clients: dict[int, Client]) -> Client:
    return clients[game.engine().current_player]


def test_a_rated_resignation_changes_both_ratings_once_and_each_page_says_by_how_much():
    ann, bob = account("ann"), account("bob")
    game = started(ann, bob)
    seat_of = {seat.owner_id: seat.number for seat in game.seats.all()}
    clients = {seat_of[ann.user.pk]: ann, seat_of[bob.user.pk]: bob}
    loser = clients[0]
    assert loser.post(f"/friend/{game.token}/resign").status_code == 302
    assert loser.post(f"/friend/{game.token}/resign").status_code == 409  # once
    changes = {c.seat: c for c in RatingChange.objects.filter(duel=game)}
    assert len(changes) == 2
    assert changes[1].after > changes[1].before == 1500
    assert changes[0].after < changes[0].before == 1500
    won = PlayerRating.objects.get(owner_id=game.seated[1].owner_id)
    assert won.games == 1
    assert won.rating == changes[1].after
    winner_page = clients[1].get(game.get_absolute_url()).content.decode()
    loser_page = clients[0].get(game.get_absolute_url()).content.decode()
    assert re.search(r"Your rating: \d+ \(\+\d+\)", winner_page)
    assert re.search(r"Your rating: \d+ \(-\d+\)", loser_page)


def test_a_casual_game_changes_no_rating():
    game = started(Client(), Client())
    game.resign(0)
    assert RatingChange.objects.count() == 0
    assert PlayerRating.objects.count() == 0


def test_a_player_whose_clock_runs_out_loses_on_time_and_it_is_rated_once():
    ann, bob = account("ann"), account("bob")
    game = started(ann, bob)
    clients = {seat.number: signed_in(seat.owner) for seat in game.seats.all()}
    first = mover(game, clients)
    shot = first.post(f"/friend/{game.token}/shots", {"cell": "A1", "move": 0})
    assert shot.status_code == 302
    game.refresh_from_db()
    slow = game.engine().current_player
    page = clients[slow].get(game.get_absolute_url()).content.decode()
    assert re.search(r"Time left: <span class=\"clock-time\">[01]:\d\d", page)
    Duel.objects.filter(pk=game.pk).update(last_move_at=timezone.now() - timedelta(seconds=61))
    # The late move is refused, and the game is lost on time.
    late = clients[slow].post(f"/friend/{game.token}/shots", {"cell": "A1", "move": 1})
    assert late.status_code == 409
    game.refresh_from_db()
    assert (game.status, game.ending, game.winner) == ("over", "time", 1 - slow)
    assert RatingChange.objects.filter(duel=game).count() == 2
    assert "You lost on time" in clients[slow].get(game.get_absolute_url()).content.decode()
    assert game.end_if_out_of_time() is False  # ended once


def test_no_first_move_in_thirty_seconds_aborts_the_game_unrated():
    ann, bob = account("ann"), account("bob")
    game = started(ann, bob)
    Duel.objects.filter(pk=game.pk).update(started_at=timezone.now() - timedelta(seconds=31))
    page = ann.get(game.get_absolute_url()).content.decode()
    game.refresh_from_db()
    assert (game.status, game.ending, game.winner) == ("over", "aborted", None)
    assert "nobody made the first move in time" in page
    assert RatingChange.objects.count() == 0
    assert game.records.count() == 0


def test_three_games_lost_on_time_in_a_day_mean_ten_minutes_before_seeking_again():
    walker = account("walker")
    for n in range(3):
        other = account(f"o{n}")
        # (The loss moved the walker's rating away from a newcomer's: not what is tested.)
        PlayerRating.objects.filter(owner=walker.user).update(rating=1500)
        game = started(walker, other)
        seat = next(s.number for s in game.seats.all() if s.owner_id == walker.user.pk)
        Duel.objects.filter(pk=game.pk).update(started_at=timezone.now() - timedelta(seconds=5))
        game.refresh_from_db()
        mine = {seat: walker, 1 - seat: other}
        if game.engine().current_player != seat:
            assert (
                mine[1 - seat]
                .post(f"/friend/{game.token}/shots", {"cell": "A1", "move": 0})
                .status_code
                == 302
            )
        else:
            assert (
                walker.post(f"/friend/{game.token}/shots", {"cell": "A1", "move": 0}).status_code
                == 302
            )
            game.refresh_from_db()
            assert (
                mine[1 - seat]
                .post(f"/friend/{game.token}/shots", {"cell": "A1", "move": 1})
                .status_code
                == 302
            )
        Duel.objects.filter(pk=game.pk).update(last_move_at=timezone.now() - timedelta(seconds=61))
        game.refresh_from_db()
        assert game.end_if_out_of_time()
        assert game.winner == 1 - seat
    response = walker.post("/stranger/seeks", {"rules": "standard"})
    assert response.status_code == 409
    assert "10 minutes" in response.content.decode()
    assert not Seek.objects.filter(owner=walker.user, status="seeking").exists()


def test_block_from_the_games_end_means_never_paired_again():
    ann, bob = account("ann"), account("bob")
    game = started(ann, bob)
    game.resign(0)
    page = ann.get(game.get_absolute_url()).content.decode()
    assert "Block bob" in page
    assert ann.post("/stranger/blocks", {"game": game.token}).status_code == 302
    assert Block.objects.filter(blocker=f"u{ann.user.pk}", blocked=f"u{bob.user.pk}").exists()
    assert "You blocked bob" in ann.get(game.get_absolute_url()).content.decode()
    seeking(ann), seeking(bob)
    assert Duel.objects.count() == 1
    # Someone with no seat in the game blocks nobody through it.
    assert account("eve").post("/stranger/blocks", {"game": game.token}).status_code == 404
    assert Client().post("/stranger/blocks", {"game": "x\x00y"}).status_code == 404


def test_stats_show_each_rating_and_its_history_and_the_leaderboard_ranks_settled_ratings():
    ann, bob = account("ann"), account("bob")
    game = started(ann, bob)
    game.resign(0)
    winner = signed_in(game.seated[1].owner)
    page = winner.get("/stats").content.decode()
    after = round(RatingChange.objects.get(duel=game, seat=1).after)
    assert "Your ratings" in page
    assert f"{after}?" in page  # provisional after one game
    assert "<polyline" in page
    assert "Your rating under the Classic rules, game by game" in page
    # Nobody ranked yet (provisional); a settled rating is.
    board = ann.get("/leaderboard?rules=standard").content.decode()
    assert "settled enough to rank yet" in board
    PlayerRating.objects.filter(owner=game.seated[1].owner).update(deviation=70)
    board = ann.get("/leaderboard?rules=standard").content.decode()
    rated = board[board.index("Rated games: Classic") : board.index("</table>")]
    assert game.seated[1].owner.username in rated
    assert game.seated[0].owner.username not in rated
    assert str(after) in rated
    # Under other rules, nobody.
    assert "settled enough to rank yet" in ann.get("/leaderboard?rules=salvo").content.decode()


def test_a_stranger_can_be_blocked_from_the_history_and_the_page_comes_back():
    ann, bob = account("ann"), account("bob")
    game = started(ann, bob)
    game.resign(0)
    history = ann.get("/history?mode=friend").content.decode()
    assert "Block bob" in history
    answer = ann.post("/stranger/blocks", {"game": game.token, "next": "/history?mode=friend"})
    assert answer.url == "/history?mode=friend"
    assert Block.objects.filter(blocker=f"u{ann.user.pk}", blocked=f"u{bob.user.pk}").count() == 1
    # Elsewhere is never where it goes back to.
    answer = ann.post("/stranger/blocks", {"game": game.token, "next": "https://evil.example/"})
    assert answer.url == game.get_absolute_url()
    assert Block.objects.count() == 1


def test_quick_messages_reach_the_other_player_and_a_mute_hides_theirs():
    ann, bob = Client(), Client()
    game = started(ann, bob)
    seat = {0: None, 1: None}
    for client in (ann, bob):
        page = client.get(game.get_absolute_url()).content.decode()
        assert "Good luck!" in page  # the phrases to send
        seat[0 if client is ann else 1] = client
    said = ann.post(f"/friend/{game.token}/say", {"phrase": "good_luck"}, headers=HX)
    assert said.status_code == 200
    assert "<b>You:</b> Good luck!" in said.content.decode()
    page = bob.get(game.get_absolute_url()).content.decode()
    assert "<b>Ann:</b> Good luck!" in page
    # Only the fixed phrases: anything else is refused and nothing is stored.
    refused = ann.post(f"/friend/{game.token}/say", {"phrase": "<script>"}, headers=HX)
    assert refused.status_code == 400
    assert "Choose one of the messages offered." in refused.content.decode()
    assert game.messages.count() == 1
    # Bob mutes Ann: her messages are gone from his page, his own stay.
    assert bob.post(f"/friend/{game.token}/mute", {"muted": "yes"}).status_code == 302
    bob.post(f"/friend/{game.token}/say", {"phrase": "thanks"})
    page = bob.get(game.get_absolute_url()).content.decode()
    assert "Good luck!</li>" not in page
    assert "<b>You:</b> Thanks!" in page
    assert "Show the messages of Ann" in page
    # Someone with no seat cannot speak in the game.
    assert Client().post(f"/friend/{game.token}/say", {"phrase": "thanks"}).status_code == 403
    assert game.messages.count() == 2


def test_messages_are_rate_limited(settings):
    settings.TALK_RATE = "3/m"
    ann, bob = Client(), Client()
    game = started(ann, bob)
    codes = [
        ann.post(f"/friend/{game.token}/say", {"phrase": "nice_shot"}).status_code for _ in range(5)
    ]
    assert codes == [302, 302, 302, 429, 429]
    assert game.messages.count() == 3
