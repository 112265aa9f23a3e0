"""A Gymnasium environment over the engine: ``Battleship-v0``.

``import battleship.envs`` registers it (as ``battleship/Battleship-v0`` and as
``Battleship-v0``), so any of these works::

    import gymnasium as gym
    env = gym.make("battleship.envs:battleship/Battleship-v0")  # imports battleship.envs first
    env = gym.make("battleship/Battleship-v0", opponent=3)      # once battleship.envs is imported
    env = gym.make("Battleship-v0")                              # the id it has always had

The agent fires at a hidden fleet, one cell per step. Like the engine and the computer
players, this module imports nothing from Django.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from battleship.classic import (
    AirStrike,
    BattleshipGame,
    Board,
    Coordinate,
    Fire,
    GamePhase,
    PlayerView,
    RuleSet,
    Torpedo,
    sunk_ship_cells,
)
from battleship.classic.ai import computer_seed, get_player
from battleship.classic.ai.base import ComputerPlayer
from battleship.classic.variants import rule_set
from battleship.envs import MAX_STEPS
from battleship.envs.actions import Actions, Placement, Rewards, fleet_board, target_fleet
from battleship.envs.observations import (
    GROUP,
    HIT,
    MISS,
    OBSERVATIONS,
    PLANES,
    SUNK,
    UNKNOWN,
    boards_image,
    boards_text,
    tracking_grid,
)
from battleship.envs.search import SearchGame

__all__ = ["MAX_STEPS", "BattleshipEnv", "Placement", "Rewards", "target_fleet"]

AGENT, OPPONENT = 0, 1


class BattleshipEnv(gym.Env[NDArray[np.int8], np.int64]):
    """Battleship for a learning agent, on the project's engine and computer players.

    **Game.** By default the search game: the agent fires alone at a hidden fleet until it
    is sunk. With ``opponent=N`` the two-sided game: the computer player of level N (see
    ``battleship.classic.ai.LEVELS``) places its own fleet and fires back at the agent's after
    each of the agent's turns, as in the web game; the episode ends with a win or a loss. ``rules``
    is a rule-set name (``"standard"``, ``"salvo"``, ``"no_touch"``, ``"fog_of_war"``), a
    ``RuleSet`` or its ``to_dict()``. In the search game there is no one to take turns
    with, so the shots-per-turn rule has no effect there: every step is one shot,
    announced at once.

    **Observation.** The agent's tracking grid, ``Box(0, 3, (size, size), int8)``, rows
    A, B, ... down and columns 1, 2, ... across: 0 unknown (never fired at), 1 miss, 2 hit,
    3 sunk (a hit the agent can tell belongs to a sunk ship, ``engine.sunk_ship_cells``;
    never under fog of war, where sinkings are not announced). With
    ``observation="planes"`` the same grid one-hot, ``Box(0, 1, (4, size, size), int8)``:
    plane 0 unknown, 1 miss, 2 hit, 3 sunk (``PLANES``), each 1 where the grid holds that
    value. A network learns from planes far sooner than from the values 0 to 3, which
    it reads as amounts (``examples/train_maskable_ppo.py`` trains on planes).

    **Group reports** (``rules="five_shot"`` or ``"five_shot_cells"``): a turn is answered as a
    whole (docs/rules/five-shot.md), so each step *names* one cell of the turn (``info["result"]``
    ``"aimed"``, reward ``step``) and the step naming its last cell fires them all; that
    step earns the turn's hits and sinkings and ``info["report"]`` says what the defender
    announced ("Battleship hit twice, Submarine hit and sunk"). The grid then has a fifth
    value, 4 (and the planes a fifth plane): a cell named or fired at whose content the
    reports do not settle yet (cells they settle show as hits or misses). A turn in the
    search game has the shots the rules give a fleet never hit (5, or 17 under
    ``five_shot_cells``).

    **Action.** ``Discrete(size * size)``: action ``a`` fires at row ``a // size``, column
    ``a % size`` (``Coordinate(a // size, a % size)``, so ``B7`` is 16).
    ``info["action_mask"]`` is an ``int8`` array with 1 for every cell not yet fired at;
    ``env.action_space.sample(info["action_mask"])`` draws a legal action, and
    ``action_masks()`` gives the same mask as booleans (what sb3-contrib's ``MaskablePPO``
    asks for). An illegal action
    (a cell already fired at) changes nothing, earns ``Rewards.illegal`` and counts toward
    the step cap.

    **Rewards.** See ``Rewards``: +1 a hit, +2 more on an announced sinking, +10 the win,
    -10 the loss, -0.1 every legal shot, -1 an illegal action.

    **End.** ``terminated`` when the fleet is sunk (or, two-sided, the agent's fleet);
    ``truncated`` when ``MAX_STEPS`` (400) steps pass first, which only illegal actions can
    bring about on a 10 x 10 board; the cap is registered as ``spec.max_episode_steps``, so
    ``gym.make`` adds a ``TimeLimit`` that truncates at the same step. After either (and
    before the first ``reset()``), ``step()`` raises ``RuntimeError`` until the next
    ``reset()``.

    **Seeds.** ``reset(seed=S)`` starts episode 0 of seed S; each ``reset()`` after it
    starts the next episode. The fleet of episode n is the one ``bench_ai --seed S`` fires
    at in its game n (``battleship.classic.ai.benchmark.random_fleets``), so a computer player
    of seed ``S + n`` playing as the agent fires the same shots as on the benchmark's range.
    ``reset(options={"fleet": [(name, start, orientation), ...]})`` fires at a fleet of
    your own instead (search game only). A reset refused with ``ValueError`` (an
    incomplete or illegal fleet, an unknown option) leaves the episode as it was.

    **Info.** ``action_mask``; ``result`` (``"hit"``, ``"miss"``, ``"sunk"`` or
    ``"illegal"``; ``"sunk"`` only when announced), ``sunk`` (the ship's name, when
    announced), ``shots`` (legal shots the agent has fired), ``hits``, ``steps``,
    ``episode_number`` (the episode's number since ``reset(seed=S)``; not ``episode``, the
    key agent libraries and ``RecordEpisodeStatistics`` fill with an episode's return and
    length) and, two-sided, ``opponent_shots`` (the cells, like ``"B7"``, the opponent fired at
    since the last step) and ``winner`` (0 the agent, 1 the opponent, None while playing).

    **Render.** ``render_mode="ansi"``: the boards as text, as the terminal game draws
    them; ``"rgb_array"``: the same as an image (the agent's own fleet on the left in the
    two-sided game), a square of ``CELL_PIXELS`` a cell, coloured by ``COLOURS``.

    ``env.unwrapped.player_view()`` gives the agent's ``PlayerView``, so that a computer
    player from ``battleship.classic.ai`` can play as the agent (see ``examples/gym_levels.py``).
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}
    MAX_STEPS = MAX_STEPS

    def __init__(
        self,
        rules: str | RuleSet | dict[str, Any] | None = None,
        opponent: int | None = None,
        rewards: Rewards | None = None,
        render_mode: str | None = None,
        observation: str = "grid",
    ) -> None:
        self.rules = rule_set(rules)
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation must be one of {', '.join(OBSERVATIONS)}")
        if opponent is not None:
            get_player(opponent, 0)  # ValueError now for a level that does not exist
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.opponent_level = opponent
        self.rewards = rewards or Rewards()
        self.render_mode = render_mode
        size = self.rules.board_size
        self.size = size
        self.observation = observation
        self.groups = self.rules.group_reports
        self._planes = np.array(PLANES + ((GROUP,) if self.groups else ()), dtype=np.int8).reshape(
            -1, 1, 1
        )
        self.observation_space = (
            spaces.Box(0, GROUP if self.groups else SUNK, shape=(size, size), dtype=np.int8)
            if observation == "grid"
            else spaces.Box(0, 1, shape=(len(self._planes), size, size), dtype=np.int8)
        )
        # With special weapons the actions go on past the cells: an air strike centred on
        # each cell, then a torpedo from each edge (west, east, north, south) along each line.
        self.weapon_actions = bool(self.rules.arsenal)
        self.actions = Actions(size, self.weapon_actions)
        self.action_space = spaces.Discrete(self.actions.count)
        self._base_seed: int | None = None
        self._episode = 0
        self._steps = 0
        # The search game: the target board and the shots as the agent knows them.
        self._search = SearchGame(self.rules, Board(self.rules))
        self._aimed: list[Coordinate] = []  # under group reports: the turn's cells so far
        # The two-sided game.
        self._game: BattleshipGame | None = None
        self._opponent: ComputerPlayer | None = None
        self._opponent_shots: list[str] = []
        # The agent's grid as the observation shows it, kept up to date by ``_sync``.
        self._grid = np.zeros((size, size), dtype=np.int8)
        self._sunk_seen: tuple[int, bool] | None = None
        self._sunk_cells: list[tuple[int, int]] = []
        self._shots = 0

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
        own_target = None if fleet is None else fleet_board(self.rules, fleet)
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
            target = fleet_board(self.rules, target_fleet(self.rules, base, episode))
        else:
            target = Board(self.rules)
            game, opponent = self._two_sided_game(self.opponent_level, base, episode)
            opponent_shots = _opponent_turns(game, opponent)  # if the opponent fires first
        self._base_seed, self._episode, self._steps = base, episode, 0
        self._search, self._aimed = SearchGame(self.rules, target), []
        self._game, self._opponent, self._opponent_shots = game, opponent, opponent_shots
        self._grid = np.zeros((self.size, self.size), dtype=np.int8)
        self._sunk_seen, self._shots = None, 0
        self._sync()
        return self._observation(), self._info(result=None)

    def step(
        self, action: np.int64 | int
    ) -> tuple[NDArray[np.int8], float, bool, bool, dict[str, Any]]:
        """Fire at the cell ``action``; see the class notes for rewards and the end."""
        if not self._running():
            raise RuntimeError("no episode is running (none yet, or it ended): call reset() first")
        chosen = self.decode(action)
        self._steps += 1
        self._opponent_shots = []
        rewards = self.rewards
        if not isinstance(chosen, Coordinate):
            return self._use_weapon(chosen)
        cell = chosen
        if self._grid[cell.row, cell.col] != UNKNOWN:  # fired at before
            truncated = self._steps >= MAX_STEPS
            return self._observation(), rewards.illegal, False, truncated, self._info("illegal")
        if self.groups:
            return self._aim(cell)
        hit, sunk, won = self._fire(cell)
        announced = sunk if sunk and self.rules.names_sunk_ships else None
        result = "sunk" if announced else ("hit" if hit else "miss")
        return self._answered([(hit, sunk)], won, result, announced)

    def _answered(
        self, shots: list[tuple[bool, str | None]], won: bool, result: str, sunk: str | None = None
    ) -> tuple[NDArray[np.int8], float, bool, bool, dict[str, Any]]:
        """The end of a step that fired ``shots`` (hit, ship sunk): the rewards, the
        opponent's answer unless the agent won, and what the step returns."""
        rewards = self.rewards
        reward = rewards.step
        for hit, sank in shots:
            reward += rewards.hit if hit else rewards.miss
            if sank and self.rules.names_sunk_ships:
                reward += rewards.sink
        if won:
            reward += rewards.win
        elif self._game is not None and self._opponent is not None:
            self._opponent_shots = _opponent_turns(self._game, self._opponent)
            if self._game.phase is GamePhase.FINISHED:
                reward += rewards.loss
        self._sync()
        terminated = self._finished()
        truncated = not terminated and self._steps >= MAX_STEPS
        return self._observation(), reward, terminated, truncated, self._info(result, sunk)

    def _aim(self, cell: Coordinate) -> tuple[NDArray[np.int8], float, bool, bool, dict[str, Any]]:
        """A step under group reports: name ``cell``; the turn's last cell fires the turn."""
        rewards = self.rewards
        self._aimed.append(cell)
        self._grid[cell.row, cell.col] = GROUP
        if len(self._aimed) < self._turn_size():
            truncated = self._steps >= MAX_STEPS
            return self._observation(), rewards.step, False, truncated, self._info("aimed")
        turn, self._aimed = tuple(self._aimed), []
        if self._game is not None:
            self._game.play(Fire(turn))
            report = self._game.view_for(AGENT).reports[-1]
            won = self._game.phase is GamePhase.FINISHED and self._game.winner == AGENT
        else:
            report = self._search.fire_turn(turn)
            won = self._search.won
        reward = rewards.step + report.hit_count * rewards.hit
        reward += (len(turn) - report.hit_count) * rewards.miss + len(report.sunk) * rewards.sink
        if won:
            reward += rewards.win
        elif self._game is not None and self._opponent is not None:
            self._opponent_shots = _opponent_turns(self._game, self._opponent)
            if self._game.phase is GamePhase.FINISHED and self._game.winner != AGENT:
                reward += rewards.loss
        self._sync()
        terminated = self._finished()
        truncated = not terminated and self._steps >= MAX_STEPS
        info = self._info("report", report.sunk[-1] if report.sunk else None)
        info["report"] = str(report)
        return self._observation(), reward, terminated, truncated, info

    def _turn_size(self) -> int:
        """The cells of the agent's turn under group reports (see the class notes)."""
        if self._game is not None:
            return self._game.view_for(AGENT).shots_left_in_turn
        return self._search.turn_size()

    def render(self) -> str | NDArray[np.uint8] | None:
        """The boards as ``render_mode`` asks: ``"ansi"`` text, as the terminal game draws
        them, or an ``"rgb_array"`` image (``CELL_PIXELS`` a cell, see ``COLOURS``)."""
        if self.render_mode == "rgb_array":
            return self._image()
        if self.render_mode != "ansi":
            return None
        return boards_text(self.rules, self.player_view(), two_sided=self._game is not None)

    def _image(self) -> NDArray[np.uint8]:
        return boards_image(self.player_view(), two_sided=self._game is not None)

    # -- for agents and scripts ---------------------------------------------------------

    def action_masks(self) -> NDArray[np.bool_]:
        """True for every action that fires at a cell not yet fired at: the mask
        sb3-contrib's ``MaskablePPO`` asks the environment for (``info["action_mask"]``
        holds the same as ``int8``)."""
        return self._mask().astype(bool)

    def coordinate(self, action: np.int64 | int | np.ndarray) -> Coordinate:
        """The cell an action fires at; ``ValueError`` for anything but an integer action
        (an integer, a NumPy integer, or an integer array holding one value: never 3.9 or
        "3") naming a cell."""
        return self.actions.cell(action)

    def action(self, cell: Coordinate | str | tuple[int, int]) -> int:
        """The action that fires at ``cell`` (a ``Coordinate``, a label like ``"B7"`` or a
        ``(row, col)`` pair); ``ValueError`` unless the cell is on the board."""
        return self.actions.of_cell(cell)

    def decode(self, action: np.int64 | int | np.ndarray) -> Coordinate | AirStrike | Torpedo:
        """What an action does: fire at a cell, or (with special weapons) an air strike
        centred on a cell, or a torpedo; ``ValueError`` for anything but such an action."""
        return self.actions.decode(action)

    def player_view(self) -> PlayerView:
        """The agent's view of the game: what a computer player needs to play as the agent."""
        if self._game is not None:
            return self._game.view_for(AGENT)
        # Under group reports a turn is several cells: the view says how many are still to
        # be named (a computer player as the agent chooses the whole turn from it).
        left = self._turn_size() - len(self._aimed) if self.groups else 1
        return self._search.view(max(left, 1))

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
        hit, sunk = self._search.fire(cell)
        return hit, sunk, self._search.won

    def _running(self) -> bool:
        """Between a ``reset()`` and the step that ends the episode (won, lost or capped)."""
        return self._base_seed is not None and not self._finished() and self._steps < MAX_STEPS

    def _finished(self) -> bool:
        if self._game is not None:
            return self._game.phase is GamePhase.FINISHED
        return self._search.won

    def _sync(self) -> None:
        """Bring the agent's grid up to date with its view, once a step.

        The view is built once here; the observation, the mask and the info read the grid.
        In the search game the environment keeps the shot list itself, so only the shot
        just fired is new; the engine's view in the two-sided game is read whole (what the
        engine chose to announce is its business). The sunk ships' cells are worked out
        again only when they can have changed: ``sunk_ship_cells`` reads each sunk ship's
        cells from the hits up to its sinking, so only a new sinking (or the fleet revealed
        at the end) changes them; working them out every step from the whole shot list was
        the larger part of a step.
        """
        view = self.player_view()
        grid = self._grid
        if self.groups:  # a report can settle cells of earlier turns: the grid afresh
            grid[:] = tracking_grid(view)
            for cell in self._aimed:
                grid[cell.row, cell.col] = GROUP
            self._shots = len(view.shots_fired)
            return
        if self._game is None:
            new = self._search.fired[self._shots :]
        else:
            grid[:] = UNKNOWN
            new = list(view.shots_fired)
        for shot in new:
            grid[shot.coord.row, shot.coord.col] = HIT if shot.hit else MISS
        seen = (len(view.enemy_sunk), bool(view.enemy_fleet))
        if seen != (0, False) and seen != self._sunk_seen:
            self._sunk_cells = [
                (cell.row, cell.col) for cells in sunk_ship_cells(view).values() for cell in cells
            ]
        elif seen == (0, False):
            self._sunk_cells = []
        self._sunk_seen = seen
        for row, col in self._sunk_cells:
            grid[row, col] = SUNK
        self._shots = len(view.shots_fired)

    def _observation(self) -> NDArray[np.int8]:
        if self.observation == "grid":
            return self._grid.copy()
        planes: NDArray[np.int8] = (self._grid == self._planes).astype(np.int8)
        return planes

    def _mask(self) -> NDArray[np.int8]:
        weapons_left = dict(self.player_view().weapons_left) if self.weapon_actions else {}
        return self.actions.mask(self._grid, weapons_left)

    def _use_weapon(
        self, move: AirStrike | Torpedo
    ) -> tuple[NDArray[np.int8], float, bool, bool, dict[str, Any]]:
        """A step that uses a weapon: every shot it makes is rewarded as a shot would be."""
        rewards = self.rewards
        if not self._mask()[self.actions.of_weapon(move)]:  # spent, or nothing open to aim at
            truncated = self._steps >= MAX_STEPS
            return self._observation(), rewards.illegal, False, truncated, self._info("illegal")
        if self._game is not None:
            shots = [(r.hit, r.sunk.name if r.sunk else None) for r in self._game.play(move)]
            won = self._game.phase is GamePhase.FINISHED and self._game.winner == AGENT
        else:
            shots = self._search.use(move)
            won = self._search.won
        return self._answered(shots, won, "hit" if any(hit for hit, _ in shots) else "miss")

    def _info(self, result: str | None, sunk: str | None = None) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": self._mask(),
            "result": result,
            "sunk": sunk,
            "shots": self._shots,
            "hits": int(np.count_nonzero((self._grid == HIT) | (self._grid == SUNK))),
            "steps": self._steps,
            "episode_number": self._episode,
        }
        if self._game is not None:
            info["opponent_shots"] = list(self._opponent_shots)
            info["winner"] = self._game.winner
        return info


def _opponent_turns(game: BattleshipGame, opponent: ComputerPlayer) -> list[str]:
    """The opponent's whole turn, if it is its turn; the cells it fired at, like ``"B7"``."""
    if game.phase is not GamePhase.IN_PROGRESS or game.current_player != OPPONENT:
        return []
    return [str(result.coord) for result in game.play_turn(opponent)]
