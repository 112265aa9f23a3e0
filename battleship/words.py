"""The words a person reads, in the site's language when there is one.

The display builders (``battleship.classic.display``, ``battleship.sector.display``) serve the web
pages and the terminal games alike, and the terminal games run without Django. So they translate
through these few functions, named as gettext names them (``makemessages`` finds their strings):
inside the site, where Django is set up, each asks Django for the language of the request; anywhere
else each gives back the English it was given. Nothing here imports Django.

The names the engine and the computer players carry (ships, levels) are English values of
theirs; ``ship_name`` and ``level_name`` say them in the reader's language.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType


def _django() -> ModuleType | None:
    """Django's translation module, if this process has Django set up; else None."""
    translation = sys.modules.get("django.utils.translation")
    conf = sys.modules.get("django.conf")
    if translation is None or conf is None or not conf.settings.configured:
        return None
    return translation


def gettext(message: str) -> str:
    translation = _django()
    return message if translation is None else str(translation.gettext(message))


def ngettext(singular: str, plural: str, number: int) -> str:
    translation = _django()
    if translation is None:
        return singular if number == 1 else plural
    return str(translation.ngettext(singular, plural, number))


def pgettext(context: str, message: str) -> str:
    translation = _django()
    return message if translation is None else str(translation.pgettext(context, message))


# Each name's translation, looked up only when that name is said (a board says a ship's name
# in many cells' accessible names).
_SHIPS: dict[str, Callable[[], str]] = {
    "Carrier": lambda: pgettext("ship", "Carrier"),
    "Aircraft Carrier": lambda: pgettext("ship", "Aircraft Carrier"),
    "Battleship": lambda: pgettext("ship", "Battleship"),
    "Cruiser": lambda: pgettext("ship", "Cruiser"),
    "First Cruiser": lambda: pgettext("ship", "First Cruiser"),
    "Second Cruiser": lambda: pgettext("ship", "Second Cruiser"),
    "Submarine": lambda: pgettext("ship", "Submarine"),
    "Second Submarine": lambda: pgettext("ship", "Second Submarine"),
    "Destroyer": lambda: pgettext("ship", "Destroyer"),
}
_LEVELS: dict[str, Callable[[], str]] = {
    "Recruit": lambda: pgettext("level", "Recruit"),
    "Ensign": lambda: pgettext("level", "Ensign"),
    "Lieutenant": lambda: pgettext("level", "Lieutenant"),
    "Captain": lambda: pgettext("level", "Captain"),
    "Admiral": lambda: pgettext("level", "Admiral"),
    "Deckhand": lambda: pgettext("level", "Deckhand"),
    "Gunner": lambda: pgettext("level", "Gunner"),
}


# A computer player's name as said after "against the" ("Against the %(name)s"): where a
# language needs an article there, or declines the name, its translation in this context
# says so (German: "gegen den Rekruten"). Translators see the context "against the".
_OPPONENTS: dict[str, Callable[[], str]] = {
    "Recruit": lambda: pgettext("against the", "Recruit"),
    "Ensign": lambda: pgettext("against the", "Ensign"),
    "Lieutenant": lambda: pgettext("against the", "Lieutenant"),
    "Captain": lambda: pgettext("against the", "Captain"),
    "Admiral": lambda: pgettext("against the", "Admiral"),
    "Deckhand": lambda: pgettext("against the", "Deckhand"),
    "Gunner": lambda: pgettext("against the", "Gunner"),
}


def ship_name(name: str) -> str:
    """A ship's name from the rule set, in the reader's language (unknown names as given)."""
    say = _SHIPS.get(name)
    return say() if say else name


def level_name(name: str) -> str:
    """A computer player's name (its rank), in the reader's language."""
    say = _LEVELS.get(name)
    return say() if say else name


def opponent(said: str) -> str:
    """A computer player's name as ``level_name`` says it, as it is said after "against
    the" in the same language (as given, if it is no level's name)."""
    for name, say in _LEVELS.items():
        if say() == said:
            return _OPPONENTS[name]()
    return said


def gettext_noop(message: str) -> str:
    """Marks a string for translation where it is written; it is translated where it is read."""
    return message


# What each computer player's class says of how it plays (classic.ai, sector.ai).
LEVEL_DESCRIPTIONS = (
    gettext_noop("Fires at random and never follows up a hit."),
    gettext_noop("Fires at random until it hits, then works the neighbouring cells."),
    gettext_noop("Hunts on a checkerboard pattern and follows a line of hits to its end."),
    gettext_noop("Counts every way the remaining ships could lie and fires where most fit."),
    gettext_noop(
        "Weighs every whole fleet that fits what it has seen, fires where a hit is likeliest "
        "and hunts the last ship down in the fewest shots it can expect."
    ),
    gettext_noop(
        "Fires single shots at random and goes after a ship it has hit only now and then: "
        "an opponent to learn the game against."
    ),
    gettext_noop(
        "Flies over sector after sector and fires along its lines of hits, sweeps for "
        "submarines with sonar, and uses what it is told: flies first over the sectors the "
        "enemy fired from, tracks where the last submarines can be and moves its own out "
        "of danger."
    ),
    gettext_noop(
        "Keeps a belief over where every enemy ship and moving submarine can be, from every "
        "answer and every sector the enemy fired from, weighs shot, barrage, recon and sonar "
        "by what each is worth, and moves its submarines out of danger."
    ),
)


def level_description(text: str) -> str:
    """What a computer player's class says of how it plays, in the reader's language."""
    return gettext(text)
