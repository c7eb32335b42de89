"""[Scheduling Panning]: bump backward, wide river bends, north-shore justification.

Bundled pan track (assumed data): single spaces 0-3, bend {4,5}, 6, 7, bend {8,9,10},
11, 12, bend {13,14}, 15, 16, bend {17,18,19}, and 20 at the end (the most numbers a
round can move). A pan move counts spaces by default, as the rulebook says ("moves
only the pan marker 5 spaces", note P1); the ``pan_count="numbers"`` reading counts
printed numbers.
"""

from __future__ import annotations

import pytest

from skagway_env.games.dawson_city_barbers.scoring import pan_order
from skagway_env.games.dawson_city_barbers.tracks import move_pan

from .helpers import PAN_SPACES, card, make, play_state, set_fields


def test_tables_use_the_bundled_pan_track():
    assert make(2).components.pan_spaces == PAN_SPACES


# Rows: (pan numbers before, mover, steps, pan numbers after).
MOVES = [
    pytest.param([0, 0, 0], 0, 3, [3, 0, 0], id="free space: count the full movement"),
    pytest.param([0, 3, 0], 0, 3, [2, 3, 0], id="landing space taken: bump back one"),
    pytest.param([0, 3, 2, 0], 0, 3, [1, 3, 2, 0], id="backward chain of two"),
    pytest.param([0, 3, 2, 1], 0, 3, [0, 3, 2, 1], id="backward chain to the start space"),
    pytest.param([0, 2, 0], 0, 3, [3, 2, 0], id="passing a marker is not a bump"),
    pytest.param([0, 0, 0], 2, 0, [0, 0, 0], id="move of 0 stays on 0"),
    pytest.param([0, 0, 0], 0, 1, [1, 0, 0], id="space 0 shared, 1 free"),
    # a bend of two numbers
    pytest.param([0, 0], 0, 4, [5, 0], id="empty bend: placed on the north number 5"),
    pytest.param([0, 0], 0, 5, [5, 0], id="exactly 5 into the empty bend"),
    pytest.param([0, 5], 0, 4, [4, 5], id="bend with one marker: second fills 4"),
    pytest.param([0, 5], 0, 5, [4, 5], id="counted to the taken north number: fill 4"),
    pytest.param([0, 5, 4], 0, 5, [3, 5, 4], id="full bend of two: bump back to 3"),
    pytest.param([0, 5, 4, 3], 0, 4, [2, 5, 4, 3], id="full bend then taken 3: back to 2"),
    # a bend of three numbers
    pytest.param([0, 0, 0, 0], 0, 8, [10, 0, 0, 0], id="empty 3-bend from its south number"),
    pytest.param([0, 0, 0, 0], 0, 9, [10, 0, 0, 0], id="empty 3-bend from its middle"),
    pytest.param([0, 10, 0, 0], 0, 10, [9, 10, 0, 0], id="3-bend with one: next on 9"),
    pytest.param([0, 10, 9, 0], 0, 8, [8, 10, 9, 0], id="3-bend with two: last on 8"),
    pytest.param([0, 10, 9, 8], 0, 9, [7, 10, 9, 8], id="full 3-bend: bump back to 7"),
    pytest.param([6, 10, 9, 8, 7], 0, 4, [6, 10, 9, 8, 7],
                 id="full 3-bend, 7 taken: back to own space 6"),
    pytest.param([0, 6, 0], 0, 6, [5, 6, 0], id="bumped back into an empty bend: north 5"),
    pytest.param([0, 6, 5], 0, 6, [4, 6, 5], id="bumped back into a bend with room: 4"),
    pytest.param([0, 6, 5, 4, 3], 0, 6, [2, 6, 5, 4, 3],
                 id="chain back through a full bend to 2"),
    # justification after a marker leaves a bend
    pytest.param([5, 4, 0], 0, 2, [7, 5, 0], id="north marker leaves: 4 slides to 5"),
    pytest.param([5, 4, 0], 1, 3, [5, 7, 0], id="south marker leaves: nothing slides"),
    pytest.param([10, 9, 8, 0], 0, 1, [11, 10, 9, 0], id="3-bend north leaves: both slide"),
    pytest.param([10, 9, 8, 0], 1, 2, [10, 11, 9, 0], id="3-bend middle leaves: 8 to 9"),
    pytest.param([10, 9, 8, 0], 2, 3, [10, 9, 11, 0], id="3-bend south leaves: no slide"),
    pytest.param([10, 9, 0, 12], 0, 2, [11, 10, 0, 12], id="bumped back to 11, 9 slides"),
    pytest.param([4, 5], 0, 1, [4, 5], id="within a full bend: stays on its own number"),
    pytest.param([9, 10], 0, 0, [9, 10], id="move of 0 inside a bend"),
    # the end of the track
    pytest.param([17, 0], 0, 5, [20, 0], id="past the end: stops on 20"),
    pytest.param([16, 20], 0, 4, [19, 20], id="end taken: back into the last bend on 19"),
    pytest.param([16, 20, 19], 0, 6, [18, 20, 19], id="end taken, bend half full: 18"),
    pytest.param([15, 20, 19, 18, 17], 0, 6, [16, 20, 19, 18, 17],
                 id="end and last bend full: 16"),
    pytest.param([20, 0], 0, 3, [20, 0], id="already at the end: stays"),
    pytest.param([19, 18, 0], 0, 1, [20, 19, 0], id="to the end from the bend: 18 slides"),
]


@pytest.mark.parametrize("pan, me, steps, want", MOVES)
def test_move_pan(pan, me, steps, want):
    game = make(len(pan))
    pan = pan[:]
    move_pan(pan, me, steps, game.components)
    assert pan == want


# Ties at the north shore (Pan for Gold): a bigger number in a bend is closer to the
# north shore, so it ranks first; markers still on 0 are not ranked (note P3).
ORDERS = [
    pytest.param([10, 9, 8, 0], [0, 1, 2], id="three in one bend: north shore first"),
    pytest.param([8, 10, 9, 0], [1, 2, 0], id="same bend, seats in other order"),
    pytest.param([4, 5, 11, 0], [2, 1, 0], id="farther upriver beats the bend"),
    pytest.param([0, 3, 0, 0], [1], id="markers on 0 are not ranked"),
    pytest.param([0, 0, 0, 0], [], id="nobody went upriver"),
    pytest.param([1, 20, 19, 18, 2, 0], [1, 2, 3, 4, 0], id="6p: end space, then the bend"),
]


@pytest.mark.parametrize("pan, expected", ORDERS)
def test_pan_ranking_ties_to_north_shore(pan, expected):
    game = make(len(pan))
    state = game.new_initial_state()
    set_fields(state, pan=pan[:])
    assert pan_order(state) == expected


# Through apply_action: (pan before, mover, card (t, w, p), pan after counting spaces
# (the default, P1), pan after counting numbers).
PLAYED = [
    pytest.param([0, 5, 0], 0, (0, 0, 5), [6, 5, 0], [4, 5, 0],
                 id="printed P5 card: space 6, or numbers into the bend"),
    pytest.param([0, 2, 0], 2, (1, 2, 2), [0, 2, 1], [0, 2, 1],
                 id="printed T1 W2 P2 card bumps back"),
    pytest.param([5, 4, 0], 0, (0, 0, 5), [12, 5, 0], [10, 5, 0],
                 id="leaving a bend justifies it"),
]


@pytest.mark.parametrize("pan, me, moves, by_spaces, by_numbers", PLAYED)
@pytest.mark.parametrize("reading", [None, "spaces", "numbers"])
def test_schedule_card_moves_pan(pan, me, moves, by_spaces, by_numbers, reading):
    game = make(len(pan)) if reading is None else make(len(pan), pan_count=reading)
    k = card(game, *moves)
    state = play_state(game, me, [k, k], pan=pan[:])
    state.apply_action(game.codec.schedule(k))
    assert state.pan == (by_numbers if reading == "numbers" else by_spaces)
    assert state.work[me] == moves[1]  # the card's other tracks move too
