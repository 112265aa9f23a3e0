"""What every replay of a classic game shows of one step, against the computer or a friend:
the step asked for, both boards after it, what its last move did, in words. The page around
it is the mode's (``accounts.views.replay``, ``friends.views.replay``); the controls and the
step are one template, ``accounts/_replay_steps.html``."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext, pgettext

from battleship.classic import PlayerView
from battleship.classic.display import build_display
from battleship.classic.sentences import describe_last_move
from core.rule_sets import shot_by_shot

STEPS_TEMPLATE = "accounts/_replay_steps.html"


def requested_step(request: HttpRequest, steps: int) -> int:
    """``?step=N``, kept within the game's moves; the start for anything else."""
    try:
        return min(max(int(request.GET.get("step", 0)), 0), steps)
    except ValueError:
        return 0


def only_the_step(request: HttpRequest) -> bool:
    """An htmx request for another step gets only "#step" (not a history restore)."""
    htmx: Any = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def replay_step(
    view: PlayerView,
    step: int,
    steps: int,
    *,
    url: str,
    opponent: str = "",
    outcome: str | None = None,
) -> dict[str, Any]:
    """The context of ``accounts/_replay_steps.html``: ``view`` is the player's view after
    ``step`` of ``steps`` moves, both fleets shown (the game is over); ``url`` the replay's
    address; ``opponent`` the person played against (the computer when empty); ``outcome``
    the end in words at the last step (the view's own end when None)."""
    said, by, cells = describe_last_move(view, opponent)
    by_shot = shot_by_shot(view.rules)
    display = build_display(view)
    return {
        "display": display,
        "step": step,
        "steps": steps,
        "replay_url": url,
        # A move is a shot in the standard game; a turn where a turn can be more.
        "unit": pgettext("replay", "Shot") if by_shot else pgettext("replay", "Move"),
        "before_first": gettext("Before the first shot")
        if by_shot
        else gettext("Before the first move"),
        "said": said,
        "latest_mine": cells if by == view.player else frozenset(),
        "latest_theirs": cells if by is not None and by != view.player else frozenset(),
        "outcome": display.outcome if outcome is None else outcome,
    }
