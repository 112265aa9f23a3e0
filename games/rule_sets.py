"""The rule sets the site offers, by the names used everywhere (``games.variants``), with
what a player reads about each before choosing: a title and a one-line summary. Each has a
rules page of its own (``templates/games/rules/<name>.html``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_noop

from games.engine import RuleSet, ShotsPerTurn
from games.variants import VARIANTS


@dataclass(frozen=True, slots=True)
class RuleSetInfo:
    name: str
    title: str
    summary: str

    @property
    def rules(self) -> RuleSet:
        return VARIANTS[self.name]()


OFFERED: tuple[RuleSetInfo, ...] = (
    RuleSetInfo("standard", "Classic", "One shot a turn; a sinking is announced by name."),
    RuleSetInfo("salvo", "Salvo", "Each turn, one shot for every ship you still have afloat."),
    RuleSetInfo(
        "no_touch",
        "No touching",
        "Ships may not touch, not even at a corner: water lies all round a sunk ship.",
    ),
    RuleSetInfo(
        "fog_of_war",
        "Fog of war",
        "Hit or miss, nothing more: no ship is named, not even when it sinks.",
    ),
    RuleSetInfo(
        "special_weapons",
        "Special weapons",
        "The classic game, plus one air strike and two torpedoes each.",
    ),
    # The five-shot games of rules/004. Marked for translation where they are said (the
    # title and summary stay plain strings: tests and templates compare them).
    RuleSetInfo(
        "five_shot",
        gettext_noop("Five shots"),
        gettext_noop("Six ships, five shots a round: you hear which ships were hit, not where."),
    ),
    RuleSetInfo(
        "five_shot_called",
        gettext_noop("Five shots, called"),
        gettext_noop("Six ships, five shots a round, each shot called hit or miss."),
    ),
    RuleSetInfo(
        "five_shot_cells",
        gettext_noop("Five shots, by cells"),
        gettext_noop(
            "As five shots, but a round has one shot for each cell of your fleet not yet hit."
        ),
    ),
)
BY_NAME = {info.name: info for info in OFFERED}


def title_of(name: str) -> str:
    """A rule set's title by its stored name; the name itself for one the site no longer offers."""
    info = BY_NAME.get(name)
    return info.title if info else name.replace("_", " ").capitalize()


def info_for(rules: RuleSet) -> RuleSetInfo:
    """What the site says of a game's rule set (by its name; the classic one otherwise)."""
    return BY_NAME.get(rules.name, BY_NAME["standard"])


def shot_by_shot(rules: RuleSet) -> bool:
    """Whether every move is one shot (one a turn, no weapons): then a move's answer is only
    the cells it changed, and a replay steps shot by shot; otherwise turn by turn."""
    return rules.shots_per_turn is ShotsPerTurn.ONE and not rules.arsenal
