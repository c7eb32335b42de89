"""[4.3.3] Assay & Mercantile and [6.0] purchases, with the Extended Example's Assay."""

from __future__ import annotations

import pytest

from skagway_env.games.skagway.buildings import BAD, GOOD

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
    MARINA,
    MINES,
    RAILROAD,
    STOOGE_A,
    TED,
    example_turn_start,
)
from .test_railroad import all_on_railroad

RESIDENCY, GRUB, ENRICHMENT = range(3)
MOULIN_ROUGE = 1  # the data file's order: Opera House, Moulin Rouge, ...


def example_at_assay():
    state = example_turn_start()
    state.points[JOLENE] = 6  # she "has 12 points" at her turn, after the sale below
    state.rail_supply = [2, 0, 1]
    state.robbed = [3]  # robbed on an earlier turn, face up off the board
    # The board of [8.0]: Fred's Hotel, Marina's Saloon, and Jolene's Gambling Hall
    # (she is at BAD 3+)
    state.building_owner[RESIDENCY], state.building_side[RESIDENCY] = FRED, GOOD
    state.building_owner[GRUB], state.building_side[GRUB] = MARINA, BAD
    state.building_owner[ENRICHMENT], state.building_side[ENRICHMENT] = JOLENE, BAD
    state.purchased_track[JOLENE] = -3
    codec = state.game.codec
    for worker, space in [(TED, DOCKS), (CLARENCE, MINES), (JANE, MINES), (JOE, RAILROAD),
                          (BILL, ASSAY), (FRANK, ASSAY), (BART, DEPUTY), (STOOGE_A, ASSAY)]:
        state.apply_action(codec.place(worker, space))
    for action in (codec.mine_pull(None), 2, 4, codec.mine_pull(1), 3, 3, 1, 1):
        state.apply_action(action)
    return state


def test_extended_example_assay():
    state = example_at_assay()
    codec = state.game.codec
    assert state.current_player() == FRED
    fred, jolene = state.points[FRED], state.points[JOLENE]
    assert jolene == 10
    state.apply_action(codec.turn_in(2))
    state.apply_action(codec.turn_in(2))
    assert state.points[FRED] == fred + 4 and state.bank == [2, 2]
    supply = list(state.gold_supply)
    state.apply_action(codec.turn_in(4))  # empties the Bank and the robbed gold
    assert state.points[FRED] == fred + 8
    assert state.bank == [] and state.robbed == []
    assert state.gold_supply == [supply[0] + 2, supply[1] + 1, supply[2]]  # the $4 is gone
    assert state.gold_held[FRED] == [0, 0, 0]
    assert state.legal_actions() == [codec.turn_in(None)]
    state.apply_action(codec.turn_in(None))
    state.apply_action(codec.buy_building(ENRICHMENT, GOOD))  # the Church
    assert state.points[FRED] == fred + 8 - 4 and state.points[JOLENE] == jolene + 2
    assert (state.building_owner[ENRICHMENT], state.building_side[ENRICHMENT]) == (FRED, GOOD)
    assert state.purchased_track[FRED] == 1
    assert state.loc[BILL] == "home"
    # Marina's Frank left for the Mines: Jolene's Stooge on the "3" space is next
    assert state.current_player() == JOLENE
    state.apply_action(codec.turn_in(None))  # she has no Gold
    legal = state.legal_actions()
    assert codec.buy_building(ENRICHMENT, BAD) not in legal  # bought this turn [6.0]
    assert codec.buy_prestige(MOULIN_ROUGE) in legal
    state.apply_action(codec.buy_prestige(MOULIN_ROUGE))
    assert state.points[JOLENE] == 3  # 12 - 9, "ending up at 3"
    assert state.prestige[JOLENE] == [MOULIN_ROUGE]
    assert state.purchased_track[JOLENE] == -3
    assert state.stage == "hand_draw"  # gold remains, the end is not triggered: the Docks
    assert not state.end_triggered


def at_buy(points: int, prestige=(), track: int = 0):
    """Seat 0's Worker alone at the Assay, about to buy; ``points`` to spend."""
    def before(s):
        s.rail_supply = [0, 0, 0]
        s.rail_owner = 1
        s.goods_deck = [0, 0, 0, 0]

    state = all_on_railroad(2, before=before)
    state.assay[0], state.loc[0] = 0, "assay"
    state.cursor = 0
    state.stage = "buy"
    state.points[0] = points
    state.prestige[0] = list(prestige)
    state.purchased_track[0] = track
    state._legal = None
    return state


@pytest.mark.parametrize("points, prestige, expect_buildings, expect_prestige", [
    (3, (), False, []),  # [6.0] fewer than 4 points: nothing
    (4, (), True, []),  # 4: a Player Building, no Prestige Building
    (9, (), True, [0, 1, 2, 3, 4, 5, 6, 7, 9]),  # 9: any but the Statue (needs another)
    (9, (0,), True, [1, 2, 3, 4, 5, 6, 7, 8, 9]),  # owning one: the Statue opens
    (20, (0, 1, 2, 3), True, []),  # four already: no more [6.0]
])
def test_what_can_be_bought(points, prestige, expect_buildings, expect_prestige):
    state = at_buy(points, prestige)
    codec = state.game.codec
    legal = state.legal_actions()
    assert legal[0] == codec.buy_nothing()
    assert (codec.buy_building(GRUB, BAD) in legal) == expect_buildings
    names = state.game.components.prestige
    assert names[8].name == "Statue"
    assert [p for p in range(10) if codec.buy_prestige(p) in legal] == expect_prestige


@pytest.mark.parametrize("track, side, expected", [
    (0, GOOD, 1), (0, BAD, -1), (3, GOOD, 3), (-3, BAD, -3), (3, BAD, 2), (-3, GOOD, -2),
])
def test_buildings_purchased_track_is_clamped_at_three(track, side, expected):
    state = at_buy(10, track=track)
    state.apply_action(state.game.codec.buy_building(RESIDENCY, side))
    assert state.purchased_track[0] == expected  # [6.0] the 3+ spaces hold


def test_last_gold_at_the_assay_triggers_the_final_turn():
    state = at_buy(0)
    turn = state.turn
    state.gold_supply = [0, 0, 0]
    state.apply_action(state.game.codec.buy_nothing())
    assert state.end_triggered  # [5.0] the next turn is the last
    assert state.final_turn == (state.turn == turn + 1) and state.turn in (turn, turn + 1)
    assert_phase_five(state)


def test_one_cannot_buy_a_building_one_owns():
    """RULES_NOTES I14: [6.0] buys a building on the board from its owner (the
    "displaced owner" is paid for "the sale", the "new owner" puts up its marker);
    turning one's own building over is the Sheriff's power [4.3.5], not a purchase."""
    state = at_buy(10)
    state.building_owner[GRUB], state.building_side[GRUB] = 0, BAD
    state.building_owner[RESIDENCY], state.building_side[RESIDENCY] = 1, BAD
    codec = state.game.codec
    legal = state.legal_actions()
    assert codec.buy_building(GRUB, GOOD) not in legal
    assert codec.buy_building(GRUB, BAD) not in legal
    assert codec.buy_building(RESIDENCY, GOOD) in legal  # another's: bought from it
    assert codec.buy_building(ENRICHMENT, BAD) in legal  # not on the board yet


def test_the_prospector_buys_the_residency_short_of_a_prestige_building():
    """agents/heuristics/skagway.md: with every Worker's night spots leading to the
    Residency space (RULES_NOTES A4), the prospector buys it when 9 points are out of
    reach; with 9 it still buys a Prestige Building."""
    import numpy as np
    from skagway_agents.heuristics import skagway as heuristics

    from skagway_env.games.skagway.actions import BuyPrestige

    rng = np.random.default_rng(0)
    prospector = heuristics.STYLES["prospector"]
    state = at_buy(6)
    codec = state.game.codec
    assert heuristics.choose(state, 0, prospector, rng) == codec.buy_building(RESIDENCY, GOOD)
    state = at_buy(9)
    assert isinstance(codec.decode(heuristics.choose(state, 0, prospector, rng)), BuyPrestige)
