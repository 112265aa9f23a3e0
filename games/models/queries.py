"""Questions about many classic games (the QuerySet of ``Game``), and the rule set's name
each game row keeps for them to filter on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import models
from django.db.models import Count, OuterRef, Subquery, Value
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Coalesce
from django.http import HttpRequest

from battleship.phase import HUMAN
from games.models.rows import Shot
from modes.models import FiguresQuerySet

if TYPE_CHECKING:  # named in a string below: no import cycle at run time
    from games.models.game import Game  # noqa: F401


class GameQuerySet(FiguresQuerySet["Game"]):
    """The classic game's games: the shared statistics, and what only its pages ask."""

    HINTS = True

    def update(self, **kwargs: Any) -> int:
        """As ``QuerySet.update``; new ``rules`` bring their ``rules_name`` with them."""
        if isinstance(kwargs.get("rules"), dict) and "rules_name" not in kwargs:
            kwargs["rules_name"] = rules_name_of(kwargs["rules"])
        return super().update(**kwargs)

    def unfinished_of(self, request: HttpRequest) -> GameQuerySet:
        """As every mode's, with each game's ``shots_so_far`` (its row says them)."""
        return super().unfinished_of(request).with_shots_so_far()

    def with_shots_so_far(self) -> GameQuerySet:
        """Per game, ``shots_so_far``: the person's shots, counted (for the few unfinished
        games a page lists; a finished game holds its figures on its row)."""
        shots = Shot.objects.filter(game=OuterRef("pk"), player=HUMAN).order_by().values("game")
        return self.annotate(
            shots_so_far=Coalesce(Subquery(shots.annotate(n=Count("pk")).values("n")), 0)
        )


# What ``rules_name`` must hold, as the database works it out (the check constraint).
RULES_NAME = Coalesce(
    KeyTextTransform("name", "rules"), Value("standard"), output_field=models.CharField()
)


def rules_name_of(rules: Any) -> str:
    """``rules_name`` for a game's stored ``rules``: its name, "standard" when it has none."""
    name = rules.get("name") if isinstance(rules, dict) else None
    return name if isinstance(name, str) else "standard"
