"""The rule sets a person or a script can ask for by name (``--rules salvo``), as
python-chess's ``find_variant`` finds a variant by the name stored with a game. Each rule
set's own page is in docs/rules/."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from battleship.classic.rules import RuleSet

VARIANTS: dict[str, Callable[[], RuleSet]] = {
    "standard": RuleSet.standard,
    "salvo": RuleSet.salvo,
    "no_touch": RuleSet.no_touch,
    "fog_of_war": RuleSet.fog_of_war,
    "special_weapons": RuleSet.special_weapons,
    "five_shot": RuleSet.five_shot,
    "five_shot_called": RuleSet.five_shot_called,
    "five_shot_cells": RuleSet.five_shot_cells,
}


def find_variant(name: str) -> RuleSet:
    """The rule set called ``name`` (one of ``VARIANTS``: "standard", "salvo", ...).

    Raises ``ValueError`` naming the choices for any other name.
    """
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in VARIANTS:
        raise ValueError(f"unknown rules {name!r}: choose one of {', '.join(VARIANTS)}")
    return VARIANTS[key]()


def rule_set(choice: str | RuleSet | dict[str, Any] | None) -> RuleSet:
    """A ``RuleSet`` from a name in ``VARIANTS``, a ``RuleSet.to_dict()`` dict, or itself.

    ``None`` is the standard game. Raises ``ValueError`` naming the choices for anything else.
    """
    if choice is None:
        return RuleSet.standard()
    if isinstance(choice, RuleSet):
        return choice
    if isinstance(choice, dict):
        return RuleSet.from_dict(choice)
    if isinstance(choice, str):
        return find_variant(choice)
    raise ValueError(f"unknown rules {choice!r}: choose one of {', '.join(VARIANTS)}")
