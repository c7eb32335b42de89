"""The benchmark scripts run on every registered game (issue 21: ``bench_mcts`` raised
at the council game's simultaneous nodes). Tiny budgets: this checks that they run,
never how fast (speed is never measured in a unit test)."""

from __future__ import annotations

import pytest
from skagway_experiments import bench_mcts

import skagway_env
from skagway_env.core import SIMULTANEOUS


@pytest.mark.parametrize("name", ["klondike1896_council", "klondike1896"])
def test_bench_mcts_searches_simultaneous_games(name):
    game = skagway_env.make_game(name, num_players=2)
    found = bench_mcts.positions(game, 6, seed=1)
    assert len(found) == 6
    for state, seat in found:
        assert 0 <= seat < 2 and len(state.legal_actions(seat)) > 1
        assert state.current_player() in (seat, SIMULTANEOUS)
    rate, steps = bench_mcts.bench_ours(name, iterations=3, count=2, players=2)
    assert rate > 0 and steps > 0
