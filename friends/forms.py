"""What the friend pages read from a request: the rules of an invite, a display name."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from battleship import RuleSet, find_variant
from battleship_site.names import validate_one_script
from core.rule_sets import OFFERED

NAME_LENGTH = 30
# Letters (any script), digits, spaces and a few marks people put in names: nothing that
# could pass for markup or a link, no control characters.
NAME = re.compile(r"^[^\W_][\w .'\-]*$")


def clean_display_name(value: str) -> str:
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise forms.ValidationError(_("Choose a name your friend will see."))
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
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=200, strip=True, **kwargs)

    def clean(self, value: Any) -> str:
        value = super().clean(value)
        return clean_display_name(value) if value or self.required else ""


class InviteForm(forms.Form):
    """``rules``: a rule set the site offers; ``name``: a guest's display name (an account
    plays under its username)."""

    rules = forms.ChoiceField(
        choices=[(info.name, info.marked_title) for info in OFFERED],
        error_messages={"invalid_choice": _("Choose one of the rule sets offered.")},
    )
    name = DisplayNameField(required=False)

    def __init__(self, data: Any, *, guest: bool) -> None:
        super().__init__(data)
        self.fields["name"].required = guest

    @property
    def rule_set(self) -> RuleSet:
        return find_variant(self.cleaned_data["rules"])

    @property
    def first_error(self) -> str:
        for field in ("rules", "name"):
            if field in self.errors:
                return str(self.errors[field][0])
        return ""


class JoinForm(forms.Form):
    name = DisplayNameField(required=True)

    @property
    def first_error(self) -> str:
        return str(self.errors["name"][0]) if "name" in self.errors else ""
