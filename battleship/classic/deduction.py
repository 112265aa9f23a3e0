"""What a player can work out from their view alone, beyond what was announced."""

from __future__ import annotations

from battleship.classic.view import PlayerView
from battleship.coordinates import Coordinate, Orientation


def sunk_ship_cells(view: PlayerView) -> dict[str, frozenset[Coordinate]]:
    """The cells of each sunk enemy ship, where the player's shots pin them down.

    A sinking names the ship and the shot that sank it, not its cells. The ship lies on a
    line of its length through that shot, over cells hit no later than it, and no cell
    belongs to two ships. Ships with one such line left are settled, which may settle
    others; a ship with several lines left is missing from the answer. Once the game is
    over the enemy fleet is revealed and every sunk ship is known exactly: each ship whose
    cells were all hit, named when it sank or not (under fog of war none was).
    """
    if view.enemy_fleet:
        hit = {shot.coord for shot in view.shots_fired if shot.hit}
        return {
            ship.name: frozenset(ship.cells)
            for ship in view.enemy_fleet
            if hit.issuperset(ship.cells)
        }
    size = view.rules.board_size
    candidates: dict[str, list[frozenset[Coordinate]]] = {}
    hits_so_far: set[Coordinate] = set()
    for shot in view.shots_fired:
        if shot.hit:
            hits_so_far.add(shot.coord)
        if shot.sunk is None:
            continue
        length = view.rules.ship(shot.sunk).length
        lines = []
        for orientation in Orientation:
            dr, dc = orientation.step
            for offset in range(length):
                row, col = shot.coord.row - dr * offset, shot.coord.col - dc * offset
                if (
                    row < 0
                    or col < 0
                    or row + dr * (length - 1) >= size
                    or col + dc * (length - 1) >= size
                ):
                    continue
                cells = frozenset(Coordinate(row + dr * i, col + dc * i) for i in range(length))
                if cells <= hits_so_far:
                    lines.append(cells)
        candidates[shot.sunk] = lines
    settled: dict[str, frozenset[Coordinate]] = {}
    changed = True
    while changed:
        changed = False
        taken = frozenset().union(*settled.values())
        for name, lines in candidates.items():
            if name in settled:
                continue
            open_lines = [cells for cells in lines if not cells & taken]
            if len(open_lines) == 1:
                settled[name] = open_lines[0]
                changed = True
                break
    return settled
