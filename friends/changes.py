"""What a move changed on one player's page: the event a stream sends for it, instead of
the whole live part (issue 40, "Light live pages").

The cells are compared as each is drawn, from the player's view before the move and after
it: a cell is sent when its drawing changed (fired at, a ship sunk round it, the last
round's mark gone), whatever the rule set. Every part is drawn from that player's view
alone, as the whole page is: nothing in a move's event says more than the page would.

The cells one may fire at differ only in whose turn it is: they are compared as if the turn
had not changed, and ``static/js/friend.js`` sets the turn on those the event leaves alone,
as on the typed shot's field and the weapons' controls (it reads whose turn it is from
``#turn``); the weapons are sent again only when their number changed. The event's lines
are sent without their indentation.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from battleship.classic.display import Cell, CellState, GameDisplay, build_display
from core.templatetags.boards import enemy_cells, fleet_status, own_cells
from duels.models import Duel


def _cells(rows: list[tuple[str, list[Cell]]]) -> list[Cell]:
    return [cell for _, cells in rows for cell in cells]


def _as_if_turn(cell: Cell, mine: bool) -> Cell:
    return replace(cell, can_fire=mine) if cell.state is CellState.UNKNOWN else cell


def changed_cells(
    before: GameDisplay, after: GameDisplay, mine: bool
) -> tuple[list[Cell], list[Cell]]:
    """The enemy cells and own cells drawn differently after the move than before it."""
    enemy = [
        new
        for old, new in zip(_cells(before.enemy_rows), _cells(after.enemy_rows), strict=True)
        if enemy_cells([_as_if_turn(old, mine)]) != enemy_cells([new])
    ]
    own = [
        new
        for old, new in zip(_cells(before.own_rows), _cells(after.own_rows), strict=True)
        if own_cells([old]) != own_cells([new])
    ]
    return enemy, own


def move_context(game: Duel, seat: int, context: dict[str, Any]) -> dict[str, Any]:
    """What the move partial (``friends/game.html#move``) needs beyond the page's context:
    the cells and fleets the last move changed for ``seat``. Only for a game in play at
    move 1 or later, the move before it a move of the same game in play."""
    earlier = game.engine(upto=game.moves - 1).view_for(seat)
    before = build_display(earlier)
    after: GameDisplay = context["display"]
    enemy, own = changed_cells(before, after, context["view"].my_turn)
    return {
        "weapons_changed": earlier.weapons_left != context["view"].weapons_left,
        "moved_by_me": context["view"].moves[-1].player == seat,
        "changed_enemy": enemy,
        "changed_own": own,
        "enemy_fleet_changed": fleet_status(before.enemy_fleet, "", "")
        != fleet_status(after.enemy_fleet, "", ""),
        "own_fleet_changed": fleet_status(before.own_fleet, "", "")
        != fleet_status(after.own_fleet, "", ""),
    }
