"""The Klondike Rush heuristics (investor, trapper) and IS-MCTS on the game: legal,
seeded, blind to what their seat cannot see, better than random, and different."""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents import make_agent
from skagway_experiments import play_game
from skagway_experiments.tournament import Store, config_from_dict, run_tournament
from skagway_experiments.tournament.behaviour import action_statistics

from ..bot_helpers import mean_share_vs_random
from ..conftest import sample_states
from .helpers import game

BOTS = ["heuristic:investor", "heuristic:trapper", "heuristic:trapper,bid=0.5,turn_in=0",
        "mcts:iterations=6", "mcts:iterations=4,rollout=heuristic:trapper"]


@pytest.mark.parametrize("spec", BOTS)
@pytest.mark.parametrize("n", [2, 4])
def test_bots_pick_legal_actions_and_are_seeded(spec, n):
    g = game(n)
    for state in sample_states(g, seed=n, count=3):
        p = state.current_player()
        view = state.view(p, np.random.default_rng(2))
        first = make_agent(spec, g, seed=9).act(view.clone(), p)
        again = make_agent(spec, g, seed=9).act(view.clone(), p)
        assert first in state.legal_actions() and first == again


@pytest.mark.parametrize("spec", BOTS[:2] + ["mcts:iterations=4,rollout=heuristic"])
def test_bots_ignore_what_their_seat_cannot_see(spec):
    g = game(4)
    checked = 0
    for state in sample_states(g, seed=11, count=6):
        p = state.current_player()
        other = state.view(p, np.random.default_rng(7))  # opponents' orders redrawn
        if other.serialize() == state.serialize():
            continue
        a = make_agent(spec, g, seed=4).act(state, p)
        b = make_agent(spec, g, seed=4).act(other, p)
        assert a == b
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("style", ["investor", "trapper"])
def test_styles_beat_random(style):
    share = mean_share_vs_random(game(4), f"heuristic:{style}", 16)
    assert share > 1 / 4  # the 200-game runs on the bot page give the intervals


def test_mcts_plays_whole_games():
    g = game(3, last_bid=True)
    seats = [make_agent("mcts:iterations=4", g, 1), make_agent("random", g, 2),
             make_agent("heuristic:investor", g, 3)]
    result = play_game(g, seats, 5)
    assert abs(sum(result.win_shares) - 1.0) < 1e-9


def test_styles_play_differently(tmp_path):
    config = config_from_dict({
        "name": "styles", "game": "klondike_rush", "players": 4, "seed": 3,
        "entrants": [{"name": s, "spec": f"heuristic:{s}"} for s in ("investor", "trapper")]
        + ["random"],
        "lineups": [["investor", "trapper", "random", "random"]],
        "repeats": 2,
    })
    run_tournament(config, tmp_path / "s.db", progress=False)
    store = Store(tmp_path / "s.db", create=False)
    stats = action_statistics(config, store.records(store.find().id))
    mean = {e: {k: np.mean(v) for k, v in vals.items()} for e, vals in stats["values"].items()}
    kinds = stats["kinds"]
    # the trapper pays for mines and crates beyond investments, builds more for the
    # tokens and fills more orders (32 games: 5 orders against 13, 61 builds against 86)
    assert mean["trapper"]["bid $/investment"] > mean["investor"]["bid $/investment"]
    assert kinds["trapper"]["build"] > 1.2 * kinds["investor"]["build"]
    assert kinds["trapper"]["order"] > 2 * kinds["investor"]["order"]
