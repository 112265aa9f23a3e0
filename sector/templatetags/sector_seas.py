"""A sector sea's cells, rendered in Python as the classic boards' are
(``core.templatetags.boards``): the same cell classes, marks and ship drawings, with the
sector lines, the sectors' numerals and the turn each cell was fired at on top.

Every value is escaped on the way in (labels, states, symbols and names are our own words),
which is why the ``mark_safe`` below is marked as reviewed for bandit.
"""

from collections.abc import Iterable
from html import escape
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from battleship.classic.display import Cell, CellState, Hull
from core.templatetags.boards import hull

register = template.Library()


def _drawing(ship: dict[str, Any] | None) -> str:
    """The classic drawing of a whole ship; a submarine's bow points the way it heads."""
    if ship is None:
        return ""
    drawing = hull(
        Cell(
            label="A1",
            state=CellState.SHIP,
            hull=Hull(ship["length"], ship["way"], ship["state"], ship.get("fresh", False)),
        )
    )
    if ship["heading"]:
        return f'<span class="heads heads-{escape(ship["heading"])}">{drawing}</span>'
    return str(drawing)


def _td(cell: dict[str, Any]) -> str:
    classes = [f"s-{cell['state']}"]
    classes += ["edge-right"] if cell["edge_right"] else []
    classes += ["edge-bottom"] if cell["edge_bottom"] else []
    classes += ["no-sub"] if cell["no_sub"] else []
    classes += ["has-hull"] if cell["hull"] else []
    html = (
        f'<td data-row="{cell["row"]}" data-col="{cell["col"]}" '
        f'data-cell="{escape(cell["label"])}" class="{escape(" ".join(classes))}">'
    )
    if cell["numeral"]:
        html += f'<span class="sector-numeral" aria-hidden="true">{escape(cell["numeral"])}</span>'
    if cell["turn"]:
        html += f'<span class="cell-turn" aria-hidden="true">{int(cell["turn"])}</span>'
    return html + _drawing(cell["hull"])


@register.simple_tag
def sea_cells(cells: Iterable[dict[str, Any]], mode: str = "view") -> SafeString:
    """One row of a sea: ``view`` (a picture with a name), ``fire`` (the enemy sea on one's
    turn: a cell one may fire at is a button of the turn's form, one hit already is not
    offered) or ``setup`` (one's own sea while placing: each cell where a ship may start)."""
    html = []
    for cell in cells:
        look = f"cell {cell['look']}" + (" on-ship" if cell["ship"] else "")
        look += " latest" if cell.get("latest") else ""  # fired at by the last turn
        name = escape(cell["words"])
        mark = f'<span class="symbol" aria-hidden="true">{escape(cell["symbol"])}</span>'
        label = escape(cell["label"])
        if mode == "fire" and cell["open"]:
            inner = (
                f'<button type="submit" form="turn-form" name="target" value="{label}" '
                f'aria-label="{name}" class="{look}">{mark}</button>'
            )
        elif mode == "fire":
            inner = (
                f'<button type="button" class="{look}" aria-label="{name}" '
                f'aria-disabled="true" tabindex="-1">{mark}</button>'
            )
        elif mode == "setup":
            ship = f' data-ship="{escape(cell["ship"])}"' if cell["ship"] else ""
            inner = (
                f'<button type="submit" name="cell" value="{label}" aria-label="{name}" '
                f'class="{look}"{ship}>{mark}</button>'
            )
        else:
            inner = f'<span role="img" aria-label="{name}" class="{look}">{mark}</span>'
        html.append(_td(cell) + inner + "</td>")
    return mark_safe("".join(html))  # noqa: S308  # nosec B308 B703
