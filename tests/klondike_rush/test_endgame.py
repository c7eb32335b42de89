"""[Game End] and its [Errata]: last turns, final profits, the snow beast, the order
piles (Tom and Jen), the broke ending, tie-breaks."""

from __future__ import annotations

from skagway_env.games.klondike_rush.actions import END_BUILDING, KEEP_PROFIT, PASS
from skagway_env.games.klondike_rush.endgame import order_awards, snow_beast_awards

from .helpers import RED, after_setup, draw, names, put


def test_tom_and_jen_tied_for_most_orders_share_both_piles():
    """Errata example: tied for most, they add $15 to $10 and divide: $12 each."""
    assert order_awards([3, 3, 1, 0]) == [12, 12, 0, 0]


def test_tom_and_jen_tied_for_second_share_the_ten():
    """"If Tom and Jen were tied for second, they would each only gain $5"."""
    assert order_awards([4, 2, 2, 0]) == [15, 5, 5, 0]
    assert order_awards([4, 2, 1]) == [15, 10, 0]


def test_two_players_have_only_the_fifteen_pile():
    assert order_awards([2, 1]) == [15, 0]
    assert order_awards([2, 2]) == [7, 7]


def test_no_pile_without_a_completed_order():
    assert order_awards([0, 0, 0]) == [0, 0, 0]
    assert order_awards([2, 0, 0]) == [15, 0, 0]
    assert order_awards([1, 1, 1]) == [8, 8, 8]


def test_snow_beast_majority_and_split():
    assert snow_beast_awards([2, 1, 0]) == [25, 0, 0]
    assert snow_beast_awards([2, 2, 1]) == [12, 12, 0]  # "rounding down"
    assert snow_beast_awards([0, 0]) == [0, 0]


def last_card_table():
    state = after_setup(3, seed=5)
    put(state, draws_left=1)
    draw(state, 6)  # red: three investments, no mine
    state.apply_action(state.game.codec.bid(4))
    state.apply_action(PASS)
    state.apply_action(PASS)
    return state


def test_after_the_last_card_each_player_has_one_building_turn():
    state = last_card_table()
    assert state.phase == state.PROFIT and state.current_player() == 0
    unused = [[0] * 4, [1, 0, 0, 0], [0] * 4]
    put(state, unused=unused)
    state.apply_action(KEEP_PROFIT)
    # the last round: seat 1 first, building only ("there is no bidding")
    assert state.last_round and state.phase == state.BUILD and state.current_player() == 1
    assert names(state)[0] == "end building" and "pass" not in names(state)
    state.apply_action(END_BUILDING)
    # no profit card step on a last turn; seats 2 and 0 have nothing to do
    assert state.is_terminal()


def test_final_profits_pay_twice_for_an_unused_profit_card():
    state = last_card_table()
    put(state, profit_used=[False, True, False], tokens=[[0] * 6, [0] * 6, [0] * 5 + [1]])
    state.apply_action(KEEP_PROFIT)
    assert state.is_terminal()
    # seat 0: 3 red investments at $1 (one mine: the town's), twice; seat 2: snow beast
    assert state.money == [26 + 2 * 3, 30, 30 + 25]
    assert state.returns()[2] == 1.0


def test_the_game_ends_at_once_when_everyone_is_broke_with_profits_used():
    state = after_setup(3, seed=6)
    put(state, money=[1, 0, 0], profit_used=[True] * 3)
    draw(state, 0)
    state.apply_action(state.game.codec.bid(1))
    assert state.is_terminal()
    assert state.invest[0][RED] == 1 and state.money[0] == 1  # one final profit of $1


def test_ties_go_to_unused_tokens_then_investments():
    state = after_setup(3, seed=7)
    put(state, money=[10, 10, 10], tokens=[[1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0],
                                             [0] * 6],
        invest=[[0] * 4, [1, 0, 0, 0], [0] * 4], phase=state.OVER)
    # seats 0 and 1 tie on money and tokens; seat 1 has more investments
    assert state.rank_keys() == [(10, 1, 0), (10, 1, 1), (10, 0, 0)]
    assert state.returns() == [0.0, 1.0, -1.0]
