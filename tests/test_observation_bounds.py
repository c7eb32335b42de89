"""Every game declares its observation bounds, and play stays inside them.

``Game.observation_bounds()`` gives the envs' observation spaces finite bounds where the
rules bound a feature (see ``skagway_env.core.bounds``). A finite bound that play can
pass would mislead any agent that normalises or clips by it, so every seat's tensor is
checked at every step of random games and of a game between heuristic bots (which
reach the high scores and long tracks random play rarely does; once per player count,
as variants change rules rather than value ranges).
"""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents import make_agent
from skagway_experiments.play import play_game

from skagway_env.core import Game
from skagway_env.envs.common import observation_space, state_space

from .conftest import assert_inside_bounds, assert_random_play_inside_bounds


def _bounds(game: Game) -> tuple[np.ndarray, np.ndarray]:
    low, high = game.observation_bounds()
    return np.asarray(low), np.asarray(high)


def test_bounds_are_declared_and_well_formed(config):
    game = config.make()
    assert type(game).observation_bounds is not Game.observation_bounds, (
        f"{config.name} does not declare observation_bounds()")
    low, high = _bounds(game)
    size = game.observation_size()
    assert low.shape == high.shape == (size,)
    assert low.dtype == high.dtype == np.float32
    assert not np.isnan(low).any() and not np.isnan(high).any()
    assert (low <= high).all()
    assert np.isfinite(low).all(), "every feature has a finite lower bound"
    assert np.isfinite(high).any(), "a game with no bounded feature declares nothing"
    box = observation_space(game)["observation"]
    assert np.array_equal(box.low, low) and np.array_equal(box.high, high)
    whole = state_space(game)
    assert np.array_equal(whole.high, np.tile(high, game.num_players))


@pytest.mark.parametrize("seed", [0, 1])
def test_random_play_stays_inside_bounds(config, seed):
    assert_random_play_inside_bounds(config.make(), [seed])


def test_heuristic_play_stays_inside_bounds(config):
    if config.params:
        pytest.skip("presets change rules, not value ranges: random play covers them")
    game = config.make()
    low, high = _bounds(game)
    agents = [make_agent("heuristic", game, seed=seat) for seat in range(game.num_players)]
    result = play_game(game, agents, seed=3,
                       on_step=lambda s, _action: assert_inside_bounds(s, low, high))
    assert len(result.returns) == game.num_players
