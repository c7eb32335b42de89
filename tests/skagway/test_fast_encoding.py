"""Issue 21: ``observation.encode`` (the fast path) gives the plain encoding's tensor bit
for bit (``reference_encoding.py``), at every position of sampled games, for every
seat, in games played by random and by "sensible" seats, and in views."""

from __future__ import annotations

import numpy as np
import pytest

import skagway_env
from skagway_env.core.playout import random_playout

from ..conftest import GameConfig
from ..walks import walk
from .reference_encoding import reference_encode


def _assert_same(state, label: str) -> None:
    for seat in range(state.num_players):
        fast = state.observation_tensor(seat)
        plain = reference_encode(state, seat)
        assert fast.dtype == plain.dtype == np.float32
        assert fast.tobytes() == plain.tobytes(), (
            f"{label} seat {seat}: features {np.flatnonzero(fast != plain).tolist()} differ")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_encoding_equals_the_plain_one_under_random_play(players):
    game = skagway_env.make_game("skagway", num_players=players)
    rng = np.random.default_rng(2100 + players)
    for _game_index in range(2):
        seen: list = []
        random_playout(game.new_initial_state(), rng,
                       lambda s, into=seen: into.append(s.clone()))
        for at, state in enumerate(seen):
            _assert_same(state, f"random game, step {at}")
        for at in sorted(rng.choice(len(seen), size=5, replace=False)):
            state = seen[at]
            if state.current_player() >= 0:
                view = state.view(state.current_player(), rng)
                _assert_same(view, f"view at step {at}")


@pytest.mark.parametrize("players", [3, 4])
def test_fast_encoding_equals_the_plain_one_where_players_go(players):
    config = GameConfig("skagway", players)
    played = walk(config, "sensible", 0, 2121 + players, max_steps=400)
    for at, state in enumerate(played.positions(config.make())):
        _assert_same(state, f"{played} step {at}")
