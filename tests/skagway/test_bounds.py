"""Skagway's observation bounds come from the data file and ``max_turns``, not from
the bundled numbers: a file with other counters and a lower 3+ space, and a short
cap, move the bounds, and random play with them stays inside."""

from __future__ import annotations

import numpy as np

import skagway_env
from skagway_env.games.skagway.components import DEFAULT_DATA_FILE
from skagway_env.games.skagway.observation import HEAD, STAGES, size

from ..conftest import assert_random_play_inside_bounds


def test_bounds_follow_the_data_file_and_the_cap(tmp_path):
    text = DEFAULT_DATA_FILE.read_text()
    text = text.replace("counts = { 2 = 5, 3 = 6, 4 = 3 }", "counts = { 2 = 2, 3 = 6, 4 = 6 }")
    text = text.replace("purchased_track_limit = 3", "purchased_track_limit = 2")
    path = tmp_path / "components.toml"
    path.write_text(text)
    game = skagway_env.make_game("skagway", num_players=4, data_file=str(path), max_turns=6)
    low, high = game.observation_bounds()
    assert high[3] == high[4] == high[5] == np.float32(0.06)  # turn, cap, turns left
    marker = HEAD + len(STAGES) + 2  # the observer's Buildings Purchased marker / 3
    assert (low[marker], high[marker]) == (np.float32(-2 / 3), np.float32(2 / 3))
    assert high[-2] == np.float32(6 / 3)  # six $4 counters not yet turned in
    assert size(len(game.components.goods), len(game.components.prestige)) == high.size
    assert_random_play_inside_bounds(game, range(4))
