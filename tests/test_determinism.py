"""Same seed, same game: whatever else touches Python's or NumPy's global RNGs."""

from __future__ import annotations

import random

import numpy as np
from skagway_agents import make_agent
from skagway_experiments import play_game

import skagway_env

from .test_pettingzoo_env import play_env


class DisturbingEnv:
    """Delegates to an env and stirs the global RNGs around every call."""

    def __init__(self, env, seed: int) -> None:
        self.env = env
        self.noise = np.random.default_rng(seed)

    def _stir(self) -> None:
        random.seed(int(self.noise.integers(1 << 30)))
        random.random()
        np.random.seed(int(self.noise.integers(1 << 30)))
        np.random.random(int(self.noise.integers(1, 5)))

    def __getattr__(self, name):
        attr = getattr(self.env, name)
        if callable(attr):
            def stirred(*args, **kwargs):
                self._stir()
                return attr(*args, **kwargs)
            return stirred
        return attr


def test_env_trajectory_depends_only_on_seed(config):
    make = lambda: skagway_env.make_env(config.name, num_players=config.num_players)  # noqa: E731
    first, end1 = play_env(make(), seed=11)
    second, end2 = play_env(DisturbingEnv(make(), seed=1), seed=11)
    third, _ = play_env(DisturbingEnv(make(), seed=2), seed=11)
    assert first == second == third
    assert end1 == end2
    other, _ = play_env(make(), seed=12)
    assert other != first


def test_engine_game_depends_only_on_seed(config):
    game = config.make()

    def play(seed: int, stir: bool) -> list:
        agents = [make_agent("random", game, seed=100 + p) for p in range(game.num_players)]
        noise = np.random.default_rng(seed)

        def on_step(state, action):
            if stir:
                random.seed(int(noise.integers(1 << 30)))
                np.random.seed(int(noise.integers(1 << 30)))

        return play_game(game, agents, seed, on_step).actions

    assert play(21, stir=False) == play(21, stir=True)
    assert play(21, stir=False) != play(22, stir=False)
