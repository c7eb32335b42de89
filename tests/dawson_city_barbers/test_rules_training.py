"""[Scheduling Training]: no sharing, bump forward, place-box head starts (T1)."""

from __future__ import annotations

import pytest

from skagway_env.games.dawson_city_barbers.tracks import move_train

from .helpers import card, custom_game, make, play_state

# Rows: (train_pos, train_box, mover, steps, expected train_pos, expected train_box).
# A place-box marker is (pos 3, box 1), (pos 2, box 2) or (pos 1, box 3) (note T1).
MOVES = [
    pytest.param([0, 0, 0, 0], [0, 0, 0, 0], 0, 3, [3, 0, 0, 0], [0, 0, 0, 0],
                 id="empty track: count the full movement"),
    pytest.param([0, 3, 0, 0], [0, 0, 0, 0], 0, 3, [4, 3, 0, 0], [0, 0, 0, 0],
                 id="landing space taken: bump forward one"),
    pytest.param([0, 3, 4, 5], [0, 0, 0, 0], 0, 3, [6, 3, 4, 5], [0, 0, 0, 0],
                 id="bump chain over three occupied spaces"),
    pytest.param([0, 3, 4, 6], [0, 0, 0, 0], 0, 3, [5, 3, 4, 6], [0, 0, 0, 0],
                 id="bump chain stops at the first free space"),
    pytest.param([0, 1, 2, 0], [0, 0, 0, 0], 0, 3, [3, 1, 2, 0], [0, 0, 0, 0],
                 id="passing occupied spaces is not a bump"),
    pytest.param([0, 4, 0, 0], [0, 0, 0, 0], 0, 3, [3, 4, 0, 0], [0, 0, 0, 0],
                 id="landing just behind a marker is fine"),
    pytest.param([5, 7, 8, 0], [0, 0, 0, 0], 0, 2, [9, 7, 8, 0], [0, 0, 0, 0],
                 id="bump forward from mid-track"),
    pytest.param([0, 1, 2, 3, 4, 5], [0] * 6, 0, 1, [6, 1, 2, 3, 4, 5], [0] * 6,
                 id="6p: chain of five markers"),
    pytest.param([0, 0, 0, 0], [0, 0, 0, 0], 3, 2, [0, 0, 0, 2], [0, 0, 0, 0],
                 id="space 0 is shared by the markers left behind"),
    pytest.param([6, 0, 0, 0], [0, 0, 0, 0], 0, 0, [6, 0, 0, 0], [0, 0, 0, 0],
                 id="move of 0 stays put"),
    pytest.param([0, 6, 0, 0], [0, 0, 0, 0], 0, 0, [0, 6, 0, 0], [0, 0, 0, 0],
                 id="move of 0 on space 0 stays on 0"),
    # place boxes (second round onwards)
    pytest.param([3, 2, 1, 0], [1, 2, 3, 0], 0, 1, [4, 2, 1, 0], [0, 2, 3, 0],
                 id="1st place box counts from space 3: +1 lands on 4"),
    pytest.param([3, 2, 1, 0], [1, 2, 3, 0], 1, 1, [3, 3, 1, 0], [1, 0, 3, 0],
                 id="2nd place box counts from space 2: +1 lands on 3, 1st box no block"),
    pytest.param([3, 2, 1, 0], [1, 2, 3, 0], 2, 1, [3, 2, 2, 0], [1, 2, 0, 0],
                 id="3rd place box counts from space 1: +1 lands on 2, 2nd box no block"),
    pytest.param([3, 2, 1, 0], [1, 2, 3, 0], 3, 1, [3, 2, 1, 1], [1, 2, 3, 0],
                 id="boxes do not block space 1"),
    pytest.param([3, 2, 1, 0], [1, 2, 3, 0], 3, 2, [3, 2, 1, 2], [1, 2, 3, 0],
                 id="boxes do not block space 2"),
    pytest.param([3, 2, 1, 0], [1, 2, 3, 0], 3, 3, [3, 2, 1, 3], [1, 2, 3, 0],
                 id="boxes do not block space 3"),
    pytest.param([3, 2, 1, 5], [1, 2, 3, 0], 0, 2, [6, 2, 1, 5], [0, 2, 3, 0],
                 id="box marker bumps forward past a track marker"),
    pytest.param([3, 3, 1, 0], [1, 0, 3, 0], 2, 2, [3, 3, 4, 0], [1, 0, 0, 0],
                 id="track marker on 3 blocks a box marker landing on 3"),
    pytest.param([3, 2, 1, 0], [1, 2, 3, 0], 0, 0, [3, 2, 1, 0], [1, 2, 3, 0],
                 id="move of 0 leaves the marker in its place box"),
    pytest.param([3, 2, 1, 4, 0], [1, 2, 3, 0, 0], 4, 4, [3, 2, 1, 4, 5], [1, 2, 3, 0, 0],
                 id="5p: from 0 past all boxes onto a taken 4: bump to 5"),
]


@pytest.mark.parametrize("pos, box, me, steps, want_pos, want_box", MOVES)
def test_move_train(pos, box, me, steps, want_pos, want_box):
    game = make(len(pos))
    pos, box = pos[:], box[:]
    move_train(pos, box, me, steps, game.components)
    assert pos == want_pos
    assert box == want_box


# Rows through apply_action: (train_pos, train_box, mover, card (t, w, p), expected pos).
PLAYED = [
    pytest.param([0, 3, 0, 0], [0, 0, 0, 0], 0, (3, 1, 1), [4, 3, 0, 0],
                 id="played card bumps forward"),
    pytest.param([0, 2, 3, 4], [0, 0, 0, 0], 1, (1, 2, 2), [0, 5, 3, 4],
                 id="played card bump chain"),
    pytest.param([3, 2, 1, 0], [1, 2, 3, 0], 3, (3, 2, 0), [3, 2, 1, 3],
                 id="played card onto space 3 next to the 1st place box"),
    pytest.param([3, 2, 1, 0], [1, 2, 3, 0], 0, (5, 0, 0), [8, 2, 1, 0],
                 id="1st place box with a 5: space 8"),
]


@pytest.mark.parametrize("pos, box, me, moves, want", PLAYED)
def test_schedule_card_moves_train(pos, box, me, moves, want):
    game = make(len(pos))
    k = card(game, *moves)
    state = play_state(game, me, [k, k], train_pos=pos[:], train_box=box[:])
    state.apply_action(game.codec.schedule(k))
    assert state.train_pos == want
    assert state.train_box[me] == 0  # on the track now, out of any place box


# [Scheduling Training] names no end; with a custom short track (last space 5) a
# marker stops on the last space, or the last free one when that is taken (note T4).
SHORT_TRACK = [
    pytest.param([4, 0, 0], 0, 3, [5, 0, 0], id="past the end: stops on the last space"),
    pytest.param([2, 5, 0], 0, 2, [4, 5, 0], id="exactly to 4 below a taken end: no bump"),
    pytest.param([2, 5, 0], 0, 4, [4, 5, 0], id="end taken: last free space 4"),
    pytest.param([1, 5, 4], 0, 4, [3, 5, 4], id="end and 4 taken: last free space 3"),
]


@pytest.mark.parametrize("pos, me, steps, want", SHORT_TRACK)
def test_move_train_short_custom_track(tmp_path, pos, me, steps, want):
    game = custom_game(tmp_path, len(pos), {"last_space = 28": "last_space = 5"})
    pos, box = pos[:], [0] * len(pos)
    move_train(pos, box, me, steps, game.components)
    assert pos == want
