"""Helpers: run the terminal game on typed lines and read what it printed."""

import io

from battleship.classic import ROW_LETTERS
from battleship.terminal import classic as terminal


def run_play(lines, **options):
    """Play with ``lines`` as what the person types; returns (result, printed text)."""
    stdin = io.StringIO("".join(f"{line}\n" for line in lines))
    stdout = io.StringIO()
    options.setdefault("seed", 5)
    options.setdefault("level", 1)
    result = terminal.play(stdin, stdout, **options)
    return result, stdout.getvalue()


def every_cell(size=10):
    """Every cell in reading order, A1 to J10: enough shots to finish any game."""
    return [f"{ROW_LETTERS[row]}{col + 1}" for row in range(size) for col in range(size)]
