"""Every page and every htmx answer is valid HTML: the W3C Nu HTML checker (the npm package
vnu-jar, pinned in package.json; Java from Debian's default-jre-headless, both installed by
`make test`) finds no error in any of them.

The pages are every address the site has (tests/web/site_urls.py), for a guest and for a
signed-in player, in every language, each also as htmx asks for it (a game's page answers
with its play area only); the answers are those of playing through every rule set, the
sector battle, the daily challenge and a friend game by htmx, refusals included (each
player's pages of the friend game too, from the invite to the end); the error pages too. An
answer that is a part of a page is checked inside a minimal document. Java starts slowly,
so the checker runs once, over all of them. The one kind of error left out is htmx's own
attributes (``hx-post``, ``hx-target``...), which no HTML standard knows.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings
from django.template import loader
from django.test import Client, RequestFactory

from daily.models import today
from games.models import Game
from sector.models import SectorBattle
from tests.web.conftest import COMPUTER_FLEET, fleet_cells, make_user, started_game
from tests.web.friends_helpers import invite, players
from tests.web.site_urls import Things, every_address

ROOT = Path(__file__).resolve().parents[2]
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
HX = {"HX-Request": "true"}
# htmx's attributes are not HTML's: the only errors the checker's answer may hold.
HTMX_ATTRIBUTE = r"Attribute “hx-[a-z-]+” not allowed on element “[a-z0-9]+” at this point\."
FRAGMENT = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>An htmx answer</title></head>
<body>{}</body></html>
"""


class Documents:
    """What the checker will read: each answer under a name that says where it came from."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.names: dict[str, str] = {}

    def add(self, name: str, response) -> None:
        assert response.status_code < 500, (name, response.status_code)
        if "text/html" in response.get("Content-Type", "") and response.content:
            self.add_html(name, response.content.decode())

    def add_html(self, name: str, html: str) -> None:
        if not html.lstrip().lower().startswith("<!doctype"):
            html = FRAGMENT.format(html)
        path = self.folder / f"{len(self.names):04d}.html"
        path.write_text(html)
        self.names[str(path)] = name

    def name_of(self, url: str) -> str:
        """The answer a file the checker names holds (it names them ``file:/tmp/...``)."""
        return self.names.get(str(Path(url.removeprefix("file:"))), url)


def every_page(documents: Documents, client: Client, things: Things, who: str) -> None:
    for language, _name in settings.LANGUAGES:
        headers = {"accept-language": language}
        for address in every_address():
            if address.admin:
                continue  # Django's admin: not the site's pages
            url = things.url(address)
            documents.add(f"{who} {language} GET {url}", client.get(url, headers=headers))
            as_htmx = client.get(url, headers=headers | HX)
            documents.add(f"{who} {language} htmx GET {url}", as_htmx)
        documents.add(f"{who} {language} 404", client.get("/no-such-page", headers=headers))
        documents.add(f"{who} {language} 405", client.put("/", headers=headers))


def error_pages(documents: Documents) -> None:
    request = RequestFactory().get("/")
    folder = Path(settings.BASE_DIR) / "templates"
    pages = [*sorted(path.name for path in folder.glob("[45][0-9][0-9].html")), "403_csrf.html"]
    assert {"400.html", "413.html", "429.html", "503.html"} <= set(pages)
    for template in pages:
        documents.add_html(template, loader.render_to_string(template, request=request))


def play_every_rule_set(documents: Documents, client: Client) -> None:
    """A game of each rule set by htmx: a miss, a hit, a refusal, a stale page, the hint."""
    moves = {
        "standard": [{"cell": "B2"}, {"cell": "J9"}, {"cell": "J10"}],
        "salvo": [{"cell": "A6 B6 C6 D6 E6"}, {"cell": "J9 J10 H1 H2 H3"}],
        "no_touch": [{"cell": "A6"}, {"cell": "B2"}],
        "fog_of_war": [{"cell": "J9"}, {"cell": "J10"}],
        "special_weapons": [
            {"weapon": "air_strike", "center": "B2"},
            {"weapon": "torpedo", "line": "column-1", "end": "start"},
            {"cell": "A6"},
        ],
        "five_shot": [{"cell": "A1 A2 A3 A4 A5"}, {"cell": "J1 J2 J3 J4 J5"}],
        "five_shot_called": [{"cell": "A1 A2 A3 A4 A5"}, {"cell": "J1 J2 J3 J4 J5"}],
        "five_shot_cells": [{"cell": " ".join(f"{r}{c}" for r in "AB" for c in range(1, 10))}],
    }
    for rules, turns in moves.items():
        response = client.post("/games/", {"level": 3, "rules": rules})
        game = Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])
        url = f"/games/{game.pk}/"
        documents.add(f"{rules} shuffle", client.post(url + "shuffle", headers=HX))
        documents.add(f"{rules} clear", client.post(url + "ships/clear", headers=HX))
        place = {"ship": game.rule_set.fleet[0].name, "cell": "A1", "orientation": "H"}
        documents.add(f"{rules} place", client.post(url + "ships", place, headers=HX))
        documents.add(f"{rules} refused place", client.post(url + "ships", place, headers=HX))
        documents.add(f"{rules} shuffle", client.post(url + "shuffle", headers=HX))
        documents.add(f"{rules} start", client.post(url + "start", headers=HX))
        documents.add(f"{rules} hint", client.post(url + "hint", headers=HX))
        for data in turns:
            game.refresh_from_db()
            answer = client.post(url + "shots", {"move": game.moves, **data}, headers=HX)
            documents.add(f"{rules} {data}", answer)
        documents.add(
            f"{rules} stale", client.post(url + "shots", {"cell": "C3", "move": 0}, headers=HX)
        )
        game.refresh_from_db()
        refused = {"cell": "Z99", "move": game.moves}
        documents.add(f"{rules} refused", client.post(url + "shots", refused, headers=HX))
        documents.add(f"{rules} page", client.get(url))
        documents.add(f"{rules} resign", client.post(url + "resign", headers=HX))
        documents.add(f"{rules} over", client.get(url))
        documents.add(f"{rules} replay", client.get(f"/history/{game.pk}/?step=2", headers=HX))


def win_a_game(documents: Documents, client: Client) -> None:
    game = started_game(client)
    for cell in fleet_cells(COMPUTER_FLEET):
        game.refresh_from_db()
        answer = client.post(
            f"/games/{game.pk}/shots", {"cell": cell, "move": game.moves}, headers=HX
        )
    documents.add("won: the last answer", answer)
    documents.add("won: the page", client.get(game.get_absolute_url()))
    documents.add("won: again", client.post(f"/games/{game.pk}/again", headers=HX))


def a_sector_battle(documents: Documents, client: Client) -> None:
    response = client.post("/sector/battles", {"level": 1})
    url = response.url
    place = {"ship": "Carrier", "cell": "A1", "lie": "across"}
    documents.add("sector place", client.post(url + "ships", place, headers=HX))
    documents.add("sector refused place", client.post(url + "ships", place, headers=HX))
    documents.add("sector placing", client.get(url))  # a ship drawn on the sea
    documents.add("sector placing typed", client.get(url + "?typed=1"))
    for step in ("clear", "shuffle", "start"):
        documents.add(f"sector {step}", client.post(url + step, headers=HX))
    documents.add("sector aimed", client.get(url + "?aim=barrage"))
    turns = [
        {"action": "shot", "target": "A8"},
        {"action": "recon", "sector": "III"},
        {"action": "sonar", "sector": "XII"},
        {"action": "barrage", "cells": "C9 C10 C11"},
        {"action": "barrage", "cells": "A1 A2"},  # refused
        {"action": "shot", "target": "B2", "move": 0},  # stale
    ]
    battle_id = url.rstrip("/").split("/")[-1]
    for data in turns:
        moves = SectorBattle.objects.get(pk=battle_id).moves
        answer = client.post(url + "turns", {"move": moves} | data, headers=HX)
        documents.add(f"sector {data}", answer)
    documents.add("sector resign", client.post(url + "resign", headers=HX))
    documents.add("sector over", client.get(url))
    documents.add("sector replay", client.get(url + "replay?step=2"))


def the_daily_challenge(documents: Documents, client: Client) -> None:
    day = today().isoformat()
    documents.add("daily page", client.get("/daily"))
    for move, cell in enumerate(["A1", "A2", "Z9"]):
        answer = client.post(f"/daily/{day}/shots", {"cell": cell, "move": move}, headers=HX)
        documents.add(f"daily {cell}", answer)


def a_friend_game(documents: Documents) -> None:
    """A game against a friend from the invite to its end, as each player's pages and htmx
    answers have it (its live part connects to the event stream: htmx's SSE extension)."""
    host, friend = Client(), Client()
    game = invite(host, "special_weapons")
    documents.add("friend waiting", host.get(game.get_absolute_url()))
    documents.add("friend invite", friend.get(game.get_absolute_url()))
    documents.add("friend join", friend.post(f"/friend/{game.token}/join", {"name": "Bob"}))
    documents.add("friend placing", host.get(game.get_absolute_url()))
    for who, client in (("host", host), ("friend", friend)):
        documents.add(
            f"friend {who} shuffle", client.post(f"/friend/{game.token}/shuffle", headers=HX)
        )
        documents.add(f"friend {who} ready", client.post(f"/friend/{game.token}/ready", headers=HX))
    game.refresh_from_db()
    mover, waiter = players(game, host, friend)
    documents.add("friend playing, my turn", mover.get(game.get_absolute_url()))
    documents.add("friend playing, their turn", waiter.get(game.get_absolute_url()))
    strike = {"weapon": "air_strike", "center": "E5", "move": game.moves}
    documents.add("friend strike", mover.post(f"/friend/{game.token}/shots", strike, headers=HX))
    documents.add("friend resign", waiter.post(f"/friend/{game.token}/resign", headers=HX))
    documents.add("friend over", mover.get(game.get_absolute_url()))


def check(documents: Documents) -> list[tuple[str, str, str]]:
    """The checker's errors: the message, the answer it is in, and the markup around it."""
    files = list(documents.names)
    done = subprocess.run(
        [
            shutil.which("java") or "java",
            "-jar",
            str(VNU),
            "--errors-only",
            "--format",
            "json",
            "--filterpattern",
            HTMX_ATTRIBUTE,
            *files,
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    messages = json.loads(done.stderr or done.stdout)["messages"]
    return [
        (
            m["message"],
            documents.names.get(m.get("url", ""), m.get("url", "")),
            m.get("extract", ""),
        )
        for m in messages
        if m.get("type") == "error" or m.get("subType") == "fatal"
    ]


def summary(errors: list[tuple[str, str, str]]) -> str:
    """Each kind of error once, how often, and where it was first met."""
    kinds = Counter(message for message, _, _ in errors)
    first = {}
    for message, where, extract in errors:
        first.setdefault(message, (where, extract.strip()[:160]))
    return f"{len(errors)} errors:\n" + "\n".join(
        f"{count} x {message}\n    first in {first[message][0]}: {first[message][1]!r}"
        for message, count in kinds.most_common()
    )


@pytest.fixture
def documents(tmp_path):
    assert shutil.which("java"), "no Java: `make test` installs Debian's default-jre-headless"
    assert VNU.exists(), "no vnu.jar: `make test` installs it from npm (package.json)"
    return Documents(tmp_path)


def test_every_page_and_every_htmx_answer_is_valid_html(db, documents):
    guest, player = Client(), Client()
    player.force_login(make_user("validator"))
    for who, client in (("guest", guest), ("player", player)):
        every_page(documents, client, Things.of(client), who)
    error_pages(documents)
    play_every_rule_set(documents, player)
    win_a_game(documents, player)
    a_sector_battle(documents, player)
    the_daily_challenge(documents, guest)
    a_friend_game(documents)
    assert len(documents.names) > 500
    errors = check(documents)
    assert not errors, summary(errors)
