"""Shared fixtures: every generic test runs for every registered game and every
player count it supports, so a new game is covered the day it is registered."""

from __future__ import annotations

import signal
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

import skagway_env
from skagway_env.core import Game, State, list_configurations
from skagway_env.core.playout import random_playout  # noqa: F401  (used by tests)


@dataclass(frozen=True)
class GameConfig:
    name: str
    num_players: int
    params: tuple[tuple[str, Any], ...] = ()

    def make(self) -> Game:
        return skagway_env.make_game(self.name, num_players=self.num_players,
                                     **dict(self.params))

    def __str__(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in self.params)
        return f"{self.name}-{self.num_players}p{extra}"


def all_configs() -> list[GameConfig]:
    """Every registered game at every player count, with each declared variant."""
    return [GameConfig(name, n, tuple(sorted(params.items())))
            for name, n, params in list_configurations()]


CONFIGS = all_configs()


@pytest.fixture(params=CONFIGS, ids=str)
def config(request) -> GameConfig:
    return request.param


def sample_states(game: Game, seed: int, count: int) -> list[State]:
    """``count`` decision states drawn from random games (for per-state checks)."""
    rng = np.random.default_rng(seed)
    found: list[State] = []
    while len(found) < count:
        snapshots: list[State] = []

        def keep(s: State, into: list[State] = snapshots) -> None:
            if not s.is_chance_node():
                into.append(s.clone())

        random_playout(game.new_initial_state(), rng, keep)
        picks = rng.choice(len(snapshots), size=min(count - len(found), 8), replace=False)
        found += [snapshots[i] for i in sorted(picks)]
    return found


def assert_inside_bounds(state: State, low: np.ndarray, high: np.ndarray) -> None:
    """Every seat's observation tensor lies within the game's declared bounds."""
    for p in range(state.num_players):
        obs = state.observation_tensor(p)
        outside = np.flatnonzero((obs < low) | (obs > high))
        assert outside.size == 0, (
            f"seat {p}, features {outside[:8].tolist()}: values "
            f"{obs[outside[:8]].tolist()} outside [{low[outside[:8]].tolist()}, "
            f"{high[outside[:8]].tolist()}]\n{state}")


def assert_random_play_inside_bounds(game: Game, seeds) -> None:
    """Random games of ``game``: every step, and the end, inside its declared bounds."""
    low, high = (np.asarray(b) for b in game.observation_bounds())
    for seed in seeds:
        final = random_playout(game.new_initial_state(), np.random.default_rng(seed),
                               lambda s: assert_inside_bounds(s, low, high))
        assert_inside_bounds(final, low, high)


def restore_ctrl_c() -> None:
    """A ``preexec_fn`` for a child that a test stops with SIGINT, as a terminal's
    Ctrl-C would: the default disposition again. A shell starts background jobs
    (``make test &``) with SIGINT ignored, children inherit that, and Python then keeps
    ignoring it, so the child would never see the test's Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
