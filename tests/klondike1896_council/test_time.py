"""The race's clock (RULES_NOTES T1-T4): a board, a claim by its size and a wait each
take their beats, plus the chance beats of a hand's pace; a busy seat only waits;
a free racer may wait; at the clock's end the seats still in declare together."""

from __future__ import annotations

import pytest

from skagway_env.core import GameParameterError
from skagway_env.games.klondike1896_council.state import ORDER, PACE, RACE, TAKE
from skagway_env.games.klondike1896_council.timing import race_limit

from .helpers import first_place, make, start_round, tick

CARDS3 = [("red", 4), ("blue", 2), ("green", 1)]


def racing_state(**params):
    """Three seats racing for ten gold and a ruby."""
    return start_round(make(3, **params).new_initial_state(), CARDS3, (10, 1))


def test_a_board_takes_its_beats_and_chance_adds_the_pace_of_the_hand():
    state = racing_state()
    codec = state.game.codec
    state.apply_actions([codec.lay(0, 0), codec.lay(1, 0), codec.wait])
    assert state.phase == PACE and state.pacing == [0, 1]
    assert state.chance_outcomes() == [(extra, 0.1) for extra in range(10)]
    assert state.public_action_string(3) == "P0's move takes 3 beats more"
    state.apply_action(3)
    state.apply_action(7)
    assert state.phase == RACE and state.free_at == [63, 67, 10]
    # the waiting seat is free first; the others are busy and may only wait
    assert state.clock == 10
    assert state.legal_actions(0) == [codec.wait] == state.legal_actions(1)
    assert len(state.legal_actions(2)) == 17
    tick(state, {2: codec.lay(2, 0)})
    assert state.clock == 63 and state.free(0) and not state.free(1)


def test_a_claim_takes_ten_beats_and_ten_a_space():
    state = racing_state()
    codec, comp = state.game.codec, state.game.components
    tick(state, {p: codec.lay(0, 0) for p in range(3)})
    assert state.clock == 60
    place = first_place(state, 0)
    slot = codec.decode(place).slot
    spaces = len(comp.shared.claims[comp.slot_claim(slot)].cells)
    tick(state, {p: place for p in range(3)}, pace=0)
    assert state.clock == 60 + 10 + 10 * spaces


def test_without_pace_ties_are_exact_and_no_chance_node_comes():
    state = racing_state(pace_beats=1)
    codec = state.game.codec
    state.apply_actions([codec.lay(0, 0)] * 3)
    assert state.phase == RACE and state.clock == 60


def test_a_free_racer_may_wait_and_the_clock_runs_out_on_those_who_only_wait():
    """RULES_NOTES T3-T4: waiting costs ten beats; when the seats still in have waited
    to the clock's end, they declare together and the one drawn last is the last
    player."""
    state = racing_state()
    codec = state.game.codec
    tick(state, {p: codec.lay(0, 0) for p in range(3)})
    tick(state, {p: first_place(state, p) for p in range(3)})
    tick(state, {0: codec.declare})
    state.apply_action(codec.take(state.table.index(1)))
    while state.phase == RACE:
        tick(state, {})  # seats 1 and 2 only wait
    assert state.phase == ORDER and state.declared[1:] == [race_limit(state.game)] * 2
    state.apply_action(2)
    assert state.order == [0, 2, 1] and state.last == 1
    assert state.phase == TAKE and state.current_player() == 2


def test_the_clock_options_are_checked():
    with pytest.raises(GameParameterError, match="pace_beats"):
        make(3, pace_beats=0)
    with pytest.raises(GameParameterError, match="board_beats"):
        make(3, board_beats=-1)
    with pytest.raises(GameParameterError, match="covers"):
        make(3, covers="peek")
