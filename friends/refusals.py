"""A friend game's refusals as sentences: its own kinds, then the classic game's."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext

from core.refusals import refusal as classic_refusal

SENTENCES: dict[str, Callable[[], str]] = {
    "not_turn": lambda: gettext("It is your friend's turn: wait for their move."),
    "game_full": lambda: gettext("This game already has two players."),
    "own_invite": lambda: gettext("This is your own invite: send the link to your friend."),
    "cannot_cancel": lambda: gettext("Your friend has joined already: the invite stands."),
    "too_soon": lambda: gettext(
        "Your friend still has time: the win can be claimed after two minutes away."
    ),
    "fleet_fixed": lambda: gettext("Your fleet is fixed: you said you were ready."),
    "still_going": lambda: gettext("This game is still going."),
    "out_of_time": lambda: gettext("Your time for this move ran out: the game is lost on time."),
    "no_such_message": lambda: gettext("Choose one of the messages offered."),
    "nobody_to_tell": lambda: gettext("Nobody has joined yet: there is nobody to tell."),
}


def refusal(error: Exception) -> str:
    say = SENTENCES.get(getattr(error, "kind", ""))
    return say() if say else classic_refusal(error)
