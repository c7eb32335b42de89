"""Environments for every registered game: PettingZoo AEC and Parallel, and a Gymnasium
single-agent view (``make_single_agent_env``) with its batched stepping.

``make_env`` / ``make_parallel_env`` build them by game name; ``register_all`` puts
every game into PettingZoo's own registry as ``skagway_env/<game>-v<version>`` and
makes PettingZoo-style modules (``skagway_env.<game>_v<version>``) whose docstring is
the game's documentation table.
"""

from __future__ import annotations

import functools
import sys
import types
from typing import Any

import pettingzoo
from pettingzoo import AECEnv, ParallelEnv

from ..core import game_class, list_games
from .aec import GameAECEnv, wrap_aec
from .parallel import GameParallelEnv
from .single_agent import SingleAgentEnv, make_single_agent_env
from .vector import SingleAgentBatch

NAMESPACE = "skagway_env"


def make_env(
    name: str, render_mode: str | None = None, illegal_action: str = "raise",
    max_cycles: int | None = None, **params: Any
) -> AECEnv:
    """A wrapped AEC env: ``make_env("dawson_city_barbers", num_players=4)``."""
    return wrap_aec(GameAECEnv(name, render_mode=render_mode, max_cycles=max_cycles, **params),
                    illegal_action)


def make_raw_env(name: str, render_mode: str | None = None, max_cycles: int | None = None,
                 **params: Any) -> GameAECEnv:
    """The AEC env without PettingZoo's wrappers."""
    return GameAECEnv(name, render_mode=render_mode, max_cycles=max_cycles, **params)


def make_parallel_env(name: str, render_mode: str | None = None, illegal_action: str = "raise",
                      max_cycles: int | None = None, **params: Any) -> ParallelEnv:
    """A Parallel env: every seat sends an action each step; only the movers' count."""
    return GameParallelEnv(name, render_mode=render_mode, illegal_action=illegal_action,
                           max_cycles=max_cycles, **params)


def env_id(name: str) -> str:
    return f"{NAMESPACE}/{name}-v{game_class(name).info.env_version}"


def module_name(name: str) -> str:
    return f"{name}_v{game_class(name).info.env_version}"


def _env_module(name: str) -> types.ModuleType:
    cls = game_class(name)
    module = types.ModuleType(f"{NAMESPACE}.{module_name(name)}")
    module.__doc__ = sys.modules[cls.__module__.rsplit(".", 1)[0]].__doc__
    module.env = functools.partial(make_env, name)  # type: ignore[attr-defined]
    module.raw_env = functools.partial(make_raw_env, name)  # type: ignore[attr-defined]
    module.parallel_env = functools.partial(make_parallel_env, name)  # type: ignore[attr-defined]
    return module


def register_all(package: types.ModuleType) -> None:
    """Register every game with PettingZoo and attach its env module to ``package``."""
    for name in list_games():
        ident = env_id(name)
        if ident not in pettingzoo.aec_registry:
            pettingzoo.register("aec", ident, entry_point=functools.partial(make_env, name))
        if ident not in pettingzoo.parallel_registry:
            pettingzoo.register(
                "parallel", ident, entry_point=functools.partial(make_parallel_env, name)
            )
        module = _env_module(name)
        setattr(package, module_name(name), module)
        sys.modules.setdefault(module.__name__, module)  # import skagway_env.<game>_vN
        sys.modules[module.__name__] = module


__all__ = [
    "GameAECEnv",
    "GameParallelEnv",
    "SingleAgentBatch",
    "SingleAgentEnv",
    "env_id",
    "make_env",
    "make_parallel_env",
    "make_raw_env",
    "make_single_agent_env",
    "register_all",
]
