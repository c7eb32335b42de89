"""[4.4] coming home and paying, [4.6] the end of a turn, [5.0] the end of the game."""

from __future__ import annotations

import pytest

from skagway_env.games.skagway import cleanup, endgame, home
from skagway_env.games.skagway.buildings import BAD, GOOD
from skagway_env.games.skagway.game import SkagwayGame
from skagway_env.games.skagway.stages import Stage
from skagway_env.games.skagway.workers import GUNFIGHTER_HAND, STOOGE_A

# night spots (components.toml, A4): Clarence Hotel/Saloon, Bill Church/Hotel,
# Jane Hotel/Church, Frank Saloon/Hotel, Joe Brothel/Saloon,
# Bart Gambling Hall/Hotel, Jim Gambling Hall/Brothel, Ted Hotel/Restaurant
CLARENCE, BILL, JANE, FRANK, JOE, BART, JIM, TED = range(8)
RESIDENCY, GRUB, ENRICHMENT = range(3)


def table(buildings, players=4, first=0, points=None):
    """A 4-player state with ``buildings``: {space: (owner, side)}."""
    state = SkagwayGame(num_players=players).new_initial_state()
    state.apply_action(first)
    state.first_player = first
    for space, (owner, side) in buildings.items():
        state.building_owner[space], state.building_side[space] = owner, side
    if points is not None:
        state.points = list(points)
    return state


@pytest.mark.parametrize("buildings, worker, spot", [
    ({RESIDENCY: (1, GOOD)}, CLARENCE, "residency"),  # first choice, the Hotel
    ({RESIDENCY: (1, BAD)}, CLARENCE, "street"),  # a Brothel is not a Hotel; no Saloon
    ({RESIDENCY: (1, GOOD)}, BILL, "residency"),  # no Church: second choice, Hotel
    ({ENRICHMENT: (1, BAD)}, BART, "enrichment"),  # the Gambling Hall
    ({}, JIM, "residency_free"),  # empty residency space: a Brothel-goer sleeps free
    ({}, BILL, "residency_free"),  # second choice Hotel, residency empty: free
    ({RESIDENCY: (1, BAD), GRUB: (2, GOOD)}, TED, "grub"),  # no Hotel: the Restaurant
    ({GRUB: (2, GOOD)}, TED, "residency_free"),  # his Hotel icon first, Residency empty
    ({RESIDENCY: (0, BAD), GRUB: (2, GOOD)}, FRANK, "street"),  # no Saloon, no Hotel
    ({}, GUNFIGHTER_HAND, "street"),  # the Gunfighter always goes to the Street
])
def test_night_spots(buildings, worker, spot):
    state = table(buildings)
    state.recruiter = 0
    state.hand_state[GUNFIGHTER_HAND - 8] = "active"
    assert home.night_spot(state, worker) == spot  # [4.4.1]


def test_payments_in_turn_order_floored_at_zero():
    """[4.4.2] 1 at the Hotel/Brothel, 3 elsewhere, nothing in one's own building;
    [4.4.3] a payer stops at zero, the owner is paid in full."""
    state = table({RESIDENCY: (0, GOOD), GRUB: (1, BAD), ENRICHMENT: (1, GOOD)},
                  first=2, points=[5, 5, 2, 5])
    for w in range(8):
        state.loc[w] = "out"
    for w in (CLARENCE, TED, JOE, FRANK, JANE):  # seats 0, 3, 2, 1, 1
        state.loc[w] = "home"
    # Clarence (P0) at P0's Hotel: free. Ted (P3) at P0's Hotel: 1. Joe (P2): no
    # Brothel, second choice P1's Saloon: 3, but P2 has 2. Frank (P1) at his own
    # Saloon: free. Jane (P1) at P0's Hotel: 1.
    assert [home.night_spot(state, w) for w in (CLARENCE, TED, JOE, FRANK, JANE)] == [
        "residency", "residency", "grub", "grub", "residency"]
    home.workers_come_home(state)  # (the empty Street then ends the turn)
    assert state.points == [5 + 1 + 1, 5 + 3 - 1, 0, 5 - 1]


def cleanup_state():
    state = table({})
    for w in range(8):
        state.loc[w] = "home"
    return state


def test_jail_and_cemetery_return_a_turn_late():
    state = cleanup_state()
    state.loc[BILL], state.face_down[BILL] = "jail", True  # caught this turn
    state.loc[JANE], state.face_down[JANE] = "cemetery", False  # shot last turn
    state.loc[STOOGE_A], state.face_down[STOOGE_A] = "cemetery", False
    cleanup.start_cleanup(state)
    assert state.loc[BILL] == "jail" and not state.face_down[BILL]  # [4.6] next time
    assert state.loc[JANE] == "home"
    assert state.loc[STOOGE_A] == "pool"  # a Hired Hand goes back to the pool


@pytest.mark.parametrize("held, supply_empty, returns, removed", [
    ([1, 1, 1], False, [4], 0),  # keeps $2 and $3: the $4 goes back to the supply
    ([2, 2, 0], False, [2, 3], 0),  # four counters: two go back
    ([0, 3, 0], True, [3], 1),  # the supply is empty: it leaves the game [4.6]
])
def test_keep_only_two_gold(held, supply_empty, returns, removed):
    state = cleanup_state()
    state.gold_held[1] = list(held)
    if supply_empty:
        state.gold_supply = [0, 0, 0]
    supply = list(state.gold_supply)
    cleanup.start_cleanup(state)
    codec = state.game.codec
    for value in returns:
        assert state.current_player() == 1 and state.stage == Stage.KEEP_GOLD
        state.apply_action(codec.keep_gold_return(value))
    assert sum(state.gold_held[1]) == 2
    assert state.gold_removed == removed
    assert sum(state.gold_supply) == sum(supply) + len(returns) - removed


@pytest.mark.parametrize("die, decays", [(1, True), (2, False), (6, False)])
def test_goods_decay_on_a_one(die, decays):
    state = cleanup_state()
    state.goods_held[2] = [0, 1, 0, 0]
    cleanup.start_cleanup(state)
    assert state.stage == Stage.DECAY_ROLL
    state.apply_action(die)
    if decays:  # which card: the only one it holds
        assert state.chance_outcomes() == [(1, 1.0)]
        state.apply_action(1)
    assert state.goods_held[2] == ([0, 0, 0, 0] if decays else [0, 1, 0, 0])
    assert state.goods_bottom == ([1] if decays else [])  # to the bottom of the deck


def test_a_decay_die_is_not_tied_to_a_card_type():
    """[4.6] one die a card; which card a 1 takes is a chance node of its own, each of
    the holder's cards alike (RULES_NOTES H3): the dice were rolled in type order, so
    which die showed 1 told the table the decayed card's rank in the hand."""
    state = cleanup_state()
    state.goods_held[2] = [1, 0, 0, 2]
    cleanup.start_cleanup(state)
    assert state.decay_queue == [2, 2, 2]  # the holder of each die, no card named
    state.apply_action(3)
    state.apply_action(1)
    assert state.stage == Stage.DECAY_PICK and state.is_chance_node()
    assert state.chance_outcomes() == [(0, pytest.approx(1 / 3)), (3, pytest.approx(2 / 3))]
    strings = {state.public_action_string(t) for t, _ in state.chance_outcomes()}
    assert strings == {"one of P2's Railroad Goods cards decays"}
    state.apply_action(3)
    assert state.goods_held[2] == [1, 0, 0, 1] and state.goods_bottom == [3]
    assert state.stage == Stage.DECAY_ROLL and state.decay_queue == [2]


@pytest.mark.parametrize("prestige, tracks, name", [
    (0, [0, 0, 0, 0], "Resort"),  # LOW, a tie is GOOD
    (2, [-2, 1, 0, 0], "Ghost Town"),  # LOW BAD: 2 against 1
    (5, [1, 1, -1, 0], "Cruise Ship Stop 2"),  # MEDIUM GOOD
    (7, [-3, 0, 0, 2], "Cruise Ship Stop 1"),  # MEDIUM BAD
    (8, [-1, -1, 0, 0], "Tourist Trap"),  # HIGH BAD
    (10, [3, 0, 0, -3], "Thriving City"),  # HIGH, tied: GOOD
])
def test_skagway_today(prestige, tracks, name):
    state = table({})
    state.purchased_track = list(tracks)
    state.prestige = [list(range(k, prestige, 4)) for k in range(4)]  # spread around
    assert endgame.skagway_today(state).name == name  # [5.0] and the back of the booklet


def test_final_scoring():
    """Buildings, Railroad and Docks by Skagway Today, Prestige conditions, kills."""
    state = table({RESIDENCY: (0, GOOD), GRUB: (1, BAD), ENRICHMENT: (1, GOOD)},
                  points=[10, 10, 10, 10])
    state.rail_owner, state.docks_owner = 2, 3
    state.purchased_track = [1, -1, 0, 0]  # GOOD 1, BAD 1: a tie, GOOD
    state.prestige = [[0], [1], [6], []]  # Opera House, Moulin Rouge, Barber: LOW
    state.kills = [0, 2, 5, 4]
    endgame.final_scoring(state)
    # Resort: Hotel/Brothel 10, Saloon/Restaurant 8, Church/Gambling Hall 6,
    # Railroad 6, Docks 6. Opera House with a GOOD marker 18; Moulin Rouge with BAD 18;
    # Barber 14. Kills: 2 -> -2, 5+ -> 0, 4 -> -4.
    assert state.points == [10 + 10 + 18, 10 + 8 + 6 + 18 - 2, 10 + 6 + 14, 10 + 6 - 4]
    assert state.is_terminal()


def test_ties_go_to_player_buildings_then_nuggets_hockey():
    state = table({RESIDENCY: (1, GOOD)}, points=[30, 30, 30, 10])
    hockey = next(i for i, p in enumerate(state.game.components.prestige)
                  if p.name == "Nuggets Hockey")
    state.prestige[2] = [hockey]
    state.stage = Stage.OVER
    assert state.returns() == pytest.approx([-1 / 3, 1.0, 1 / 3, -1.0])
