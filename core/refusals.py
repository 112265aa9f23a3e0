"""Refusals as a person reads them, in the page's language.

The engine's errors are English, for programs and logs; each one a person can meet carries a
``kind`` and the values it names (``battleship.errors.BattleshipError``). Here each kind
becomes a translated sentence, its cells kept as labels ("B7") and its ships named in the
reader's language. In English every sentence is the engine's own message, word for word.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.humanize.templatetags.humanize import apnumber
from django.utils.translation import get_language, gettext, ngettext, pgettext

from battleship.classic.sentences import sentence
from battleship.words import ship_name

Values = dict[str, Any]


def _weapon(values: Values, air_strike: str, torpedo: str) -> str:
    return air_strike if values.get("weapon") == "air_strike" else torpedo


# Each kind: a function of the error's values to the sentence. Strings are looked up when a
# refusal is said, in the language of the request.
SENTENCES: dict[str, Callable[[Values], str]] = {
    "not_a_cell": lambda v: (
        gettext("%(text)s is not a cell: use a row letter and a column number, like B7.")
        % {"text": repr(v["text"])}
    ),
    "off_board": lambda v: (
        gettext("%(text)s is off the board (A1 to %(last)s).")
        % {"text": repr(v["text"]), "last": v["last"]}
    ),
    "no_cells": lambda v: gettext("Choose at least one cell to fire at."),
    "chosen_twice": lambda v: gettext("%(cell)s is chosen twice in one volley.") % v,
    "strike_all_fired": lambda v: (
        gettext("Every cell around %(cell)s has been fired at already.") % v
    ),
    "no_such_line": lambda v: (
        (
            gettext("There is no row %(name)s on this board.")
            if v["axis"] == "row"
            else gettext("There is no column %(name)s on this board.")
        )
        % v
    ),
    "already_fired": lambda v: gettext("%(cell)s has already been fired at.") % v,
    "already_placed": lambda v: gettext("The %(ship)s is already placed.") % v,
    "off_board_ship": lambda v: gettext("The %(ship)s would run off the board.") % v,
    "overlap": lambda v: gettext("The %(ship)s would overlap the %(other)s at %(cell)s.") % v,
    "touch": lambda v: gettext("The %(ship)s would touch the %(other)s at %(cell)s.") % v,
    "firing_started": lambda v: gettext("Ships cannot move once firing has started."),
    "placing_over": lambda v: gettext("Ships can only be placed before the game starts."),
    "fleet_fixed": lambda v: gettext("The fleet is fixed once the game has started."),
    "not_on_board": lambda v: gettext("The %(ship)s is not on the board.") % v,
    "no_such_ship": lambda v: (
        gettext("There is no %(ship)s in this fleet.") % {"ship": repr(v["ship"])}
    ),
    "shots_left": lambda v: (
        ngettext(
            "This turn has %(left)d shot left, not %(cells)d.",
            "This turn has %(left)d shots left, not %(cells)d.",
            v["left"],
        )
        % v
    ),
    "shots_together": lambda v: (
        ngettext(
            "This turn is %(shots)d shot named together, not %(cells)d.",
            "This turn is %(shots)d shots named together, not %(cells)d.",
            v["shots"],
        )
        % v
    ),
    "no_weapon": lambda v: _weapon(
        v, gettext("These rules have no air strike."), gettext("These rules have no torpedo.")
    ),
    "weapon_used": lambda v: _weapon(
        v, gettext("Every air strike has been used."), gettext("Every torpedo has been used.")
    ),
    "weapon_whole_turn": lambda v: _weapon(
        v,
        gettext("An air strike is a whole turn: use it before firing."),
        gettext("A torpedo is a whole turn: use it before firing."),
    ),
    "no_shots_before": lambda v: gettext("No shots can be fired before the game has started."),
    "no_shots_after": lambda v: gettext("No shots can be fired after the game is over."),
    "cannot_resign": lambda v: gettext("Only a game in progress can be resigned."),
    "replay_unfinished": lambda v: gettext("Only a finished game can be replayed."),
    "place_all": lambda v: (
        ngettext(
            "Place the %(ships)s ship before starting.",
            "Place all %(ships)s ships before starting.",
            v["ships"],
        )
        % {"ships": apnumber(v["ships"])}
    ),
    "battle_place_all": lambda v: (
        ngettext(
            "Place the %(ships)d ship before starting.",
            "Place all %(ships)d ships before starting.",
            v["ships"],
        )
        % v
    ),
    "stale": lambda v: gettext("That board was out of date; this is the current one."),
    "move_number": lambda v: gettext("That request did not say which move it was; try again."),
    "game_over": lambda v: gettext("This game is over."),
    "not_started": lambda v: gettext("The game has not started."),
    "still_going": lambda v: gettext("This game is still going: finish it or resign first."),
    # The sector game.
    "not_your_turn": lambda v: gettext("It is not this player's turn."),
    "sunk_cannot_fire": lambda v: gettext("The %(ship)s is sunk and cannot fire.") % v,
    "no_barrage": lambda v: gettext("Only the Battleship fires a barrage, and it is sunk."),
    "no_recon": lambda v: gettext("Only the Carrier launches the recon aircraft, and it is sunk."),
    "no_sonar": lambda v: gettext("Only the Destroyer uses sonar, and it is sunk."),
    "sub_cannot_move": lambda v: (
        gettext(
            "The %(ship)s cannot move: it is sunk, at the edge of the sea, or another submarine "
            "is in its way."
        )
        % v
    ),
    "already_hit": lambda v: gettext("%(cell)s is a ship's cell already hit: fire elsewhere.") % v,
    "overlap_ship": lambda v: gettext("The %(ship)s would overlap the %(other)s.") % v,
    "too_close": lambda v: (
        gettext("The %(ship)s would be closer than one cell to the %(other)s.") % v
    ),
    "leave_sea": lambda v: gettext("The %(ship)s at %(cell)s would leave the sea.") % v,
    "not_a_sector": lambda v: (
        gettext("%(text)s is not a sector: name one of I to XVI.") % {"text": repr(v["text"])}
    ),
    "barrage_three": lambda v: gettext("A barrage fires at exactly three cells."),
    "barrage_different": lambda v: gettext("A barrage fires at three different cells."),
    "battle_fleet_fixed": lambda v: gettext("The fleet is fixed once the battle has started."),
    "battle_replay_unfinished": lambda v: gettext("Only a finished battle can be replayed."),
    "battle_over": lambda v: gettext("This battle is over."),
    "battle_not_started": lambda v: gettext("It has not started."),
    "cannot_resign_battle": lambda v: gettext("Only a battle in progress can be resigned."),
    # The daily challenge.
    "daily_sunk": lambda v: gettext("This day's fleet is already sunk: your result is below."),
    "daily_fired": lambda v: (
        gettext("%(cell)s has already been fired at: choose another cell.") % v
    ),
}


def refusal(error: Exception) -> str:
    """The sentence that says why ``error``'s move or placement was refused.

    An error without a known kind (one no page can cause, such as a forged form) keeps its
    English message in English, and in another language is said in general words.
    """
    kind = getattr(error, "kind", "")
    say = SENTENCES.get(kind)
    if say is None:
        if (get_language() or "en").startswith("en"):
            return sentence(error)
        return pgettext("refusal", "That cannot be done; nothing was changed.")
    values = dict(getattr(error, "values", {}))
    if kind != "no_such_ship":  # that one names what was sent, not a ship
        for key in ("ship", "other"):
            if key in values:
                values[key] = ship_name(str(values[key]))
    return say(values)
