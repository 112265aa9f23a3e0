from battleship.classic import (
    BattleshipGame,
    Coordinate,
    FiredShot,
    GamePhase,
    RuleSet,
)
from battleship.classic.ai import get_player
from battleship.classic.ai.benchmark import range_view


def play_out(level, seed, rules=None, opponent_level=1):
    """A whole game, computer against computer; returns the game and each side's shots."""
    game = BattleshipGame(rules or RuleSet.standard(), seed=seed)
    game.setup_random()
    players = [get_player(level, seed), get_player(opponent_level, seed + 1)]
    fired = [[], []]
    while game.phase is GamePhase.IN_PROGRESS:
        seat = game.current_player
        view = game.view_for(seat)
        left = view.shots_left_in_turn
        cells = (
            players[seat].choose_shots(view, left)
            if left > 1
            else [players[seat].choose_shot(view)]
        )
        for cell in cells:
            fired[seat].append(cell)
            game.make_move(cell)
            if game.phase is not GamePhase.IN_PROGRESS or game.current_player != seat:
                break
    return game, fired


def view_of(rules, shots):
    """The view of a player who fired ``shots``: (label, hit, sunk ship name or None)."""
    return range_view(
        rules, [FiredShot(Coordinate.parse(c, rules.board_size), h, s) for c, h, s in shots]
    )
