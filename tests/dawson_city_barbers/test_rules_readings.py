"""Sentences read two ways, each reading a parameter (RULES_NOTES S1, T1, T3, P1, D2).

The default reading is checked beside the other, so a test fails if either changes.
"""

from __future__ import annotations

import pytest

from skagway_env import GameParameterError
from skagway_env.core import game_class
from skagway_env.games.dawson_city_barbers.tracks import head_start_position, move_pan

from .helpers import card, dealt_state, make, play_state, scored_state

PRESETS = {v.name: v.as_dict() for v in game_class("dawson_city_barbers").info.presets}


def test_every_reading_is_a_preset_the_generic_suite_covers():
    assert sorted(PRESETS.values(), key=str) == sorted([
        {"head_start": "first_on_1"}, {"pan_count": "numbers"}, {"discards": "face_down"},
    ], key=str)
    defaults = make(4).params
    assert (defaults.head_start, defaults.pan_count, defaults.discards) == (
        "first_on_3", "spaces", "face_up")


@pytest.mark.parametrize("name, value", [("head_start", "first_on_2"), ("pan_count", "x"),
                                         ("discards", "hidden")])
def test_unknown_readings_are_refused(name, value):
    with pytest.raises(GameParameterError, match=name):
        make(4, **{name: value})


# T1 [Scheduling Training] "the best barbers from the previous round will start from the
# 1st, 2nd and 3rd spaces". Rows: (reading, space counted from by place box 1, 2, 3).
HEAD_STARTS = [
    pytest.param("first_on_3", (3, 2, 1), id="default: 1st keeps the biggest lead"),
    pytest.param("first_on_1", (1, 2, 3), id="literal: place k on space k"),
]


@pytest.mark.parametrize("reading, spaces", HEAD_STARTS)
def test_head_start_reading(reading, spaces):
    assert tuple(head_start_position(box, reading) for box in (1, 2, 3)) == spaces
    game = make(4, head_start=reading)
    state = scored_state(game, train=[4, 3, 2, 1], shops=[[1, 2, 3], [0], [], []])
    assert state.placing == [0, 1, 2, 3]
    assert state.train_pos == [*spaces, 0] and state.train_box == [1, 2, 3, 0]
    # the next round's first move counts from there: seat 0 (1st) plays T1 W2 P2
    k = card(game, 1, 2, 2)
    nxt = play_state(game, 0, [k, k], train_pos=state.train_pos[:],
                     train_box=state.train_box[:])
    nxt.apply_action(game.codec.schedule(k))
    assert nxt.train_pos[0] == spaces[0] + 1


# P1 [Scheduling Panning] "spaces with 2 or 3 numbers". Rows: (pan before, mover,
# steps, after counting numbers, after counting spaces). Spaces: 0, 1, 2, 3, {4,5},
# 6, 7, {8,9,10}, 11, 12, {13,14}, 15, 16, {17,18,19}, 20.
PAN_COUNTS = [
    pytest.param([0, 0], 0, 5, [5, 0], [6, 0], id="P5 from 0: bend 4-5 or space 6"),
    pytest.param([0, 0], 0, 4, [5, 0], [5, 0], id="4 from 0: the bend either way"),
    pytest.param([8, 0], 0, 2, [10, 0], [12, 0],
                 id="from a bend: 2 numbers stay in it, 2 spaces reach 12"),
    pytest.param([0, 6], 0, 5, [5, 6], [5, 6], id="spaces: 6 taken, bumped back to 5"),
    pytest.param([16, 0], 0, 3, [19, 0], [20, 0], id="spaces: past the end stops on 20"),
]


@pytest.mark.parametrize("pan, me, steps, by_numbers, by_spaces", PAN_COUNTS)
def test_pan_counting_reading(pan, me, steps, by_numbers, by_spaces):
    comp = make(len(pan)).components
    numbers, spaces = pan[:], pan[:]
    move_pan(numbers, me, steps, comp)
    move_pan(spaces, me, steps, comp, by_spaces=True)
    assert (numbers, spaces) == (by_numbers, by_spaces)


@pytest.mark.parametrize("reading, after", [("numbers", 5), ("spaces", 6)])
def test_pan_counting_through_a_played_card(reading, after):
    game = make(3, pan_count=reading)
    k = card(game, 0, 0, 5)  # the printed "pan 5" card
    state = play_state(game, 0, [k, k])
    state.apply_action(game.codec.schedule(k))
    assert state.pan[0] == after


# D2 [Get Haircut] / [Plan Long Weekend] "discards a schedule card": face up (default)
# or face down, known to its owner only.
@pytest.mark.parametrize("reading", ["face_up", "face_down"])
@pytest.mark.parametrize("kind_of_move", ["haircut", "weekend"])
def test_discard_reading(reading, kind_of_move):
    game = make(3, discards=reading)
    k = card(game, 1, 2, 2)
    state = play_state(game, 0, [k, k])
    action = game.codec.haircut(k, 1) if kind_of_move == "haircut" else \
        game.codec.long_weekend(k, 0)
    state.apply_action(action)
    up = reading == "face_up"
    assert state.discards[k] == int(up)
    assert state.face_down[0][k] == int(not up)
    assert ("T1 W2 P2" in state.observation_string(1)) is up
    assert ("T1 W2 P2" in state.observation_string(0)) is True  # its owner knows it


# S1 / T3: the start player is drawn, and all-zero ties on the train track in round 1
# go in turn order from it (before: seat 0 always started and won the tie).
@pytest.mark.parametrize("n, start", [(3, 1), (4, 2), (6, 5)])
def test_round_one_all_zero_tie_goes_in_turn_order_from_the_start_player(n, start):
    state = dealt_state(make(n), start=start)
    assert state.placing == [(start + i) % n for i in range(n)]
    shops = [[(s - 1) % n] for s in range(n)]  # each pawn at its left neighbour's shop
    state = scored_state(make(n), start=start, shops=shops)  # every train marker on 0
    assert state.placing == [(start + i) % n for i in range(n)]
    assert state.start_player == start  # the tie's first is Best Barber and starts
    assert state.train_box[start] == 1
