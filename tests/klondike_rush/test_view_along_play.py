"""``view()`` keeps its contract where players go (issue 18): along games of the
heuristic styles mixed with random seats, and of a "sensible random" policy that
does not bid itself broke. Uniform-random seats end 98% of games through the "all
broke" erratum before orders are filled, so they alone never reach these states.

At sampled decisions, for the seat to move and another seat: the view keeps the
seat's observation (tensor and text) and information state, and replaying the
view's history rebuilds the view exactly.
"""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents import make_agent

from skagway_env.core.playout import replay, sample_chance
from skagway_env.games.klondike_rush.actions import Bid, CompleteOrder

from .helpers import game

SAMPLE_EVERY = 23  # decisions between checks (sampled: the test stays quick)


def sensible_random(state, player: int, rng: np.random.Generator) -> int:
    """Random play that completes orders and never bids over a third of its money
    (so it plays whole games, as people do, instead of bidding itself broke)."""
    codec = state.game.codec
    legal = state.legal_actions()
    moves = [codec.decode(a) for a in legal]
    orders = [a for a, m in zip(legal, moves, strict=True) if isinstance(m, CompleteOrder)]
    if orders:
        return orders[0]
    cap = max(1, state.money[player] // 3)
    fine = [a for a, m in zip(legal, moves, strict=True)
            if not isinstance(m, Bid) or m.amount <= cap]
    return int(rng.choice(fine or legal))


def check_view(state, seat: int, rng: np.random.Generator, deep: bool) -> bool:
    view = state.view(seat, rng)
    assert np.array_equal(view.observation_tensor(seat), state.observation_tensor(seat))
    assert view.observation_string(seat) == state.observation_string(seat)
    rebuilt = replay(view.game, view.history)  # raises on an illegal replayed action
    assert rebuilt.serialize() == view.serialize()
    assert rebuilt.current_player() == state.current_player()
    if deep:
        assert view.information_state_string(seat) == state.information_state_string(seat)
    return view.hand != state.hand


def mutate_one_secret(state) -> tuple[int, list]:
    """A history where one opponent order card that is never needed for a
    completion is of another kind (one the game never runs out of)."""
    orders = state.game.components.orders
    drawn = [0] * len(orders)
    for _, _, kind in state.order_draws:
        drawn[kind] += 1
    for index, q, kind in state.order_draws:
        times = [t for t, p, k in state.completions if p == q and k == kind]
        rest = [t for t, p, k in state.order_draws if p == q and k == kind and t != index]
        if all(sum(d < t for d in rest) > j for j, t in enumerate(times)):
            other = next((k for k in range(len(orders))
                          if k != kind and drawn[k] < orders[k].count), None)
            if other is not None:
                history = list(state.history)
                history[index] = other
                return q, history
    raise AssertionError("no secret card to change")


def assert_other_seats_see_the_same(state) -> None:
    """The hidden mutation test: replay both histories side by side; no other seat's
    tensor, nor who is asked, may differ at any step."""
    q, mutated = mutate_one_secret(state)
    g = state.game
    a, b = g.new_initial_state(), g.new_initial_state()
    others = [r for r in range(state.num_players) if r != q]
    for x, y in zip(state.history, mutated, strict=True):
        assert a.current_player() == b.current_player()
        for r in others:
            assert np.array_equal(a.observation_tensor(r), b.observation_tensor(r))
        a.apply_action(x)
        b.apply_action(y)
    assert a.information_state_string(others[0]) == b.information_state_string(others[0])


def play_and_check(n: int, seats: list, seed: int) -> tuple[int, int]:
    """Play one game; check views at sampled decisions, then the hidden mutation
    test on the whole game. Returns (checks, redrawn)."""
    g = game(n, last_bid=n >= 3 and seed % 2 == 1)
    rng = np.random.default_rng(seed)
    agents = [make_agent(s, g, seed=seed + i) if isinstance(s, str) else s
              for i, s in enumerate(seats)]
    state = g.new_initial_state()
    decisions = checks = redrawn = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        p = state.current_player()
        decisions += 1
        if decisions % SAMPLE_EVERY == 0:
            for seat in (p, (p + 1 + decisions) % n):
                redrawn += check_view(state, seat, rng, deep=checks % 4 == 0)
                checks += 1
        agent = agents[p]
        view = state.view(p, rng)
        action = agent(view, p, rng) if callable(agent) else agent.act(view, p)
        state.apply_action(action)
    assert_other_seats_see_the_same(state)
    return checks, redrawn


@pytest.mark.parametrize("n, seats", [
    (4, ["heuristic:investor", "random", "heuristic:trapper", "random"]),
    (3, ["heuristic:trapper", "heuristic:investor", "random"]),
    (2, ["heuristic:trapper", "random"]),
    (5, ["heuristic:investor", "heuristic:trapper", "random", "heuristic:trapper",
         "random"]),
])
def test_views_keep_their_contract_along_heuristic_games(n, seats):
    total = redrawn = 0
    for seed in range(2):
        checks, changed = play_and_check(n, seats, seed)
        total, redrawn = total + checks, redrawn + changed
    assert total >= 6 and redrawn >= 1


@pytest.mark.parametrize("n", [3, 4])
def test_views_keep_their_contract_along_sensible_random_games(n):
    total = redrawn = 0
    for seed in range(2):
        checks, changed = play_and_check(n, [sensible_random] * n, 10 + seed)
        total, redrawn = total + checks, redrawn + changed
    assert total >= 6 and redrawn >= 1
