"""The coach's notes on a replay's board: a cell's note by its label."""

from django import template

register = template.Library()


@register.filter
def note_for(notes: dict[str, str], label: str) -> str:
    """The note on the cell ``label`` ("" for none)."""
    return notes.get(label, "") if notes else ""
