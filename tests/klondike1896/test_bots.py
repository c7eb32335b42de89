"""The Klondike 1896 heuristic styles and IS-MCTS: legal, seeded, better than random,
and different from one another (agents/heuristics/klondike1896.md has the CIs)."""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents import make_agent

from skagway_env.games.klondike1896.phases import PLACE

from ..bot_helpers import mean_share_vs_random
from ..conftest import sample_states
from .helpers import game

BOTS = ["heuristic:digger", "heuristic:racer", "mcts:iterations=6",
        "mcts:iterations=4,rollout=heuristic:racer,prior=heuristic:racer"]


@pytest.mark.parametrize("spec", BOTS)
@pytest.mark.parametrize("params", [{}, {"secret_rubies": True}, {"layout": "square"}],
                         ids=["line", "secret", "square"])
def test_bots_pick_legal_seeded_actions(spec, params):
    g = game(3, **params)
    for state in sample_states(g, seed=5, count=3):
        cur = state.current_player()
        for p in range(3) if state.is_simultaneous_node() else [cur]:
            view = state.view(p, np.random.default_rng(1))
            first = make_agent(spec, g, seed=2).act(view.clone(), p)
            again = make_agent(spec, g, seed=2).act(view.clone(), p)
            assert first in state.legal_actions(p) and first == again


@pytest.mark.parametrize("style", ["digger", "racer"])
def test_styles_beat_random(style):
    share = mean_share_vs_random(game(4), f"heuristic:{style}", 8)
    assert share > 0.5  # random's share is 1/4; the 400-game runs give the CIs


def test_the_digger_digs_and_the_racer_runs():
    """On the same placements, the digger covers more gold, the racer moves further."""
    g = game(3)
    agents = {style: make_agent(f"heuristic:{style}", g, 0) for style in ("digger", "racer")}
    feats: dict[str, list[dict]] = {style: [] for style in agents}
    seats = [(s, p) for s in sample_states(g, seed=7, count=120) if s.phase == PLACE
             for p in range(3) if s.legal_actions(p) != [g.codec.lose]]
    assert len(seats) >= 10
    for s, p in seats:
        for style, agent in agents.items():
            feats[style].append(s.action_features(agent.act(s, p), p)[1])

    def mean(style: str, key: str) -> float:
        return float(np.mean([f[key] for f in feats[style]]))

    assert mean("digger", "gold/place") > mean("racer", "gold/place")
    assert mean("racer", "advance/place") > mean("digger", "advance/place")
