"""Shared fixtures: every generic test runs for every registered game and every
player count it supports, so a new game is covered the day it is registered."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

import skagway_env
from skagway_env.core import Game, State, game_class
from skagway_env.envs.common import sample_chance


@dataclass(frozen=True)
class GameConfig:
    name: str
    num_players: int

    def make(self) -> Game:
        return skagway_env.make_game(self.name, num_players=self.num_players)

    def __str__(self) -> str:
        return f"{self.name}-{self.num_players}p"


def all_configs() -> list[GameConfig]:
    configs = []
    for name in skagway_env.list_games():
        info = game_class(name).info
        configs += [GameConfig(name, n) for n in range(info.min_players, info.max_players + 1)]
    return configs


CONFIGS = all_configs()


@pytest.fixture(params=CONFIGS, ids=str)
def config(request) -> GameConfig:
    return request.param


def random_playout(
    state: State, rng: np.random.Generator, visit=None, max_steps: int | None = None
) -> State:
    """Play uniformly random legal actions (chance by its odds) until the end.

    ``visit(state)`` is called at every node before its action is chosen.
    """
    steps = 0
    while not state.is_terminal():
        if max_steps is not None and steps >= max_steps:
            break
        if visit is not None:
            visit(state)
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        elif state.is_simultaneous_node():
            state.apply_actions(
                [int(rng.choice(state.legal_actions(p))) for p in range(state.num_players)]
            )
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
        steps += 1
    return state


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
