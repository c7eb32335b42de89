"""[4.3.2] The Railroad: wages and counters top to bottom, completion and ownership
(the Deed's tie-break), Goods cards with the owner's bonus, the die and cashing."""

from __future__ import annotations

import pytest

from skagway_env.core import CHANCE
from skagway_env.games.skagway.game import SkagwayGame
from skagway_env.games.skagway.placement import RAILROAD

from .conftest_helpers import assert_phase_five
from .test_placement import (
    ASSAY,
    BART,
    BILL,
    CLARENCE,
    DEPUTY,
    DOCKS,
    FRANK,
    FRED,
    JANE,
    JOE,
    JOLENE,
    MINES,
    STOOGE_A,
    TED,
    example_turn_start,
)


def all_on_railroad(players: int, first: int = 0, before=None):
    """Every Worker on the Railroad (seat order from ``first``); ``before(state)`` may
    set counters first. Returns the state at the first Railroad step."""
    state = SkagwayGame(num_players=players).new_initial_state()
    state.apply_action(first)
    if before is not None:
        before(state)
    codec = state.game.codec
    while state.stage == "place" and state.turn == 1:  # not the next turn's placements
        seat = state.current_player()
        worker = next(w for w in (2 * seat, 2 * seat + 1) if state.loc[w] == "home")
        state.apply_action(codec.place(worker, RAILROAD))
    return state


def test_extended_example_railroad():
    """[8.0] Joe (top) then the Railroad Hired Hand: 2 points and a (1) each."""
    state = example_turn_start()
    state.points[JOLENE] = 6  # 12 at her Assay turn = 6 + 4 (Railroad) + 2 (her sale)
    state.rail_supply = [2, 0, 1]  # "just one more counter left" after her two
    codec = state.game.codec
    for worker, space in [(TED, DOCKS), (CLARENCE, MINES), (JANE, MINES), (JOE, RAILROAD),
                          (BILL, ASSAY), (FRANK, ASSAY), (BART, DEPUTY), (STOOGE_A, ASSAY)]:
        state.apply_action(codec.place(worker, space))
    for action in (codec.mine_pull(None), 2, 4, codec.mine_pull(1), 3, 3):
        state.apply_action(action)
    assert state.stage == "rail_draw" and state.current_player() == CHANCE
    state.apply_action(1)  # Joe's counter
    assert state.loc[JOE] == "home" and state.points[JOLENE] == 8
    state.apply_action(1)  # the Hired Hand's counter
    assert state.points[JOLENE] == 10
    assert state.rail_held[JOLENE] == [2, 0, 0]
    assert sum(state.rail_supply) == 1 and state.rail_owner == -1
    assert state.stage == "turn_in" and state.current_player() == FRED  # Bill, spot 1


@pytest.mark.parametrize("held, last, owner", [
    ([[1, 1, 0], [1, 0, 0], [0, 0, 0]], 3, 0),  # P0 draws the Deed: 6 against 1
    ([[1, 1, 0], [1, 0, 1], [0, 0, 0]], 1, 1),  # P0 reaches 4, ties P1: the Deed (P1)
    ([[0, 1, 0], [0, 2, 0], [0, 0, 1]], 2, 2),  # P0 and P1 tie on 4: the Deed (P2)
], ids=["highest total", "tie to the deed's holder", "deed holder outside the tie"])
def test_completion_and_ownership(held, last, owner):
    """The last counter completes the Railroad at once [4.3.2]: highest total owns it,
    a tie goes to the (3) Deed's holder, tied or not (I13); only the Deed stays."""
    def before(s):
        s.rail_held = [list(h) for h in held]
        s.rail_supply = [0, 0, 0]
        s.rail_supply[last - 1] = 1

    state = all_on_railroad(3, first=1, before=before)  # stack top: P0's Worker
    assert state.railroad[-1] // 2 == 0
    points = list(state.points)
    state.apply_action(last)
    assert state.points[0] == points[0] + 2  # the wage is paid before the scoring
    assert state.rail_owner == owner
    assert state.rail_held == [[0, 0, 1] if p == owner else [0, 0, 0] for p in range(3)]
    assert state.stage == "goods_draw"  # the Workers below now take Goods cards


def test_goods_with_owner_bonus_roll_and_cashing():
    def before(s):
        s.rail_supply = [0, 0, 0]
        s.rail_owner = 0
        s.rail_held = [[0, 0, 1], [0, 0, 0]]

    state = all_on_railroad(2, first=0, before=before)  # stack: P0, P1, P0, P1 (top)
    points = list(state.points)
    draws = [0, 1, 0, 3]  # the Goods types drawn, top Worker first
    for goods_type in draws:
        assert state.stage == "goods_draw"
        state.apply_action(goods_type)
    assert state.goods_held == [[0, 1, 0, 1], [2, 0, 0, 0]]  # P1 on top, then P0, ...
    # owner 0 earns 1 for each of seat 1's two cards, nothing for its own [4.3.2]
    assert state.points[0] == points[0] + 2 and state.points[1] == points[1]
    assert state.stage == "goods_roll"
    state.apply_action(6)
    assert state.goods_die == 6
    assert state.current_player() == 0  # the First Player decides first
    codec = state.game.codec
    assert state.legal_actions() == [codec.cash_goods(1), codec.cash_goods(3),
                                     codec.cash_goods(None)]
    value = state.game.components.goods[1].values[6 - 1]  # the chart at a 6
    state.apply_action(codec.cash_goods(1))
    assert state.points[0] == points[0] + 2 + value
    state.apply_action(codec.cash_goods(None))  # holds the rest
    assert state.current_player() == 1
    state.apply_action(codec.cash_goods(None))
    assert_phase_five(state)  # nobody at the Assay, Docks or Deputy: Phase Four done
    assert sum(state.goods_deck) == 14 - 4 + 1  # the cashed card is shuffled back
    assert state.goods_die == 0  # the roll is over with the cashing (issue 18.3)


def test_no_goods_left_means_nothing_and_no_bonus():
    def before(s):
        s.rail_supply = [0, 0, 0]
        s.rail_owner = 1
        s.goods_deck = [0, 0, 0, 0]

    state = all_on_railroad(2, before=before)
    assert_phase_five(state)
    assert state.points == [2, 3]
