"""Secret money and order cards: what a seat sees, and views that redraw the rest
(RULES_NOTES H1, H2)."""

from __future__ import annotations

import numpy as np

from skagway_env.core.playout import random_playout, replay
from skagway_env.games.klondike_rush.observation import seat_rows

from .helpers import PELT, after_setup, draw, game, put

TWO_PELTS = 3


def test_a_seat_sees_its_own_orders_and_only_counts_of_others():
    state = after_setup(3, orders=[TWO_PELTS, 0, 5, 6, 7, 8])
    text = state.observation_string(0)
    assert "orders P0: 2 fish for $7; 2 pelt for $7" in text
    assert "orders P1" not in text and "order cards 2" in text
    assert "orders P1" in str(state)  # the whole state shows every hand


def test_money_is_reckoned_from_public_events():
    """Bids paid are public: every seat's observation shows the exact money."""
    state = after_setup(3)
    draw(state, 0)
    state.apply_action(state.game.codec.bid(7))
    state.apply_action(0)
    state.apply_action(0)
    assert "P0: $23" in state.observation_string(2)


def test_views_redraw_opponents_unrevealed_orders_and_rewrite_history():
    state = after_setup(3, orders=[TWO_PELTS, 0, 5, 6, 7, 8])
    draw(state, 0)
    put(state, tokens=[[0] * 6, [0] * 6, [0] * 6])
    rng = np.random.default_rng(0)
    views = [state.view(0, rng) for _ in range(20)]
    assert all(v.hand[0] == state.hand[0] for v in views)
    assert any(v.hand[1] != state.hand[1] for v in views)
    for v in views:
        assert [sum(h) for h in v.hand] == [2, 2, 2]
        assert v.history[:35] == state.history[:35]  # the tokens are public
        assert replay(v.game, v.history).hand == v.hand


def test_a_completed_order_stays_the_same_in_every_view():
    state = after_setup(3, orders=[0, 1, TWO_PELTS, 2, 4, 5])
    draw(state, 0)
    state.apply_action(0)
    tokens = [[0] * 6, [0] * 6, [0] * 6]
    tokens[1][PELT] = 2
    put(state, tokens=tokens)
    state.apply_action(state.game.codec.complete_order(TWO_PELTS))
    rng = np.random.default_rng(1)
    slots = set()
    for _ in range(40):
        view = state.view(2, rng)
        assert view.completed[1][TWO_PELTS] == 1 and sum(view.hand[1]) == 1
        # one of seat 1's two cards was the revealed one; which one, nobody saw
        dealt = view.history[35 + 2:35 + 4]
        assert TWO_PELTS in dealt
        slots.add(dealt.index(TWO_PELTS))
        assert view.history[:35] == state.history[:35]  # the tokens are public
        assert view.history[39:41] == state.history[39:41] == [4, 5]  # seat 2's own
    assert slots == {0, 1}  # the truth's slot (the first) is not pinned


def test_the_observation_caches_match_a_rebuild_along_random_games():
    """Seat rows, the board block and the board text are cached on the state and
    refreshed on change; a state with every cache dropped must read the same."""
    g = game(4)
    rng = np.random.default_rng(3)

    def check(state) -> None:
        if state.is_chance_node():
            return
        cached = seat_rows(state).copy()
        tensor, text = state.observation_tensor(1), state.observation_string(1)
        fresh = put(state.clone())
        assert np.array_equal(seat_rows(fresh), cached)
        assert np.array_equal(fresh.observation_tensor(1), tensor)
        assert fresh.observation_string(1) == text

    for _ in range(3):
        random_playout(g.new_initial_state(), rng, visit=check)


def test_the_tensor_shows_which_company_cards_have_been_turned_up():
    """An unsold card leaves the game (RULES_NOTES A2) but was seen by all: which
    cards remain in the deck follows from the cards turned up."""
    tensors = []
    for card in (6, 9):  # a pure red and a green card, nobody buys either
        state = after_setup(3)
        draw(state, card)
        for _ in range(3):
            state.apply_action(0)
        tensors.append(state.observation_tensor(2))
        assert f"company cards turned up: {card}" in state.observation_string(2)
    assert not np.array_equal(*tensors)
    low, high = state.game.observation_bounds()
    assert all((low <= t).all() and (t <= high).all() for t in tensors)


def test_public_chance_strings_show_only_the_public_part():
    state = game(3).new_initial_state()
    assert state.public_action_string(2) == "hunt token emerald"  # face up (Setup 2)
    while state.phase == state.TOKENS:
        state.apply_action(state.legal_actions()[0])
    names = {state.public_action_string(k) for k in state.legal_actions()}
    assert names == {"P0 draws an order card"}  # dealt secretly (Setup 4)
    while state.phase == state.DEAL:
        state.apply_action(state.legal_actions()[0])
    assert state.public_action_string(5).startswith("company card 5")  # turned face up
