"""Play many finished games for one user with the engine, and store them like real ones.

    python manage.py make_games --user alice --games 10000 [--levels 1,2,3] [--seed 1]
        [--rules standard,salvo] [--players 999 --player-games 90000]
        [--sector-games 2000 --player-sector-games 3000]

``--players N --player-games G`` also makes a site around the user: N more players
(``player0001`` …) share G more games, drawn at random among them (so some play far more
than others). ``--rules`` names the rule sets to draw each game's from (repeat a name to
make it commoner). ``--sector-games`` and ``--player-sector-games`` make sector battles the
same way (docs/rules/sector.md): the user's, and the other players' (who need ``--players``, made
now or by an earlier run).

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
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, transaction
from django.utils import timezone

from battleship.classic import BattleshipGame, Board, Coordinate, GamePhase, RuleSet
from battleship.classic.ai import LEVELS, get_player
from battleship.classic.variants import VARIANTS, rule_set
from battleship.sector import GamePhase as SectorPhase
from battleship.sector import SectorGame, random_placements
from battleship.sector import ai as sector_ai
from games.models import COMPUTER, HUMAN, Game, Ship, Shot, fleet_record, rules_name_of
from modes.models import MOVE_GAP_CAP
from sector.models import SectorBattle


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
        parser.add_argument(
            "--person-levels",
            default=",".join(str(info.level) for info in LEVELS),
            help="computer levels that play the person's side, comma-separated",
        )
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--batch", type=int, default=250)
        parser.add_argument(
            "--rules",
            default="standard",
            help=f"rule sets to draw from, comma-separated: {', '.join(VARIANTS)}",
        )
        parser.add_argument("--players", type=int, default=0, help="other players to make")
        parser.add_argument("--player-games", type=int, default=0, help="their games, in all")
        parser.add_argument("--sector-games", type=int, default=0, help="the user's sector battles")
        parser.add_argument(
            "--player-sector-games", type=int, default=0, help="the other players' sector battles"
        )
        parser.add_argument(
            "--sector-levels",
            default="1,2,3",
            help="sector levels to play against (the user's side: 2 and 3), comma-separated",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        rng = random.Random(
            options["seed"] if options["seed"] is not None else secrets.randbits(64)
        )
        levels = [int(level) for level in options["levels"].split(",")]
        try:
            rule_sets = [rule_set(name) for name in options["rules"].split(",")]
        except ValueError as error:
            raise CommandError(str(error)) from error
        if options["players"] < 0 or options["player_games"] < 0:
            raise CommandError("--players and --player-games count, from 0")
        if options["player_games"] and not options["players"]:
            raise CommandError("--player-games needs --players")
        if min(options["sector_games"], options["player_sector_games"]) < 0:
            raise CommandError("--sector-games and --player-sector-games count, from 0")
        if options["player_sector_games"] and not options["players"]:
            raise CommandError("--player-sector-games needs --players")
        user = player(options["user"])
        others = [player(f"player{n:04d}") for n in range(1, options["players"] + 1)]
        self.make_sector_games(rng, user, others, options)
        people = [int(level) for level in options["person_levels"].split(",")]
        total, batch = options["games"] + options["player_games"], options["batch"]
        # Which games are the user's: ``--games`` of them, spread evenly through the rest.
        mine = set(rng.sample(range(total), options["games"]))
        now = timezone.now()
        made = 0
        while made < total:
            size = min(batch, total - made)
            owners = [user if made + i in mine else rng.choice(others) for i in range(size)]
            games = [
                play(
                    rng,
                    rng.choice(levels),
                    rng.choice(people),
                    rng.choice(rule_sets),
                    quick=owner is not user,
                )
                for owner in owners
            ]
            store(owners, games, now, made, total, rng)
            made += size
            self.stdout.write(f"{made} of {total} games stored")
        self.stdout.write(
            self.style.SUCCESS(
                f"{user.username} has {options['games']} more finished games,"
                f" {len(others)} other players {options['player_games']}"
            )
        )

    def make_sector_games(
        self, rng: random.Random, user: Any, others: list[Any], options: dict[str, Any]
    ) -> None:
        """The sector battles: the user's played by level 2 or 3 against the chosen levels,
        the other players' by two Gunners (the old random Deckhand took hundreds of turns),
        stored in batches like the classic games."""
        levels = [int(level) for level in options["sector_levels"].split(",")]
        total = options["sector_games"] + options["player_sector_games"]
        mine = set(rng.sample(range(total), options["sector_games"]))
        now, made, batch = timezone.now(), 0, options["batch"]
        while made < total:
            size = min(batch, total - made)
            owners = [user if made + i in mine else rng.choice(others) for i in range(size)]
            battles = [
                play_sector(rng, rng.choice(levels), quick=owner is not user) for owner in owners
            ]
            store_sector(owners, battles, now, made, total, rng)
            made += size
            self.stdout.write(f"{made} of {total} sector battles stored")


MAX_SECTOR_TURNS = 1000


def play_sector(rng: random.Random, level: int, *, quick: bool) -> SectorBattle:
    """One whole sector battle as the site would store it (unsaved): the person's fleet at
    random, the computer's from the seed, the person first; one in twenty resigned."""
    seed = rng.getrandbits(62)
    game = SectorGame(seed, first_player=HUMAN)
    game.place_fleet(HUMAN, random_placements(random.Random(rng.getrandbits(64))))
    game.setup_random()
    person = sector_ai.get_player(2 if quick else rng.choice([2, 3]), rng.getrandbits(62))
    computer = sector_ai.get_player(2 if quick else level, sector_ai.computer_seed(seed))
    resign_after = rng.randrange(6, 40) if rng.random() < 0.05 else None
    while game.phase is SectorPhase.IN_PROGRESS:
        late = resign_after is not None and len(game.turns) >= resign_after
        # A safety bound only: with a Gunner or an Admiral for the person, every battle
        # ends well before it (two Gunners once repeated one barrage for ever, a bug fixed
        # since: docs/sector.md).
        late = late or len(game.turns) >= MAX_SECTOR_TURNS
        if late and game.current_player == HUMAN:
            game.resign(HUMAN)
            break
        game.play_turn(person if game.current_player == HUMAN else computer)
    if game.resigned is not None:
        status = SectorBattle.Status.RESIGNED
    else:
        status = SectorBattle.Status.WON if game.winner == HUMAN else SectorBattle.Status.LOST
    state = game.get_state()
    fleets = [[p.to_dict() for p in fleet] for fleet in state.fleets]
    return SectorBattle(
        level=level,
        seed=seed,
        status=status,
        placed=fleets[HUMAN],
        fleets=fleets,
        log=[turn.to_dict() for turn in game.turns],
        moves=len(game.turns),
        **SectorBattle.figures_from(game),
    )


@transaction.atomic
def store_sector(
    owners: list[Any],
    battles: list[SectorBattle],
    now: Any,
    made: int,
    total: int,
    rng: random.Random,
) -> None:
    for i, (user, battle) in enumerate(zip(owners, battles, strict=True)):
        finished_at = now - timedelta(days=365 * (total - made - i) / total)
        gaps = [rng.uniform(3.0, 20.0) for _ in range(battle.moves)]
        battle.owner = user
        battle.play_seconds = sum(min(gap, MOVE_GAP_CAP.total_seconds()) for gap in gaps)
        battle.started_at = finished_at - timedelta(seconds=sum(gaps))
        battle.created_at = battle.started_at - timedelta(seconds=60)
        battle.last_move_at = battle.finished_at = finished_at
    SectorBattle.objects.bulk_create(battles)


def player(username: str) -> Any:
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        user.set_unusable_password()
        user.save()
    return user


def play(
    rng: random.Random, level: int, person_level: int, rules: RuleSet, *, quick: bool = False
) -> dict[str, Any]:
    """One whole game: the person's side played by ``person_level``, the computer's by ``level``.

    ``quick``: both sides fire at random cells instead (a few times quicker), for the other
    players of a site, whose games only need to exist: no page reads their shots.
    """
    seed = rng.getrandbits(62)
    game = Game(level=level, seed=seed)  # unsaved: only for its derived computer seed
    engine = BattleshipGame(rules, seed)
    person: Any = (
        RandomShooter(rng, rules) if quick else get_player(person_level, rng.getrandbits(62))
    )
    computer: Any = RandomShooter(rng, rules) if quick else get_player(level, game.computer_seed)
    human_board = Board.random_placement(rules, random.Random(rng.getrandbits(64)))
    computer_fleet = (
        [
            (s.name, s.start, s.orientation)
            for s in Board.random_placement(rules, random.Random(rng.getrandbits(64))).ships
        ]
        if quick
        else computer.place_fleet(rules)
    )
    fleets = [[(s.name, s.start, s.orientation) for s in human_board.ships], computer_fleet]
    for player, fleet in enumerate(fleets):
        for name, start, orientation in fleet:
            engine.place_ship(player, name, start, orientation)
    engine.start()
    resign_after = rng.randrange(10, 60) if rng.random() < 0.05 else None
    shots: list[Any] = []
    while engine.phase is GamePhase.IN_PROGRESS:
        if resign_after is not None and len(shots) >= resign_after and engine.current_player == 0:
            break
        side = person if engine.current_player == HUMAN else computer
        view = None if quick else engine.view_for(HUMAN if side is person else COMPUTER)
        result = engine.make_move(side.choose_shot(view))
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
        "figures": Game.figures_from(engine),
    }


class RandomShooter:
    """Fires at the cells of the board in a random order, each once."""

    def __init__(self, rng: random.Random, rules: RuleSet) -> None:
        size = rules.board_size
        self.cells = [Coordinate(row, col) for row in range(size) for col in range(size)]
        rng.shuffle(self.cells)

    def choose_shot(self, view: Any) -> Coordinate:
        return self.cells.pop()


@transaction.atomic
def store(
    owners: list[Any],
    games: list[dict[str, Any]],
    now: Any,
    made: int,
    total: int,
    rng: random.Random,
) -> None:
    rows: list[Game] = []
    ships: list[Ship] = []
    shots: list[tuple[Any, ...]] = []
    for i, (user, played) in enumerate(zip(owners, games, strict=True)):
        # Oldest first: game k of N finishes about (N - k) / N of a year ago.
        finished_at = now - timedelta(days=365 * (total - made - i) / total)
        gaps = [rng.uniform(1.5, 9.0) for _ in played["shots"]]
        started_at = finished_at - timedelta(seconds=sum(gaps))
        game = played["game"]
        game.owner = user
        game.rules = played["rules"].to_dict()
        game.rules_name = rules_name_of(game.rules)  # bulk_create does not call save
        game.status = played["status"]
        game.moves = len(played["log"])
        game.play_seconds = sum(min(gap, MOVE_GAP_CAP.total_seconds()) for gap in gaps)
        game.created_at = started_at - timedelta(seconds=30)
        game.started_at = started_at
        game.last_move_at = game.finished_at = finished_at
        # What the site rebuilds a game from: both fleets and every move, on the row.
        game.fleets = played["fleet_record"]
        game.log = played["log"]
        for field, value in played["figures"].items():
            setattr(game, field, value)
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
        game_id = Shot._meta.get_field("game").get_db_prep_value(game.pk, connection)
        at = started_at
        for sequence, (result, gap) in enumerate(zip(played["shots"], gaps, strict=True)):
            at += timedelta(seconds=gap)
            shots.append(
                (
                    game_id,
                    sequence,
                    result.player,
                    result.coord.row,
                    result.coord.col,
                    result.hit,
                    result.sunk.name if result.sunk else "",
                    connection.ops.adapt_datetimefield_value(at),
                )
            )
    Game.objects.bulk_create(rows)
    Ship.objects.bulk_create(ships, batch_size=2000)
    # A million shots through the ORM's bulk_create take minutes of its own bookkeeping; the
    # same rows as one parameterised INSERT each go several times quicker.
    columns = ["game", "sequence", "player", "row", "col", "hit", "sunk", "created_at"]
    fields = [Shot._meta.get_field(c) for c in columns]
    names = ", ".join(connection.ops.quote_name(field.column) for field in fields)  # type: ignore[union-attr,arg-type]
    with connection.cursor() as cursor:
        cursor.executemany(
            # Names quoted from the model's own metadata; every value is a parameter.
            f"INSERT INTO {connection.ops.quote_name(Shot._meta.db_table)} ({names})"  # noqa: S608  # nosec B608
            f" VALUES ({', '.join(['%s'] * len(columns))})",
            shots,
        )
