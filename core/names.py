"""The name a player shows another person (a guest's, in a game between people): one rule
for every mode that asks for one."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from battleship_site.names import validate_one_script
from core.rule_sets import OFFERED

NAME_LENGTH = 30
# Letters (any script), digits, spaces and a few marks people put in names: nothing that
# could pass for markup or a link, no control characters.
NAME = re.compile(r"^[^\W_][\w .'\-]*$")


def clean_display_name(value: str, missing: str | Promise) -> str:
    """``value`` as a name to show (spaces folded, NFC), or a ``ValidationError`` that says
    what is wrong (``missing``: the sentence for no name at all)."""
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise forms.ValidationError(str(missing))
    if len(name) > NAME_LENGTH:
        raise forms.ValidationError(
            _("A name of at most %(n)d characters, please.") % {"n": NAME_LENGTH}
        )
    if not NAME.match(name) or "://" in name:
        raise forms.ValidationError(
            _("A name of letters, digits, spaces and the marks . ' - only, please.")
        )
    validate_one_script(name)
    return name


class DisplayNameField(forms.CharField):
    """A display name (``clean_display_name``); ``missing`` says what to do without one."""

    def __init__(self, *, missing: str | Promise, **kwargs: Any) -> None:
        kwargs.setdefault("error_messages", {"required": missing})
        super().__init__(max_length=200, strip=True, **kwargs)
        self.missing = missing

    def clean(self, value: Any) -> str:
        value = super().clean(value)
        return clean_display_name(value, self.missing) if value or self.required else ""


class RulesAndNameForm(forms.Form):
    """Starting a game against a person: ``rules``, a rule set the site offers; ``name``, a
    guest's display name (an account plays under its username). A subclass gives the name's
    field with its own sentence for a missing name."""

    rules = forms.ChoiceField(
        choices=[(info.name, info.marked_title) for info in OFFERED],
        error_messages={"invalid_choice": _("Choose one of the rule sets offered.")},
    )
    name: DisplayNameField

    def __init__(self, data: Any, *, guest: bool) -> None:
        super().__init__(data)
        self.fields["name"].required = guest

    @property
    def first_error(self) -> str:
        for field in ("rules", "name"):
            if field in self.errors:
                return str(self.errors[field][0])
        return ""
