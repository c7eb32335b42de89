"""N single-agent games stepped as one batch, with masks (torch-free).

``SingleAgentBatch`` holds N ``SingleAgentEnv`` and steps them together into
preallocated arrays, resetting each game as it ends (the final observation goes into
that game's info as ``terminal_observation``, SB3's convention). It is the engine of
``skagway_agents.rl.vec_env.BatchVecEnv``, the Stable-Baselines3 ``VecEnv`` (SB3 imports
torch, which this package must not, so the SB3 class lives one layer up and is a thin
adapter). Collection cost is then the games' own: one Python loop over the games, no
per-step copies of dict observations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .single_agent import SingleAgentEnv


class SingleAgentBatch:
    """Step N single-agent envs at once; ``masks`` holds their current legal actions."""

    def __init__(self, env_fns: Sequence[Callable[[], SingleAgentEnv]]) -> None:
        self.envs = [fn() for fn in env_fns]
        if not self.envs:
            raise ValueError("a batch needs at least one env")
        first = self.envs[0]
        self.num_envs = len(self.envs)
        self.observation_space = first.observation_space
        self.action_space = first.action_space
        size = first.observation_space.shape[0]
        self.observations = np.zeros((self.num_envs, size), dtype=np.float32)
        self.masks = np.zeros((self.num_envs, first.action_space.n), dtype=bool)

    def reset(self, seeds: Sequence[int | None] | None = None) -> np.ndarray:
        """Start every game afresh; ``seeds[i]`` seeds game ``i`` (``None``: keep its RNG)."""
        for i, env in enumerate(self.envs):
            obs, _ = env.reset(seed=None if seeds is None else seeds[i])
            self.observations[i] = obs
            self.masks[i] = env.action_masks()
        return self.observations.copy()

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                 list[dict[str, Any]]]:
        """One step of every game; a game that ends is reset at once."""
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        dones = np.zeros(self.num_envs, dtype=bool)
        infos: list[dict[str, Any]] = []
        for i, env in enumerate(self.envs):
            obs, reward, terminated, truncated, info = env.step(int(actions[i]))
            rewards[i] = reward
            if terminated or truncated:
                dones[i] = True
                info = {**info, "terminal_observation": obs,
                        "TimeLimit.truncated": truncated and not terminated}
                obs, _ = env.reset()
            self.observations[i] = obs
            self.masks[i] = env.action_masks()
            infos.append(info)
        return self.observations.copy(), rewards, dones, infos

    def action_masks(self) -> np.ndarray:
        return self.masks.copy()

    def close(self) -> None:
        for env in self.envs:
            env.close()
