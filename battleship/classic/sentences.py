"""What a person reads of the classic game, built from one player's view alone: the
announcements of each move, the refusals' plain words, the end and its summary (the web
pages say them in the player's language through ``battleship.words``; the terminal in
English). The boards are ``battleship.classic.display``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from battleship.classic import (
    AirStrike,
    Coordinate,
    FiredShot,
    GamePhase,
    GroupReport,
    Move,
    PlayerView,
    RuleSet,
    Torpedo,
    deduce_groups,
)
from battleship.classic.moves import Edge
from battleship.words import gettext, pgettext, ship_name


def ship_label(rules: RuleSet, name: str) -> str:
    """A ship's name as a player reads it: of two ships of one kind (the five-shot fleet's
    "Cruiser" and "Second Cruiser") the first is said "First Cruiser", so that neither name
    could mean both (docs/rules/five-shot.md)."""
    if any(spec.name == f"Second {name}" for spec in rules.fleet):
        return ship_name(f"First {name}")
    return ship_name(name)


def report_text(rules: RuleSet, report: GroupReport) -> str:
    """A group report as a person says it, each ship by its label: "Battleship hit twice,
    Submarine hit and sunk", or "No hits"."""
    return report_words(report, lambda name: ship_label(rules, name))


def _report_on_own_fleet(
    rules: RuleSet,
    cells: Iterable[Coordinate],
    received: dict[Coordinate, tuple[bool, str | None]],
    own_at: dict[Coordinate, str],
) -> str:
    """The computer's turn at the player's fleet, said as a group report would say it (the
    player sees each cell on their own board besides)."""
    cells = tuple(cells)
    hit = [own_at.get(cell) if received[cell][0] else None for cell in cells]
    sunk = [name for cell in cells if (name := received[cell][1])]
    return report_text(rules, GroupReport.announce(rules, cells, hit, sunk))


def last_round(view: PlayerView) -> tuple[list[str], str]:
    """What was announced in the last round: the person's move(s) and the computer's answer.

    A round is the person's last turn (one shot, a whole Salvo, or a weapon) and every move
    the computer made after it, each shot announced as it fell (an air strike's cells one by
    one, a torpedo's contact or "no contact"); the sound is that of the person's latest shot.
    """
    my_turn, their_moves = view.last_round_moves
    if not my_turn:
        return [], ""
    rules = view.rules
    mine = {shot.coord: shot for shot in view.shots_fired}
    lines: list[str] = []
    sound = ""
    if view.reports:  # group reports: the turn is answered as a whole, never cell by cell
        report = view.reports[-1]
        lines.append(
            gettext("Round %(round)d: %(report)s.")
            % {"round": len(view.reports), "report": report_text(rules, report)}
        )
        sound = "sunk" if report.sunk else ("hit" if report.hits else "miss")
    else:
        for played in my_turn:
            lines.extend(_announce(played.move, played.cells, "you"))
            for cell in played.cells:
                shot = mine[cell]
                if shot.sunk:
                    line = gettext("%(cell)s: hit. You sank their %(ship)s!")
                else:
                    line = gettext("%(cell)s: hit") if shot.hit else gettext("%(cell)s: miss")
                lines.append(line % {"cell": cell, "ship": ship_label(rules, shot.sunk or "")})
                sound = _sound(shot)
            if not played.cells:
                sound = "miss"
    received = shots_received(view)
    if rules.group_reports:
        # Their round, said as they were told it; each cell is on your board besides.
        own_at = {cell: ship.name for ship in view.fleet for cell in ship.cells}
        for played in their_moves:
            said = _report_on_own_fleet(rules, played.cells, received, own_at)
            lines.append(
                gettext("Round %(round)d, their shots: %(report)s.")
                % {"round": len(view.reports), "report": said}
            )
        return lines, sound
    for played in their_moves:
        lines.extend(_announce(played.move, played.cells, "they"))
        for coord in played.cells:
            hit, sunk = received[coord]
            if sunk:
                line = gettext("They fired at %(cell)s: hit. They sank your %(ship)s.")
            elif hit:
                line = gettext("They fired at %(cell)s: hit")
            else:
                line = gettext("They fired at %(cell)s: miss")
            lines.append(line % {"cell": coord, "ship": ship_label(rules, sunk or "")})
    return lines, sound


def shots_received(view: PlayerView) -> dict[Coordinate, tuple[bool, str | None]]:
    """Each shot at the player's own fleet: whether it hit, and the ship it sank (a ship
    sank with the shot that hit the last of its cells)."""
    own_at = {cell: ship for ship in view.fleet for cell in ship.cells}
    order = {cell: index for index, (cell, _hit) in enumerate(view.shots_received)}
    said: dict[Coordinate, tuple[bool, str | None]] = {}
    for cell, hit in view.shots_received:
        ship = own_at.get(cell)
        sank = (
            ship is not None
            and all(c in order for c in ship.cells)
            and max(ship.cells, key=order.__getitem__) == cell
        )
        said[cell] = (hit, ship.name if sank and ship is not None else None)
    return said


def describe_last_move(
    view: PlayerView, opponent: str = ""
) -> tuple[str, int | None, frozenset[str]]:
    """The last move of ``view.moves`` as a replay says it ("you fired at B7, hit.", "the
    computer fired at C4, miss, and sank your Destroyer."), who made it, and its cells.
    With ``opponent``, the other side's shots are said under that name ("Bob fired at C4,
    miss."): a game against a person."""
    if not view.moves:
        return "", None, frozenset()
    played = view.moves[-1]
    mine = played.player == view.player
    rules = view.rules
    if rules.group_reports:  # a turn was told by its report: the replay says that
        each = ", ".join(str(cell) for cell in played.cells)
        labels = frozenset(str(cell) for cell in played.cells)
        round_number = sum(1 for m in view.moves if m.player == played.player)
        if mine:
            said = report_text(rules, view.reports[-1])
            text = gettext("round %(round)d: you fired at %(cells)s: %(report)s.") % {
                "round": round_number,
                "cells": each,
                "report": said,
            }
            return text, played.player, labels
        own_at = {cell: ship.name for ship in view.fleet for cell in ship.cells}
        said = _report_on_own_fleet(rules, played.cells, shots_received(view), own_at)
        text = (
            gettext("round %(round)d: %(name)s fired at %(cells)s: %(report)s.")
            if opponent
            else gettext("round %(round)d: the computer fired at %(cells)s: %(report)s.")
        ) % {"round": round_number, "cells": each, "report": said, "name": opponent}
        return text, played.player, labels
    fired: dict[Coordinate, tuple[bool | None, str | None]]
    if mine:
        fired = {shot.coord: (shot.hit, shot.sunk) for shot in view.shots_fired}
    else:
        fired = dict(shots_received(view))

    def outcome(cell: Coordinate) -> str:
        hit, sunk = fired[cell]
        if sunk:
            sank = gettext("and sank their %(ship)s") if mine else gettext("and sank your %(ship)s")
            return sank % {"ship": ship_label(rules, sunk)}
        return pgettext("cell", "hit") if hit else pgettext("cell", "miss")

    cells = played.cells
    labels = frozenset(str(cell) for cell in cells)
    each = ", ".join(
        pgettext("replay", "%(cell)s (%(outcome)s)") % {"cell": cell, "outcome": outcome(cell)}
        for cell in cells
    )
    move = played.move
    if isinstance(move, AirStrike):
        said = (
            gettext("your air strike on %(cell)s: %(each)s.")
            if mine
            else gettext("their air strike on %(cell)s: %(each)s.")
        ) % {"cell": move.center, "each": each}
    elif isinstance(move, Torpedo):
        torpedo = torpedo_words(move)
        if not cells:
            said = (
                gettext("your %(torpedo)s: no contact.")
                if mine
                else gettext("their %(torpedo)s: no contact.")
            ) % {"torpedo": torpedo}
        else:
            said = (
                gettext("your %(torpedo)s struck %(cell)s, %(outcome)s.")
                if mine
                else gettext("their %(torpedo)s struck %(cell)s, %(outcome)s.")
            ) % {"torpedo": torpedo, "cell": cells[0], "outcome": outcome(cells[0])}
    elif len(cells) == 1:
        if mine:
            said = gettext("you fired at %(cell)s, %(outcome)s.")
        elif opponent:
            said = gettext("%(name)s fired at %(cell)s, %(outcome)s.")
        else:
            said = gettext("the computer fired at %(cell)s, %(outcome)s.")
        said %= {"cell": cells[0], "outcome": outcome(cells[0]), "name": opponent}
    else:
        if mine:
            said = gettext("you fired at %(each)s.")
        elif opponent:
            said = gettext("%(name)s fired at %(each)s.")
        else:
            said = gettext("the computer fired at %(each)s.")
        said %= {"each": each, "name": opponent}
    return said, played.player, labels


def _announce(move: Move, cells: tuple[Coordinate, ...], who: str) -> list[str]:
    """The line that says a weapon was used, before its shots (none for plain shots)."""
    yours = who == "you"
    if isinstance(move, AirStrike):
        said = (
            gettext("Your air strike on %(cell)s:")
            if yours
            else gettext("Their air strike on %(cell)s:")
        )
        return [said % {"cell": move.center}]
    if isinstance(move, Torpedo):
        if not cells:
            said = (
                gettext("Your %(torpedo)s: no contact.")
                if yours
                else gettext("Their %(torpedo)s: no contact.")
            )
        else:
            said = gettext("Your %(torpedo)s:") if yours else gettext("Their %(torpedo)s:")
        return [said % {"torpedo": torpedo_words(move)}]
    return []


def torpedo_words(move: Torpedo) -> str:
    """A torpedo as a person reads it: "torpedo from the west along row B"."""
    name = move.line_label.split()[-1]
    said = {
        Edge.WEST: gettext("torpedo from the west along row %(name)s"),
        Edge.EAST: gettext("torpedo from the east along row %(name)s"),
        Edge.NORTH: gettext("torpedo from the north along column %(name)s"),
        Edge.SOUTH: gettext("torpedo from the south along column %(name)s"),
    }[move.edge]
    return said % {"name": name}


def report_words(report: GroupReport, say: Callable[[str], str] = ship_name) -> str:
    """A group report as a person reads it: "Battleship hit twice, Submarine hit and sunk"."""
    if not report.hits:
        return gettext("No hits")
    parts = []
    for name, count in report.hits:
        sunk = name in report.sunk
        said = {
            (1, False): gettext("%(ship)s hit"),
            (1, True): gettext("%(ship)s hit and sunk"),
            (2, False): gettext("%(ship)s hit twice"),
            (2, True): gettext("%(ship)s hit twice and sunk"),
            (3, False): gettext("%(ship)s hit three times"),
            (3, True): gettext("%(ship)s hit three times and sunk"),
            (4, False): gettext("%(ship)s hit four times"),
            (4, True): gettext("%(ship)s hit four times and sunk"),
            (5, False): gettext("%(ship)s hit five times"),
            (5, True): gettext("%(ship)s hit five times and sunk"),
        }.get((count, sunk))
        if said is None:  # more hits than any ship of the fleets here has cells
            said = (
                gettext("%(ship)s hit %(count)d times and sunk")
                if sunk
                else gettext("%(ship)s hit %(count)d times")
            )
        parts.append(said % {"ship": say(name), "count": count})
    return ", ".join(parts)


def _sound(shot: FiredShot) -> str:
    return "sunk" if shot.sunk else ("hit" if shot.hit else "miss")


def sentence(error: Exception) -> str:
    """An error's message as a person reads it: a capital first letter, a full stop.

    The message itself, not ``str(error)``: a ``KeyError`` quotes it, and engine messages
    may start with the input in quotes.
    """
    first = error.args[0] if error.args else ""
    text = (first if isinstance(first, str) else str(error)).strip()
    if not text:
        return gettext("That did not work.")
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def outcome(view: PlayerView) -> str:
    if view.phase is not GamePhase.FINISHED:
        return ""
    if view.resigned == view.player:
        return gettext("You resigned. The computer wins this one.")
    if view.winner == view.player:
        return gettext("You won! You sank their whole fleet.")
    if view.winner is None:
        return gettext("A draw: both fleets sank in the same round.")
    return gettext("You lost: they sank your whole fleet.")


@dataclass(frozen=True)
class Summary:
    shots: int
    hits: int
    accuracy: int
    time: str
    ships_lost: int


def summarise(view: PlayerView, play_seconds: float) -> Summary:
    """The end-of-game figures: shots, accuracy, time and ships lost."""
    shots = len(view.shots_fired)
    hits = count_hits(view)
    received = {cell for cell, hit in view.shots_received if hit}
    lost = sum(1 for ship in view.fleet if set(ship.cells) <= received)
    return Summary(
        shots=shots,
        hits=hits,
        accuracy=round(100 * hits / shots) if shots else 0,
        time=duration(play_seconds),
        ships_lost=lost,
    )


def count_hits(view: PlayerView) -> int:
    """How many of the player's shots hit, as far as the view tells (under group reports,
    the cells the reports settle as hits; at the end, with the fleet revealed, all)."""
    if view.rules.group_reports:
        return len(deduce_groups(view).hits)
    return sum(1 for shot in view.shots_fired if shot.hit)


def duration(seconds: float) -> str:
    """``"4 min 05 s"`` or ``"38 s"``."""
    minutes, secs = divmod(round(seconds), 60)
    if minutes:
        return gettext("%(minutes)d min %(seconds)02d s") % {"minutes": minutes, "seconds": secs}
    return gettext("%(seconds)d s") % {"seconds": secs}
