"""Dawson City Barbers observations: the cached seat rows always equal a fresh
encoding, the layout matches the documented table, and nothing hidden leaks."""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env import make_game
from skagway_env.games.dawson_city_barbers.observation import PLAYER_FEATURES

from .conftest import random_playout


@pytest.mark.parametrize("num_players", range(2, 7))
def test_cached_rows_equal_a_fresh_encoding_at_every_step(num_players):
    game = make_game("dawson_city_barbers", num_players=num_players)
    for seed in range(4):

        def compare(state, seed: int = seed) -> None:
            observer = (len(state.history) + seed) % num_players
            cached = state.observation_tensor(observer)
            fresh = state.clone()  # a clone drops the cache and rebuilds from scratch
            assert np.array_equal(cached, fresh.observation_tensor(observer))

        random_playout(game.new_initial_state(), np.random.default_rng(seed), compare)


def test_layout_matches_the_documented_table():
    game = make_game("dawson_city_barbers", num_players=4)
    assert PLAYER_FEATURES == 23
    assert game.observation_size() == 4 + 2 * 21 + 6 * 23 == 184
    assert game.num_distinct_actions() == 21 + 6 * 21 + 3 * 21 == 210
    state = game.new_initial_state()
    random_playout(state, np.random.default_rng(0), max_steps=4 * 5 + 3)  # deal + 3 turns
    obs = state.observation_tensor(1)
    assert obs[state.round] == 1 and obs[:4].sum() == 1
    assert obs[4:25].tolist() == state.hands[1]
    assert obs[25:46].tolist() == state.discards
    seats = obs[46:].reshape(6, 23)
    assert seats[:4, 0].tolist() == [1, 1, 1, 1] and not seats[4:].any()  # 4 seats, padded
    for rel in range(4):
        q = (1 + rel) % 4
        assert seats[rel, 1] == pytest.approx(state.train_pos[q] / 40)
        assert seats[rel, 5] == pytest.approx(state.work[q] / 24)
        assert seats[rel, 6] == pytest.approx(state.pan[q] / 24)
        assert seats[rel, 16] == pytest.approx(sum(state.hands[q]) / 5)


def test_opponents_hands_do_not_reach_the_observation():
    game = make_game("dawson_city_barbers", num_players=3)
    state = game.new_initial_state()
    random_playout(state, np.random.default_rng(4), max_steps=15)  # the deal only
    other = state.clone()
    other.hands[1], other.hands[2] = other.hands[2], other.hands[1]  # both hold 5 cards
    assert other.hands != state.hands
    assert np.array_equal(other.observation_tensor(0), state.observation_tensor(0))
    assert other.observation_string(0) == state.observation_string(0)
    assert other.observation_string(1) != state.observation_string(1)
