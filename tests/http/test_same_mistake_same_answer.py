"""The same mistake gets the same answer in every mode (real HTTP, gunicorn, both databases):
a move number that is not a number, 400; a stale page's move, 409; a move from the future,
409; a cell off the board, 400; a good move stored once (its copy sent again: 409). Each
refusal changes nothing. The classic game, the sector battle, the daily challenge and a game
against a friend, each through its own form."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from tests.http.conftest import Player
from tests.http.test_friend_races import friend_game
from tests.http.test_sector_concurrency import new_battle


@dataclass
class Mode:
    """A game of one mode in play: where its moves go, a good move, how many are stored."""

    player: Player
    url: str
    good: dict[str, str]
    off_board: dict[str, str]
    stored: Callable[[], int]


def classic(server) -> Mode:
    player = Player(server.url)
    url = player.new_game(level=1) + "shots"
    game = url.strip("/").split("/")[-2]
    return Mode(
        player,
        url,
        {"cell": "E5"},
        {"cell": "K11"},
        lambda: server.query(
            f"from games.models import Game; print(Game.objects.get(pk='{game}').moves)"
        ),
    )


def sector(server) -> Mode:
    player = Player(server.url)
    url = new_battle(player)
    battle = url.rstrip("/").split("/")[-1]
    return Mode(
        player,
        url + "turns",
        {"action": "shot", "target": "E5"},
        {"action": "shot", "target": "M13"},
        lambda: server.query(
            "from sector.models import SectorBattle; "
            f"print(SectorBattle.objects.get(pk='{battle}').moves)"
        ),
    )


def daily(server) -> Mode:
    player = Player(server.url)
    player.new_game(level=1)  # a browser with its guest id, as after any first game
    day = datetime.now(UTC).date().isoformat()
    return Mode(
        player,
        f"/daily/{day}/shots",
        {"cell": "E5"},
        {"cell": "K11"},
        lambda: server.query(
            "from daily.models import DailyAttempt; "
            f"print(sum(a.moves for a in DailyAttempt.objects.filter(day='{day}')))"
        ),
    )


def friend(server) -> Mode:
    url, mover, _ = friend_game(server)
    token = url.strip("/").split("/")[-1]
    return Mode(
        mover,
        url + "shots",
        {"cell": "E5"},
        {"cell": "K11"},
        lambda: server.query(
            f"from duels.models import Duel; print(Duel.objects.get(token='{token}').moves)"
        ),
    )


@pytest.mark.parametrize("make", [classic, sector, daily, friend])
def test_every_mode_answers_the_same_mistake_the_same_way(server, make):
    mode = make(server)
    post = mode.player.post

    def answer(data: dict[str, str]) -> int:
        return post(mode.url, data).status_code

    for number in ("x", "", "1.5", "-1"):
        assert answer({**mode.good, "move": number}) == 400, number
    assert answer({**mode.off_board, "move": "0"}) == 400
    assert answer({**mode.good, "move": "7"}) == 409  # from the future
    assert mode.stored() == 0
    assert answer({**mode.good, "move": "0"}) == 200  # a good move
    after = mode.stored()
    assert after >= 1
    assert answer({**mode.good, "move": "0"}) == 409  # the same again: stale
    assert mode.stored() == after
    assert "Traceback" not in server.log_text()
