"""[Free Actions]: complete an order, turn in any three tokens, "at any time"
(offered at each decision point of their owner: RULES_NOTES F1)."""

from __future__ import annotations

from skagway_env.games.klondike_rush.actions import END_BUILDING, PASS, TURN_INS

from .helpers import FISH, MOOSE, PELT, SNOW, WILD, after_setup, draw, names, put

TWO_PELTS, THREE_FISH = 3, 1  # order kinds (components.toml order)


def tokens(**held) -> list[int]:
    kinds = {"fish": FISH, "pelt": PELT, "moose": MOOSE, "wild": WILD, "snow": SNOW}
    row = [0] * 6
    for name, count in held.items():
        row[kinds[name]] = count
    return row


def test_tim_completes_two_pelts_for_seven_dollars():
    """The rulebook's example: Tim has two pelts for $7 and owns three pelts."""
    state = after_setup(3, orders=[TWO_PELTS, THREE_FISH])
    draw(state, 0)
    put(state, tokens=[tokens(pelt=3), [0] * 6, [0] * 6])
    assert "complete order 2 pelt for $7" in names(state)
    state.apply_action(state.game.codec.complete_order(TWO_PELTS))
    assert state.tokens[0][PELT] == 1 and state.money[0] == 37
    # the card is revealed and stays face up (Errata, Free Actions)
    assert state.hand[0][TWO_PELTS] == 0 and state.completed[0][TWO_PELTS] == 1
    assert "completed 2 pelt for $7" in state.observation_string(1)
    # still seat 0's bid to make
    assert state.phase == state.BID and state.current_player() == 0


def test_wilds_fill_an_order_matching_goods_first():
    state = after_setup(3, orders=[THREE_FISH, TWO_PELTS])
    draw(state, 0)
    put(state, tokens=[tokens(fish=2, wild=2), [0] * 6, [0] * 6])
    state.apply_action(state.game.codec.complete_order(THREE_FISH))
    assert state.tokens[0] == tokens(wild=1) and state.money[0] == 41


def test_an_order_needs_the_tokens():
    state = after_setup(3, orders=[THREE_FISH, TWO_PELTS])
    draw(state, 0)
    put(state, tokens=[tokens(fish=2, pelt=1), [0] * 6, [0] * 6])
    assert not any(n.startswith("complete") for n in names(state))


def test_any_three_tokens_for_five_dollars():
    state = after_setup(3)
    draw(state, 0)
    put(state, tokens=[tokens(fish=1, moose=1, snow=1), [0] * 6, [0] * 6])
    turn_ins = [n for n in names(state) if n.startswith("turn in")]
    assert turn_ins == ["turn in fish, moose, snow_beast for $5"]
    state.apply_action(state.game.codec.turn_in(TURN_INS.index((1, 0, 0, 1, 0, 1))))
    assert state.tokens[0] == [0] * 6 and state.money[0] == 35


def test_offered_at_every_decision_point_of_their_owner_only():
    state = after_setup(3, seed=4)
    draw(state, 0)
    put(state, tokens=[[0] * 6, tokens(fish=3), [0] * 6])
    assert not any(n.startswith("turn in") for n in names(state))  # seat 0 bids
    state.apply_action(PASS)
    assert any(n.startswith("turn in") for n in names(state))  # seat 1's bid
    state.apply_action(PASS)
    state.apply_action(PASS)
    # seat 0, active, has nothing to build and no free action: its profit decision
    assert state.phase == state.PROFIT and state.current_player() == 0
    state.apply_action(3)  # keep the card
    draw(state, 6)
    # seat 1 is active: a free action gives it a building decision with no mine
    for _ in range(3):
        state.apply_action(PASS)
    assert state.phase == state.BUILD and state.current_player() == 1
    assert names(state)[0] == "end building"
    assert any(n.startswith("turn in") for n in names(state))
    state.apply_action(END_BUILDING)
    assert state.phase == state.PROFIT
    assert any(n.startswith("turn in") for n in names(state))


def test_turning_in_tokens_lets_a_broke_player_bid():
    state = after_setup(3)
    draw(state, 0)
    put(state, money=[0, 30, 30], tokens=[tokens(fish=3), [0] * 6, [0] * 6])
    assert names(state)[:1] == ["pass"] and not any(n.startswith("bid") for n in names(state))
    state.apply_action(state.game.codec.turn_in(TURN_INS.index((3, 0, 0, 0, 0, 0))))
    assert "bid $5" in names(state) and "bid $6" not in names(state)
