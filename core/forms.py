"""Forms that read a move from a request, one per kind of move, into the engine's values."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.humanize.templatetags.humanize import apnumber
from django.utils.functional import lazy
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from battleship.classic import (
    ROW_LETTERS,
    AirStrike,
    Coordinate,
    Edge,
    Fire,
    Move,
    RuleSet,
    Torpedo,
)
from battleship.classic.ai import LEVELS
from core.refusals import refusal
from core.rule_sets import BY_NAME, OFFERED

LONGEST_ECHO = 40
"""Longer than any valid value of a field: what is sent back of it is cut to this."""


def excerpt(value: str) -> str:
    """``value``, or a short excerpt of it (marked "…") if it is longer than any valid one:
    a refusal never sends back more than a few words of what was sent."""
    return value if len(value) <= LONGEST_ECHO else value[:LONGEST_ECHO] + "…"


MOVE_NUMBER_ERRORS = {
    key: _("That request did not say which move it was; try again.")
    for key in ("required", "invalid", "min_value")
}


class FireForm(forms.Form):
    """A shot, or a volley typed as several cells ("B7 C8"), and the move number the page
    showed (which makes a second copy of the same request a stale one, never a second move)."""

    move = forms.IntegerField(min_value=0, error_messages=MOVE_NUMBER_ERRORS)
    cell = forms.CharField(
        strip=True, error_messages={"required": _("Choose a cell to fire at, like B7.")}
    )

    def __init__(self, data: Any, *, rules: RuleSet) -> None:
        super().__init__(data)
        self.rules = rules

    def clean_cell(self) -> Fire:
        text = self.cleaned_data["cell"]
        size = self.rules.board_size
        # A volley names each cell at most once: "L12, " is the longest way to write one.
        if len(text) > 5 * size * size:
            raise forms.ValidationError(_("That is more cells than the board has."))
        for word in text.replace(",", " ").split():
            if len(word) > LONGEST_ECHO:
                raise forms.ValidationError(
                    _("%(text)s is not a cell: use a row letter and a column number, like B7.")
                    % {"text": f"'{excerpt(word)}'"}
                )
        try:
            return Fire.parse(text, size)
        except ValueError as error:
            raise forms.ValidationError(refusal(error)) from error

    @property
    def chosen(self) -> Move:
        return self.cleaned_data["cell"]  # type: ignore[no-any-return]

    @property
    def first_error(self) -> str:
        """The one sentence to show: the move number's problem first, then the cells'."""
        return _first_error(self, ("move", "cell"))


class AirStrikeForm(forms.Form):
    """An air strike: the cell at the centre of its square."""

    move = forms.IntegerField(min_value=0, error_messages=MOVE_NUMBER_ERRORS)
    center = forms.CharField(
        strip=True, error_messages={"required": _("Choose the cell at the centre of the strike.")}
    )

    def __init__(self, data: Any, *, rules: RuleSet) -> None:
        super().__init__(data)
        self.rules = rules

    def clean_center(self) -> Coordinate:
        text = self.cleaned_data["center"]
        try:
            return Coordinate.parse(text, self.rules.board_size)
        except ValueError as error:
            if len(text) > LONGEST_ECHO:
                raise forms.ValidationError(
                    _("%(text)s is not a cell.") % {"text": f"'{excerpt(text)}'"}
                ) from error
            raise forms.ValidationError(refusal(error)) from error

    @property
    def chosen(self) -> Move:
        return AirStrike(self.cleaned_data["center"])

    @property
    def first_error(self) -> str:
        return _first_error(self, ("move", "center"))


def torpedo_lines(board_size: int) -> list[tuple[str, str]]:
    """The lines a torpedo can run along, as the form offers them: rows, then columns."""
    row, column = pgettext("torpedo line", "Row %s"), pgettext("torpedo line", "Column %s")
    rows = [(f"row-{r}", row % ROW_LETTERS[r]) for r in range(board_size)]
    return rows + [(f"column-{c}", column % (c + 1)) for c in range(board_size)]


class TorpedoForm(forms.Form):
    """A torpedo: the row or column it runs along, and the end it is launched from (a row
    from the left or the right, a column from the top or the bottom)."""

    move = forms.IntegerField(min_value=0, error_messages=MOVE_NUMBER_ERRORS)
    line = forms.ChoiceField(
        choices=(),
        error_messages={
            "required": _("Choose the row or column the torpedo runs along."),
            "invalid_choice": _("Choose a row or a column of the board for the torpedo."),
        },
    )
    end = forms.ChoiceField(
        choices=[
            ("start", _("From the left or the top")),
            ("end", _("From the right or the bottom")),
        ],
        error_messages={
            "required": _("Choose the end the torpedo is launched from."),
            "invalid_choice": _("Launch the torpedo from one end of its line."),
        },
    )

    def __init__(self, data: Any, *, rules: RuleSet) -> None:
        super().__init__(data)
        self.rules = rules
        self.fields["line"].choices = torpedo_lines(rules.board_size)  # type: ignore[attr-defined]

    @property
    def chosen(self) -> Move:
        kind, index = self.cleaned_data["line"].split("-")
        start = self.cleaned_data["end"] == "start"
        if kind == "row":
            edge = Edge.WEST if start else Edge.EAST
        else:
            edge = Edge.NORTH if start else Edge.SOUTH
        return Torpedo(edge, int(index))

    @property
    def first_error(self) -> str:
        return _first_error(self, ("move", "line", "end"))


def _first_error(form: forms.Form, fields: tuple[str, ...]) -> str:
    for field in fields:
        if field in form.errors:
            return str(form.errors[field][0])
    return ""


def move_form(data: Any, rules: RuleSet) -> FireForm | AirStrikeForm | TorpedoForm:
    """The form for the kind of move posted (``weapon``: none for shots)."""
    weapon = data.get("weapon", "")
    if weapon == "air_strike":
        return AirStrikeForm(data, rules=rules)
    if weapon == "torpedo":
        return TorpedoForm(data, rules=rules)
    return FireForm(data, rules=rules)


def _choose_level() -> str:
    return gettext("Choose one of the %(number)s opponents.") % {"number": apnumber(len(LEVELS))}


CHOOSE_LEVEL = lazy(_choose_level, str)()


class NewGameForm(forms.Form):
    """The opponent and the rule set of a new game."""

    level = forms.TypedChoiceField(
        choices=[(info.level, info.name) for info in LEVELS],
        coerce=int,
        error_messages=dict.fromkeys(("required", "invalid_choice", "invalid"), CHOOSE_LEVEL),
    )
    rules = forms.ChoiceField(
        choices=[(info.name, info.title) for info in OFFERED],
        required=False,
        error_messages={"invalid_choice": _("Choose one of the rule sets on this page.")},
    )

    def clean_rules(self) -> str:
        return self.cleaned_data["rules"] or "standard"

    @property
    def rule_set(self) -> RuleSet:
        return BY_NAME[self.cleaned_data["rules"]].rules

    @property
    def first_error(self) -> str:
        for field in ("level", "rules"):
            if field in self.errors:
                return str(self.errors[field][0])
        return ""


LAST_CHOICE = "new_game"
"""The session key of the last opponent and rule set chosen, offered again."""
DEFAULT_CHOICE: dict[str, Any] = {"level": 3, "rules": "standard"}
"""Before any choice: the Lieutenant (a fair first match), by the classic rules."""


def last_choice(session: Any) -> dict[str, Any]:
    """The opponent and rule set this browser chose last, else ``DEFAULT_CHOICE``; also the
    default if what it remembers is no longer offered (a choice checked again, not trusted)."""
    form = NewGameForm(session.get(LAST_CHOICE) or DEFAULT_CHOICE)
    return dict(form.cleaned_data) if form.is_valid() else dict(DEFAULT_CHOICE)
