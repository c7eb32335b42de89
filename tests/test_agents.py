"""The agent contract: spec strings, legal and seeded choices, views only."""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents import AgentSpecError, make_agent
from skagway_agents.specs import parse_spec
from skagway_experiments import play_game

from .conftest import sample_states

BOTS = ["random", "flatmc:playouts=2", "mcts:iterations=16"]


@pytest.mark.parametrize("spec, kind, options", [
    ("random", "random", {}),
    ("flatmc:playouts=64", "flatmc", {"playouts": 64}),
    (" mcts:iterations=400,rollout=heuristic ", "mcts", {"iterations": 400,
                                                         "rollout": "heuristic"}),
    ("ppo:runs/x/model.zip", "ppo", {"path": "runs/x/model.zip"}),
    ("a:x=true,y=0.5,z=none", "a", {"x": True, "y": 0.5, "z": None}),
])
def test_parse_spec(spec, kind, options):
    assert parse_spec(spec) == (kind, options)


@pytest.mark.parametrize("spec, match", [
    ("alphazero",
     "unknown agent 'alphazero'; known: exit, flatmc, heuristic, human, mcts, ppo, random"),
    ("flatmc:depth=2", "has no option depth .valid: playouts"),
    ("random:x=1", "takes no options"),
    ("flatmc:playouts=0", "playouts=0 is not allowed: expected an integer >= 1"),
    ("flatmc:playouts", "no option path"),
    ("ppo:model.zip", "model.zip: no such policy file"),
    ("ppo", "ppo needs a policy file"),
    ("heuristic:gambler", "styles: barber, shopkeeper, prospector"),
    ("heuristic:barber,greed=3", "no parameter greed"),
    ("mcts:iterations=0", "iterations=0 is not allowed: expected an integer >= 1"),
    ("mcts:rollout=alphazero", "unknown agent 'alphazero'"),
    (":x=1", "empty agent spec"),
    ("flatmc:=3", "expected key=value"),
])
def test_bad_specs_say_why(spec, match):
    game = make_game()
    with pytest.raises(AgentSpecError, match=match):
        make_agent(spec, game)


def make_game():
    import skagway_env

    return skagway_env.make_game("dawson_city_barbers", num_players=3)


def test_agents_record_their_canonical_spec():
    game = make_game()
    assert make_agent("flatmc", game).spec == "flatmc:playouts=32"
    assert make_agent("flatmc:playouts=8", game).params() == {"playouts": 8}
    assert make_agent("random", game).spec == "random"
    barber = make_agent("heuristic:barber,cut_turn=2", game)
    assert barber.spec.startswith("heuristic:barber,cut_turn=2,")
    assert make_agent(barber.spec, game).params() == barber.params()


@pytest.mark.parametrize("spec", BOTS)
def test_bots_pick_legal_actions_deterministically(config, spec):
    game = config.make()
    for state in sample_states(game, seed=3, count=4):
        seats = (range(game.num_players) if state.is_simultaneous_node()
                 else [state.current_player()])
        for p in seats:
            first = make_agent(spec, game, seed=5).act(state.view(p, np.random.default_rng(1)), p)
            again = make_agent(spec, game, seed=5).act(state.view(p, np.random.default_rng(1)), p)
            assert first in state.legal_actions(p) and first == again


def test_flatmc_beats_random_more_often_than_not():
    game = make_game()
    wins = 0.0
    games = 36  # 12 were too few for the edge on engine 2 (0.25 there, 0.42 over 36)
    for seed in range(games):
        seats = [make_agent("flatmc:playouts=16", game, seed), make_agent("random", game, seed),
                 make_agent("random", game, seed + 100)]
        wins += play_game(game, seats, seed).win_shares[0]
    assert wins / games > 1 / 3  # a third is random play's share


def test_play_game_hands_agents_views_not_the_state():
    game = make_game()
    seen = []

    class Spy(make_agent("random", game).__class__):
        def act(self, state, player):
            seen.append((state.hands, player))
            return super().act(state, player)

    result = play_game(game, [Spy(game, 1), Spy(game, 2), Spy(game, 3)], seed=4)
    assert result.length > 0
    replay = game.new_initial_state()
    differing = 0
    for action in result.actions:
        if not replay.is_chance_node():
            hands, player = seen.pop(0)
            assert hands[player] == replay.hands[player]  # own hand is the real one
            differing += hands != replay.hands  # opponents' hands were resampled
        replay.apply_action(action)
    assert differing > 0
