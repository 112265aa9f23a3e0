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

import functools
from collections.abc import Iterable, Mapping
from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from battleship.classic.display import Cell, CellState, Hull, ShipStatus
from battleship.words import opponent, ship_name
from core.heat import HeatCell

register = template.Library()


def _swap(oob: bool) -> str:
    # Out of band: a move's answer replaces just these cells, each found by its id.
    return ' hx-swap-oob="true"' if oob else ""


@functools.cache
def _hull_svg(length: int, way: str) -> str:
    """A ship seen from above, one cell = 100 units: a pointed bow at the first cell, a
    square-ish stern at the last, a deck and a gun per middle cell. Stretched to its cells."""
    end = 100 * length
    # (x, y) pairs for the shape across; down is the same shape with x and y swapped.
    outline = [
        ("M", [(5, 50)]),
        ("Q", [(24, 14), (62, 13)]),
        ("L", [(end - 20, 13)]),
        ("Q", [(end - 6, 13), (end - 6, 30)]),
        ("L", [(end - 6, 70)]),
        ("Q", [(end - 6, 87), (end - 20, 87)]),
        ("L", [(62, 87)]),
        ("Q", [(24, 86), (5, 50)]),
    ]
    guns = [(100 * i + 50, 50) for i in range(1, length - 1)] or [(end - 50, 50)]

    def xy(x: float, y: float) -> tuple[float, float]:
        return (x, y) if way == "H" else (y, x)

    path = "".join(
        cmd + " ".join(f"{a:g} {b:g}" for a, b in (xy(*p) for p in points))
        for cmd, points in outline
    )
    deck_x, deck_y = xy(45, 36)
    deck_w, deck_h = xy(end - 85, 28)
    width, height = xy(end, 100)
    circles = "".join(
        f'<circle cx="{x:g}" cy="{y:g}" r="11" class="gun"/>' for x, y in (xy(*g) for g in guns)
    )
    return (
        f'<svg viewBox="0 0 {width:g} {height:g}" preserveAspectRatio="none" focusable="false">'
        f'<path d="{path}Z" class="body"/>'
        f'<rect x="{deck_x:g}" y="{deck_y:g}" width="{deck_w:g}" height="{deck_h:g}" '
        'rx="14" class="deck"/>'
        f"{circles}</svg>"
    )


def _hull(hull: Hull | None) -> str:
    """The drawing of a whole ship, laid from its first cell over the others (no text)."""
    if hull is None:
        return ""
    fresh = " fresh" if hull.fresh else ""
    return (
        f'<span class="hull hull-{hull.way} len-{hull.length} {hull.state}{fresh}" '
        'aria-hidden="true">'
        f"{_hull_svg(hull.length, hull.way)}</span>"
    )


def _td(cell: Cell, extra: str = "") -> str:
    """A cell's opening tag: where it is (for the page's script) and whether a hull starts here."""
    classes = (" has-hull" if cell.hull else "") + _track(cell)
    return f'<td{extra} data-row="{cell.row}" data-col="{cell.col}"' + (
        f' class="{classes.strip()}"' if classes else ""
    )


def _track(cell: Cell) -> str:
    """A torpedo of the last round ran through this cell: its track, drawn from its edge."""
    return f" track track-{escape(cell.track)}" if cell.track else ""


def _turn_title(cell: Cell) -> str:
    """On hover, the turn (or round) a cell was fired at in."""
    return f' title="{escape(cell.when)}"' if cell.turn is not None else ""


GROUP_COLOURS = 4
"""Under group reports a round's unsettled cells share one of these outline colours, so
that neighbouring rounds' groups are told apart at a glance (their names say the round)."""


def _latest(cell: Cell) -> str:
    """More classes: the last round's mark, clear glass over a ship that is drawn, a group
    cell's round colour, a deduced cell's mark."""
    classes = (" latest" if cell.latest else "") + (" on-ship" if cell.ship else "")
    if cell.state is CellState.GROUP and cell.turn is not None:
        classes += f" round-{(cell.turn - 1) % GROUP_COLOURS}"
    return classes + (" deduced" if cell.deduced else "")


def _heat_button(label: str, heat: HeatCell) -> str:
    """A cell one may fire at, coloured by the hint's chance of a hit, which its name says."""
    name = gettext("%(cell)s, hit chance %(percent)s") % {"cell": label, "percent": heat.percent}
    return (
        f'<button type="submit" name="cell" value="{label}" '
        f'class="cell unknown heat heat-{heat.level}" aria-label="{escape(name)}">'
        f'<span class="heat-value" aria-hidden="true">{escape(heat.number)}</span></button>'
    )


@register.simple_tag
def enemy_cells(
    cells: Iterable[Cell], oob: bool = False, heat: Mapping[str, HeatCell] | None = None
) -> SafeString:
    """Enemy waters: untargeted cells fire when pressed; fired ones say what they hold.

    The cells one can fire at are in the tab order, so the board works from the keyboard
    without the page's script; with it (``static/js/board.js``) the board is one tab stop
    and the arrow keys move it. ``heat``: a hint's chances (``core.heat``), shown in the
    cells one may fire at.
    """
    html = []
    for cell in cells:
        label = escape(cell.label)
        td = _td(cell, f' id="enemy-{label}"{_swap(oob)}') + ">"
        if cell.can_fire and heat and cell.label in heat:
            html.append(f"{td}{_heat_button(label, heat[cell.label])}</td>")
        elif cell.can_fire:
            html.append(
                f'{td}<button type="submit" name="cell" value="{label}" '
                f'class="cell unknown" aria-label="{label}"></button></td>'
            )
        else:
            html.append(
                f"{td}{_hull(cell.hull)}"
                f'<button type="button" class="cell {escape(cell.state)}{_latest(cell)}" '
                f'aria-label="{escape(cell.name)}"{_turn_title(cell)} aria-disabled="true" '
                'tabindex="-1">'
                f'<span aria-hidden="true">{escape(cell.symbol)}</span></button></td>'
            )
    return mark_safe("".join(html))  # noqa: S308  # nosec B308 B703


@register.simple_tag
def own_cells(cells: Iterable[Cell], oob: bool = False) -> SafeString:
    """Your fleet during play: ships and the shots received, as text for screen readers."""
    return mark_safe(  # noqa: S308  # nosec B308 B703
        "".join(
            f'<td id="own-{escape(cell.label)}" class="cell {escape(cell.state)}{_latest(cell)}'
            f'{" has-hull" if cell.hull else ""}{_track(cell)}"{_turn_title(cell)}{_swap(oob)}>'
            f"{_hull(cell.hull)}"
            f'<span class="symbol" aria-hidden="true">{escape(cell.symbol)}</span>'
            f'<span class="sr-only">{escape(cell.name)}</span></td>'
            for cell in cells
        )
    )


@register.simple_tag
def setup_cells(cells: Iterable[Cell]) -> SafeString:
    """Your fleet during placement: every cell is where the chosen ship could start."""
    # A placed ship is drawn whole; its name is in each of its cells' names, as no text shows.
    html = []
    for cell in cells:
        ship = f' data-ship="{escape(cell.ship)}"' if cell.ship else ""
        td = _td(cell)
        html.append(
            f"{td}>{_hull(cell.hull)}"
            f'<button type="submit" name="cell" value="{escape(cell.label)}" '
            f'class="cell {escape(cell.state)}{_latest(cell)}" '
            f'aria-label="{escape(cell.name)}"{ship}></button></td>'
        )
    return mark_safe("".join(html))  # noqa: S308  # nosec B308 B703


@register.simple_tag
def hull(cell: Cell) -> SafeString:
    """The drawing of the ship whose first cell this is, if any (for template loops)."""
    return mark_safe(_hull(cell.hull))  # noqa: S308  # nosec B308 B703


@register.simple_tag
def ship_drawing(length: int) -> SafeString:
    """A ship of ``length`` cells drawn across, as on the boards: a picture, nothing to read."""
    return mark_safe(  # noqa: S308  # nosec B308 B703
        f'<span class="ship-drawing len-{int(length)}" aria-hidden="true">'
        f"{_hull_svg(int(length), 'H')}</span>"
    )


_PIP = '<span class="pip"></span>'
_HIT_PIP = '<span class="pip hit"></span>'


def _pips(ship: ShipStatus) -> str:
    """A square per cell, from the bow; a hit part marked where it is known."""
    if ship.parts is None:
        return _PIP * ship.length
    return "".join(_HIT_PIP if hit else _PIP for hit in ship.parts)


@register.simple_tag
def fleet_status(
    ships: Iterable[ShipStatus], label: str, list_id: str, oob: bool = False
) -> SafeString:
    """A fleet's ships with their state in words; pips show their length."""
    items = []
    for ship in ships:
        if ship.sunk:
            state = pgettext("ship", "sunk")
        elif ship.sunk is None:
            state = pgettext("ship", "not known")  # under fog of war: afloat or sunk, untold
        elif ship.hits is None:
            state = pgettext("ship", "afloat")  # an enemy ship's damage is not known until it sinks
        elif ship.hits:
            state = ngettext(
                "%(hits)d of %(length)d hit", "%(hits)d of %(length)d hit", ship.length
            ) % {"hits": ship.hits, "length": ship.length}
        else:
            state = pgettext("ship", "undamaged")
        items.append(
            f'<li class="{"is-sunk" if ship.sunk else ""}">'
            f'<span class="ship-name">{escape(ship_name(ship.name))}</span> '
            f'<span class="ship-cells" aria-hidden="true">{_pips(ship)}</span> '
            f'<span class="ship-state">{escape(state)}</span></li>'
        )
    return mark_safe(  # noqa: S308  # nosec B308 B703
        f'<ul class="fleet-status" id="{escape(list_id)}" aria-label="{escape(label)}"{_swap(oob)}>'
        + "".join(items)
        + "</ul>"
    )


@register.filter(name="opponent")
def opponent_filter(said: str) -> str:
    """A level's name as said after "against the" ("Gegen den Rekruten", in German)."""
    return opponent(said)


@register.filter(name="ship_name")
def ship_name_filter(name: str) -> str:
    """A ship's name from the rule set, in the page's language."""
    return ship_name(name)
