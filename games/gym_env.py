"""A Gymnasium environment over the engine: ``Battleship-v0``.

Importing this module registers the environment, so either of these works::

    import gymnasium as gym
    env = gym.make("games.gym_env:Battleship-v0")      # imports this module first
    env = gym.make("Battleship-v0", opponent=3)        # once games.gym_env is imported

The agent fires at a hidden fleet, one cell per step. Like the engine and the computer
players, this module imports nothing from Django.
"""

from __future__ import annotations

import io
import operator
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from games.ai import computer_seed, get_player
from games.ai.base import ComputerPlayer
from games.ai.benchmark import range_view
from games.display import build_display
from games.engine import (
    BattleshipGame,
    Board,
    Coordinate,
    FiredShot,
    GamePhase,
    Orientation,
    PlayerView,
    RuleSet,
    sunk_ship_cells,
)
from games.terminal import Console
from games.variants import rule_set

MAX_STEPS = 400
"""The hard cap on steps in an episode, illegal ones included (rules/001)."""

UNKNOWN, MISS, HIT, SUNK = 0, 1, 2, 3
"""The values of a cell in the observation."""

AGENT, OPPONENT = 0, 1

Placement = tuple[str, Coordinate | str, Orientation | str]


@dataclass(frozen=True, slots=True)
class Rewards:
    """What each step earns. Pass your own as ``BattleshipEnv(rewards=Rewards(...))``.

    A legal shot earns ``step`` plus ``hit`` or ``miss``; ``sink`` more when it sinks a
    ship and the rules announce it (never under fog of war, where the agent is not told);
    ``win`` more when it sinks the last ship. In the two-sided game, ``loss`` when the
    opponent's reply sinks the agent's last ship. An illegal action (a cell already fired
    at) earns ``illegal`` and nothing else.

    With the defaults, every search game that sinks the fleet earns the same 17 hits,
    5 sinkings and the win: its return is ``37 - 0.1 x shots``, so the best return is the
    fewest shots, and the hit and sink rewards only make the signal denser.
    """

    hit: float = 1.0
    miss: float = 0.0
    sink: float = 2.0
    win: float = 10.0
    loss: float = -10.0
    step: float = -0.1
    illegal: float = -1.0


class BattleshipEnv(gym.Env[NDArray[np.int8], np.int64]):
    """Battleship for a learning agent, on the project's engine and computer players.

    **Game.** By default the search game: the agent fires alone at a hidden fleet until it
    is sunk. With ``opponent=N`` the two-sided game: the computer player of level N (see
    ``games.ai.LEVELS``) places its own fleet and fires back at the agent's after each of
    the agent's turns, as in the web game; the episode ends with a win or a loss. ``rules``
    is a rule-set name (``"standard"``, ``"salvo"``, ``"no_touch"``, ``"fog_of_war"``), a
    ``RuleSet`` or its ``to_dict()``. In the search game there is no one to take turns
    with, so the shots-per-turn rule has no effect there: every step is one shot,
    announced at once.

    **Observation.** The agent's tracking grid, ``Box(0, 3, (size, size), int8)``, rows
    A, B, ... down and columns 1, 2, ... across: 0 unknown (never fired at), 1 miss, 2 hit,
    3 sunk (a hit the agent can tell belongs to a sunk ship, ``engine.sunk_ship_cells``;
    never under fog of war, where sinkings are not announced).

    **Action.** ``Discrete(size * size)``: action ``a`` fires at row ``a // size``, column
    ``a % size`` (``Coordinate(a // size, a % size)``, so ``B7`` is 16).
    ``info["action_mask"]`` is an ``int8`` array with 1 for every cell not yet fired at;
    ``env.action_space.sample(info["action_mask"])`` draws a legal action. An illegal action
    (a cell already fired at) changes nothing, earns ``Rewards.illegal`` and counts toward
    the step cap.

    **Rewards.** See ``Rewards``: +1 a hit, +2 more on an announced sinking, +10 the win,
    -10 the loss, -0.1 every legal shot, -1 an illegal action.

    **End.** ``terminated`` when the fleet is sunk (or, two-sided, the agent's fleet);
    ``truncated`` when ``MAX_STEPS`` (400) steps pass first, which only illegal actions can
    bring about on a 10 x 10 board. After either (and before the first ``reset()``),
    ``step()`` raises ``RuntimeError`` until the next ``reset()``.

    **Seeds.** ``reset(seed=S)`` starts episode 0 of seed S; each ``reset()`` after it
    starts the next episode. The fleet of episode n is the one ``bench_ai --seed S`` fires
    at in its game n (``games.ai.benchmark.random_fleets``), so a computer player of seed
    ``S + n`` playing as the agent fires the same shots as on the benchmark's range.
    ``reset(options={"fleet": [(name, start, orientation), ...]})`` fires at a fleet of
    your own instead (search game only). A reset refused with ``ValueError`` (an
    incomplete or illegal fleet, an unknown option) leaves the episode as it was.

    **Info.** ``action_mask``; ``result`` (``"hit"``, ``"miss"``, ``"sunk"`` or
    ``"illegal"``; ``"sunk"`` only when announced), ``sunk`` (the ship's name, when
    announced), ``shots`` (legal shots the agent has fired), ``hits``, ``steps``, ``episode``
    and, two-sided, ``opponent_shots`` (the cells, like ``"B7"``, the opponent fired at
    since the last step) and ``winner`` (0 the agent, 1 the opponent, None while playing).

    ``env.unwrapped.player_view()`` gives the agent's ``PlayerView``, so that a computer
    player from ``games.ai`` can play as the agent (see ``examples/gym_levels.py``).
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}
    MAX_STEPS = MAX_STEPS

    def __init__(
        self,
        rules: str | RuleSet | dict[str, Any] | None = None,
        opponent: int | None = None,
        rewards: Rewards | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.rules = rule_set(rules)
        if opponent is not None:
            get_player(opponent, 0)  # ValueError now for a level that does not exist
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.opponent_level = opponent
        self.rewards = rewards or Rewards()
        self.render_mode = render_mode
        size = self.rules.board_size
        self.size = size
        self.observation_space = spaces.Box(0, 3, shape=(size, size), dtype=np.int8)
        self.action_space = spaces.Discrete(size * size)
        self._base_seed: int | None = None
        self._episode = 0
        self._steps = 0
        # The search game: the target board and the shots as the agent knows them.
        self._target = Board(self.rules)
        self._fired: list[FiredShot] = []
        # The two-sided game.
        self._game: BattleshipGame | None = None
        self._opponent: ComputerPlayer | None = None
        self._opponent_shots: list[str] = []

    # -- the Gymnasium API --------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.int8], dict[str, Any]]:
        """Start an episode: episode 0 of ``seed``, or the next one (see the class notes).

        ``ValueError`` for options it cannot use; the environment is then left as it was.
        """
        # Everything that can be refused is checked before anything changes.
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError(f"options must be a dict, not {type(options).__name__}")
        unknown = set(options) - {"fleet"}
        if unknown:
            raise ValueError(f"unknown reset options: {', '.join(sorted(map(str, unknown)))}")
        fleet = options.get("fleet")
        if fleet is not None and self.opponent_level is not None:
            raise ValueError("a fleet of your own is for the search game (no opponent)")
        own_target = None if fleet is None else _board(self.rules, fleet)
        super().reset(seed=seed)
        if seed is not None:
            base, episode = seed, 0
        elif self._base_seed is None:
            base, episode = int(self.np_random.integers(2**62)), 0
        else:
            base, episode = self._base_seed, self._episode + 1
        game: BattleshipGame | None = None
        opponent: ComputerPlayer | None = None
        opponent_shots: list[str] = []
        if own_target is not None:
            target = own_target
        elif self.opponent_level is None:
            target = _board(self.rules, target_fleet(self.rules, base, episode))
        else:
            target = Board(self.rules)
            game, opponent = self._two_sided_game(self.opponent_level, base, episode)
            opponent_shots = _opponent_turns(game, opponent)  # if the opponent fires first
        self._base_seed, self._episode, self._steps = base, episode, 0
        self._target, self._fired = target, []
        self._game, self._opponent, self._opponent_shots = game, opponent, opponent_shots
        return self._observation(), self._info(result=None)

    def step(
        self, action: np.int64 | int
    ) -> tuple[NDArray[np.int8], float, bool, bool, dict[str, Any]]:
        """Fire at the cell ``action``; see the class notes for rewards and the end."""
        if not self._running():
            raise RuntimeError("no episode is running (none yet, or it ended): call reset() first")
        cell = self.coordinate(action)
        self._steps += 1
        self._opponent_shots = []
        rewards = self.rewards
        if cell in self._targeted():
            truncated = self._steps >= MAX_STEPS
            return self._observation(), rewards.illegal, False, truncated, self._info("illegal")
        hit, sunk, won = self._fire(cell)
        reward = rewards.step + (rewards.hit if hit else rewards.miss)
        announced = sunk if sunk and self.rules.names_sunk_ships else None
        if announced:
            reward += rewards.sink
        if won:
            reward += rewards.win
        elif self._game is not None and self._opponent is not None:
            self._opponent_shots = _opponent_turns(self._game, self._opponent)
            if self._game.phase is GamePhase.FINISHED:
                reward += rewards.loss
        terminated = self._finished()
        truncated = not terminated and self._steps >= MAX_STEPS
        result = "sunk" if announced else ("hit" if hit else "miss")
        return self._observation(), reward, terminated, truncated, self._info(result, announced)

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the boards as text, as the terminal game draws them."""
        if self.render_mode != "ansi":
            return None
        out = io.StringIO()
        console = Console(io.StringIO(), out)
        display = build_display(self.player_view())
        if self._game is None:
            console.board("Enemy waters", display.enemy_rows)
        else:
            console.boards("Your fleet", display.own_rows, "Enemy waters", display.enemy_rows)
        return out.getvalue()

    # -- for agents and scripts ---------------------------------------------------------

    def coordinate(self, action: np.int64 | int | np.ndarray) -> Coordinate:
        """The cell an action fires at; ``ValueError`` for anything but an integer action.

        An integer, a NumPy integer, or an integer array holding one value (as some agent
        libraries hand back): never 3.9 or "3".
        """
        last = self.size * self.size - 1
        if isinstance(action, np.ndarray) and action.size == 1:
            action = action.reshape(())[()]
        try:
            index = operator.index(action)
        except TypeError:
            raise ValueError(f"action {action!r} is not a cell: an integer 0 to {last}") from None
        if not 0 <= index <= last:
            raise ValueError(f"action {index} is not a cell: 0 to {last}")
        return Coordinate(*divmod(index, self.size))

    def action(self, cell: Coordinate | str | tuple[int, int]) -> int:
        """The action that fires at ``cell`` (a ``Coordinate``, a label like ``"B7"`` or a
        ``(row, col)`` pair); ``ValueError`` unless the cell is on the board."""
        coord = Coordinate.coerce(cell, self.size)
        if not coord.in_bounds(self.size):
            raise ValueError(f"{coord!r} is not on the {self.size} x {self.size} board")
        return coord.row * self.size + coord.col

    def player_view(self) -> PlayerView:
        """The agent's view of the game: what a computer player needs to play as the agent."""
        if self._game is not None:
            return self._game.view_for(AGENT)
        return range_view(self.rules, self._fired, won=self._target.all_sunk)

    # -- internals ----------------------------------------------------------------------

    def _two_sided_game(
        self, level: int, base: int, episode: int
    ) -> tuple[BattleshipGame, ComputerPlayer]:
        seeds = random.Random(f"{base}:gym:{episode}")
        game = BattleshipGame(self.rules, seeds.getrandbits(62))
        # Seeded as the site seeds its computer: this episode is the web game of that seed.
        opponent = get_player(level, computer_seed(game.seed))
        game.place_fleet(OPPONENT, opponent.place_fleet(self.rules))
        game.setup_random()  # the agent's fleet at random from the game's seed; who starts
        return game, opponent

    def _fire(self, cell: Coordinate) -> tuple[bool, str | None, bool]:
        """Fire for the agent; whether it hit, the ship it sank, whether that won."""
        if self._game is not None:
            result = self._game.make_move(cell)
            sunk = result.sunk.name if result.sunk else None
            return result.hit, sunk, result.game_over
        shot = self._target.receive_shot(cell)
        sunk = shot.sunk.name if shot.sunk else None
        announced = sunk if self.rules.names_sunk_ships else None
        self._fired.append(FiredShot(shot.coord, shot.hit, announced))
        return shot.hit, sunk, self._target.all_sunk

    def _running(self) -> bool:
        """Between a ``reset()`` and the step that ends the episode (won, lost or capped)."""
        return self._base_seed is not None and not self._finished() and self._steps < MAX_STEPS

    def _finished(self) -> bool:
        if self._game is not None:
            return self._game.phase is GamePhase.FINISHED
        return self._target.is_complete and self._target.all_sunk

    def _targeted(self) -> frozenset[Coordinate]:
        return self.player_view().targeted

    def _observation(self) -> NDArray[np.int8]:
        view = self.player_view()
        grid = np.zeros((self.size, self.size), dtype=np.int8)
        for shot in view.shots_fired:
            grid[shot.coord.row, shot.coord.col] = HIT if shot.hit else MISS
        for cells in sunk_ship_cells(view).values():
            for cell in cells:
                grid[cell.row, cell.col] = SUNK
        return grid

    def _info(self, result: str | None, sunk: str | None = None) -> dict[str, Any]:
        view = self.player_view()
        mask = np.ones(self.size * self.size, dtype=np.int8)
        for cell in view.targeted:
            mask[cell.row * self.size + cell.col] = 0
        info: dict[str, Any] = {
            "action_mask": mask,
            "result": result,
            "sunk": sunk,
            "shots": len(view.shots_fired),
            "hits": sum(1 for shot in view.shots_fired if shot.hit),
            "steps": self._steps,
            "episode": self._episode,
        }
        if self._game is not None:
            info["opponent_shots"] = list(self._opponent_shots)
            info["winner"] = self._game.winner
        return info


def target_fleet(rules: RuleSet, seed: int, episode: int) -> list[Placement]:
    """The fleet of ``episode`` for ``seed``: ``bench_ai``'s fleet of game ``episode``.

    The same derivation as ``games.ai.benchmark.random_fleets`` (a test holds them equal),
    computed for one game without the ones before it.
    """
    board = Board.random_placement(rules, random.Random(f"{seed}:bench:{episode}"))
    return [(ship.name, ship.start, ship.orientation) for ship in board.ships]


def _opponent_turns(game: BattleshipGame, opponent: ComputerPlayer) -> list[str]:
    """The opponent's whole turn, if it is its turn; the cells it fired at, like ``"B7"``."""
    if game.phase is not GamePhase.IN_PROGRESS or game.current_player != OPPONENT:
        return []
    return [str(result.coord) for result in game.play_turn(opponent)]


def _board(rules: RuleSet, fleet: Iterable[Sequence[Any]]) -> Board:
    """A board with ``fleet`` placed; ``ValueError`` unless it is the rules' whole fleet."""
    board = Board(rules)
    try:
        placements = [tuple(placement) for placement in fleet]
    except TypeError:
        raise ValueError("a fleet is a list of (name, start, orientation) placements") from None
    for placement in placements:
        if len(placement) != 3:
            raise ValueError(f"{placement!r} is not a (name, start, orientation) placement")
        board.place_ship(*placement)
    if not board.is_complete:
        raise ValueError("the fleet to fire at must have every ship of the rules")
    return board


if "Battleship-v0" not in gym.registry:
    gym.register(id="Battleship-v0", entry_point="games.gym_env:BattleshipEnv")
