"""Klondike Rush's observation bounds come from the data file, not from the bundled
numbers: more order cards and richer orders move the order counts and the money
bound, and random play with that file stays inside."""

from __future__ import annotations

import numpy as np

from skagway_env.core.playout import random_playout
from skagway_env.games.klondike_rush.components import DEFAULT_DATA_FILE
from skagway_env.games.klondike_rush.observation import max_money

from .helpers import game


def test_bounds_follow_the_data_file(tmp_path):
    bundled = game(3)
    text = DEFAULT_DATA_FILE.read_text()
    text = text.replace('good = "fish"\nquantity = 2\nvalue = 7\ncount = 3',
                        'good = "fish"\nquantity = 2\nvalue = 20\ncount = 9', 1)
    path = tmp_path / "components.toml"
    path.write_text(text)
    richer = game(3, data_file=str(path))
    comp = richer.components
    assert max_money(comp, 3) - max_money(bundled.components, 3) == 9 * 20 - 3 * 7
    low, high = richer.observation_bounds()
    assert high.max() == 38  # the order cards a seat can hold, 6 more than bundled
    for seed in range(4):
        def inside(state):
            for p in range(state.num_players):
                obs = state.observation_tensor(p)
                assert ((obs >= low) & (obs <= high)).all(), np.flatnonzero(obs > high)
        inside(random_playout(richer.new_initial_state(), np.random.default_rng(seed), inside))
