"""What the friend pages read from a request: the rules of an invite, a display name."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from battleship import RuleSet, find_variant
from core.names import DisplayNameField, RulesAndNameForm

MISSING_NAME = _("Choose a name your friend will see.")


class InviteForm(RulesAndNameForm):
    """The rules, a guest's name, and whether others may watch."""

    name = DisplayNameField(required=False, missing=MISSING_NAME)
    watchable = forms.BooleanField(required=False)

    @property
    def rule_set(self) -> RuleSet:
        return find_variant(self.cleaned_data["rules"])


class JoinForm(forms.Form):
    name = DisplayNameField(required=True, missing=MISSING_NAME)

    @property
    def first_error(self) -> str:
        return str(self.errors["name"][0]) if "name" in self.errors else ""
