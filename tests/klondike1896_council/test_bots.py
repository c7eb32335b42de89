"""Council-game bots: legal and seeded at every kind of node on their views (the
others' covers redrawn), the styles well ahead of random play, the racer's stop and
join-up rules, and flat Monte Carlo able to act at a race tick."""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents import make_agent
from skagway_experiments import play_game

from ..conftest import sample_states
from .helpers import make, start_round, tick

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


def _overshot(players: int):
    """Seat 0 has laid board A and placed a claim covering more than the request's
    three gold: no exact cover is left to find."""
    game = make(players)
    cards = [("red", 4), ("blue", 2), ("green", 1)]
    state = start_round(game.new_initial_state(), cards, (3, 0))
    codec = game.codec
    tick(state, {p: codec.lay(0, 0) for p in range(players)})
    for a in state.legal_actions(0):
        if a >= codec.place_base and a < codec.declare:
            trial = state.clone()
            tick(trial, {0: a})
            if trial.gold[0] > 3:
                return trial
    raise AssertionError("no overshooting claim")


def test_the_racer_stops_when_no_exact_cover_is_left_and_owns_up_without_a_last_player():
    """T3: with a last player to be (3 seats) the racer waits; with two seats checked
    on their own covers it declares at once (and will take the cheapest card)."""
    for players, expected in ((3, "wait"), (2, "declare")):
        state = _overshot(players)
        while not state.free(0):
            tick(state, {})
        agent = make_agent("heuristic:racer", state.game, seed=0)
        assert getattr(state.game.codec, expected) == agent.act(state.clone(), 0)


def test_the_last_player_joins_up_by_the_public_record_of_checks():
    from skagway_agents.heuristics.klondike1896_council import STYLES, partner_choice

    state = make(4).new_initial_state()
    state.order = [2, 0, 1, 3]
    state.checked, state.exact = [5, 5, 5, 0], [5, 1, 4, 0]
    assert partner_choice(state, 3, STYLES["racer"]) == 0
    assert partner_choice(state, 3, STYLES["follow"]) == 2
    state.exact = [4, 4, 4, 0]
    assert partner_choice(state, 3, STYLES["racer"]) == 2  # a tie: the earliest declarer


def test_declaring_at_once_loses_to_the_racer_with_two_players():
    """A small sample of the acceptance table (experiments/council_strategies.py)."""
    game = make(2)
    wins = 0.0
    for seed in range(2):
        seats = [make_agent("heuristic:racer", game, seed)]
        seats.insert(seed % 2, make_agent("heuristic:at_once", game, seed))
        wins += play_game(game, seats, seed).win_shares[seed % 2]
    assert wins == 0
