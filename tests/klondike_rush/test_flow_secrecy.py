"""Who is asked to decide depends only on what every seat knows (issue 18).

Every seat sees whose decision it is, so a seat must never be skipped or asked on
the strength of a secret order card: two games that differ only in one secret card
give every other seat the same tensors, information states and sequence of turns.
"""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents import make_agent

from skagway_env.games.klondike_rush.actions import (
    DECLINE_LAST_BID,
    END_BUILDING,
    FINISH,
    KEEP_PROFIT,
    PASS,
)
from skagway_env.games.klondike_rush.building import costs

from .helpers import FISH, GREEN, PELT, RED, after_setup, draw, game, put

TWO_FISH, THREE_FISH, TWO_EMERALDS = 0, 1, 6  # order kinds (components.toml order)
RED_AND_GREEN_MINES = 3  # company card 3: a red investment, a red and a green mine
NEAR_TOWN = (7, 13)  # two spaces a $1 path away from the town (space 14)


def _place_tokens(state) -> None:
    """Fish on the two spaces next to the town, pelts and the rest elsewhere."""
    pool = list(state.token_pool)
    pool[FISH] -= len(NEAR_TOWN)
    for space in state.game.token_spaces:
        if space in NEAR_TOWN:
            state.apply_action(FISH)
            continue
        kind = next(k for k in (PELT, *range(len(pool))) if pool[k])
        pool[kind] -= 1
        state.apply_action(kind)


def broke_fisher(secret: int):
    """Seat 1 holds ``secret`` and another order card, two fish tokens and $0.

    Played through the rules: seat 1 buys the card with a red and a green mine for
    all its money but the building costs, then builds both on the fish next to the
    town. The third turn's auction then reaches seat 1 with nothing to bid.
    """
    g = game(3)
    scratch = g.new_initial_state()
    put(scratch, space_mine=[*scratch.space_mine])
    first = costs(scratch, RED)[NEAR_TOWN[0]]
    scratch.space_mine[NEAR_TOWN[0]] = RED
    put(scratch)
    second = costs(scratch, GREEN)[NEAR_TOWN[1]]
    state = g.new_initial_state()
    _place_tokens(state)
    for kind in (3, 4, secret, TWO_EMERALDS, 9, 10):  # seat by seat, two each
        state.apply_action(kind)
    codec = g.codec
    # turn 1 (seat 0 active): seat 1 buys the two-mine card
    state.apply_action(RED_AND_GREEN_MINES)
    state.apply_action(PASS)
    state.apply_action(codec.bid(30 - first - second))
    state.apply_action(PASS)
    while state.current_player() == 0:
        state.apply_action(KEEP_PROFIT if state.phase == state.PROFIT else END_BUILDING)
    # turn 2 (seat 1 active): nobody buys, seat 1 builds on both fish
    state.apply_action(0)
    for _ in range(3):
        state.apply_action(PASS)
    state.apply_action(codec.build(RED, NEAR_TOWN[0]))
    state.apply_action(codec.build(GREEN, NEAR_TOWN[1]))
    state.apply_action(END_BUILDING)
    state.apply_action(KEEP_PROFIT)
    assert state.money[1] == 0 and state.tokens[1][FISH] == 2
    assert state.hand[1][secret] == 1
    return state


def passive_step(state) -> None:
    """Decline everything: pass, end building, keep the card, finish; chance takes
    the lowest outcome (the same in both games)."""
    if state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
        return
    legal = state.legal_actions()
    for move in (PASS, END_BUILDING, KEEP_PROFIT, DECLINE_LAST_BID, FINISH):
        if move in legal:
            state.apply_action(move)
            return
    raise AssertionError(f"no passive move among {legal}")


def test_a_secret_card_changes_nothing_another_seat_receives():
    """Seat 1 with "2 fish for $7" (a free action) or "3 fish for $11" (none), two
    fish tokens and $0: the other seats' tensors, information states and the
    seats asked must be the same."""
    pair = [broke_fisher(TWO_FISH), broke_fisher(THREE_FISH)]
    asked: list[list[int]] = [[], []]
    for _ in range(40):
        if any(s.is_terminal() for s in pair):
            break
        for i, s in enumerate(pair):
            asked[i].append(s.current_player())
        assert asked[0] == asked[1]
        for observer in (0, 2):
            assert np.array_equal(pair[0].observation_tensor(observer),
                                  pair[1].observation_tensor(observer))
        for s in pair:
            passive_step(s)
    for observer in (0, 2):
        assert (pair[0].information_state_string(observer)
                == pair[1].information_state_string(observer))
    assert 1 in asked[0][asked[0].index(2):]  # seat 1 was asked in the third auction


@pytest.mark.parametrize("secret", [TWO_FISH, THREE_FISH])
def test_a_broke_seat_that_may_hold_an_order_is_asked_and_can_pass(secret):
    state = broke_fisher(secret)
    state.apply_action(2)  # turn 3 (seat 2 active): a card turns up
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert state.current_player() == 1 and state.phase == state.BID
    legal = state.legal_actions()
    assert legal[0] == PASS
    assert (state.game.codec.complete_order(TWO_FISH) in legal) == (secret == TWO_FISH)
    assert not any(state.game.codec.decode(a).__class__.__name__ == "Bid" for a in legal)


@pytest.mark.parametrize("style", ["investor", "trapper", "trapper,turn_in=0"])
def test_the_heuristic_styles_answer_a_prompt_where_they_may_only_pass(style):
    """Asked with $0 and two fish: the style completes "2 fish for $7" if it holds
    it, and otherwise passes (the prompt its secret card would once have skipped)."""
    for secret, expected in ((TWO_FISH, "complete order 2 fish for $7"), (THREE_FISH, "pass")):
        state = broke_fisher(secret)
        state.apply_action(2)
        state.apply_action(PASS)
        state.apply_action(PASS)
        agent = make_agent(f"heuristic:{style}", state.game, seed=0)
        view = state.view(1, np.random.default_rng(0))
        assert state.action_to_string(agent.act(view, 1)) == expected


def test_a_broke_style_turns_in_spare_tokens_to_bid_for_a_lot_it_wants():
    """Even with ``turn_in=0`` the trapper raises $5 when that buys a wanted bid."""
    state = after_setup(3, orders=[3, 4, TWO_EMERALDS, 7, 9, 10])
    draw(state, 2)  # a double red investment
    state.apply_action(PASS)
    spare = [1, 1, 0, 1, 0, 0]  # fish, pelt, moose: no order of seat 1 wants them
    put(state, money=[30, 0, 30], tokens=[[0] * 6, spare, [0] * 6])
    agent = make_agent("heuristic:trapper,turn_in=0", state.game, seed=0)
    action = agent.act(state.view(1, np.random.default_rng(0)), 1)
    assert state.action_to_string(action) == "turn in fish, pelt, moose for $5"
    state.apply_action(action)
    assert agent.act(state.view(1, np.random.default_rng(0)), 1) != PASS
