"""[Tips] 3: four boards in a square, frames on the edges and in the centre."""

from __future__ import annotations

from skagway_env.games.klondike1896.endgame import deduction
from skagway_env.games.klondike1896.square import spaces_to_finish

from .helpers import I3, L, bid, game, mask, start


def square_state():
    s = start(game(2, layout="square"), rows=[[I3, L]])
    assert (s.game.grid.rows, s.game.grid.cols) == (12, 12)
    return s


def test_the_first_claim_goes_anywhere():
    s = square_state()
    bid(s, 0)
    bid(s, 1)
    assert len(s.legal_actions(0)) == 12 * 10 + 10 * 12  # an I3 lying or standing


def test_tip_3_scoring_counts_the_shortest_path():
    """A path down column 5 covers the top frame and the centre; left, right and bottom
    frames are missing. From the last claim (rows 4-6 of column 5) the cheapest order
    is left (5 spaces: (5,4)..(5,0)), bottom (5 more, diagonally to (11,5)), right (5
    more, to (6,11)): 15 spaces, 30 points."""
    s = square_state()
    grid = s.game.grid
    s.covered[0] = mask(s, [(r, 5) for r in range(7)])
    last = mask(s, [(4, 5), (5, 5), (6, 5)])
    s.paths[0] = [mask(s, [(r, 5) for r in range(4)]), last]
    s.halo[0] = grid.halo_of(last)
    assert spaces_to_finish(grid, s.covered[0], s.halo[0]) == 15
    assert deduction(s, 0) == 30
    # a player with no claim starts anywhere: one space for the first frame, then
    # the frames one after another
    assert spaces_to_finish(grid, 0, grid.start) == 1 + 5 + 5 + 5 + 5


def test_covering_every_frame_ends_the_game_without_deduction():
    s = square_state()
    frames = [(0, 5), (5, 11), (11, 5), (5, 0), (5, 5)]
    s.covered[0] = mask(s, frames)
    assert spaces_to_finish(s.game.grid, s.covered[0], s.halo[0]) == 0
    s.covered[0] = mask(s, frames[:4] + [(4, 4)])
    assert spaces_to_finish(s.game.grid, s.covered[0], s.game.grid.halo_of(mask(s, [(4, 4)]))) == 1
