"""[Playing the Game 1] the auction; [2-Player Game] bidding; [Last Bid Variant]."""

from __future__ import annotations

import pytest

from skagway_env import IllegalActionError
from skagway_env.games.klondike_rush.actions import (
    DECLARE_LAST_BID,
    DECLINE_LAST_BID,
    PASS,
)

from .helpers import RED, after_setup, draw, names, put

PLAIN_RED, CRATE_RED, PURE_RED = 0, 1, 6  # bundled cards (components.toml order)


def bid(state, amount):
    state.apply_action(state.game.codec.bid(amount))


def test_each_player_bids_once_in_turn_order_at_least_one_more():
    state = after_setup(4)
    draw(state, PLAIN_RED)
    assert state.current_player() == 0  # "Starting with the active player"
    legal = names(state)
    assert legal[:2] == ["pass", "bid $1"]  # "A bid of $0 is not allowed"
    assert "bid $30" in legal and "bid $31" not in legal  # "(and able) to pay"
    bid(state, 3)
    assert state.current_player() == 1
    assert names(state)[:2] == ["pass", "bid $4"]  # "at least $1 greater"
    with pytest.raises(IllegalActionError):
        bid(state, 3)
    state.apply_action(PASS)
    bid(state, 5)
    state.apply_action(PASS)
    # the highest bid wins: pays the supply, takes the card and its mine piece
    assert state.money == [30, 30, 25, 30]
    assert state.invest[2] == [1, 0, 0, 0] and state.unused[2] == [1, 0, 0, 0]
    assert state.cards_won == [0, 0, 1, 0]
    # then the active player builds, "regardless of who won the bid"
    assert state.phase == state.PROFIT and state.current_player() == 0


def test_a_supply_crate_draws_an_order_card():
    state = after_setup(3)
    draw(state, CRATE_RED)
    bid(state, 2)
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert state.phase == state.CRATE and state.crate_for == 0
    state.apply_action(0)
    assert sum(state.hand[0]) == 3 and state.invest[0][RED] == 1


def test_a_card_nobody_bids_on_leaves_the_game():
    state = after_setup(3)
    draw(state, PURE_RED)
    for _ in range(3):
        state.apply_action(PASS)
    assert state.lot == [] and state.cards_won == [0, 0, 0]
    assert state.money == [30, 30, 30] and state.draws_left == 31


def test_a_player_who_cannot_bid_passes_without_a_decision():
    state = after_setup(3)
    state.money[1] = 4
    draw(state, PLAIN_RED)
    bid(state, 4)
    assert state.current_player() == 2  # seat 1 could not beat $4 and had no free action
    assert state.status[1] == 2


def test_two_players_bid_on_two_cards_back_and_forth_in_two_dollar_steps():
    state = after_setup(2)
    draw(state, PLAIN_RED)
    assert state.phase == state.DRAW  # "draw 2 company cards instead of 1"
    draw(state, PURE_RED)
    bid(state, 1)
    assert names(state)[:2] == ["pass", "bid $3"]  # "at least $2 higher"
    bid(state, 3)
    assert state.current_player() == 0  # "each player may bid any number of times"
    bid(state, 5)
    state.apply_action(PASS)
    # "The cards must be purchased together"
    assert state.money == [25, 30] and state.invest[0] == [4, 0, 0, 0]
    assert state.cards_won == [2, 0] and state.draws_left == 26


def test_two_players_first_pass_then_one_bid_wins():
    state = after_setup(2)
    draw(state, PLAIN_RED, PURE_RED)
    state.apply_action(PASS)
    bid(state, 1)
    assert state.money == [30, 29] and state.cards_won == [0, 2]


def test_last_bid_goes_round_from_the_active_player_and_only_once():
    state = after_setup(3, last_bid=True)
    draw(state, PLAIN_RED)
    bid(state, 2)
    bid(state, 4)
    state.apply_action(PASS)
    # the offer starts with the active player (RULES_NOTES L1)
    assert state.phase == state.OFFER and state.current_player() == 0
    assert state.legal_actions()[:2] == [DECLARE_LAST_BID, DECLINE_LAST_BID]
    state.apply_action(DECLARE_LAST_BID)
    assert state.phase == state.LAST and names(state)[0] == "bid $5"
    bid(state, 5)
    # the declarer's card is spent; nobody else is offered one this turn
    assert state.last_bid_card == [False, True, True]
    assert state.money == [25, 30, 30] and state.invest[0][RED] == 1


def test_last_bid_declined_passes_the_offer_on_skipping_the_high_bidder():
    state = after_setup(3, last_bid=True)
    draw(state, PLAIN_RED)
    bid(state, 2)
    bid(state, 4)
    state.apply_action(PASS)
    state.apply_action(DECLINE_LAST_BID)
    assert state.current_player() == 2  # seat 1 holds the high bid
    state.apply_action(DECLARE_LAST_BID)
    bid(state, 9)
    assert state.money == [30, 30, 21] and state.last_bid_card == [True, True, False]
    # the active player has nothing to build: on to the profit card
    assert state.phase == state.PROFIT and state.current_player() == 0


def _decisions_until_resolved(state, depth: int = 0) -> int:
    """Every path through the rest of the auction; each decision must offer a move."""
    if state.phase not in (state.BID, state.OFFER, state.LAST) or depth > 8:
        return 1
    legal = state.legal_actions()
    assert legal, f"no legal action in {state.PHASE_NAMES[state.phase]}"
    paths = 0
    for action in legal:
        child = state.clone()
        child.apply_action(action)
        paths += _decisions_until_resolved(child, depth + 1)
    return paths


def test_a_last_bid_over_the_highest_bid_the_action_space_holds_is_never_offered():
    """A $150 high bid (MAX_BID, RULES_NOTES A4) leaves no higher bid to make, so no
    seat may declare its Last Bid card: a declaration would strand it with no move."""
    state = after_setup(3, last_bid=True)
    draw(state, PLAIN_RED)
    put(state, money=[200, 200, 200])
    bid(state, 150)  # nobody can bid over it: the others pass unasked, nobody declares
    assert state.phase == state.BUILD and state.status == [1, 2, 2]
    assert state.money[0] == 50 and state.invest[0] == [1, 0, 0, 0]


def test_every_path_through_a_capped_last_bid_auction_has_a_move():
    state = after_setup(3, last_bid=True)
    draw(state, PLAIN_RED)
    put(state, money=[200, 200, 200])
    bid(state, 149)
    assert _decisions_until_resolved(state) > 1
