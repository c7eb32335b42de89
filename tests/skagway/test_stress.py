"""Random Skagway games keep the physical invariants: no negative points, no counter
created or lost, at most 3 ownership markers and 4 Prestige Buildings a player.

The full run (10,000 four-player games) is on demand:
    .venv/bin/python -m pytest -m slow tests/skagway/test_stress.py
CI runs the same checks on a few hundred games.
"""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env.games.skagway.game import SkagwayGame

from ..conftest import random_playout


def check(state, gold_total: int, rail_total: int, goods_total: int) -> None:
    assert min(state.points) >= 0
    gold = (sum(state.gold_supply) + sum(map(sum, state.gold_held)) + len(state.bank)
            + len(state.robbed) + state.gold_removed)
    assert gold == gold_total, "a Gold counter was created or lost"
    rail = sum(state.rail_supply) + sum(map(sum, state.rail_held)) + state.rail_removed
    assert rail == rail_total, "a Railroad counter was created or lost"
    goods = sum(state.goods_deck) + sum(map(sum, state.goods_held)) + len(state.goods_bottom)
    assert goods == goods_total, "a Goods card was created or lost"
    for seat in range(state.num_players):
        assert state.building_owner.count(seat) <= 3  # three Ownership markers [3.3]
        assert len(state.prestige[seat]) <= 4  # [6.0]
        assert -3 <= state.purchased_track[seat] <= 3 and 0 <= state.kills[seat] <= 5
    owned = [p for held in state.prestige for p in held]
    assert len(owned) == len(set(owned)), "a Prestige Building bought twice"


def play(games: int, players: int, seed: int) -> int:
    """Random games checked at every node; returns the longest game's turn count."""
    game = SkagwayGame(num_players=players)
    rng = np.random.default_rng(seed)
    longest = 0
    for _ in range(games):
        state = game.new_initial_state()
        totals = (sum(state.gold_supply), sum(state.rail_supply), sum(state.goods_deck))
        random_playout(state, rng, visit=lambda s, t=totals: check(s, *t))
        check(state, *totals)
        longest = max(longest, state.turn)
    return longest


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_over_random_games(players):
    play(games=60, players=players, seed=players)


@pytest.mark.slow
def test_ten_thousand_four_player_games():
    longest = play(games=10_000, players=4, seed=2026)
    assert longest < SkagwayGame().params.max_turns  # the safety cap never decided a game
