"""A name a person reads (an account's, a guest's) in one writing system, not a look-alike.

"admin" with its "a" Cyrillic (U+0430) reads as "admin" and is another name: anyone could pass for
anyone. A name that mixes scripts, where one of its letters looks like a letter of another
script (Unicode's confusables, through ``confusable_homoglyphs``, the data django-registration
checks names with), is refused. The mixes a language writes every day are not: Latin with
the Japanese scripts (Han, Hiragana, Katakana), with Chinese (Han, Bopomofo) or with Korean
(Han, Hangul), as Unicode's "highly restrictive" level (UTS #39) allows them. Digits, spaces
and marks belong to every script.
"""

from __future__ import annotations

from confusable_homoglyphs import categories, confusables
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

NEUTRAL = {"COMMON", "INHERITED"}
CYRILLIC_A = "\u0430"
EVERYDAY_MIXES = (
    {"LATIN", "HAN", "HIRAGANA", "KATAKANA"},
    {"LATIN", "HAN", "BOPOMOFO"},
    {"LATIN", "HAN", "HANGUL"},
)
MIXED = _(
    "A name in one alphabet, please: this one mixes letters of different alphabets that look "
    "alike (such as a Cyrillic “%(letter)s” among Latin letters)."
)


def scripts_of(name: str) -> set[str]:
    return {categories.alias(char) for char in name} - NEUTRAL


def is_look_alike(name: str) -> bool:
    """Whether ``name`` mixes scripts in a way that can pass for another name."""
    scripts = scripts_of(name)
    if len(scripts) < 2 or any(scripts <= mix for mix in EVERYDAY_MIXES):
        return False
    return confusables.is_confusable(name, preferred_aliases=[]) is not False


def validate_one_script(name: str) -> None:
    if is_look_alike(name):
        raise ValidationError(MIXED, code="look_alike", params={"letter": CYRILLIC_A})
