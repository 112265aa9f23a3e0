"""What the friend pages read from a request: the rules of an invite, a display name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from battleship import RuleSet, find_variant
from core.names import DisplayNameField
from core.rule_sets import OFFERED

MISSING_NAME = _("Choose a name your friend will see.")


class InviteForm(forms.Form):
    """``rules``: a rule set the site offers; ``name``: a guest's display name (an account
    plays under its username)."""

    rules = forms.ChoiceField(
        choices=[(info.name, info.marked_title) for info in OFFERED],
        error_messages={"invalid_choice": _("Choose one of the rule sets offered.")},
    )
    name = DisplayNameField(required=False, missing=MISSING_NAME)
    watchable = forms.BooleanField(required=False)

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
    name = DisplayNameField(required=True, missing=MISSING_NAME)

    @property
    def first_error(self) -> str:
        return str(self.errors["name"][0]) if "name" in self.errors else ""
