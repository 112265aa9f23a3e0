"""What a person reads when choosing a computer opponent, in every game family."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LevelInfo:
    """A computer level as a chooser lists it: its number, name and how it plays (English
    values; ``battleship.words`` says them in the reader's language)."""

    level: int
    name: str
    description: str
