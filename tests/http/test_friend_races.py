"""A friend game's moves apply once over real HTTP (gunicorn, both databases): twenty
identical moves at once store one, and both players acting at once never corrupt it."""

import threading
from concurrent.futures import ThreadPoolExecutor

import httpx

from tests.http.conftest import Player

COUNT = 20


def friend_game(server) -> tuple[str, Player, Player]:
    """A game in play: (its address, the player whose turn it is, the other)."""
    host, friend = Player(server.url), Player(server.url)
    made = host.client.post(
        "/friend/invites",
        data={"rules": "standard", "name": "Ann"},
        headers={"X-CSRFToken": host.headers["X-CSRFToken"]},
    )
    assert made.status_code == 302, made.text[:500]
    url = made.headers["location"]
    assert friend.post(url + "join", {"name": "Bob"}).status_code == 302
    for player in (host, friend):
        assert player.post(url + "shuffle").status_code == 200
        assert player.post(url + "ready").status_code == 200
    pages = {player: player.client.get(url).text for player in (host, friend)}
    mover = next(player for player, page in pages.items() if "Your turn." in page)
    return url, mover, (friend if mover is host else host)


def stored(server, url: str) -> list:
    token = url.strip("/").split("/")[-1]
    return server.query(
        "import json; from duels.models import Duel; "
        f"g = Duel.objects.get(token='{token}'); print(json.dumps([g.moves, g.log]))"
    )


def test_twenty_identical_moves_at_once_store_one(server):
    url, mover, _ = friend_game(server)
    start = threading.Barrier(COUNT)
    tabs = [mover.tab() for _ in range(COUNT)]

    def click(tab):
        start.wait()
        return tab.post(url + "shots", {"cell": "E5", "move": 0})

    with ThreadPoolExecutor(COUNT) as pool:
        responses = list(pool.map(click, tabs))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * (COUNT - 1), statuses
    moves, log = stored(server, url)
    assert moves == 1
    assert len(log) == 1
    assert "Traceback" not in server.log_text()


def test_both_players_at_once_store_only_the_one_whose_turn_it_is(server):
    url, mover, waiter = friend_game(server)
    start = threading.Barrier(2)

    def click(player):
        start.wait()
        return player.post(url + "shots", {"cell": "A1", "move": 0})

    with ThreadPoolExecutor(2) as pool:
        moved, refused = pool.map(click, [mover, waiter])
    assert (moved.status_code, refused.status_code) == (200, 409)
    # Read before the mover's shot was stored, it is not the waiter's turn; read after, the
    # waiter's board (move 0) is out of date. Either way refused, with the reason.
    assert (
        "wait for their move" in refused.text
        or "That board was out of date; this is the current one." in refused.text
    )
    moves, log = stored(server, url)
    assert moves == 1
    assert len(log) == 1
    assert "Your turn." in waiter.client.get(url).text  # the mover's shot passed the turn


def test_a_first_time_visitors_join_sent_twice_at_once_keeps_the_seat(server):
    """A browser with no session yet presses Join, loses the answer and presses again: two
    joins at once, each answered with a session of its own. Whichever session the browser
    keeps (the last answer's cookie wins), it holds the friend's seat; one seat, one guest."""
    host = Player(server.url)
    for trial in range(6):
        made = host.client.post(
            "/friend/invites",
            data={"rules": "standard", "name": "Ann"},
            headers={"X-CSRFToken": host.headers["X-CSRFToken"]},
        )
        assert made.status_code == 302, made.text[:300]
        url = made.headers["location"]
        visitor = httpx.Client(base_url=server.url, timeout=30)
        invite_page = visitor.get(url)  # the invite, as the link opens it
        assert invite_page.status_code == 200
        token = visitor.cookies["csrftoken"]
        start = threading.Barrier(2)

        def join(_, url=url, token=token, cookies=visitor.cookies, start=start):
            start.wait()
            return httpx.post(
                server.url + url + "join",
                data={"name": "Bob"},
                cookies=cookies,
                headers={"X-CSRFToken": token},
            )

        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(join, range(2)))
        assert [a.status_code for a in answers] == [302, 302], [a.text[:300] for a in answers]
        for answer in answers:  # the browser keeps either answer's session, if it sets one
            kept = httpx.Client(base_url=server.url, cookies=visitor.cookies)
            session = answer.cookies.get("sessionid") or visitor.cookies.get("sessionid")
            assert session
            kept.cookies.set("sessionid", session)
            page = kept.get(url)
            assert page.status_code == 200, (trial, page.text[:300])
            assert "is placing their fleet too" in page.text, page.text[:500]
        token_id = url.strip("/").split("/")[-1]
        guests = server.query(
            "import json; from duels.models import Duel; "
            f"g = Duel.objects.get(token='{token_id}'); "
            "print(json.dumps([g.status, g.seats.get(number=1).guest_id != '']))"
        )
        assert guests == ["placing", True]
