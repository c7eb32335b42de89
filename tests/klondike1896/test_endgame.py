"""[Ending the game] and [Winner of the game]."""

from __future__ import annotations

import numpy as np

from skagway_env.games.klondike1896 import observation
from skagway_env.games.klondike1896.actions import EXTRA_PASS
from skagway_env.games.klondike1896.endgame import finish_game, line_deduction, max_deduction
from skagway_env.games.klondike1896.phases import EXTRA

from .helpers import I3, I4, bid, game, mask, place_all, place_at, start


def test_illustration_8_deductions():
    s = start(game(2))
    grid = s.game.grid
    path = [(2, c) for c in range(20)]  # the path ends in column 19 of 0..23
    assert line_deduction(grid, mask(s, path)) == 8  # four columns left: "eight points"
    edge = path + [(2, c) for c in range(20, 23)] + [(1, 23), (0, 23)]
    assert line_deduction(grid, mask(s, edge)) == 2  # touched the right edge off the finish
    short = [(2, c) for c in range(23)]
    assert line_deduction(grid, mask(s, short)) == 2  # one column left
    assert line_deduction(grid, mask(s, short + [(3, 23)])) == 0  # on the finish
    assert line_deduction(grid, mask(s, short + [(3, 23), (0, 23)])) == 0


def test_an_empty_path_loses_the_most_the_observation_allows():
    """The deduction's declared bound is reached, not just respected: a seat with no
    claim down loses two points a column, all 24 of them."""
    s = start(game(2))
    finish_game(s)
    grid = s.game.grid
    assert s.deduction == [max_deduction(grid)] * 2 == [2 * 24] * 2
    _, high = s.game.observation_bounds()
    seat0 = s.game.observation_size() - observation.SEATS * (
        observation.SEAT_SCALARS + observation.PLANES * grid.cells)
    feature = seat0 + 5  # gold, rubies, fresh rubies, hidden, goal, deduction / 50
    assert s.observation_tensor(0)[feature] == high[feature] == np.float32(48 / 50)


def near_the_finish():
    """Seat 0's path has crossed boards 2 and 3 top and bottom and ends at (2,20)."""
    s = start(game(2), rows=[[I3, I4]])
    cells = [(r, 8) for r in range(6)] + [(r, 14) for r in range(6)] + [
        (2, c) for c in range(0, 21)]
    s.covered[0] = mask(s, cells)
    last = mask(s, [(2, 18), (2, 19), (2, 20)])
    s.paths[0] = [last]
    s.halo[0] = s.game.grid.halo_of(last)
    bid(s, 0)
    bid(s, 1)
    return s


def test_the_round_is_played_out_then_deductions():
    s = near_the_finish()
    # seat 0's I3 on (2,21),(2,22),(2,23): the finish; seat 1's I4 from the start
    # to column 3 at the same time (everybody places)
    place_all(s, {0: place_at(s, 0, 2, 21), 1: place_at(s, 0, 2, 0)})
    assert s.finished[0] and not s.is_terminal() and len(s.paths[1]) == 1
    assert s.phase == EXTRA  # and the additional claim is auctioned
    s.apply_action(EXTRA_PASS)
    s.apply_action(EXTRA_PASS)
    assert s.is_terminal() and not s.is_truncated()
    assert s.deduction == [0, 2 * 20]
    assert s.scores() == [float(s.gold[0]), float(s.gold[1] - 40)]


def test_ties_on_gold_go_to_rubies():
    s = near_the_finish()
    place_all(s, {0: place_at(s, 0, 2, 21), 1: place_at(s, 0, 2, 0)})
    s.apply_action(EXTRA_PASS)
    s.apply_action(EXTRA_PASS)
    s.gold = [10, 10 + s.deduction[1]]
    s.rubies = [2, 5]
    assert s.returns() == [-1.0, 1.0]
    s.rubies = [5, 2]
    assert s.returns() == [1.0, -1.0]
