"""The rule sets the site offers, by the names used everywhere (``battleship.classic.variants``),
with what a player reads about each before choosing: a title and a one-line summary. Each has a
rules page of its own (``templates/games/rules/<name>.html``)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from battleship.classic import RuleSet, ShotsPerTurn
from battleship.classic.ai import LEVELS, LevelInfo
from battleship.classic.variants import VARIANTS
from battleship.words import level_description, level_name


@dataclass(frozen=True, slots=True)
class RuleSetInfo:
    name: str
    marked_title: Promise
    marked_summary: Promise
    marked_in_sentence: Promise

    # Said in the language of the request each time they are read.
    @property
    def title(self) -> str:
        return str(self.marked_title)

    @property
    def summary(self) -> str:
        return str(self.marked_summary)

    @property
    def in_sentence(self) -> str:
        """The title inside a sentence: "the salvo rules" (lower case in English)."""
        return str(self.marked_in_sentence)

    @property
    def rules(self) -> RuleSet:
        return VARIANTS[self.name]()


OFFERED: tuple[RuleSetInfo, ...] = (
    RuleSetInfo(
        "standard",
        pgettext_lazy("rules", "Classic"),
        _("One shot a turn; a sinking is announced by name."),
        pgettext_lazy("rules in a sentence", "classic"),
    ),
    RuleSetInfo(
        "salvo",
        pgettext_lazy("rules", "Salvo"),
        _("Each turn, one shot for every ship you still have afloat."),
        pgettext_lazy("rules in a sentence", "salvo"),
    ),
    RuleSetInfo(
        "no_touch",
        pgettext_lazy("rules", "No touching"),
        _("Ships may not touch, not even at a corner: water lies all round a sunk ship."),
        pgettext_lazy("rules in a sentence", "no touching"),
    ),
    RuleSetInfo(
        "fog_of_war",
        pgettext_lazy("rules", "Fog of war"),
        _("Hit or miss, nothing more: no ship is named, not even when it sinks."),
        pgettext_lazy("rules in a sentence", "fog of war"),
    ),
    RuleSetInfo(
        "special_weapons",
        pgettext_lazy("rules", "Special weapons"),
        _("The classic game, plus one air strike and two torpedoes each."),
        pgettext_lazy("rules in a sentence", "special weapons"),
    ),
    # The five-shot games (docs/rules/five-shot.md).
    RuleSetInfo(
        "five_shot",
        pgettext_lazy("rules", "Five shots"),
        _("Six ships, five shots a round: you hear which ships were hit, not where."),
        pgettext_lazy("rules in a sentence", "five shots"),
    ),
    RuleSetInfo(
        "five_shot_called",
        pgettext_lazy("rules", "Five shots, called"),
        _("Six ships, five shots a round, each shot called hit or miss."),
        pgettext_lazy("rules in a sentence", "five shots, called"),
    ),
    RuleSetInfo(
        "five_shot_cells",
        pgettext_lazy("rules", "Five shots, by cells"),
        _("As five shots, but a round has one shot for each cell of your fleet not yet hit."),
        pgettext_lazy("rules in a sentence", "five shots, by cells"),
    ),
)
BY_NAME = {info.name: info for info in OFFERED}


def title_of(name: str) -> str:
    """A rule set's title by its stored name; the name itself for one the site no longer offers."""
    info = BY_NAME.get(name)
    return info.title if info else name.replace("_", " ").capitalize()


def levels() -> list[LevelInfo]:
    """The five computer players, named and described in the language of the request."""
    return [
        replace(info, name=level_name(info.name), description=level_description(info.description))
        for info in LEVELS
    ]


def info_for(rules: RuleSet) -> RuleSetInfo:
    """What the site says of a game's rule set (by its name; the classic one otherwise)."""
    return BY_NAME.get(rules.name, BY_NAME["standard"])


def shot_by_shot(rules: RuleSet) -> bool:
    """Whether every move is one shot (one a turn, no weapons): then a move's answer is only
    the cells it changed, and a replay steps shot by shot; otherwise turn by turn."""
    return rules.shots_per_turn is ShotsPerTurn.ONE and not rules.arsenal


def level_info(level: int) -> LevelInfo:
    """The classic game's computer opponent of ``level``."""
    return next(info for info in levels() if info.level == level)
