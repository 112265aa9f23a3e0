"""The rule sets a person or a script can ask for by name (``--rules salvo``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine import RuleSet

VARIANTS: dict[str, Callable[[], RuleSet]] = {
    "standard": RuleSet.standard,
    "salvo": RuleSet.salvo,
    "no_touch": RuleSet.no_touch,
    "fog_of_war": RuleSet.fog_of_war,
    "special_weapons": RuleSet.special_weapons,
}


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
    if isinstance(choice, str) and choice.strip().lower() in VARIANTS:
        return VARIANTS[choice.strip().lower()]()
    raise ValueError(f"unknown rules {choice!r}: choose one of {', '.join(VARIANTS)}")
