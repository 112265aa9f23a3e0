"""Forms that read a move from a request, one per kind of move, into the engine's values."""

from __future__ import annotations

from typing import Any

from django import forms

from games.display import sentence
from games.engine import Fire, RuleSet

LONGEST_ECHO = 40
"""Longer than any valid value of a field: what is sent back of it is cut to this."""


def excerpt(value: str) -> str:
    """``value``, or a short excerpt of it (marked "…") if it is longer than any valid one:
    a refusal never sends back more than a few words of what was sent."""
    return value if len(value) <= LONGEST_ECHO else value[:LONGEST_ECHO] + "…"


class FireForm(forms.Form):
    """A shot, or a volley typed as several cells ("B7 C8"), and the move number the page
    showed (which makes a second copy of the same request a stale one, never a second move)."""

    move = forms.IntegerField(
        min_value=0,
        error_messages={
            "required": "That request did not say which move it was; try again.",
            "invalid": "That request did not say which move it was; try again.",
            "min_value": "That request did not say which move it was; try again.",
        },
    )
    cell = forms.CharField(
        strip=True, error_messages={"required": "Choose a cell to fire at, like B7."}
    )

    def __init__(self, data: Any, *, rules: RuleSet) -> None:
        super().__init__(data)
        self.rules = rules

    def clean_cell(self) -> Fire:
        text = self.cleaned_data["cell"]
        size = self.rules.board_size
        # A volley names each cell at most once: "L12, " is the longest way to write one.
        if len(text) > 5 * size * size:
            raise forms.ValidationError("That is more cells than the board has.")
        for word in text.replace(",", " ").split():
            if len(word) > LONGEST_ECHO:
                raise forms.ValidationError(
                    f"'{excerpt(word)}' is not a cell: use a row letter and a column number, "
                    "like B7."
                )
        try:
            return Fire.parse(text, size)
        except ValueError as error:
            raise forms.ValidationError(sentence(error)) from error

    @property
    def first_error(self) -> str:
        """The one sentence to show: the move number's problem first, then the cells'."""
        for field in ("move", "cell"):
            if field in self.errors:
                return str(self.errors[field][0])
        return ""
