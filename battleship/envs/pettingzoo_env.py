"""Two-player Battleship for multi-agent libraries: a PettingZoo AEC environment.

    from battleship.envs.pettingzoo_env import env
    game = env(rules="salvo")
    game.reset(seed=1)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        mask = observation["action_mask"]
        action = None if terminated or truncated else game.action_space(agent).sample(mask)
        game.step(action)

Both seats are agents (``player_0`` fires at ``player_1``'s fleet and back), on the same
engine as the web game, the terminal game and ``Battleship-v0``; the turns are whatever the
rule set says (under Salvo an agent fires several times in a row, so ``agent_selection``
stays with it). Like the engine, this module imports nothing from Django.
"""

from __future__ import annotations

import io
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from battleship.classic import BattleshipGame, GamePhase, PlayerView, RuleSet
from battleship.classic.display import build_display
from battleship.classic.variants import rule_set
from battleship.envs import MAX_STEPS
from battleship.envs.gymnasium_env import Rewards
from battleship.envs.observations import tracking_grid
from battleship.terminal.console import Console

OWN_WATER, OWN_MISS, OWN_SHIP, OWN_HIT = 0, 1, 2, 3
"""The values of a cell of the agent's own board (the observation's second plane)."""

AGENTS = ("player_0", "player_1")
RENDER_MODES = ("ansi",)


def env(**kwargs: Any) -> AECEnv[str, dict[str, NDArray[np.int8]], int]:
    """``raw_env`` in PettingZoo's usual wrappers: an illegal action's error is clear, and
    the order of calls is enforced."""
    game: AECEnv[str, dict[str, NDArray[np.int8]], int] = raw_env(**kwargs)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


class raw_env(AECEnv[str, dict[str, NDArray[np.int8]], int]):  # PettingZoo's own name for it
    """Battleship between two agents, ``player_0`` and ``player_1`` (engine seats 0 and 1).

    **Rules.** ``rules`` as for ``Battleship-v0``: a name (``"standard"``, ``"salvo"``,
    ``"no_touch"``, ``"fog_of_war"``), a ``RuleSet`` or its ``to_dict()``. Who fires first
    and how many shots a turn has are the rule set's; ``agent_selection`` is always the seat
    the engine says is to fire.

    **Observation** (of ``agent``): a dict, as PettingZoo's board games give it.
    ``"observation"``: ``Box(0, 3, (2, size, size), int8)``; plane 0 the agent's tracking
    grid exactly as ``Battleship-v0`` shows it (0 unknown, 1 miss, 2 hit, 3 sunk), plane 1
    its own board (``OWN_WATER``, ``OWN_MISS`` where the enemy missed, ``OWN_SHIP``,
    ``OWN_HIT``). Never an unsunk enemy ship. ``"action_mask"``: 1 for every cell the agent
    has not fired at.

    **Action.** ``Discrete(size * size)``, ``row * size + col``. An illegal action (a cell
    fired at before) changes nothing, earns ``Rewards.illegal`` and leaves the turn with the
    same agent.

    **Rewards** (``Rewards``, as in ``Battleship-v0``): to the agent that fired, ``step``
    plus ``hit`` or ``miss``, ``sink`` on an announced sinking; when the game ends, ``win``
    to the winner and ``loss`` to the other (a draw, possible only under a rule set that
    settles a whole round before checking the end, gives neither).

    **End.** Both agents ``terminated`` when a fleet is sunk (or a player resigns);
    both ``truncated`` once either agent has taken ``MAX_STEPS`` (400) steps, which only
    illegal actions can bring about. ``infos[agent]["winner"]`` names the winner's agent
    (None for a draw or while playing).

    **Seeds.** ``reset(seed=S)`` plays episode 0 of seed S, each ``reset()`` after it the
    next; both fleets and who starts come from the seed.
    """

    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "battleship_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str | RuleSet | dict[str, Any] | None = None,
        rewards: Rewards | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = rule_set(rules)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}")
        self.render_mode = render_mode
        self.reward_values = rewards or Rewards()
        size = self.size = self.rules.board_size
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        # One space object per agent, the same every call (PettingZoo's API test checks it).
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0, 3, shape=(2, size, size), dtype=np.int8),
                    "action_mask": spaces.Box(0, 1, shape=(size * size,), dtype=np.int8),
                }
            )
            for agent in AGENTS
        }
        self._action_spaces = {agent: spaces.Discrete(size * size) for agent in AGENTS}
        self._game: BattleshipGame | None = None
        self._base_seed: int | None = None
        self._episode = 0
        self._steps = dict.fromkeys(AGENTS, 0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game: episode 0 of ``seed``, or the next one."""
        if seed is not None:
            self._base_seed, self._episode = seed, 0
            self._np_random_seed = seed
        elif self._base_seed is None:
            self._base_seed, self._episode = random.SystemRandom().getrandbits(62), 0
        else:
            self._episode += 1
        game_seed = random.Random(f"{self._base_seed}:pettingzoo:{self._episode}").getrandbits(62)
        self._game = BattleshipGame(self.rules, game_seed)
        self._game.setup_random()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {"winner": None} for agent in AGENTS}
        self._steps = dict.fromkeys(AGENTS, 0)
        self.agent_selection = self._to_move()

    def observe(self, agent: str) -> dict[str, NDArray[np.int8]]:
        view = self._running_game().view_for(AGENTS.index(agent))
        tracking = tracking_grid(view)
        observation = np.stack([tracking, _own_board(view)])
        mask = (tracking.reshape(-1) == 0).astype(np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._running_game()
        if action is None:
            raise ValueError(f"{agent} is to fire: an action is a cell, 0 to {self.size**2 - 1}")
        seat = AGENTS.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._steps[agent] += 1
        values = self.reward_values
        cell = divmod(int(action), self.size)
        if cell in {(c.row, c.col) for c in game.view_for(seat).targeted}:
            self.rewards[agent] = values.illegal
        else:
            result = game.make_move(cell)
            reward = values.step + (values.hit if result.hit else values.miss)
            if result.sunk is not None and self.rules.names_sunk_ships:
                reward += values.sink
            self.rewards[agent] = reward
        if game.phase is GamePhase.FINISHED:
            winner = None if game.winner is None else AGENTS[game.winner]
            for other in self.agents:
                self.terminations[other] = True
                self.infos[other] = {"winner": winner}
                if winner is not None:
                    self.rewards[other] += values.win if other == winner else values.loss
        elif max(self._steps.values()) >= MAX_STEPS:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._to_move()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: both fleets with the shots each received, as a
        spectator of the terminal game sees them."""
        if self.render_mode != "ansi" or self._game is None:
            return None
        out = io.StringIO()
        rows = [build_display(self._game.view_for(seat)).own_rows for seat in (0, 1)]
        Console(io.StringIO(), out).boards(AGENTS[0], rows[0], AGENTS[1], rows[1])
        return out.getvalue()

    def close(self) -> None:
        """Nothing to release: no window, no files."""

    def _running_game(self) -> BattleshipGame:
        if self._game is None:
            raise RuntimeError("no game yet: call reset() first")
        return self._game

    def _to_move(self) -> str:
        seat = self._running_game().current_player
        if seat is None:  # an invariant while the game is in progress
            raise RuntimeError("no one is to move")
        return AGENTS[seat]


def _own_board(view: PlayerView) -> NDArray[np.int8]:
    size = view.rules.board_size
    board = np.full((size, size), OWN_WATER, dtype=np.int8)
    for cell, _hit in view.shots_received:
        board[cell.row, cell.col] = OWN_MISS
    for ship in view.fleet:
        for cell in ship.cells:
            board[cell.row, cell.col] = OWN_HIT if board[cell.row, cell.col] else OWN_SHIP
    return board
