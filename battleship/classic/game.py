"""A whole game between two players: setup, alternating turns, the end, snapshots and views."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from battleship.classic.board import Board, Ship
from battleship.classic.moves import AirStrike, Fire, Move, MoveChooser, Torpedo
from battleship.classic.rules import FirstPlayer, RuleSet, ShotsPerTurn, Weapon
from battleship.classic.turns import ALLOWANCES, ENDINGS, Outcome, counts_at_round_start
from battleship.classic.view import (
    FiredShot,
    GroupReport,
    MoveResult,
    PlayedMove,
    PlayerView,
    Shot,
    SpectatorView,
)
from battleship.coordinates import Coordinate, Orientation
from battleship.errors import BattleshipError, IllegalMove, InvalidPlacement
from battleship.phase import GamePhase, TwoPlayerGame


@dataclass(frozen=True, slots=True)
class GameState:
    """An immutable snapshot of a whole game, enough to rebuild it exactly."""

    rules: RuleSet
    seed: int
    phase: GamePhase
    first_player: int | None
    current_player: int | None
    winner: int | None
    fleets: tuple[tuple[Ship, ...], tuple[Ship, ...]]
    shots: tuple[Shot, ...] = field(default=())
    shots_left_in_turn: int = 0
    resigned: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict; ``GameState.from_dict`` reads it back."""
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "phase": self.phase.value,
            "first_player": self.first_player,
            "current_player": self.current_player,
            "winner": self.winner,
            "fleets": [[ship.to_dict() for ship in fleet] for fleet in self.fleets],
            "shots": [shot.to_dict() for shot in self.shots],
            "shots_left_in_turn": self.shots_left_in_turn,
            "resigned": self.resigned,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        """Read a dict written by ``to_dict``; the game is rebuilt and checked by replaying it."""
        try:
            rules = RuleSet.from_dict(data["rules"])
            fleets = [[Ship.placement_from_dict(s) for s in fleet] for fleet in data["fleets"]]
            shots = [Coordinate.parse(s["cell"], rules.board_size) for s in data["shots"]]
            started = GamePhase(data["phase"]) is not GamePhase.SETUP
            game = BattleshipGame.replay(
                rules,
                int(data["seed"]),
                fleets,
                shots,
                started=started,
                first_player=data.get("first_player"),
                resigned=data.get("resigned"),
            )
        except (KeyError, TypeError) as error:
            raise BattleshipError(f"malformed game state: {error}") from error
        state = game.get_state()
        if state.to_dict() != data:
            raise BattleshipError("the game state does not agree with a replay of its moves")
        return state


class BattleshipGame(TwoPlayerGame):
    """A game of Battleship between player 0 and player 1, following a ``RuleSet``.

    Every invalid input raises ``ValueError`` (a ``BattleshipError``) and changes nothing,
    not even whose turn it is. The same rules, seed and moves give the same game.
    """

    def __init__(self, rules: RuleSet | None = None, seed: int | None = None) -> None:
        if seed is not None and (type(seed) is not int):
            raise BattleshipError(f"the seed must be a whole number, not {seed!r}")
        if rules is not None and not isinstance(rules, RuleSet):
            raise BattleshipError(f"rules must be a RuleSet, not {rules!r}")
        self.rules = rules or RuleSet.standard()
        # A game always has a seed, so that its snapshot replays it exactly.
        self.seed: int = seed if seed is not None else secrets.randbits(63)
        super().__init__()
        self.boards: list[Board] = [Board(self.rules), Board(self.rules)]
        self.shots: list[Shot] = []
        self.played: list[PlayedMove] = []
        self._shots_left = 0
        self._round_allowance = (0, 0)
        self._fired_this_turn = 0

    # -- setup ---------------------------------------------------------------------------

    def place_ship(
        self,
        player: int,
        ship_name: str,
        start: Coordinate | str | tuple[int, int],
        orientation: Orientation | str,
    ) -> Ship:
        """Place one of ``player``'s ships during setup; ``InvalidPlacement`` if illegal."""
        self._require_setup()
        return self.boards[self._seat(player)].place_ship(ship_name, start, orientation)

    def remove_ship(self, player: int, ship_name: str) -> None:
        """Take one of ``player``'s ships off the board again during setup."""
        self._require_setup()
        self.boards[self._seat(player)].remove_ship(ship_name)

    def place_fleet(
        self, player: int, ships: Iterable[tuple[str, Coordinate | str, Orientation | str]]
    ) -> None:
        """Place a whole fleet at once, all or nothing."""
        self._require_setup()
        board = Board(self.rules)
        for name, start, orientation in ships:
            board.place_ship(name, start, orientation)
        self.boards[self._seat(player)] = board

    def setup_random(self, seed: int | None = None) -> None:
        """Place at random every fleet not yet complete (reproducible from the seed) and start."""
        self._require_setup()
        seed = self.seed if seed is None else seed
        for player, board in enumerate(self.boards):
            if not board.is_complete:
                rng = random.Random(f"{seed}:fleet:{player}")
                self.boards[player] = Board.random_placement(self.rules, rng)
        self.start()

    def start(self) -> None:
        """Begin firing; ``ValueError`` unless both fleets are complete."""
        self._require_setup()
        missing = [p for p, board in enumerate(self.boards) if not board.is_complete]
        if missing:
            raise InvalidPlacement(
                f"player {missing[0]} has not placed the whole fleet", kind="fleet_incomplete"
            )
        policy = self.rules.first_player
        if policy is FirstPlayer.COIN_FLIP:
            first = random.Random(f"{self.seed}:first-player").randrange(2)
        else:
            first = 1 if policy is FirstPlayer.PLAYER_1 else 0
        self.first_player = first
        self.phase = GamePhase.IN_PROGRESS
        self._begin_turn(first)

    # -- play ----------------------------------------------------------------------------

    def play(self, move: Move) -> list[MoveResult]:
        """Validate ``move`` for the player to move and apply it whole: one result a shot.

        A ``Fire`` holds at most the shots left in the turn; the turn passes when they are
        used up (or when nothing is left afloat to fire at). A weapon (``AirStrike``,
        ``Torpedo``) is a whole turn, of a player who has one left, before any shot of that
        turn; a torpedo that makes no contact fires no shot. If any part of the move is
        illegal (a cell off the board or fired at before, too many cells, a weapon spent or
        not in the rules, out of turn, before or after play) it raises a ``ValueError``
        subclass and changes nothing.
        """
        shooter = self._current_shooter()
        if not isinstance(move, Fire | AirStrike | Torpedo):
            raise BattleshipError(f"{move!r} is not a move of this game")
        weapon = move.weapon
        if weapon is not None:
            self._check_weapon(shooter, weapon)
        cells = move.targets(self.boards[1 - shooter])
        if weapon is None and len(cells) > self._shots_left:
            left = self._shots_left
            raise IllegalMove(
                f"this turn has {left} shot{'s' if left != 1 else ''} left, not {len(cells)}",
                kind="shots_left",
                left=left,
                cells=len(cells),
            )
        if self.rules.group_reports and len(cells) != self._shots_left:
            # The turn is answered as a whole: fired a cell at a time, it would be told
            # cell by cell (docs/rules/five-shot.md, 'A round').
            raise IllegalMove(
                f"this turn is {self._shots_left} shots named together, not {len(cells)}",
                kind="shots_together",
                shots=self._shots_left,
                cells=len(cells),
            )
        self.played.append(PlayedMove(shooter, move, cells))
        if weapon is not None:
            self._shots_left = len(cells)  # the weapon's cells are the whole turn
            if not cells:  # a torpedo with no contact: the turn passes all the same
                self._settle(shooter, turn_over=True)
                return []
        return [self._shoot(shooter, cell) for cell in cells]

    @property
    def moves(self) -> list[Move]:
        """Every move made, in order: with the rules, the seed and both fleets, the game."""
        return [played.move for played in self.played]

    def log(self) -> list[dict[str, Any]]:
        """The moves made, in order, as a stored game keeps them (``move_from_dict`` reads
        each back)."""
        return [played.to_dict() for played in self.moves]

    def weapons_left(self, player: int) -> dict[Weapon, int]:
        """``player``'s special weapons not yet used, by kind."""
        seat = self._seat(player)
        left = self.rules.weapons()
        for played in self.played:
            if played.player == seat and played.move.weapon is not None:
                left[played.move.weapon] -= 1
        return left

    def _check_weapon(self, shooter: int, weapon: Weapon) -> None:
        name = weapon.value.replace("_", " ")
        if weapon not in self.rules.weapons():
            raise IllegalMove(f"these rules have no {name}", kind="no_weapon", weapon=weapon.value)
        if self.weapons_left(shooter)[weapon] <= 0:
            raise IllegalMove(
                f"every {name} has been used", kind="weapon_used", weapon=weapon.value
            )
        if self._fired_this_turn:
            article = "an" if name[0] in "aeiou" else "a"
            raise IllegalMove(
                f"{article} {name} is a whole turn: use it before firing",
                kind="weapon_whole_turn",
                weapon=weapon.value,
            )

    def play_turn(self, player: MoveChooser) -> list[MoveResult]:
        """Let ``player`` (a computer player, say) play the whole turn of the player to move,
        choosing from that player's view alone: the one computer turn every front end uses."""
        seat = self._current_shooter()
        results: list[MoveResult] = []
        while self.phase is GamePhase.IN_PROGRESS and self.current_player == seat:
            results += self.play(player.choose_move(self.view_for(seat)))
        return results

    def make_move(self, coord: Coordinate | str | tuple[int, int]) -> MoveResult:
        """Fire one shot for the player to move (docs/rules/classic.md). Turns pass when their shots
        are used up."""
        self._current_shooter()
        return self.play(Fire((Coordinate.coerce(coord, self.rules.board_size),)))[0]

    def _current_shooter(self) -> int:
        if self.phase is not GamePhase.IN_PROGRESS:
            when = (
                "before the game has started"
                if self.phase is GamePhase.SETUP
                else "after the game is over"
            )
            raise IllegalMove(
                f"no shots can be fired {when}",
                kind="no_shots_before" if self.phase is GamePhase.SETUP else "no_shots_after",
            )
        return self._current()

    def _shoot(self, shooter: int, cell: Coordinate) -> MoveResult:
        """One shot of a move already checked: applied, then the turn and the end settled
        by the rule set's policies (``battleship.classic.turns``)."""
        target = self.boards[1 - shooter]
        result = target.receive_shot(cell)
        self.shots.append(
            Shot(shooter, result.coord, result.hit, result.sunk.name if result.sunk else None)
        )
        self._shots_left -= 1
        self._fired_this_turn += 1
        self._settle(shooter, turn_over=self._shots_left <= 0 or target.all_sunk)
        return MoveResult(
            player=shooter,
            coord=result.coord,
            hit=result.hit,
            sunk=result.sunk,
            turn_over=self.current_player != shooter,
            game_over=self.phase is GamePhase.FINISHED,
            winner=self.winner,
            next_player=self.current_player,
            draw=self.is_draw,
        )

    def _settle(self, shooter: int, *, turn_over: bool) -> None:
        """After a shot (or a turn without one): the end, by the rule set's policy, or the
        next turn when this one is over."""
        round_over = turn_over and shooter != self.first_player
        outcome = ENDINGS[self.rules.game_end](self.boards, shooter, round_over)
        if outcome is not None:
            self._finish(outcome)
        elif turn_over:
            self._begin_turn(1 - shooter)

    def _finish(self, outcome: Outcome) -> None:
        self.phase = GamePhase.FINISHED
        self.winner = outcome.winner
        self.current_player = None
        self._shots_left = 0

    @property
    def is_draw(self) -> bool:
        """Whether the game ended with both fleets sunk in the same round (no winner)."""
        return self.phase is GamePhase.FINISHED and self.winner is None

    def resign(self, player: int) -> None:
        """``player`` gives up: the game ends and the other player wins (docs/rules/classic.md)."""
        super().resign(player)
        self._shots_left = 0

    def shots_allowed(self, player: int) -> int:
        """How many shots ``player`` gets in a turn now, under the rule set: its allowance
        (``battleship.classic.turns``), never more than the enemy cells still open, at least one."""
        seat = self._seat(player)
        policy = self.rules.shots_per_turn
        if policy is ShotsPerTurn.ONE:
            return 1  # the standard game, and every turn of a replay of one: nothing to count
        allowed = ALLOWANCES[policy](self.rules, self.boards[seat])
        untargeted = self.rules.board_size**2 - self.boards[1 - seat].shot_count
        return max(1, min(allowed, untargeted))

    # -- snapshots and views -------------------------------------------------------------

    def get_state(self) -> GameState:
        """An immutable, JSON-serialisable snapshot of the whole game."""
        return GameState(
            rules=self.rules,
            seed=self.seed,
            phase=self.phase,
            first_player=self.first_player,
            current_player=self.current_player,
            winner=self.winner,
            fleets=(self.boards[0].ships, self.boards[1].ships),
            shots=tuple(self.shots),
            shots_left_in_turn=self._shots_left,
            resigned=self.resigned,
        )

    def spectator_view(self) -> SpectatorView:
        """What someone watching may know: see ``SpectatorView``."""
        return SpectatorView.of(self.view_for(0), self.view_for(1))

    def view_for(self, player: int) -> PlayerView:
        """What ``player`` may know: see ``PlayerView``."""
        seat = self._seat(player)
        names_sinks = self.rules.names_sunk_ships
        reports: tuple[GroupReport, ...] = ()
        if self.rules.group_reports:
            fired = tuple(FiredShot(s.coord, None) for s in self.shots if s.player == seat)
            reports = self._reports(seat)
            sunk = tuple(name for report in reports for name in report.sunk)
        else:
            fired = tuple(
                FiredShot(s.coord, s.hit, s.sunk if names_sinks else None)
                for s in self.shots
                if s.player == seat
            )
            sunk = tuple(s.sunk for s in fired if s.sunk)
        received = tuple((s.coord, s.hit) for s in self.shots if s.player != seat)
        return PlayerView(
            player=seat,
            rules=self.rules,
            phase=self.phase,
            current_player=self.current_player,
            winner=self.winner,
            fleet=self.boards[seat].ships,
            shots_received=received,
            shots_fired=fired,
            enemy_sunk=sunk,
            shots_left_in_turn=self._shots_left if self.current_player == seat else 0,
            move_number=len(self.shots),
            enemy_fleet=self.boards[1 - seat].ships if self.phase is GamePhase.FINISHED else (),
            resigned=self.resigned,
            last_round=self._last_round(seat),
            moves=tuple(self.played),
            weapons_left=tuple(self.weapons_left(seat).items()),
            reports=reports,
        )

    def _reports(self, seat: int) -> tuple[GroupReport, ...]:
        """The group report of each of ``seat``'s turns (a turn is one move: a volley)."""
        target = self.boards[1 - seat]
        shots = iter(s for s in self.shots if s.player == seat)
        reports = []
        for played in self.played:
            if played.player != seat:
                continue
            turn = [next(shots) for _ in played.cells]
            hit = [ship.name if (ship := target.ship_at(s.coord)) else None for s in turn]
            sunk = [s.sunk for s in turn if s.sunk]
            reports.append(GroupReport.announce(self.rules, played.cells, hit, sunk))
        return tuple(reports)

    def _last_round(self, seat: int) -> tuple[int, int]:
        """``seat``'s shots in its last turn and the opponent's shots since (see PlayerView)."""
        end = len(self.shots)
        theirs = end
        while theirs and self.shots[theirs - 1].player != seat:
            theirs -= 1
        mine = theirs
        while mine and self.shots[mine - 1].player == seat:
            mine -= 1
        return theirs - mine, end - theirs

    @classmethod
    def from_state(cls, state: GameState) -> BattleshipGame:
        """Rebuild a game from a snapshot by replaying its moves."""
        return cls.replay(
            state.rules,
            state.seed,
            [[(s.name, s.start, s.orientation) for s in fleet] for fleet in state.fleets],
            [shot.coord for shot in state.shots],
            started=state.phase is not GamePhase.SETUP,
            first_player=state.first_player,
            resigned=state.resigned,
        )

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seed: int,
        fleets: Iterable[Iterable[tuple[str, Coordinate | str, Orientation | str]]],
        moves: Iterable[Move | Coordinate | str],
        *,
        started: bool = True,
        first_player: int | None = None,
        resigned: int | None = None,
    ) -> BattleshipGame:
        """Build a game from its rules, seed, both fleets and its ordered moves (a cell
        stands for a one-shot ``Fire``: the form ``GameState.shots`` keeps).

        ``first_player``, when given, must agree with what the rules and seed decide;
        ``resigned`` names the player who gave up after the last move, if one did.
        """
        game = cls(rules, seed)
        for player, fleet in enumerate(fleets):
            for name, start, orientation in fleet:
                game.place_ship(player, name, start, orientation)
        if started:
            game.start()
            if first_player is not None and first_player != game.first_player:
                raise BattleshipError("the first player does not agree with the rules and seed")
        turn: list[Coordinate] = []  # under group reports, a turn's cells until it is whole
        for move in moves:
            if isinstance(move, Coordinate | str):
                cell = Coordinate.coerce(move, rules.board_size)
                if not rules.group_reports:
                    game.play(Fire((cell,)))
                    continue
                # A turn is named whole under group reports: the cells of a snapshot's shots
                # are played a turn at a time.
                turn.append(cell)
                if len(turn) >= game._shots_left:
                    game.play(Fire(tuple(turn)))
                    turn = []
                continue
            game.play(move)
        if turn:
            raise BattleshipError("the shots end in the middle of a turn")
        if resigned is not None:
            game.resign(resigned)
        return game

    # -- internals -----------------------------------------------------------------------

    def _begin_turn(self, player: int) -> None:
        self.current_player = player
        self._fired_this_turn = 0
        if not counts_at_round_start(self.rules):
            self._shots_left = self.shots_allowed(player)
            return
        if player == self.first_player:  # a round begins: both turns are counted now
            self._round_allowance = (self.shots_allowed(0), self.shots_allowed(1))
        self._shots_left = self._round_allowance[player]
