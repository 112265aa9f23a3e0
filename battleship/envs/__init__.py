"""Environments for agents, over the classic engine (the ``gym`` and ``agents`` extras).

``import battleship.envs`` registers the Gymnasium environment (``battleship.envs.
gymnasium_env.BattleshipEnv``) as ``battleship/Battleship-v0`` and as ``Battleship-v0``,
the id it has always had; ``gym.make`` imports it only when asked. The two-player
PettingZoo environment is ``battleship.envs.pettingzoo_env.env``.
"""

import gymnasium as gym

MAX_STEPS = 400
"""An episode is truncated after this many steps, whatever the agent fires (docs/rules/classic.md,
'The step cap of the training environment')."""

ENV_IDS = ("battleship/Battleship-v0", "Battleship-v0")
"""The ids it is registered under: namespaced, as installed packages' environments are, and
the plain one it has always had."""

for _env_id in ENV_IDS:
    if _env_id not in gym.registry:
        # The cap registered too, so that wrappers and agent libraries see it in
        # ``spec.max_episode_steps``; the environment truncates at the same step on its own.
        gym.register(
            id=_env_id,
            entry_point="battleship.envs.gymnasium_env:BattleshipEnv",
            max_episode_steps=MAX_STEPS,
        )
