"""The server names a turn played, in every mode: the htmx answer to a move carries
``HX-Trigger: {"turn": {"sound": ...}}`` (the page's scripts read it before the answer is
swapped in: the computer's part waits, the last round's marks go) and
``HX-Trigger-After-Settle: {"turn-settled": {"sound": ...}}`` (once it is in place: the
sound, the turn played back, the focus). A refusal, a placement or a plain form post names
no turn: nothing is played back and nothing sounds."""

import json

from django.test import Client

from daily.models import today
from tests.web.conftest import COMPUTER_FLEET, fleet_cells, started_game
from tests.web.friends_helpers import HX, players, started
from tests.web.test_sector import started as sector_started


def named(response) -> tuple[dict, dict]:
    received = json.loads(response.headers.get("HX-Trigger", "{}"))
    settled = json.loads(response.headers.get("HX-Trigger-After-Settle", "{}"))
    return received, settled


def test_a_classic_shot_names_its_turn_with_its_sound_and_a_refusal_names_none(guest):
    game = started_game(guest)
    answer = guest.post(f"/games/{game.pk}/shots", {"cell": "J9", "move": 0}, headers=HX)
    assert answer.status_code == 200
    assert named(answer) == ({"turn": {"sound": "hit"}}, {"turn-settled": {"sound": "hit"}})
    refused = guest.post(f"/games/{game.pk}/shots", {"cell": "J9", "move": 2}, headers=HX)
    assert refused.status_code == 400
    assert named(refused) == ({}, {})
    stale = guest.post(f"/games/{game.pk}/shots", {"cell": "J10", "move": 0}, headers=HX)
    assert stale.status_code == 409
    assert named(stale) == ({}, {})
    plain = guest.post(f"/games/{game.pk}/shots", {"cell": "J10", "move": 2})
    assert plain.status_code == 302
    assert "HX-Trigger" not in plain.headers


def test_the_last_shot_names_its_turn_with_the_ends_sound(guest):
    game = started_game(guest)
    for cell in fleet_cells(COMPUTER_FLEET):
        game.refresh_from_db()
        answer = guest.post(
            f"/games/{game.pk}/shots", {"cell": cell, "move": game.moves}, headers=HX
        )
    assert answer.status_code == 200
    assert named(answer) == ({"turn": {"sound": "won"}}, {"turn-settled": {"sound": "won"}})


def test_a_sector_turn_names_its_turn(guest):
    battle = sector_started(guest)
    data = {"move": battle.moves, "action": "shot", "target": "A8"}
    answer = guest.post(f"/sector/{battle.pk}/turns", data, headers=HX)
    assert answer.status_code == 200
    assert named(answer) == ({"turn": {"sound": "hit"}}, {"turn-settled": {"sound": "hit"}})
    refused = guest.post(f"/sector/{battle.pk}/turns", data | {"move": 0}, headers=HX)
    assert refused.status_code == 409
    assert named(refused) == ({}, {})


def test_a_daily_shot_names_its_turn(guest):
    day = today().isoformat()
    guest.get("/daily")
    answer = guest.post(f"/daily/{day}/shots", {"cell": "A1", "move": 0}, headers=HX)
    assert answer.status_code == 200
    received, settled = named(answer)
    assert received["turn"]["sound"] in ("hit", "miss")
    assert settled == {"turn-settled": received["turn"]}
    again = guest.post(f"/daily/{day}/shots", {"cell": "A1", "move": 1}, headers=HX)
    assert again.status_code == 400
    assert named(again) == ({}, {})


def test_a_friends_move_names_its_turn_for_the_mover(db):
    host, friend = Client(), Client()
    game = started(host, friend)
    mover, _waiter = players(game, host, friend)
    answer = mover.post(f"/friend/{game.token}/shots", {"cell": "A1", "move": 0}, headers=HX)
    assert answer.status_code == 200
    received, settled = named(answer)
    assert received["turn"]["sound"] in ("hit", "miss")
    assert settled == {"turn-settled": received["turn"]}
    out_of_turn = mover.post(f"/friend/{game.token}/shots", {"cell": "A2", "move": 1}, headers=HX)
    assert out_of_turn.status_code == 409
    assert named(out_of_turn) == ({}, {})
