"""Council-game bots: legal and seeded at every kind of node, blind to nothing
hidden (there is nothing hidden), the styles well ahead of random play, and flat
Monte Carlo able to act at a race tick."""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents import make_agent
from skagway_experiments import play_game

from ..conftest import sample_states
from .helpers import make

SPECS = ["heuristic:quick", "heuristic:coverer", "heuristic:racer", "flatmc:playouts=2", "random"]


@pytest.mark.parametrize("spec", SPECS)
def test_bots_pick_legal_seeded_moves_for_every_seat(spec):
    game = make(3, children="2")
    for state in sample_states(game, seed=5, count=5):
        seats = range(3) if state.is_simultaneous_node() else [state.current_player()]
        for p in seats:
            view = state.view(p, np.random.default_rng(0))
            first = make_agent(spec, game, seed=3).act(view.clone(), p)
            again = make_agent(spec, game, seed=3).act(view.clone(), p)
            assert first in state.legal_actions(p) and first == again


@pytest.mark.parametrize("style", ["quick", "coverer", "racer"])
def test_styles_beat_random(style):
    game = make(3)
    wins = 0.0
    for seed in range(4):
        seats = [make_agent("random", game, seed), make_agent("random", game, seed + 1)]
        seats.insert(seed % 3, make_agent(f"heuristic:{style}", game, seed))
        wins += play_game(game, seats, seed).win_shares[seed % 3]
    assert wins >= 3  # random play's share would be 4/3


def test_the_coverer_declares_only_exact_covers_it_can_find():
    from skagway_agents.heuristics.klondike1896_council import own_cover_ok

    game = make(2)
    agent = make_agent("heuristic:coverer", game, seed=1)
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    declared = 0
    while not state.is_terminal() and state.round < 3:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        elif state.is_simultaneous_node():
            mine = agent.act(state.clone(), 0)
            if mine == game.codec.declare:
                declared += 1
                assert own_cover_ok(state, 0)
            # the other seat lays all its boards, then places claims: a slow racer
            state.apply_actions([mine, state.legal_actions(1)[0]])
        else:
            p = state.current_player()
            state.apply_action(agent.act(state.clone(), p) if p == 0
                               else state.legal_actions(p)[0])
    assert declared >= 2
