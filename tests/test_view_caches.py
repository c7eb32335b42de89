"""What views keep from move to move gives the views they gave without it, and is
never shared with a clone or a view (whose history may be rewritten)."""

from __future__ import annotations

import numpy as np

import skagway_env
from skagway_env.core.playout import random_step
from skagway_env.games.dawson_city_barbers import information as dcb_information


def _same_slots(a: tuple, b: tuple) -> bool:
    return len(a) == len(b) and all(
        x.first == y.first and x.viewer_row == y.viewer_row and x.seats == y.seats
        and x.current == y.current and np.array_equal(x.template, y.template)
        and np.array_equal(x.hidden_at, y.hidden_at) and np.array_equal(x.unseen, y.unseen)
        for x, y in zip(a, b, strict=True))


def test_dawson_city_barbers_keeps_finished_rounds_exactly():
    """The slots of rounds that are over, kept on the state across moves, equal a
    fresh scan of the whole history at every decision of a game that plays several
    rounds; views redrawn from them equal views drawn with the cache dropped."""
    game = skagway_env.make_game("dawson_city_barbers", num_players=3)
    state, rng = game.new_initial_state(), np.random.default_rng(4)
    checked = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat >= 0:
            seen = state.view(seat, np.random.default_rng(checked))
            assert _same_slots(state._plans[seat], dcb_information.hidden_cards(state, seat))
            cold = state.clone()  # no cache at all
            assert cold._finished_slots is None
            assert cold.view(seat, np.random.default_rng(checked)) == seen
            assert seen._finished_slots is None
            checked += 1
        random_step(state, rng)
    assert len(state.openings) > 1 and len(state._finished_slots[0]) > 0
    assert checked > 50
