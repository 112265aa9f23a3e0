"""What seeking a stranger reads from a request: the rule set, and a guest's name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.names import DisplayNameField
from core.rule_sets import OFFERED


class SeekForm(forms.Form):
    """``rules``: a rule set the site offers; ``name``: a guest's display name (an account
    plays under its username)."""

    rules = forms.ChoiceField(
        choices=[(info.name, info.marked_title) for info in OFFERED],
        error_messages={"invalid_choice": _("Choose one of the rule sets offered.")},
    )
    name = DisplayNameField(required=False, missing=_("Choose a name your opponent will see."))

    def __init__(self, data: Any, *, guest: bool) -> None:
        super().__init__(data)
        self.fields["name"].required = guest

    @property
    def first_error(self) -> str:
        for field in ("rules", "name"):
            if field in self.errors:
                return str(self.errors[field][0])
        return ""
