"""[1) Selecting - auctioning a claim]: pawns, rubies, outbidding, paying."""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env import IllegalActionError
from skagway_env.games.klondike1896.actions import BIDS, MAX_BID, MAX_ROW
from skagway_env.games.klondike1896.phases import AUCTION, PLACE

from .helpers import CROSS, SQUARE, L, Z, bid, game, start

GEORGE, JOE, PETER, MIKE = range(4)


def sample_table():
    return start(game(4), rows=[[CROSS, SQUARE, L, Z]])


def test_sample_auction():
    """The rulebook's sample: Peter pays three rubies, George two, Joe and Mike
    nothing. George's bid on the square is two rubies, the amount he pays in the
    text (it also says he put down one; RULES_NOTES A1)."""
    s = sample_table()
    bid(s, CROSS, 0)  # George, no rubies under his pawn
    assert s.current_player() == JOE
    bid(s, CROSS, 1)  # Joe: pawn plus one ruby on the cross
    assert s.current_player() == GEORGE  # "the turn goes back to George"
    bid(s, CROSS, 2)  # George puts two rubies by his pawn
    assert s.current_player() == JOE
    bid(s, SQUARE, 0)  # Joe takes back his ruby, goes to the square
    assert s.current_player() == PETER
    bid(s, CROSS, 3)  # Peter: three rubies on the cross
    assert s.current_player() == GEORGE
    bid(s, SQUARE, 2)  # George takes back his pawn and rubies, outbids Joe
    assert s.current_player() == JOE
    bid(s, L, 0)  # Joe to the L that is still open
    assert s.current_player() == MIKE
    bid(s, Z, 0)  # Mike to the Z
    assert s.phase == PLACE
    paid = [3 - r for r in s.rubies]
    assert paid == [2, 0, 3, 0]
    assert s.won == [SQUARE, L, CROSS, Z]


def test_sample_auction_with_one_ruby_on_the_square():
    """Read as printed move by move, George pays the one ruby he put down."""
    s = sample_table()
    for claim, rubies in [(CROSS, 0), (CROSS, 1), (CROSS, 2), (SQUARE, 0), (CROSS, 3),
                          (SQUARE, 1), (L, 0), (Z, 0)]:
        bid(s, claim, rubies)
    assert [3 - r for r in s.rubies] == [1, 0, 3, 0]


def test_outbidding_needs_one_ruby_more_and_at_most_ones_rubies():
    s = sample_table()
    bid(s, CROSS, 2)
    legal = s.legal_actions()
    assert [a - CROSS * BIDS for a in legal if a < BIDS] == [3]  # 3 > 2, and Joe has 3
    assert [a - SQUARE * BIDS for a in legal if SQUARE * BIDS <= a < 2 * BIDS] == [0, 1, 2, 3]
    with pytest.raises(IllegalActionError):
        bid(s, CROSS, 2)


def test_outbid_player_raises_or_moves_and_bids_on_free_claims():
    s = sample_table()
    bid(s, CROSS, 0)
    bid(s, CROSS, 1)
    assert s.current_player() == GEORGE
    legal = s.legal_actions()
    assert [a for a in legal if a < BIDS] == [2, 3]  # a raise beats Joe's one ruby
    assert SQUARE * BIDS + 3 in legal  # rubies on an unoccupied claim are allowed
    bid(s, SQUARE, 3)
    assert s.current_player() == PETER  # George's move ended the contest
    assert s.pawn[:2] == [SQUARE, CROSS] and s.bid[:2] == [3, 1]


def test_returning_to_an_earlier_claim():
    s = sample_table()
    bid(s, CROSS, 0)
    bid(s, CROSS, 1)
    bid(s, SQUARE, 0)  # George leaves the cross
    bid(s, SQUARE, 1)  # Peter outbids him on the square
    assert s.current_player() == GEORGE
    bid(s, CROSS, 2)  # and George goes back to the cross, outbidding Joe
    assert s.current_player() == JOE and s.pawn[JOE] == CROSS


def test_only_winners_pay_and_rubies_taken_back_are_kept():
    s = sample_table()
    bid(s, CROSS, 3)
    bid(s, SQUARE, 0)
    bid(s, SQUARE, 2)  # Peter outbids Joe
    bid(s, L, 0)  # Joe moves on
    bid(s, Z, 0)
    assert s.rubies == [0, 3, 1, 3]


def test_the_auction_ends_within_its_bound():
    """Random bidding with many rubies: every auction ends within R(B+1) actions."""
    rng = np.random.default_rng(5)
    for seed in range(30):
        s = start(game(4), rows=[[CROSS, SQUARE, L, Z]])
        s.rubies = [int(x) for x in rng.integers(0, 31, size=4)]
        steps = 0
        while s.phase == AUCTION:
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])
            steps += 1
        assert steps <= MAX_ROW * (MAX_BID + 1), seed
        assert sorted(s.won) == [CROSS, SQUARE, L, Z]
