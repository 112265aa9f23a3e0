"""The last round told short: at most two sentences, the person's turn and the opponent's
answer ("You fired 3 shots: 2 hits, sank their Cruiser." "The Admiral fired 3 shots: 1
hit."), for a place of fixed size on a page and for a screen reader to hear once a turn.
Every shot of the round, cell by cell, is ``sentences.last_round``.

Built from one player's view alone, like everything a person reads: under fog of war no
sinking of theirs is named, because the view does not hold it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from battleship.classic import AirStrike, PlayedMove, PlayerView, Torpedo
from battleship.classic.sentences import last_round, ship_label, shots_received, torpedo_words
from battleship.words import gettext, ngettext, pgettext


@dataclass(frozen=True)
class TurnSummary:
    """The last round in two sentences: ``mine`` (the person's turn) and ``theirs`` (the
    opponent's answer, "" when there was none yet, as after the winning shot)."""

    mine: str = ""
    theirs: str = ""

    def __bool__(self) -> bool:
        return bool(self.mine or self.theirs)

    @property
    def sentences(self) -> list[str]:
        return [said for said in (self.mine, self.theirs) if said]


def _round_bounds(view: PlayerView) -> tuple[int, int]:
    """Where in ``view.moves`` the person's last turn starts, and where the answer starts."""
    moves = view.moves
    end = len(moves)
    while end and moves[end - 1].player != view.player:
        end -= 1
    start = end
    while start and moves[start - 1].player == view.player:
        start -= 1
    return start, end


def _result(results: Sequence[tuple[bool | None, str | None]], sank: str) -> str:
    """The shots' outcome in a few words: "miss", "hit", "2 hits, sank their Cruiser",
    "no hits". ``sank``: the words for a sinking, with %(ship)s."""
    hits = sum(1 for hit, _sunk in results if hit)
    ships = [sunk for _hit, sunk in results if sunk]
    if len(results) == 1:
        said = pgettext("cell", "hit") if hits else pgettext("cell", "miss")
    elif hits:
        said = ngettext("%(hits)d hit", "%(hits)d hits", hits) % {"hits": hits}
    else:
        said = gettext("no hits")
    for ship in ships:
        said = gettext("%(result)s, %(sank)s") % {"result": said, "sank": sank % {"ship": ship}}
    return said


def _sentence(played: Sequence[PlayedMove], results: list[tuple[bool | None, str | None]],
              mine: bool, opponent: str, person: bool = False) -> str:  # fmt: skip
    """One side's turn in one sentence; ``results`` are its shots' outcomes in order.
    ``person``: the opponent is a person, named as a name ("Bob fired"), not as a rank
    ("The Admiral fired"). Each sentence comes in three wordings, picked by ``side``: the
    person's own turn, a person opponent's, the computer's."""
    side = 0 if mine else 1 if person else 2
    sank = gettext("sank their %(ship)s") if mine else gettext("sank your %(ship)s")
    result = _result(results, sank)
    move = played[0].move
    cells = [cell for each in played for cell in each.cells]
    values = {"name": opponent, "result": result}
    if isinstance(move, AirStrike):
        said = (
            gettext("Your air strike on %(cell)s: %(result)s."),
            gettext("%(name)s's air strike on %(cell)s: %(result)s."),
            gettext("The %(name)s's air strike on %(cell)s: %(result)s."),
        )[side]
        return said % (values | {"cell": move.center})
    if isinstance(move, Torpedo):
        values["torpedo"] = torpedo_words(move)
        if not cells:
            said = (
                gettext("Your %(torpedo)s: no contact."),
                gettext("%(name)s's %(torpedo)s: no contact."),
                gettext("The %(name)s's %(torpedo)s: no contact."),
            )[side]
            return said % values
        said = (
            gettext("Your %(torpedo)s struck %(cell)s: %(result)s."),
            gettext("%(name)s's %(torpedo)s struck %(cell)s: %(result)s."),
            gettext("The %(name)s's %(torpedo)s struck %(cell)s: %(result)s."),
        )[side]
        return said % (values | {"cell": cells[0]})
    if len(cells) == 1:
        said = (
            gettext("You fired at %(cell)s: %(result)s."),
            gettext("%(name)s fired at %(cell)s: %(result)s."),
            gettext("The %(name)s fired at %(cell)s: %(result)s."),
        )[side]
        return said % (values | {"cell": cells[0]})
    count = len(cells)
    said = (
        ngettext("You fired %(count)d shot: %(result)s.",
                 "You fired %(count)d shots: %(result)s.", count),
        ngettext("%(name)s fired %(count)d shot: %(result)s.",
                 "%(name)s fired %(count)d shots: %(result)s.", count),
        ngettext("The %(name)s fired %(count)d shot: %(result)s.",
                 "The %(name)s fired %(count)d shots: %(result)s.", count),
    )[side]  # fmt: skip
    return said % (values | {"count": count})


def turn_summary(view: PlayerView, opponent: str, person: bool = False) -> TurnSummary:
    """The last round of ``view`` in two sentences; ``opponent`` names the other side as the
    sentences start with it ("Admiral", said "The Admiral fired ..."; with ``person``, a
    friend's name, said "Bob fired ...").

    Under group reports each side's turn is already one sentence (its report); before any
    shot, the first sentence says the game is on (against the computer). When the other
    player fired first (a friend game), their opening turn is the second sentence alone.
    """
    if not view.shots_fired and not view.shots_received:
        if view.my_turn and not person:
            return TurnSummary(gettext("The game is on: fire at a cell of Enemy waters."))
        return TurnSummary()
    start, end = _round_bounds(view)
    if start == end and not view.rules.group_reports:
        if any(played.player == view.player for played in view.moves):
            return TurnSummary()
        # Only the other player has moved: their first turn, as an answer to nothing.
        return TurnSummary("", _theirs(view, view.moves, opponent, person))
    if start == end:
        return TurnSummary()
    if view.rules.group_reports:
        lines, _sound = last_round(view)
        return TurnSummary(*lines[:2])
    rules = view.rules
    fired = {shot.coord: shot for shot in view.shots_fired}
    mine_results: list[tuple[bool | None, str | None]] = []
    for played in view.moves[start:end]:
        for cell in played.cells:
            shot = fired[cell]
            mine_results.append((shot.hit, ship_label(rules, shot.sunk) if shot.sunk else None))
    mine = _sentence(view.moves[start:end], mine_results, True, opponent)
    answer = view.moves[end:]
    if not answer:
        return TurnSummary(mine)
    return TurnSummary(mine, _theirs(view, answer, opponent, person))


def _theirs(view: PlayerView, answer: Sequence[PlayedMove], opponent: str, person: bool) -> str:
    """The other side's ``answer`` (its moves after the person's turn) in one sentence."""
    received = shots_received(view)
    results: list[tuple[bool | None, str | None]] = []
    for played in answer:
        for coord in played.cells:
            hit, sunk = received[coord]
            results.append((hit, ship_label(view.rules, sunk) if sunk else None))
    return _sentence(answer, results, False, opponent, person)
