"""Where a game stands, in every game family."""

import enum


class GamePhase(enum.StrEnum):
    """Where a game stands: placing fleets, firing, or over."""

    SETUP = "setup"
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"
