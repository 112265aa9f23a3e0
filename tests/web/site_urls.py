"""Every address the site has, walked from its URL resolver, with real objects for the path
parameters: the tests that must cover every page and form (the methods, the fuzz, valid
HTML) take their addresses from here, so a new app's pages are covered the day it is added,
and a new kind of path parameter fails them until it is given a value below."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from daily.models import today
from duels.models import Duel
from games.models import Game
from sector.models import SectorBattle
from strangers.models import Seek
from tests.web.conftest import started_game
from tests.web.friends_helpers import started

# A route's <converter:name> or <name>, a regular expression's (?P<name>...).
PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>|\(\?P<(\w+)>[^)]*\)")


@dataclass(frozen=True)
class Address:
    pattern: str  # as the URL configuration writes it, e.g. "games/<uuid:game_id>/shots"
    name: str | None
    template: str  # "/games/{game_id}/shots"
    parameters: tuple[str, ...]

    @property
    def admin(self) -> bool:
        """Django's own admin, whose rules (a login of its own for every method) are its own."""
        return self.template.startswith("/admin/")

    def url(self, values: dict[str, str]) -> str:
        missing = [name for name in self.parameters if name not in values]
        assert not missing, f"no value for {missing} of {self.pattern!r}: give one in {__file__}"
        return self.template.format(**{name: values[name] for name in self.parameters})


def _walk(patterns: list[URLPattern | URLResolver], prefix: str = "") -> list[Address]:
    found = []
    for entry in patterns:
        written = prefix + str(entry.pattern).lstrip("^").rstrip("$").replace("$", "")
        if isinstance(entry, URLResolver):
            found += _walk(entry.url_patterns, written)
            continue
        names = tuple(a or b for a, b in PARAMETER.findall(written))
        template = "/" + PARAMETER.sub(lambda m: "{" + (m[1] or m[2]) + "}", written)
        found.append(Address(written, entry.name, template.replace("^", ""), names))
    return found


def every_address() -> list[Address]:
    """Each address once (the first pattern of an address is the one that answers)."""
    seen: dict[str, Address] = {}
    for address in _walk(get_resolver().url_patterns):
        seen.setdefault(address.template, address)
    return list(seen.values())


def sector_battle(client) -> SectorBattle:
    """A sector battle under way, its fleet placed at random."""
    response = client.post("/sector/battles", {"level": 1})
    assert response.status_code == 302
    battle = SectorBattle.objects.get(pk=response.url.rstrip("/").split("/")[-1])
    for step in ("shuffle", "start"):
        assert client.post(f"/sector/{battle.pk}/{step}").status_code == 302
    return battle


@dataclass(frozen=True)
class Things:
    """One browser's real objects, one for each kind of path parameter."""

    game: Game  # a classic game in progress
    finished: Game  # a classic game resigned: its replay
    battle: SectorBattle  # a sector battle under way
    over: SectorBattle  # a sector battle resigned: its replay
    friend_game: Duel  # a game against a friend, resigned (its event stream ends)
    seek: Seek  # a stranger sought, still waiting

    @classmethod
    def of(cls, client) -> Things:
        """Made through the pages, as the browser's own (a guest's or a signed-in player's)."""
        game, finished = started_game(client), started_game(client)
        assert client.post(f"/games/{finished.pk}/resign").status_code == 302
        finished.refresh_from_db()
        battle, over = sector_battle(client), sector_battle(client)
        assert client.post(f"/sector/{over.pk}/resign").status_code == 302
        friend_game = started(client, Client())
        assert client.post(f"/friend/{friend_game.token}/resign").status_code == 302
        Duel.objects.filter(pk=friend_game.pk).update(watchable=True)  # /watch/<token> too
        response = client.post("/stranger/seeks", {"rules": "standard", "name": "Walker"})
        assert response.status_code == 302
        seek = Seek.objects.get(pk=response.url.rstrip("/").split("/")[-1])
        return cls(game, finished, battle, over, friend_game, seek)

    def with_game(self, game: Game) -> Things:
        return replace(self, game=game)

    def values(self, address: Address) -> dict[str, str]:
        user = get_user_model().objects.order_by("pk").first()
        user_pk = str(user.pk) if user else "1"
        return {
            "game_id": str((self.finished if address.name == "replay" else self.game).pk),
            "battle_id": str((self.over if address.name == "sector_replay" else self.battle).pk),
            "day": today().isoformat(),
            "token": self.friend_game.token,
            "seek_id": str(self.seek.pk),
            "name": "standard",  # a rule set's page
            # Django's admin, for an account that is not staff: its login.
            "app_label": "auth",
            "object_id": user_pk,
            "id": user_pk,
            "content_type_id": str(ContentType.objects.get_for_model(get_user_model()).pk),
            "url": "no-such-page",
        }

    def url(self, address: Address) -> str:
        return address.url(self.values(address))
