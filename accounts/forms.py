"""The accounts' forms: Django's sign-up and log-in forms, showing back at most a short
excerpt of a username; and the statistics' and history's filters, which of a player's games
a page is about."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from accounts.statistics import LEVEL_NAMES
from games.models import GameQuerySet
from games.rule_sets import title_of
from games.variants import VARIANTS
from games.words import level_name


class ExcerptInput(forms.TextInput):
    """A text box that shows back what was typed cut to ``length``: a refused 2 MB name is
    not worth sending back whole (nor can any longer value be a valid one)."""

    def __init__(self, length: int, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.length = length

    def format_value(self, value: Any) -> str | None:
        text = super().format_value(value)
        return text[: self.length] if text else text


def cut_username(form: forms.Form) -> None:
    field = form.fields["username"]
    length = getattr(field, "max_length", None) or 150
    field.widget = ExcerptInput(length, field.widget.attrs)


class LoginForm(AuthenticationForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cut_username(self)


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cut_username(self)


# What a person reads for each rule set the site knows by name.
RULES_LABELS = {
    "standard": pgettext_lazy("rules", "Standard"),
    "salvo": pgettext_lazy("rules", "Salvo"),
    "no_touch": pgettext_lazy("rules", "No touching"),
    "fog_of_war": pgettext_lazy("rules", "Fog of war"),
}


def level_choices() -> list[tuple[object, str]]:
    """Every level, named in the language of the request (read each time a form is made)."""
    return [("", gettext("All opponents"))] + [
        (level, f"{level}. {level_name(name)}") for level, name in sorted(LEVEL_NAMES.items())
    ]


def rules_choices() -> list[tuple[str, str]]:
    return [("", gettext("All rules"))] + [
        (name, str(RULES_LABELS.get(name) or title_of(name))) for name in VARIANTS
    ]


class StatisticsFilter(forms.Form):
    """``?level=3&rules=salvo``: either may be left out (all levels, all rule sets)."""

    level = forms.TypedChoiceField(
        label=_("Opponent"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=level_choices,
    )
    rules = forms.ChoiceField(
        label=_("Rules"),
        required=False,
        choices=rules_choices,
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
