"""The pictures of the learning pages with their words: a title, a description for those who
cannot see the drawing (the SVG's ``<title>`` and ``<desc>``) and a caption under it."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from learn import positions
from learn.diagrams import Diagram, fleet_diagram, target_diagram


@dataclass(frozen=True, slots=True)
class Figure:
    diagram: Diagram
    title: str
    description: str
    caption: str


def _percent(value: float) -> str:
    return _("%(value)s%%") % {"value": number_format(value, 1)}


def _heat_words(diagram: Diagram) -> str:
    """The heat map in words: its three likeliest cells and its least likely one."""
    best = ", ".join(
        _("%(cell)s (%(percent)s)") % {"cell": cell, "percent": _percent(p)}
        for cell, p in diagram.likeliest(3)
    )
    least = diagram.least_likely() or ("", 0.0)
    return _("The likeliest cells: %(best)s. The least likely: %(least)s (%(percent)s).") % {
        "best": best,
        "least": least[0],
        "percent": _percent(least[1]),
    }


def how_to_play() -> list[Figure]:
    """Your fleet, then the enemy's board after a miss, a hit and a sinking."""
    shown = positions.how_to_play()
    fleet = shown.fleet
    ships = ", ".join(
        _("%(ship)s at %(first)s to %(last)s")
        % {"ship": _(ship.name), "first": ship.cells[0], "last": ship.cells[-1]}
        for ship in fleet
    )
    figures = [
        Figure(
            fleet_diagram("fleet", 10, fleet),
            _("A fleet placed on your board"),
            _(
                "Your board with five ships: %(ships)s. The Cruiser and the Submarine touch, "
                "which is allowed."
            )
            % {"ships": ships},
            _("Five ships, across or down, inside the grid. Ships may touch but never overlap."),
        )
    ]
    words = {
        "miss": (
            _("A miss"),
            _("The enemy's board after your first shot, at %(cell)s: a miss, drawn as a dot."),
            _("%(cell)s: miss. Nothing there, and a dot marks the cell."),
        ),
        "hit": (
            _("A hit"),
            _(
                "The enemy's board after your second shot, at %(cell)s: a hit, drawn as a cross. "
                "The miss at E6 is still marked."
            ),
            _("%(cell)s: hit. Some ship lies there, but nobody says which."),
        ),
        "sunk": (
            _("A sinking"),
            _(
                "The enemy's board after your third shot, at %(cell)s: it hit the last cell of "
                "the Destroyer, which is now drawn whole across B3 and B4, crossed out."
            ),
            _("%(cell)s: you sank their Destroyer. Now the ship is named and drawn."),
        ),
    }
    for key, (title, description, caption) in words.items():
        view = shown.after[key]
        cell = {"cell": str(view.shots_fired[-1].coord)}
        figures.append(Figure(target_diagram(key, view), title, description % cell, caption % cell))
    return figures


def strategy() -> dict[str, Figure]:
    """The computer's own heat maps along a real game."""
    found = positions.strategy()

    def figure(key: str, title: str, description: str, caption: str) -> Figure:
        position = found[key]
        diagram = target_diagram(key, position.view, heat=position.heat)
        shots = len(position.view.shots_fired)
        sunk = position.view.enemy_sunk
        afloat = [ship for ship in position.view.rules.fleet if ship.name not in sunk]
        values = {
            "shots": shots,
            "sunk": get_text_list([_(name) for name in sunk], _("and")),
            "left": _(afloat[0].name) if afloat else "",
            "length": afloat[0].length if afloat else 0,
        }
        return Figure(
            diagram,
            title,
            (description % values) + " " + _heat_words(diagram),
            caption % values,
        )

    return {
        "empty": figure(
            "empty",
            _("Where a ship is likeliest on an empty board"),
            _(
                "The Admiral's heat map before the first shot: each cell shaded by the chance "
                "that it holds a ship, darkest in the middle, palest in the corners."
            ),
            _(
                "Before the first shot: a cell in the middle is more than twice as likely to hold "
                "a ship as a corner."
            ),
        ),
        "parity": figure(
            "parity",
            _("The Lieutenant's checkerboard"),
            _(
                "The Lieutenant's heat map before the first shot: only every other cell, like the "
                "dark squares of a checkerboard, is shaded; the others are never its first "
                "choice."
            ),
            _(
                "Every ship covers at least two cells, so it covers one of the shaded ones: half "
                "the board is enough to find them all."
            ),
        ),
        "hit": figure(
            "hit",
            _("After a first hit"),
            _(
                "The Admiral's heat map after %(shots)s shots and its first hit: the four cells "
                "beside the hit are by far the darkest."
            ),
            _("After %(shots)s shots, a hit: the ship goes on in one of four directions."),
        ),
        "sunk": figure(
            "sunk",
            _("After a sinking"),
            _(
                "The Admiral's heat map after %(shots)s shots, with the %(sunk)s sunk and no "
                "other hit: the sunk ship is drawn, and the heat is spread over the open water "
                "again, away from the misses."
            ),
            _(
                "After %(shots)s shots the %(sunk)s is sunk: back to hunting, where the other "
                "ships still fit."
            ),
        ),
        "last": figure(
            "last",
            _("One ship left"),
            _(
                "The Admiral's heat map after %(shots)s shots, with only the %(left)s left to "
                "find: the heat sits only in the gaps of %(length)s open cells or more; shorter "
                "gaps are blank."
            ),
            _(
                "After %(shots)s shots, only the %(left)s is left: only gaps of %(length)s cells "
                "or more can hold it."
            ),
        ),
    }


def placements() -> list[Figure]:
    """A fleet placed at random beside one placed as the Captain and the Admiral place theirs."""
    fleets = positions.placements()
    return [
        Figure(
            fleet_diagram("random-fleet", 10, fleets["random"]),
            _("A fleet placed at random"),
            _(
                "A fleet as the Recruit, the Ensign and the Lieutenant place theirs: anywhere on "
                "the board, the middle included."
            ),
            _("Levels 1 to 3: anywhere, at random."),
        ),
        Figure(
            fleet_diagram("hard-fleet", 10, fleets["hard"]),
            _("A fleet placed to be found late"),
            _(
                "A fleet as the Captain and the Admiral place theirs: the ships lie along the "
                "edges and near the corners, where a probability hunter looks last."
            ),
            _("Levels 4 and 5: along the edges, where the heat map is palest."),
        ),
    ]


def rule_sets() -> dict[str, Figure]:
    """What each other rule set changes, drawn on the how-to-play fleets."""
    shown = positions.rule_sets()
    words = {
        "salvo": (
            _("A Salvo turn"),
            _(
                "The enemy's board after your first Salvo turn: five shots fired together, "
                "outlined, at B4 and C6 (hits) and E5, F8 and H2 (misses)."
            ),
            _("Salvo: five ships afloat, five shots, all answered at once."),
        ),
        "no_touch": (
            _("A fleet with no ships touching"),
            _(
                "Your board with five ships, none of them touching another, not even at a "
                "corner: there is water all round each ship."
            ),
            _("No touching: a cell of water all round every ship."),
        ),
        "fog_of_war": (
            _("Fog of war"),
            _(
                "The enemy's board after the same three shots, E6, B3 and B4, under fog of "
                "war: the Destroyer has sunk, but the board shows only two hits and a miss, "
                "and nobody says a ship has sunk."
            ),
            _("Fog of war: the same three shots. The Destroyer has sunk, but nobody says so."),
        ),
        "special_weapons": (
            _("An air strike"),
            _(
                "The enemy's board after an air strike on C4: all nine cells from B3 to D5, "
                "outlined, fired at once; it sank the Destroyer on B3 and B4, hit C5 and "
                "missed the rest."
            ),
            _(
                "Special weapons: an air strike fires at a whole square of three by three "
                "cells in one turn."
            ),
        ),
    }
    figures = {}
    for name, (title, description, caption) in words.items():
        value = shown[name]
        key = f"{name.replace('_', '-')}-example"
        diagram = (
            fleet_diagram(key, 10, value)
            if isinstance(value, tuple)
            else target_diagram(key, value)
        )
        figures[name] = Figure(diagram, title, description, caption)
    return figures
