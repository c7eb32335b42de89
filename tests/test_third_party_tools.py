"""docs/with_other_tools.md holds: the third-party checkers that sample unmasked actions
pass with ``illegal_action="terminate"`` on every game, the envs' ``max_cycles`` does what
PettingZoo means by it (checked with masked actions, which PettingZoo's own
``max_cycles_test`` cannot use), and every recipe of the page runs as printed (a recipe
whose package is not installed is skipped, naming the install)."""

from __future__ import annotations

import functools
import importlib.util
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env as gymnasium_check_env
from pettingzoo.test import parallel_seed_test, state_test

import skagway_env
from skagway_env.core import list_games
from skagway_env.envs import make_single_agent_env

DOC = Path(__file__).resolve().parents[1] / "docs" / "with_other_tools.md"
GAMES = [name for name in list_games() if not name.startswith("toy_")]
"""Every bundled game, at its default player count (the test games are left out)."""


def terminating(name: str):
    return (functools.partial(skagway_env.make_env, name, illegal_action="terminate"),
            functools.partial(skagway_env.make_parallel_env, name, illegal_action="terminate"))


@pytest.mark.parametrize("name", GAMES)
def test_unmasked_checkers_pass_with_terminate(name: str) -> None:
    env, parallel_env = terminating(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the checkers' advice on dict observations
        state_test(env(), parallel_env())
        parallel_seed_test(parallel_env)
        gymnasium_check_env(make_single_agent_env(name, illegal_action="terminate"),
                            skip_render_check=True)
        if importlib.util.find_spec("stable_baselines3") is not None:
            from stable_baselines3.common.env_checker import check_env as sb3_check_env
            sb3_check_env(make_single_agent_env(name, illegal_action="terminate"))


def masked_sample(space, observation: dict) -> int:
    return int(space.sample(observation["action_mask"].astype(np.int8)))


@pytest.mark.parametrize("name", GAMES)
def test_max_cycles_with_masked_actions(name: str) -> None:
    """What PettingZoo's ``max_cycles_test`` asks, less its round-robin assumption: the
    Parallel env stops after exactly ``max_cycles`` steps, the AEC env after
    ``max_cycles * num_agents`` moves, both as a truncation."""
    max_cycles = 4
    parallel = skagway_env.make_parallel_env(name, max_cycles=max_cycles)
    observations, _ = parallel.reset(seed=0)
    steps = 0
    while parallel.agents:
        actions = {a: masked_sample(parallel.action_space(a), observations[a])
                   for a in parallel.agents}
        observations, _, terminations, truncations, _ = parallel.step(actions)
        steps += 1
        assert steps <= max_cycles
    assert steps == max_cycles and all(truncations.values())
    assert not any(terminations.values())

    env = skagway_env.make_env(name, max_cycles=max_cycles)
    env.reset(seed=0)
    moves = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
        else:
            env.step(masked_sample(env.action_space(agent), observation))
            moves += 1
    assert moves == max_cycles * len(env.possible_agents)


RECIPE = re.compile(r"```python\n# recipe: (\w+)\n(.*?)```", re.S)
RECIPES = dict(RECIPE.findall(DOC.read_text()))
NEEDS = {
    "checkers": ("pettingzoo", "the base install"),
    "single_agent_sb3": ("sb3_contrib", "pip install 'skagway_env[train]'"),
    "tianshou": ("tianshou", "pip install tianshou"),
    "openspiel": ("pyspiel", "pip install 'skagway_env[bench]'"),
}


def test_every_recipe_is_tested() -> None:
    assert set(RECIPES) == set(NEEDS)


@pytest.mark.parametrize("recipe", sorted(NEEDS))
def test_recipe_runs(recipe: str) -> None:
    module, install = NEEDS[recipe]
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed ({install}; not in the Makefile's install)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(RECIPES[recipe], f"{DOC.name}:{recipe}", "exec"), {"__name__": recipe})
