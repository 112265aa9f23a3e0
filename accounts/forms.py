"""The statistics' and history's filters: which of a player's games a page is about."""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms

from accounts.statistics import LEVEL_NAMES
from games.models import GameQuerySet
from games.variants import VARIANTS

# What a person reads for each rule set the site knows by name.
RULES_LABELS = {
    "standard": "Standard",
    "salvo": "Salvo",
    "no_touch": "No touching",
    "fog_of_war": "Fog of war",
}


class StatisticsFilter(forms.Form):
    """``?level=3&rules=salvo``: either may be left out (all levels, all rule sets)."""

    level = forms.TypedChoiceField(
        label="Opponent",
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", "All opponents")]
        + [(level, f"{level}. {name}") for level, name in sorted(LEVEL_NAMES.items())],
    )
    rules = forms.ChoiceField(
        label="Rules",
        required=False,
        choices=[("", "All rules")] + [(name, RULES_LABELS.get(name, name)) for name in VARIANTS],
    )

    def full_clean(self) -> None:
        super().full_clean()
        # A refused choice's reason is read with its field (the template gives it this id).
        for name in self.errors:
            if name in self.fields:
                self.fields[name].widget.attrs["aria-describedby"] = f"id_{name}-error"

    def games(self, games: GameQuerySet) -> GameQuerySet:
        """``games`` narrowed to the chosen level and rule set (call once the form is valid)."""
        if self.cleaned_data["level"] is not None:
            games = games.filter(level=self.cleaned_data["level"])
        if self.cleaned_data["rules"]:
            games = games.filter(rules_name=self.cleaned_data["rules"])
        return games

    @property
    def query(self) -> str:
        """The chosen filters as a query string to carry to another page ("level=2&"), or ""."""
        chosen = {key: value for key, value in self.cleaned_data.items() if value}
        return urlencode(chosen) + "&" if chosen else ""

    @property
    def narrowed(self) -> bool:
        return self.is_valid() and any(self.cleaned_data.values())
