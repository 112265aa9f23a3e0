"""Board cells, rendered in Python.

A game page has 200 cells and every move re-renders them; as template loops they cost
most of a fire request's time, so each row's cells are built here in one pass. The
markup is the same as a template would write, escaped by ``format_html``.
"""

from collections.abc import Iterable

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.display import Cell

register = template.Library()


@register.simple_tag
def enemy_cells(cells: Iterable[Cell]) -> SafeString:
    """Enemy waters: untargeted cells fire when pressed; fired ones say what they hold."""
    return format_html_join(
        "",
        "{}",
        (
            (
                format_html(
                    '<td role="gridcell"><button type="submit" name="cell" value="{0}" '
                    'class="cell unknown" aria-label="{0}" tabindex="-1"></button></td>',
                    cell.label,
                )
                if cell.can_fire
                else format_html(
                    '<td role="gridcell"><button type="button" class="cell {}" aria-label="{}" '
                    'aria-disabled="true" tabindex="-1"><span aria-hidden="true">{}</span>'
                    "</button></td>",
                    cell.state,
                    cell.name,
                    cell.symbol,
                ),
            )
            for cell in cells
        ),
    )


@register.simple_tag
def own_cells(cells: Iterable[Cell]) -> SafeString:
    """Your fleet during play: ships and the shots received, as text for screen readers."""
    return format_html_join(
        "",
        '<td class="cell {}"><span class="symbol" aria-hidden="true">{}</span>'
        '<span class="sr-only">{}</span></td>',
        ((cell.state, cell.symbol, cell.name) for cell in cells),
    )


@register.simple_tag
def setup_cells(cells: Iterable[Cell]) -> SafeString:
    """Your fleet during placement: every cell is where the chosen ship could start."""
    return format_html_join(
        "",
        '<td role="gridcell"><button type="submit" name="cell" value="{}" class="cell {}" '
        'aria-label="{}" tabindex="-1"><span aria-hidden="true">{}</span></button></td>',
        ((cell.label, cell.state, cell.name, cell.ship[:2]) for cell in cells),
    )
