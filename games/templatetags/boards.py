"""Board cells and fleet lists, rendered in Python.

A game page has 200 cells and every move re-renders them; as template loops, or even as
``format_html`` calls, they cost most of a fire request's time, so each row is built here
with plain string formatting (so is a fleet's list: five ships with a pip per cell cost as
much as the rest of a move's answer as an included template). Each cell has an id, so
that the answer to a shot can replace only the cells it changed (out-of-band swaps). Every
value is escaped on the way in (labels, states and symbols are our own words, names hold
ship names from the rule set), which is why each ``mark_safe`` below is marked as reviewed
for bandit.
"""

from collections.abc import Iterable
from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe

from games.display import Cell, ShipStatus

register = template.Library()


def _swap(oob: bool) -> str:
    # Out of band: a move's answer replaces just these cells, each found by its id.
    return ' hx-swap-oob="true"' if oob else ""


@register.simple_tag
def enemy_cells(cells: Iterable[Cell], oob: bool = False) -> SafeString:
    """Enemy waters: untargeted cells fire when pressed; fired ones say what they hold.

    The cells one can fire at are in the tab order, so the board works from the keyboard
    without the page's script; with it (``static/js/game.js``) the board is one tab stop
    and the arrow keys move it.
    """
    html = []
    for cell in cells:
        label = escape(cell.label)
        td = f'<td role="gridcell" id="enemy-{label}"{_swap(oob)}>'
        if cell.can_fire:
            html.append(
                f'{td}<button type="submit" name="cell" value="{label}" '
                f'class="cell unknown" aria-label="{label}"></button></td>'
            )
        else:
            html.append(
                f'{td}<button type="button" class="cell {escape(cell.state)}" '
                f'aria-label="{escape(cell.name)}" aria-disabled="true" tabindex="-1">'
                f'<span aria-hidden="true">{escape(cell.symbol)}</span></button></td>'
            )
    return mark_safe("".join(html))  # noqa: S308  # nosec B308 B703


@register.simple_tag
def own_cells(cells: Iterable[Cell], oob: bool = False) -> SafeString:
    """Your fleet during play: ships and the shots received, as text for screen readers."""
    return mark_safe(  # noqa: S308  # nosec B308 B703
        "".join(
            f'<td id="own-{escape(cell.label)}" class="cell {escape(cell.state)}"{_swap(oob)}>'
            f'<span class="symbol" aria-hidden="true">{escape(cell.symbol)}</span>'
            f'<span class="sr-only">{escape(cell.name)}</span></td>'
            for cell in cells
        )
    )


@register.simple_tag
def setup_cells(cells: Iterable[Cell]) -> SafeString:
    """Your fleet during placement: every cell is where the chosen ship could start."""
    return mark_safe(  # noqa: S308  # nosec B308 B703
        "".join(
            f'<td role="gridcell"><button type="submit" name="cell" value="{escape(cell.label)}" '
            f'class="cell {escape(cell.state)}" aria-label="{escape(cell.name)}">'
            f'<span aria-hidden="true">{escape(cell.ship[:2])}</span></button></td>'
            for cell in cells
        )
    )


_PIP = '<span class="pip"></span>'


@register.simple_tag
def fleet_status(
    ships: Iterable[ShipStatus], label: str, list_id: str, oob: bool = False
) -> SafeString:
    """A fleet's ships with their state in words; pips show their length."""
    items = []
    for ship in ships:
        if ship.sunk:
            state = "sunk"
        elif ship.hits is None:
            state = "afloat"  # an enemy ship's damage is not known until it sinks
        elif ship.hits:
            state = f"{ship.hits} of {ship.length} hit"
        else:
            state = "undamaged"
        items.append(
            f'<li class="{"is-sunk" if ship.sunk else ""}">'
            f'<span class="ship-name">{escape(ship.name)}</span> '
            f'<span class="ship-cells" aria-hidden="true">{_PIP * ship.length}</span> '
            f'<span class="ship-state">{state}</span></li>'
        )
    return mark_safe(  # noqa: S308  # nosec B308 B703
        f'<ul class="fleet-status" id="{escape(list_id)}" aria-label="{escape(label)}"{_swap(oob)}>'
        + "".join(items)
        + "</ul>"
    )
