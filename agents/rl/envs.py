"""Training envs with agent specs: the single-agent view and SB3 vector envs.

``skagway_env.make_single_agent_env`` takes built opponents (that package cannot import
the agents); here spec strings (``"random"``, ``"heuristic:landlord"``,
``"ppo:bot.zip"``) are turned into agents first. ``BatchVecEnv`` is the in-process SB3
``VecEnv`` over ``skagway_env.envs.SingleAgentBatch``; ``make_vec_env(...,
subprocess=True)`` gives SB3's ``SubprocVecEnv`` of the same envs instead. Both answer
``env_method("action_masks")``, which is how ``MaskablePPO`` reads masks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import SubprocVecEnv, VecEnv

import skagway_env  # noqa: F401  (registers the bundled games)
from skagway_env.core import make_game
from skagway_env.envs import SingleAgentBatch, SingleAgentEnv

from .. import make_agent


def agent_seed(rng: np.random.Generator) -> int:
    return int(rng.integers(2**63))


def spec_pool(game_name: str, specs: Sequence[str], params: dict[str, Any]) -> Callable:
    """A pool that builds one fresh agent per opponent seat from ``specs`` at every
    reset, seeded from the env's RNG (a single spec fills every seat)."""
    game = make_game(game_name, **params)
    for spec in specs:
        make_agent(spec, game, 0)  # a bad spec fails here, not mid-training

    def pool(rng: np.random.Generator, count: int) -> list:
        chosen = list(specs) * count if len(specs) == 1 else list(specs)
        if len(chosen) != count:
            raise ValueError(f"{len(specs)} opponent specs for {count} opponent seats")
        return [make_agent(spec, game, agent_seed(rng)) for spec in chosen]

    return pool


def make_single_agent_env(game: str, opponents: Sequence[Any] | Callable | None = None,
                          seat: int | str = "random", hint: str | None = None,
                          **kwargs: Any) -> SingleAgentEnv:
    """``skagway_env.make_single_agent_env`` that also takes agent spec strings;
    ``hint`` (an agent spec) appends that style's move to the observation
    (``hints.HintedEnv``)."""
    if opponents is not None and not callable(opponents):
        items = list(opponents)
        if items and all(isinstance(o, str) for o in items):
            params = {k: v for k, v in kwargs.items()
                      if k not in ("render_mode", "illegal_action", "illegal_reward")}
            opponents = spec_pool(game, items, params)
    if hint:
        from .hints import HintedEnv

        return HintedEnv(game, opponents, seat, hint=hint, **kwargs)
    return skagway_env.make_single_agent_env(game, opponents, seat, **kwargs)


class BatchVecEnv(VecEnv):
    """N games stepped in this process as one batch (masks included)."""

    def __init__(self, env_fns: Sequence[Callable[[], SingleAgentEnv]]) -> None:
        self.batch = SingleAgentBatch(env_fns)
        self.envs = self.batch.envs
        self._actions: np.ndarray | None = None
        super().__init__(self.batch.num_envs, self.batch.observation_space,
                         self.batch.action_space)

    def reset(self) -> np.ndarray:
        seeds = list(self._seeds) if any(s is not None for s in self._seeds) else None
        obs = self.batch.reset(seeds)
        self._reset_seeds()
        self._reset_options()
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self):
        obs, rewards, dones, infos = self.batch.step(self._actions)
        return obs, rewards, dones, infos

    def action_masks(self) -> np.ndarray:
        return self.batch.action_masks()

    def close(self) -> None:
        self.batch.close()

    def _targets(self, indices) -> list[SingleAgentEnv]:
        return [self.envs[i] for i in self._get_indices(indices)]

    def get_attr(self, attr_name: str, indices=None) -> list[Any]:
        return [getattr(env, attr_name) for env in self._targets(indices)]

    def set_attr(self, attr_name: str, value: Any, indices=None) -> None:
        for env in self._targets(indices):
            setattr(env, attr_name, value)

    def env_method(self, method_name: str, *args, indices=None, **kwargs) -> list[Any]:
        if method_name == "action_masks" and indices is None:
            return list(self.batch.masks)  # already computed by the last step or reset
        return [getattr(env, method_name)(*args, **kwargs) for env in self._targets(indices)]

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return [isinstance(env, wrapper_class) for env in self._targets(indices)]


def make_vec_env(game: str, num_envs: int, opponents: Sequence[Any] | Callable | None = None,
                 seed: int | None = None, subprocess: bool = False,
                 hint: str | None = None, **kwargs: Any) -> VecEnv:
    """``num_envs`` single-agent games as one SB3 ``VecEnv`` (``seed + i`` seeds game i).

    ``subprocess=True`` runs each game in its own process (SB3's ``SubprocVecEnv``;
    opponents must then be spec strings or picklable). In-process is the default:
    on few cores the games are cheaper than the pipes. ``hint``: see
    ``make_single_agent_env``.
    """
    def factory() -> SingleAgentEnv:
        return make_single_agent_env(game, opponents, hint=hint, **kwargs)

    env: VecEnv = (SubprocVecEnv([factory] * num_envs) if subprocess
                   else BatchVecEnv([factory] * num_envs))
    env.seed(seed)
    return env
