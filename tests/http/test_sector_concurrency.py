"""A sector turn is applied once, whatever arrives at once (real HTTP, gunicorn): twenty
identical htmx turns from twenty tabs store one turn of the person and one of the computer;
twenty Play again presses at once open one new battle."""

import threading
from concurrent.futures import ThreadPoolExecutor

from tests.http.conftest import Player

COUNT = 20


def new_battle(player: Player) -> str:
    csrf = {"X-CSRFToken": player.headers["X-CSRFToken"]}
    response = player.client.post("/sector/battles", data={"level": 3}, headers=csrf)
    assert response.status_code == 302, response.text[:500]
    url = response.headers["location"]
    for step in ("shuffle", "start"):  # plain form posts: answered by a redirect
        assert player.client.post(url + step, headers=csrf).status_code == 302
    return url


def test_twenty_identical_sector_turns_store_exactly_one(server):
    player = Player(server.url)
    battle = new_battle(player)
    battle_id = battle.rstrip("/").split("/")[-1]
    start = threading.Barrier(COUNT)
    tabs = [player.tab() for _ in range(COUNT)]

    def click(tab):
        start.wait()  # all twenty leave together
        return tab.post(battle + "turns", {"action": "recon", "target": "E5", "move": 0})

    with ThreadPoolExecutor(COUNT) as pool:
        responses = list(pool.map(click, tabs))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * (COUNT - 1), statuses
    played = next(r.text for r in responses if r.status_code == 200)
    assert 'hx-swap-oob="innerHTML:#announcer"' in played
    assert "Your recon over VI:" in played
    refused = [r.text for r in responses if r.status_code == 409]
    assert all("out of date" in text for text in refused)  # and the current board with it
    log = server.query(
        "import json; from sector.models import SectorBattle; "
        f"b = SectorBattle.objects.get(pk='{battle_id}'); "
        "print(json.dumps([b.moves, b.log]))"
    )
    assert log[0] == 2  # the person's recon and the computer's answer, once
    assert len(log[1]) == 2
    assert log[1][0] == {"action": "recon", "sector": "VI"}
    assert "database is locked" not in server.log_text()
    assert "Traceback" not in server.log_text()


def test_twenty_play_again_requests_at_once_open_one_new_battle(server):
    player = Player(server.url)
    battle = new_battle(player)
    assert player.post(battle + "resign").status_code == 302  # a plain post: a redirect
    start = threading.Barrier(COUNT)
    tabs = [player.tab() for _ in range(COUNT)]

    def click(tab):
        start.wait()
        return tab.post(battle + "again")

    with ThreadPoolExecutor(COUNT) as pool:
        responses = list(pool.map(click, tabs))
    assert {r.status_code for r in responses} == {200}  # htmx: HX-Redirect to the new battle
    assert len({r.headers["HX-Redirect"] for r in responses}) == 1  # all to the same one
    battle_id = battle.rstrip("/").split("/")[-1]
    battles = server.query(  # this browser's battles (the server is shared with other tests)
        "from sector.models import SectorBattle; "
        f"b = SectorBattle.objects.get(pk='{battle_id}'); "
        "print(SectorBattle.objects.filter(guest_id=b.guest_id).count())"
    )
    assert battles == 2
    assert "Traceback" not in server.log_text()
