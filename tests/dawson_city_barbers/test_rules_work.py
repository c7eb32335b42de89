"""[Scheduling Work]: any number of markers share a space; the track ends at 20, the most
days a round can schedule (4 cards of at most 5)."""

from __future__ import annotations

import pytest

from skagway_env.games.dawson_city_barbers.tracks import move_work

from .helpers import WORK_GOLD, card, make, play_state


def test_tables_use_the_bundled_work_track():
    assert make(2).components.work_gold == WORK_GOLD  # spaces 0..20


# Rows: (work before, mover, steps, work after).
MOVES = [
    pytest.param([0, 0, 0], 0, 3, [3, 0, 0], id="count the full movement"),
    pytest.param([0, 3, 0], 0, 3, [3, 3, 0], id="share a space: no bump"),
    pytest.param([0, 3, 3], 0, 3, [3, 3, 3], id="three on one space"),
    pytest.param([0, 5, 4, 3, 2, 1], 0, 5, [5, 5, 4, 3, 2, 1], id="6p: no bump over a row"),
    pytest.param([2, 7], 0, 5, [7, 7], id="catch up from behind"),
    pytest.param([4, 0], 0, 0, [4, 0], id="move of 0 stays put"),
    pytest.param([18, 0], 0, 2, [20, 0], id="exactly to the end space 20"),
    pytest.param([18, 20], 0, 5, [20, 20], id="past the end: stops on 20, shared"),
    pytest.param([20, 0], 0, 4, [20, 0], id="at the end: stays"),
]


@pytest.mark.parametrize("work, me, steps, want", MOVES)
def test_move_work(work, me, steps, want):
    game = make(len(work))
    work = work[:]
    move_work(work, me, steps, game.components)
    assert work == want


# Through apply_action: (work before, mover, card (t, w, p), work after).
PLAYED = [
    pytest.param([0, 2, 0], 0, (1, 2, 2), [2, 2, 0], id="printed T1 W2 P2 onto a taken 2"),
    pytest.param([1, 5, 5], 0, (0, 4, 1), [5, 5, 5], id="joins two markers on 5"),
    pytest.param([17, 0, 0], 0, (0, 5, 0), [20, 0, 0], id="W5 from 17 stops at the end"),
]


@pytest.mark.parametrize("work, me, moves, want", PLAYED)
def test_schedule_card_moves_work(work, me, moves, want):
    game = make(len(work))
    k = card(game, *moves)
    state = play_state(game, me, [k, k], work=work[:])
    state.apply_action(game.codec.schedule(k))
    assert state.work == want
