"""The modes a player's record is kept by: the statistics, the history and the leaderboard
walk this registry (``?mode=sector``) instead of asking which mode a page is about.

Each mode names its stored model (a ``StoredGame`` with ``GameFigures``), its opponents and
its board. Adding a mode is adding a ``Mode`` here; the pages then offer it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from battleship.classic.ai import LEVELS as CLASSIC_LEVELS
from battleship.levels import LevelInfo
from battleship.sector import SIZE as SECTOR_SIZE
from battleship.sector.ai import LEVELS as SECTOR_LEVELS
from battleship.words import level_name
from modes.models import FiguresQuerySet

UNFINISHED_LISTED = 20
"""The most games in progress the home page lists (of each mode, then of all)."""


@dataclass(frozen=True)
class Mode:
    name: str
    """As the pages' ``?mode=`` says it."""
    title: Promise
    model_label: str
    """The stored model, "app_label.Model"."""
    opponents: tuple[LevelInfo, ...]
    board_size: int
    rule_sets: bool
    """Whether its games are played under the classic game's rule sets (a filter, a
    leaderboard per rule set)."""
    history_row: str
    """The template of a finished game's first cells in the history: its replay link and
    its opponent."""
    has_analysis: bool = False
    """Whether its games keep the coach's analysis (a wide column a list leaves out)."""
    shots_note: Promise | None = None
    """What a shot means in this mode, where it is not one cell fired at by one shot."""
    opponent_name: Promise | None = None
    """The one opponent's name, where it is not a computer level's (a friend)."""
    unfinished_row: str = ""
    """The template of a game in progress on the home page's list: what it is, how far it
    got, and its Continue link."""
    live_model_label: str = ""
    """The model of its games in progress, where it is not ``model_label`` (a friend game
    keeps one record per seat once over, but is one row while it is played)."""

    @property
    def model(self) -> Any:
        return apps.get_model(self.model_label)

    def games(self) -> FiguresQuerySet[Any]:
        return self.model.objects.all()  # type: ignore[no-any-return]

    def unfinished(self, request: HttpRequest, limit: int = UNFINISHED_LISTED) -> list[Any]:
        """The request's player's games in progress in this mode, the latest played first."""
        model = apps.get_model(self.live_model_label or self.model_label)
        return list(model.objects.unfinished_of(request)[:limit])

    def level_names(self) -> dict[int, str]:
        """The opponents by level, named in the language of the request."""
        if self.opponent_name is not None:
            return {info.level: str(self.opponent_name) for info in self.opponents}
        return {info.level: level_name(info.name) for info in self.opponents}


CLASSIC = Mode(
    name="classic",
    title=_("Classic Battleship"),
    model_label="games.Game",
    opponents=CLASSIC_LEVELS,
    board_size=10,
    rule_sets=True,
    history_row="accounts/_history_row_classic.html",
    has_analysis=True,
    unfinished_row="games/_unfinished_row.html",
)
SECTOR = Mode(
    name="sector",
    title=_("Sector battle"),
    model_label="sectors.SectorBattle",
    opponents=SECTOR_LEVELS,
    board_size=SECTOR_SIZE,
    rule_sets=False,
    history_row="sector/_history_row.html",
    unfinished_row="sector/_unfinished_row.html",
    shots_note=_(
        "In the sector battle a shot is a cell fired at: a barrage counts three, recon and "
        "sonar none."
    ),
)

FRIEND = Mode(
    name="friend",
    title=_("Against a friend"),
    # One record per player and game (friends.DuelRecord): each player's own result.
    model_label="duels.DuelRecord",
    opponents=(LevelInfo(0, "A friend", "A person you invited by a link"),),
    board_size=10,
    rule_sets=True,
    history_row="friends/_history_row.html",
    opponent_name=_("A friend"),
    unfinished_row="friends/_unfinished_row.html",
    live_model_label="duels.Duel",
)

MODES: dict[str, Mode] = {mode.name: mode for mode in (CLASSIC, SECTOR, FRIEND)}
"""Every mode by name, the first the default."""

DEFAULT = CLASSIC


def mode_named(name: str | None) -> Mode:
    """The mode called ``name``, or the classic game when it names none."""
    return MODES.get(name or "", DEFAULT)
