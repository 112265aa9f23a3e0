"""What seeking a stranger reads from a request: the rule set, and a guest's name."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from core.names import DisplayNameField, RulesAndNameForm


class SeekForm(RulesAndNameForm):
    name = DisplayNameField(required=False, missing=_("Choose a name your opponent will see."))
