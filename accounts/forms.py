"""The accounts' forms: Django's sign-up and log-in forms, showing back at most a short
excerpt of a username; and the statistics' and history's filters, which of a player's games
a page is about."""

from __future__ import annotations

from typing import Any, cast
from urllib.parse import urlencode

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from battleship.classic.variants import VARIANTS
from battleship_site.names import validate_one_script
from core.rule_sets import title_of
from modes.models import FiguresQuerySet
from modes.registry import DEFAULT, MODES, Mode, mode_named


class ExcerptInput(forms.TextInput):
    """A text box that shows back what was typed cut to ``length``: a refused 2 MB name is
    not worth sending back whole (nor can any longer value be a valid one)."""

    def __init__(self, length: int, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.length = length

    def format_value(self, value: Any) -> str | None:
        text = super().format_value(value)
        return text[: self.length] if text else text


def cut_username(form: forms.BaseForm) -> None:
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
        self.fields["username"].validators.append(validate_one_script)


def rules_choices() -> list[tuple[str, str]]:
    """Every rule set, named as the new-game page names it ("Classic", "Salvo", ...)."""
    return [("", gettext("All rules"))] + [(name, title_of(name)) for name in VARIANTS]


SECTOR_RULES = _("The sector battle has one set of rules: choose All rules with it.")


class StatisticsFilter(forms.Form):
    """``?mode=sector&level=3&rules=salvo``: the mode (the classic game when left out), and
    a level of that mode's opponents and a rule set, either of which may be left out."""

    mode = forms.ChoiceField(
        label=_("Mode"),
        required=False,
        choices=[(mode.name, mode.title) for mode in MODES.values()],
    )
    level = forms.TypedChoiceField(
        label=_("Opponent"),
        required=False,
        coerce=int,
        empty_value=None,
    )
    rules = forms.ChoiceField(
        label=_("Rules"),
        required=False,
        choices=rules_choices,
    )

    # The hidden field the form carries: the mode its choices were shown for.
    SHOWN = "shown"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        mode = self.shown_mode
        shown = self.data.get(self.SHOWN)
        if shown in MODES and shown != mode.name:
            # The mode was changed in the form: its opponent and rules were the other
            # mode's choices (Salvo, level 5), not a choice of this one's: all of them.
            data = cast(QueryDict, self.data).copy()
            for name in ("level", "rules"):
                data.pop(name, None)
            self.data = data
        # The opponents are the chosen mode's: the sector game has its own three.
        level = cast(forms.TypedChoiceField, self.fields["level"])
        # Computer opponents by their number ("3. Lieutenant"); a person by name alone.
        numbered = mode.opponent_name is None
        level.choices = [("", gettext("All opponents"))] + [
            (number, f"{number}. {name}" if numbered else name)
            for number, name in sorted(mode.level_names().items())
        ]
        if not mode.rule_sets:
            # And one set of rules: nothing else is offered, and asking for it is told why.
            rules = cast(forms.ChoiceField, self.fields["rules"])
            rules.choices = rules_choices()[:1]
            rules.error_messages["invalid_choice"] = SECTOR_RULES

    @property
    def shown_mode(self) -> Mode:
        """The mode whose choices the form shows: the one asked for, if it is one."""
        return mode_named(self.data.get("mode"))

    def full_clean(self) -> None:
        super().full_clean()
        # A refused choice's reason is read with its field (the template gives it this id).
        for name in self.errors:
            if name in self.fields:
                self.fields[name].widget.attrs["aria-describedby"] = f"id_{name}-error"

    @property
    def chosen_mode(self) -> Mode:
        """The mode the page is about (call once the form is valid)."""
        return mode_named(self.cleaned_data.get("mode")) if self.is_valid() else DEFAULT

    def games(self, request: HttpRequest) -> FiguresQuerySet[Any]:
        """The request's player's games of the chosen mode, level and rule set (once the form
        is valid): the account's when signed in, else this browser's."""
        games = self.chosen_mode.games().owned_by(request)
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
        """Whether an opponent or a rule set was chosen (a mode alone narrows nothing: each
        mode's page of games is a whole)."""
        return self.is_valid() and any(self.cleaned_data.get(name) for name in ("level", "rules"))
