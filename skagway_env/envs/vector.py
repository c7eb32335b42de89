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

from ..core import State
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
        self._obs_shape = (self.num_envs, first.observation_space.shape[0])
        self.observations = np.zeros(self._obs_shape, dtype=np.float32)
        # The masks live in one bytearray that ``masks`` views: a game's row is
        # rewritten where its legal actions changed (the ones shown last cleared, the
        # new ones set), with no mask array built and copied per step. A game whose
        # state has its own ``legal_actions_mask`` gets that mask copied in instead.
        self._width = int(first.action_space.n)
        self._mask_bytes = bytearray(self.num_envs * self._width)
        self.masks = np.frombuffer(self._mask_bytes, dtype=bool).reshape(self.num_envs,
                                                                          self._width)
        self._generic_mask = [type(env.state).legal_actions_mask is State.legal_actions_mask
                              for env in self.envs]
        self._shown: list[list[int]] = [[] for _ in self.envs]

    def reset(self, seeds: Sequence[int | None] | None = None) -> np.ndarray:
        """Start every game afresh; ``seeds[i]`` seeds game ``i`` (``None``: keep its RNG)."""
        observations = np.empty(self._obs_shape, dtype=np.float32)
        for i, env in enumerate(self.envs):
            obs, _ = env.reset(seed=None if seeds is None else seeds[i])
            observations[i] = obs
            self._show_mask(i, env)
        self.observations = observations
        return observations

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                 list[dict[str, Any]]]:
        """One step of every game; a game that ends is reset at once. The observations
        come in a new array each step (the caller may keep it)."""
        observations = np.empty(self._obs_shape, dtype=np.float32)
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
            observations[i] = obs
            self._show_mask(i, env)
            infos.append(info)
        self.observations = observations
        return observations, rewards, dones, infos

    def _show_mask(self, i: int, env: SingleAgentEnv) -> None:
        """Row ``i`` of ``masks``: ``env.action_masks()`` (the learner is to move: a
        batch resets a game as soon as it ends)."""
        if not self._generic_mask[i]:
            self.masks[i] = env.action_masks()
            return
        legal = env.state._legal_for(env.seat)  # read, never kept
        row, offset = self._mask_bytes, i * self._width
        for action in self._shown[i]:
            row[offset + action] = 0
        for action in legal:
            row[offset + action] = 1
        self._shown[i] = list(legal)

    def action_masks(self) -> np.ndarray:
        return self.masks.copy()

    def close(self) -> None:
        for env in self.envs:
            env.close()
