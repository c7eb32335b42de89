"""Skagway's views under a tiny filter limit: every kept arrangement explains what the
seat saw, and a move none of them explains rebuilds the filter exactly, so views keep
their contract whatever the limit (``information.FILTER_LIMIT``)."""

from __future__ import annotations

import numpy as np

import skagway_env
from skagway_env.core.playout import replay

from ..conftest import random_playout


def test_views_keep_their_contract_when_the_filters_are_cut_to_one_arrangement(monkeypatch):
    from skagway_env.games.skagway import information

    monkeypatch.setattr(information, "FILTER_LIMIT", 1)
    game = skagway_env.make_game("skagway", num_players=3)
    rng = np.random.default_rng(12)
    states = []
    random_playout(game.new_initial_state(), rng,
                   lambda s: states.append(s.clone()) if not s.is_chance_node() else None)
    checked = 0
    for state in states[:: max(1, len(states) // 12)]:
        for seat in range(game.num_players):
            view = state.view(seat, rng)
            assert np.array_equal(view.observation_tensor(seat), state.observation_tensor(seat))
            assert view.observation_string(seat) == state.observation_string(seat)
            assert replay(game, view.history) == view
            checked += 1
    assert checked >= 24
