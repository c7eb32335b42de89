"""[4) Bidding on an additional claim] and [New round]."""

from __future__ import annotations

from skagway_env.games.klondike1896.actions import EXTRA_PASS, ActionCodec
from skagway_env.games.klondike1896.phases import AUCTION, EXTRA, EXTRA_PLACE

from .helpers import I3, PAIR, SQUARE, L, bid, game, place_all, start


def at_additional_auction(rubies: list[int], first: int = 0):
    s = start(game(3), rows=[[I3, L, SQUARE]])
    s.first = first
    s.to_place = [(first + i) % 3 for i in range(3)]
    for k in range(3):
        bid(s, k)
    place_all(s)
    assert s.phase == EXTRA
    s.rubies = rubies
    s._legal = None
    return s


def extra(rubies: int) -> int:
    return ActionCodec.extra_bid(rubies)


def test_at_least_four_rubies_from_the_rounds_first_player():
    s = at_additional_auction([3, 9, 9], first=1)
    assert s.current_player() == 1  # the player who started the round
    assert s.legal_actions() == [EXTRA_PASS] + [extra(b) for b in range(4, 10)]
    s.apply_action(EXTRA_PASS)
    s.apply_action(EXTRA_PASS)
    assert s.current_player() == 0 and s.legal_actions() == [EXTRA_PASS]  # only 3 rubies


def test_raising_clockwise_until_nobody_raises_then_the_buyer_places_and_starts():
    s = at_additional_auction([5, 6, 8])
    s.apply_action(extra(4))  # seat 0
    assert s.legal_actions() == [EXTRA_PASS, extra(5), extra(6)]  # more than 4, seat 1
    s.apply_action(EXTRA_PASS)  # seat 1 not interested now
    s.apply_action(extra(5))  # seat 2 raises
    assert s.current_player() == 0
    s.apply_action(EXTRA_PASS)
    s.apply_action(extra(6))  # seat 1 comes back in (RULES_NOTES X2)
    assert s.current_player() == 2
    s.apply_action(EXTRA_PASS)
    assert s.current_player() == 0  # seat 1's pawn stands: it is skipped
    s.apply_action(EXTRA_PASS)
    assert s.phase == EXTRA_PLACE and s.current_player() == 1
    assert s.rubies == [5, 0, 8] and s.won[1] == PAIR and s.extra_left == 15
    gold = s.gold[1]
    place = s.legal_actions()[0]
    assert s.action_to_string(place).startswith("place pair")
    s.apply_action(place)  # placed under the same conditions, counted at once
    assert s.gold[1] >= gold and len(s.paths[1]) == 2
    while s.is_chance_node():
        s.apply_action(s.legal_actions()[0])
    assert s.phase == AUCTION and s.first == 1 and s.current_player() == 1


def test_nobody_interested_the_next_player_to_the_left_starts():
    s = at_additional_auction([9, 9, 9], first=2)
    for _ in range(3):
        s.apply_action(EXTRA_PASS)
    assert s.phase == AUCTION and s.round == 1
    assert s.first == 0 and s.current_player() == 0 and s.extra_left == 16


def test_no_auction_once_the_additional_claims_are_gone():
    s = start(game(2), rows=[[I3, L]])
    s.extra_left = 0
    bid(s, 0)
    bid(s, 1)
    place_all(s)
    assert s.phase == AUCTION and s.first == 1
