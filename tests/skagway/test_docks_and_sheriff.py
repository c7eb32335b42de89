"""[4.3.4] Docks and [4.3.5] Sheriff/Deputy, ending the Extended Example's Phase Three."""

from __future__ import annotations

import pytest

from skagway_env.core import CHANCE
from skagway_env.games.skagway.buildings import BAD, GOOD
from skagway_env.games.skagway.placement import DEPUTY, DOCKS, RAILROAD
from skagway_env.games.skagway.stages import Stage
from skagway_env.games.skagway.workers import GUNFIGHTER_HAND, MINER_HAND, RAILROAD_HAND, STOOGE_B

from .conftest_helpers import assert_phase_five
from .test_assay import ENRICHMENT, GRUB, MOULIN_ROUGE, RESIDENCY, example_at_assay
from .test_placement import (
    BART,
    BILL,
    BOB,
    CLARENCE,
    FRANK,
    FRED,
    JANE,
    JIM,
    JOE,
    JOLENE,
    MARINA,
    STOOGE_A,
    TED,
    started,
)


def test_extended_example_docks_and_sheriff():
    state = example_at_assay()
    codec = state.game.codec
    for action in (codec.turn_in(2), codec.turn_in(2), codec.turn_in(4), codec.turn_in(None),
                   codec.buy_building(ENRICHMENT, GOOD), codec.turn_in(None),
                   codec.buy_prestige(MOULIN_ROUGE)):
        state.apply_action(action)
    # Docks: Bob's Ted draws two of the three Hired Hands left in the pool
    assert state.current_player() == CHANCE
    assert [a for a, _ in state.chance_outcomes()] == [MINER_HAND, GUNFIGHTER_HAND, STOOGE_B]
    state.apply_action(STOOGE_B)
    state.apply_action(GUNFIGHTER_HAND)
    assert state.recruited_by == BOB
    assert state.loc[STOOGE_B] == state.loc[GUNFIGHTER_HAND] == "recruited"
    assert state.loc[TED] == "home" and state.loc[MINER_HAND] == "pool"
    # Sheriff: Bart moves up, Jim goes back to Bob, Jolene takes the First Player marker
    assert (state.sheriff, state.deputy, state.loc[JIM]) == (BART, -1, "home")
    assert state.first_player == JOLENE and state.current_player() == JOLENE
    assert state.legal_actions() == [codec.sheriff_flip(None), codec.sheriff_flip(RESIDENCY),
                                     codec.sheriff_flip(GRUB), codec.sheriff_flip(ENRICHMENT)]
    state.apply_action(codec.sheriff_flip(ENRICHMENT))  # the Church back to gamblers
    assert (state.building_owner[ENRICHMENT], state.building_side[ENRICHMENT]) == (FRED, BAD)
    assert state.purchased_track[JOLENE] == -3  # "already maxed out on the 3+"
    points = list(state.points)
    state.apply_action(codec.step_down(False))  # Bart stays Sheriff
    assert state.sheriff == BART and state.loc[BART] == "sheriff"
    # Phase Four [8.0]: where everyone sleeps ...
    assert state.loc[JIM] == state.loc[RAILROAD_HAND] == "enrichment"  # Gambling Hall
    assert state.loc[FRANK] == state.loc[JOE] == "grub"  # Marina's Saloon
    assert {state.loc[w] for w in (CLARENCE, BILL, JANE, TED)} == {"residency"}  # Hotel
    assert state.loc[STOOGE_A] == "street"
    assert state.loc[STOOGE_B] == state.loc[GUNFIGHTER_HAND] == "recruited"  # not yet
    # ... and what they pay, in turn order from Jolene
    assert points[JOLENE] == 3 and state.points[JOLENE] == 0  # 3 to Fred, then nothing
    assert state.points[FRED] == points[FRED] + 3 + 4 + 1  # from Jolene, Bob, Marina
    assert state.points[MARINA] == points[MARINA] + 3 - 1  # Joe's full 3, Jane's 1
    assert state.points[BOB] == points[BOB] - 4  # Jim at the Gambling Hall, Ted at the Hotel
    assert_phase_five(state)


def run_to_sheriff(final: bool = False, sheriff: int = -1, deputy_seat: int | None = 0,
                   docks_seat: int | None = None):
    """Two players; seat 0 (first) optionally sends a Worker to the Deputy space."""
    state = started(2, first=0)
    state.end_triggered = state.final_turn = final
    if sheriff >= 0:
        state.sheriff, state.loc[sheriff] = sheriff, "sheriff"
    codec = state.game.codec
    while state.stage == "place" and state.turn == 1:  # not the next turn's placements
        seat = state.current_player()
        worker = next(w for w in (2 * seat, 2 * seat + 1) if state.loc[w] == "home")
        space = RAILROAD
        if seat == deputy_seat and state.deputy < 0:
            space = DEPUTY
        elif seat == docks_seat and state.docks < 0:
            space = DOCKS
        state.apply_action(codec.place(worker, space))
    state.rail_supply = [9, 9, 9]
    while state.stage in ("rail_draw", "hand_draw"):
        state.apply_action(state.legal_actions()[0])
    return state


def test_final_turn_sheriff_and_deputy_score_and_the_game_ends():
    state = run_to_sheriff(final=True, sheriff=2, deputy_seat=0, docks_seat=1)
    codec = state.game.codec
    assert state.docks_owner == 1  # [4.3.4] the final Docks Worker takes ownership
    assert state.loc[2] == "sheriff" and state.sheriff == 2  # no promotion [4.3.5]
    # [4.3.5] the Sheriff may still flip; with no building on the board, only "nothing"
    assert state.stage == Stage.SHERIFF_FLIP and state.current_player() == 1
    assert state.legal_actions() == [codec.sheriff_flip(None)]
    state.apply_action(codec.sheriff_flip(None))
    assert state.is_terminal() and not state.is_truncated()  # [5.0] ends after Phase Three
    # seat 0: 2 + a Railroad wage of 2 + 4 as Deputy; seat 1 (Sheriff and Docks): 3 + 5,
    # + 6 for the Docks in Skagway Today "Resort (Low Good)" (no Prestige, no markers)
    assert state.points == [2 + 2 + 4, 3 + 5 + 6]


@pytest.mark.parametrize("flip, points", [
    # Resort (LOW GOOD): the Restaurant's owner scores 8, the Docks' owner 6
    (None, [2 + 2 + 4 + 8, 3 + 5 + 6]),
    # the Saloon moves the Sheriff's player's marker to -1: Ghost Town (LOW BAD), 2 and 0
    (GRUB, [2 + 2 + 4 + 2, 3 + 5 + 0]),
])
def test_final_turn_sheriff_flip_is_offered_then_scored(flip, points):
    """[4.3.5] "The Sheriff may now choose to convert one ... building"; on the final
    turn "Instead" replaces the Deputy's promotion, not the flip (RULES_NOTES I23)."""
    state = run_to_sheriff(final=True, sheriff=2, deputy_seat=0, docks_seat=1)
    state.building_owner[GRUB], state.building_side[GRUB] = 0, GOOD
    state._legal = None
    codec = state.game.codec
    assert state.legal_actions() == [codec.sheriff_flip(None), codec.sheriff_flip(GRUB)]
    state.apply_action(codec.sheriff_flip(flip))
    assert state.is_terminal()
    assert state.purchased_track == [0, 0 if flip is None else -1]
    assert state.points == points


def test_step_down_passes_the_first_player_marker_left():
    state = run_to_sheriff(deputy_seat=1)
    codec = state.game.codec
    assert state.first_player == 1 and state.current_player() == 1
    assert state.legal_actions() == [codec.sheriff_flip(None)]  # no building to flip
    state.apply_action(codec.sheriff_flip(None))
    state.apply_action(codec.step_down(True))
    assert state.sheriff == -1 and state.loc[2] != "sheriff"  # came to town [4.3.5]
    assert state.first_player == 0


@pytest.mark.parametrize("side, track, expected", [(GOOD, 0, -1), (BAD, 0, 1), (BAD, 3, 3)])
def test_flip_moves_the_sheriffs_own_marker(side, track, expected):
    state = run_to_sheriff(deputy_seat=0)
    state.building_owner[GRUB], state.building_side[GRUB] = 1, side
    state.purchased_track[0] = track
    state._legal = None
    state.apply_action(state.game.codec.sheriff_flip(GRUB))
    assert state.building_side[GRUB] == 1 - side and state.building_owner[GRUB] == 1
    assert state.purchased_track[0] == expected and state.purchased_track[1] == 0


def test_no_sheriff_no_flip():
    state = run_to_sheriff(deputy_seat=None)
    assert_phase_five(state)


def test_extended_example_street():
    """[8.0] Phase Five: only Jolene's Stooge is on the Street; with the Bank emptied
    and her own Sheriff in office she sleeps it off, and nobody robs the Bank."""
    state = example_at_assay()
    codec = state.game.codec
    for action in (codec.turn_in(2), codec.turn_in(2), codec.turn_in(4), codec.turn_in(None),
                   codec.buy_building(ENRICHMENT, GOOD), codec.turn_in(None),
                   codec.buy_prestige(MOULIN_ROUGE), STOOGE_B, GUNFIGHTER_HAND,
                   codec.sheriff_flip(ENRICHMENT), codec.step_down(False)):
        state.apply_action(action)
    assert state.current_player() == JOLENE and state.active == STOOGE_A
    assert state.legal_actions() == [codec.rob(), codec.challenge_sheriff(), codec.sleep()]
    state.apply_action(codec.sleep())
    assert state.bank == []
    # Phase Six: Jolene's hands go back to the pool, Bob reveals his two and takes the
    # Recruiter; nobody holds more than two Gold counters or any Goods [8.0]
    assert state.loc[STOOGE_A] == state.loc[RAILROAD_HAND] == "pool"
    assert state.recruiter == BOB and state.recruited_by == -1
    assert state.hand_owner(STOOGE_B) == state.hand_owner(GUNFIGHTER_HAND) == BOB
    assert state.turn == 7 and state.stage == "place"  # the example was turn 6
    assert state.current_player() == JOLENE  # the new Sheriff's player is First Player


def test_hired_hands_known_to_be_in_the_pool_read_as_the_pool():
    """Issue 18.4 (RULES_NOTES H4): while another seat's recruits are face down, only
    the Hands that were in the pool at its draw may be any of them; a Hand that came
    back to the pool after the draw (from the Jail or the Cemetery, in the open) is
    known to be there, and when every Hand of the draw's pool was drawn, all are known."""
    from skagway_env.games.skagway.observation import UNSEEN, seen_location
    from skagway_env.games.skagway.stages import HandState, Location
    from skagway_env.games.skagway.workers import HIRED_HANDS

    state = example_at_assay()
    codec = state.game.codec
    for action in (codec.turn_in(2), codec.turn_in(2), codec.turn_in(4), codec.turn_in(None),
                   codec.buy_building(ENRICHMENT, GOOD), codec.turn_in(None),
                   codec.buy_prestige(MOULIN_ROUGE)):
        state.apply_action(action)
    state.apply_action(STOOGE_B)
    state.apply_action(GUNFIGHTER_HAND)
    state.loc[RAILROAD_HAND] = Location.POOL  # back in the open, after the draw
    state.hand_state[RAILROAD_HAND - HIRED_HANDS[0]] = HandState.POOL
    for hand in (MINER_HAND, STOOGE_B, GUNFIGHTER_HAND):  # the draw's pool of three
        assert seen_location(state, hand, FRED) == UNSEEN
        assert seen_location(state, hand, BOB) == state.loc[hand]
    assert seen_location(state, RAILROAD_HAND, FRED) == Location.POOL
    state.recruit_pool.remove(MINER_HAND)  # as if the draw's pool had held only two
    assert seen_location(state, MINER_HAND, FRED) == Location.POOL
    for hand in (STOOGE_B, GUNFIGHTER_HAND):
        assert seen_location(state, hand, FRED) == Location.RECRUITED
