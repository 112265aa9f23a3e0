"""``python manage.py bench_hint``: how long the coach's hint and analysis take.

A hint's work in a request, once the game row is read: rebuild the game from its moves,
take the person's view, the Admiral's hit chances and the heat map the page shows. It is
timed at every position where the person is to move, in games both sides of which are
played by computer levels (``--person`` and ``--opponent``). The analysis of each whole
game (``battleship.classic.ai.coach.analyse``) is timed too: with Recruits on both sides a
game runs to 90 or 100 shots a side. Each is timed twice: on the clock (what a person waits, which a
busy machine stretches) and in CPU time of the thread (the work itself).
"""

from __future__ import annotations

import time
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from battleship.classic import BattleshipGame, GamePhase
from battleship.classic.ai import computer_seed, get_player
from battleship.classic.ai.benchmark import percentile
from battleship.classic.ai.coach import analyse, hit_chances
from battleship.classic.variants import VARIANTS
from games.hints import build_hint


class Command(BaseCommand):
    help = "Time the coach's hint (per position) and analysis (per game) under each rule set."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--games", type=int, default=5)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--rules", choices=sorted(VARIANTS), action="append")
        parser.add_argument("--person", type=int, default=1, help="the level playing the person")
        parser.add_argument("--opponent", type=int, default=1)

    def handle(self, *args: Any, **options: Any) -> None:
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")
        names = options["rules"] or sorted(VARIANTS)
        self.stdout.write(
            f"{'rules':<18}{'hints':>6}{'mean ms':>9}{'p99 ms':>8}{'max ms':>8}{'cpu p99':>8}"
            f"{'games':>6}{'shots':>6}{'analysis s':>11}{'max s':>7}{'cpu max':>8}"
        )
        for name in names:
            self._measure(name, options)

    def _measure(self, name: str, options: dict[str, Any]) -> None:
        rules = VARIANTS[name]()
        hints: list[float] = []
        hint_cpu: list[float] = []
        analyses: list[float] = []
        analysis_cpu: list[float] = []
        shots: list[int] = []
        for game_number in range(options["games"]):
            seed = options["seed"] * 1000 + game_number
            game = BattleshipGame(rules, seed=seed)
            game.setup_random(seed)
            players = [
                get_player(options["person"], seed),
                get_player(options["opponent"], computer_seed(seed)),
            ]
            while game.phase is GamePhase.IN_PROGRESS and game.current_player is not None:
                if game.current_player == 0:
                    started, cpu = time.perf_counter(), time.thread_time()
                    again = BattleshipGame.replay(rules, seed, _fleets(game), game.moves)
                    build_hint(hit_chances(again.view_for(0)))
                    hints.append(time.perf_counter() - started)
                    hint_cpu.append(time.thread_time() - cpu)
                game.play_turn(players[game.current_player])
            started, cpu = time.perf_counter(), time.thread_time()
            analyse(rules, seed, _fleets(game), game.moves, options["opponent"], seed)
            analyses.append(time.perf_counter() - started)
            analysis_cpu.append(time.thread_time() - cpu)
            shots.append(sum(1 for shot in game.shots if shot.player == 0))
        ms = [1000 * s for s in hints]
        cpu_p99 = 1000 * percentile(hint_cpu, 0.99)
        self.stdout.write(
            f"{name:<18}{len(ms):>6}{sum(ms) / len(ms):>9.2f}{percentile(ms, 0.99):>8.1f}"
            f"{max(ms):>8.1f}{cpu_p99:>8.1f}{len(analyses):>6}{sum(shots) / len(shots):>6.1f}"
            f"{sum(analyses) / len(analyses):>11.2f}{max(analyses):>7.2f}{max(analysis_cpu):>8.2f}"
        )


def _fleets(game: BattleshipGame) -> list[list[tuple[str, Any, Any]]]:
    return [[(s.name, s.start, s.orientation) for s in board.ships] for board in game.boards]
