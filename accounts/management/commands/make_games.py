"""Play many finished games for one user with the engine, and store them like real ones.

    python manage.py make_games --user alice --games 10000 [--levels 1,2,3] [--seed 1]

The person's side is played by a computer player too (a level drawn per game), the
computer's side by the game's own level, exactly as ``Game.fire`` would; about one game in
twenty ends in a resignation part-way. Games, ships and shots are written with bulk_create
in batches, finish times spread over the past year so the history has an order.
"""

from __future__ import annotations

import random
import secrets
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.utils import timezone

from games.ai import LEVELS, get_player
from games.engine import BattleshipGame, Board, GamePhase, RuleSet
from games.models import HUMAN, MOVE_GAP_CAP, Game, Ship, Shot, fleet_record


class Command(BaseCommand):
    help = "Play N finished games for a user with the engine and computer players, and store them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--user", required=True, help="username (created if missing)")
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument(
            "--levels",
            default=",".join(str(info.level) for info in LEVELS),
            help="computer levels to play against, comma-separated",
        )
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--batch", type=int, default=250)

    def handle(self, *args: Any, **options: Any) -> None:
        user, created = get_user_model().objects.get_or_create(username=options["user"])
        if created:
            user.set_unusable_password()
            user.save()
        rng = random.Random(
            options["seed"] if options["seed"] is not None else secrets.randbits(64)
        )
        levels = [int(level) for level in options["levels"].split(",")]
        known = {info.level for info in LEVELS}
        total, batch = options["games"], options["batch"]
        now = timezone.now()
        made = 0
        while made < total:
            size = min(batch, total - made)
            games = [play(rng, rng.choice(levels), rng.choice(sorted(known))) for _ in range(size)]
            store(user, games, now, made, total, rng)
            made += size
            self.stdout.write(f"{made} of {total} games stored")
        self.stdout.write(self.style.SUCCESS(f"{user.username} has {total} more finished games"))


def play(rng: random.Random, level: int, person_level: int) -> dict[str, Any]:
    """One whole game: the person's side played by ``person_level``, the computer's by ``level``."""
    rules = RuleSet.standard()
    seed = rng.getrandbits(62)
    game = Game(level=level, seed=seed)  # unsaved: only for its derived computer seed
    engine = BattleshipGame(rules, seed)
    person = get_player(person_level, rng.getrandbits(62))
    computer = get_player(level, game.computer_seed)
    human_board = Board.random_placement(rules, random.Random(rng.getrandbits(64)))
    fleets = [
        [(s.name, s.start, s.orientation) for s in human_board.ships],
        computer.place_fleet(rules),
    ]
    for player, fleet in enumerate(fleets):
        for name, start, orientation in fleet:
            engine.place_ship(player, name, start, orientation)
    engine.start()
    resign_after = rng.randrange(10, 60) if rng.random() < 0.05 else None
    shots = []
    while engine.phase is GamePhase.IN_PROGRESS:
        if resign_after is not None and len(shots) >= resign_after and engine.current_player == 0:
            break
        side = person if engine.current_player == HUMAN else computer
        result = engine.make_move(side.choose_shot(engine.view_for(engine.current_player)))
        shots.append(result)
    if engine.phase is GamePhase.FINISHED:
        status = Game.Status.WON if engine.winner == HUMAN else Game.Status.LOST
    else:
        status = Game.Status.RESIGNED
    return {
        "game": game,
        "rules": rules,
        "fleets": fleets,
        "fleet_record": fleet_record(engine.boards),
        "shots": shots,
        "log": [move.to_dict() for move in engine.moves],
        "status": status,
    }


@transaction.atomic
def store(
    user: Any, games: list[dict[str, Any]], now: Any, made: int, total: int, rng: random.Random
) -> None:
    rows, ships, shots = [], [], []
    for i, played in enumerate(games):
        # Oldest first: game k of N finishes about (N - k) / N of a year ago.
        finished_at = now - timedelta(days=365 * (total - made - i) / total)
        gaps = [rng.uniform(1.5, 9.0) for _ in played["shots"]]
        started_at = finished_at - timedelta(seconds=sum(gaps))
        game = played["game"]
        game.owner = user
        game.rules = played["rules"].to_dict()
        game.status = played["status"]
        game.moves = len(played["log"])
        game.play_seconds = sum(min(gap, MOVE_GAP_CAP.total_seconds()) for gap in gaps)
        game.created_at = started_at - timedelta(seconds=30)
        game.started_at = started_at
        game.last_move_at = game.finished_at = finished_at
        # What the site rebuilds a game from: both fleets and every move, on the row.
        game.fleets = played["fleet_record"]
        game.log = played["log"]
        rows.append(game)
        for player, fleet in enumerate(played["fleets"]):
            ships.extend(
                Ship(
                    game=game,
                    player=player,
                    name=name,
                    row=start.row,
                    col=start.col,
                    orientation=getattr(orientation, "value", orientation),
                )
                for name, start, orientation in fleet
            )
        at = started_at
        for sequence, (result, gap) in enumerate(zip(played["shots"], gaps, strict=True)):
            at += timedelta(seconds=gap)
            shots.append(
                Shot(
                    game=game,
                    sequence=sequence,
                    player=result.player,
                    row=result.coord.row,
                    col=result.coord.col,
                    hit=result.hit,
                    sunk=result.sunk.name if result.sunk else "",
                    created_at=at,
                )
            )
    Game.objects.bulk_create(rows)
    Ship.objects.bulk_create(ships, batch_size=2000)
    Shot.objects.bulk_create(shots, batch_size=2000)
