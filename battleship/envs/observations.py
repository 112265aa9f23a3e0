"""What an agent sees of the classic game: the tracking grid (one number a cell, or one-hot
planes) and the boards drawn as RGB images, from one player's view alone."""

from __future__ import annotations

import io
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from battleship.classic import (
    PlayerView,
    RuleSet,
    deduce_groups,
    sunk_ship_cells,
)
from battleship.classic.display import Cell, build_display
from battleship.terminal.console import Console

UNKNOWN, MISS, HIT, SUNK, GROUP = 0, 1, 2, 3, 4
"""The values of a cell in the observation (``GROUP`` only under group reports)."""

OBSERVATIONS = ("grid", "planes")
"""The observations on offer: ``BattleshipEnv(observation=...)``."""
PLANES = (UNKNOWN, MISS, HIT, SUNK)
"""With ``observation="planes"``: plane ``i`` is 1 where the grid holds ``PLANES[i]``."""
PLANE_VALUES = np.array(PLANES, dtype=np.int8).reshape(-1, 1, 1)

CELL_PIXELS = 8
"""The side of a cell's square in an ``rgb_array`` render."""
COLOURS: dict[str, tuple[int, int, int]] = {
    "unknown": (28, 58, 94),  # deep water: not fired at
    "water": (28, 58, 94),
    "miss": (140, 180, 210),  # pale: fired at, nothing there
    "hit": (220, 40, 40),
    "sunk": (110, 20, 60),
    "ship": (150, 150, 150),  # the agent's own ships (two-sided game)
    "group": (200, 160, 40),  # under group reports: fired at, not known yet
}
"""The colour of a cell in an ``rgb_array`` render, by its state (``classic.display``)."""
GRID_LINE = (10, 20, 35)


def tracking_grid(view: PlayerView) -> NDArray[np.int8]:
    """A player's tracking grid, worked out from its view alone: ``UNKNOWN``, ``MISS``,
    ``HIT`` or ``SUNK`` a cell (under group reports also ``GROUP``, a cell fired at that the
    reports do not settle), as the observation shows it (the environment keeps its own up to
    date a shot at a time instead, except under group reports)."""
    size = view.rules.board_size
    grid = np.zeros((size, size), dtype=np.int8)
    for shot in view.shots_fired:
        grid[shot.coord.row, shot.coord.col] = HIT if shot.hit else MISS
    if view.rules.group_reports:
        found = deduce_groups(view)
        for shot in view.shots_fired:
            if shot.coord in found.hits:
                grid[shot.coord.row, shot.coord.col] = HIT
            elif shot.coord not in found.misses:
                grid[shot.coord.row, shot.coord.col] = GROUP
    for cells in sunk_ship_cells(view).values():
        for cell in cells:
            grid[cell.row, cell.col] = SUNK
    return grid


def board_image(rows: Sequence[tuple[str, Sequence[Cell]]]) -> NDArray[np.uint8]:
    """One board as an RGB image: a square of ``CELL_PIXELS`` per cell, a grid line between."""
    states = [[cell.state for cell in cells] for _, cells in rows]
    palette = np.array(list(COLOURS.values()), dtype=np.uint8)
    index = np.array([[list(COLOURS).index(state) for state in row] for row in states])
    image = np.repeat(np.repeat(palette[index], CELL_PIXELS, axis=0), CELL_PIXELS, axis=1)
    image[::CELL_PIXELS, :] = GRID_LINE
    image[:, ::CELL_PIXELS] = GRID_LINE
    return image


def boards_image(view: PlayerView, *, two_sided: bool) -> NDArray[np.uint8]:
    """The enemy waters as an image, with the player's own fleet on the left in the
    two-sided game (as the text has them)."""
    display = build_display(view)
    boards = [board_image(display.enemy_rows)]
    if two_sided:
        gap = np.full((boards[0].shape[0], CELL_PIXELS, 3), 255, dtype=np.uint8)
        boards = [board_image(display.own_rows), gap, *boards]
    return np.concatenate(boards, axis=1)


def boards_text(rules: RuleSet, view: PlayerView, *, two_sided: bool) -> str:
    """The same boards as text, as the terminal game draws them."""
    out = io.StringIO()
    console = Console(io.StringIO(), out)
    console.use_rules(rules)
    display = build_display(view)
    if two_sided:
        console.boards("Your fleet", display.own_rows, "Enemy waters", display.enemy_rows)
    else:
        console.board("Enemy waters", display.enemy_rows)
    return out.getvalue()
