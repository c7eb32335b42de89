"""PettingZoo conventions third-party tools expect (issue 10, item 5), for every game:
the Parallel env registered and in each ``<game>_v0`` module, ``illegal_action`` on it,
``max_cycles`` reported as truncation, the RNG where Gymnasium looks, and PettingZoo's
``state_test`` and ``parallel_seed_test`` (terminate mode: they sample unmasked actions).
"""

from __future__ import annotations

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test, state_test

import skagway_env
from skagway_env import IllegalActionError
from skagway_env.core import game_class
from skagway_env.envs import env_id


def make_aec(config, **kwargs):
    return skagway_env.make_env(config.name, num_players=config.num_players,
                                **dict(config.params), **kwargs)


def make_parallel(config, **kwargs):
    return skagway_env.make_parallel_env(config.name, num_players=config.num_players,
                                         **dict(config.params), **kwargs)


def test_state_test(config):
    state_test(make_aec(config, illegal_action="terminate"),
               make_parallel(config, illegal_action="terminate"))


def test_parallel_seed_test(config):
    parallel_seed_test(lambda: make_parallel(config, illegal_action="terminate"))


def test_parallel_api_test(config):
    parallel_api_test(make_parallel(config), num_cycles=200)


def test_parallel_env_registered_and_in_module(config):
    version = game_class(config.name).info.env_version
    env = pettingzoo.make("parallel", env_id(config.name), num_players=config.num_players)
    assert isinstance(env, pettingzoo.ParallelEnv)
    module = getattr(skagway_env, f"{config.name}_v{version}")
    env = module.parallel_env(num_players=config.num_players)
    observations, _ = env.reset(seed=3)
    assert set(observations) == set(env.possible_agents)


def test_rng_where_gymnasium_looks(config):
    env = make_parallel(config)
    env.reset(seed=5)
    assert env.unwrapped._np_random is env.np_random
    first = env.np_random.integers(1 << 30)
    env.reset(seed=5)
    assert env.np_random.integers(1 << 30) == first
    aec = make_aec(config)
    aec.reset(seed=5)
    assert isinstance(aec.unwrapped._np_random, np.random.Generator)


def mover_and_illegal(env, observations):
    mover = next(a for a, o in observations.items() if o["action_mask"].any())
    illegal = int(np.flatnonzero(observations[mover]["action_mask"] == 0)[0])
    return mover, illegal


def legal_others(observations, mover) -> dict[str, int]:
    """A legal action for every other seat that has one (all of them at a
    simultaneous node, none at an ordinary one)."""
    return {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()
            if a != mover and o["action_mask"].any()}


def test_parallel_illegal_action_terminates_or_raises(config):
    env = make_parallel(config, illegal_action="terminate")
    observations, _ = env.reset(seed=1)
    mover, illegal = mover_and_illegal(env, observations)
    _, rewards, terms, truncs, _ = env.step({**legal_others(observations, mover),
                                             mover: illegal})
    assert rewards[mover] == -1.0
    assert all(r == 0.0 for a, r in rewards.items() if a != mover)
    assert all(terms.values()) and not any(truncs.values()) and env.agents == []
    env = make_parallel(config)
    observations, _ = env.reset(seed=1)
    mover, illegal = mover_and_illegal(env, observations)
    with pytest.raises(IllegalActionError):
        env.step({**legal_others(observations, mover), mover: illegal})


def legal_joint(observations, rng):
    return {a: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for a, o in observations.items() if o["action_mask"].any()}


def test_parallel_max_cycles_is_a_truncation(config):
    env = make_parallel(config, max_cycles=5)
    observations, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for step in range(1, 6):
        observations, rewards, terms, truncs, infos = env.step(legal_joint(observations, rng))
        if step < 5:
            assert not any(truncs.values()) and env.agents
    assert all(truncs.values()) and not any(terms.values())
    assert all(r == 0.0 for r in rewards.values()) and env.agents == []
    assert all(info["truncated"] for info in infos.values())


def test_aec_max_cycles_is_a_truncation(config):
    env = make_aec(config, max_cycles=3)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    moves, ended = 0, set()
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            assert trunc and not term and reward == 0.0 and info["truncated"]
            ended.add(agent)
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        moves += 1
    assert moves == 3 * config.num_players
    assert ended == set(env.possible_agents)


def test_max_cycles_must_be_positive():
    with pytest.raises(ValueError, match="max_cycles"):
        skagway_env.make_parallel_env("dawson_city_barbers", max_cycles=0)
