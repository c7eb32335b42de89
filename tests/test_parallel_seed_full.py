"""A full-length seed check of the Parallel env, for every simultaneous-move game.

PettingZoo's ``parallel_seed_test`` samples actions from the whole space (the env then
needs an adapter to stay legal) and, in PettingZoo 1.27, stops after the first step
(``any(terminations1)`` reads a dict's keys), so it checks almost nothing. Here two
envs reset with the same seed play whole games with the same masked actions, drawn
from a seeded generator, and every step's observations, masks, rewards, terminations,
truncations and infos must agree; a different seed must give a different game.
"""

from __future__ import annotations

import numpy as np
import pytest

import skagway_env

from .conftest import CONFIGS

SIMULTANEOUS_CONFIGS = [c for c in CONFIGS if c.make().info.simultaneous_moves]


def masked_actions(observations: dict, rng: np.random.Generator) -> dict[str, int]:
    """A legal action for every agent with one (a seat with an all-zero mask sends none)."""
    return {agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
            for agent, obs in sorted(observations.items()) if obs["action_mask"].any()}


def same(a, b) -> bool:
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b)
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    return a == b


def play(config, seed: int) -> list:
    env = skagway_env.make_parallel_env(config.name, num_players=config.num_players,
                                        **dict(config.params))
    observations, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = [(observations, infos)]
    while env.agents:
        observations, *rest = env.step(masked_actions(observations, rng))
        steps.append((observations, *rest))
    return steps


@pytest.mark.parametrize("config", SIMULTANEOUS_CONFIGS, ids=str)
def test_a_seed_replays_a_whole_parallel_game(config):
    first, again = play(config, 5), play(config, 5)
    assert len(first) == len(again) > 2
    for i, (a, b) in enumerate(zip(first, again, strict=True)):
        assert same(a, b), f"step {i} differs between two envs seeded alike"
    _, rewards, terminations, truncations, _ = first[-1]
    assert all(terminations.values()) or all(truncations.values())
    assert rewards and any(rewards.values())  # the game ended and paid out
    if not config.params:  # the seed matters (once a game and player count)
        other = play(config, 6)
        assert len(other) != len(first) or not all(map(same, first, other))
