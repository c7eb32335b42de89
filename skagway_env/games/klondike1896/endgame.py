"""[New round], [Ending the game] and [Winner of the game].

The round in which someone reaches the finish is played out (every placement, the
additional claim); then everyone who did not reach it loses two points a column still
ahead of its path, and two more for touching the right edge off the finish spaces. In
the square ([Tips] 3) the loss is two points a space of the shortest path still to
cover. The game also ends when the supply can no longer deal a row (RULES_NOTES E3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import Grid
from .phases import OVER
from .square import spaces_to_finish

if TYPE_CHECKING:
    from .state import Klondike1896State

POINTS_PER_SPACE = 2  # [Ending the game] "Two points are deducted for each column"


def line_deduction(grid: Grid, covered: int) -> int:
    """[Ending the game] for a player off the finish: two a column left, two for the edge."""
    if covered & grid.finish:
        return 0
    cols, row = grid.cols, (1 << grid.cols) - 1
    columns = 0  # bit c: some cell of column c covered (the rows folded onto one)
    for r in range(grid.rows):
        columns |= covered >> r * cols & row
    right = columns.bit_length() - 1  # the rightmost covered column; -1 for none
    loss = POINTS_PER_SPACE * (grid.cols - 1 - right)
    if covered & grid.right_edge:
        loss += POINTS_PER_SPACE  # touched the right edge, not on the finish
    return loss


def deduction(s: Klondike1896State, p: int) -> int:
    grid = s.game.grid
    if grid.square:
        return POINTS_PER_SPACE * spaces_to_finish(grid, s.covered[p], s.halo[p])
    return line_deduction(grid, s.covered[p])


def max_deduction(grid: Grid) -> int:
    """The most ``deduction`` can take (the observation's bound).

    Line: two a column after the rightmost covered one (all ``cols`` with nothing
    covered), plus two for the edge, which needs the last column covered: at most
    ``2 * cols``. Square: each leg of the path (``square.spaces_to_finish``), to the
    first missing frame or between two, is a shortest path over distinct cells or the
    Chebyshev fallback, so at most ``cells`` spaces; one leg a frame, so at most
    ``2 * frames * cells`` (loose, but no play can pass it).
    """
    if grid.square:
        return POINTS_PER_SPACE * len(grid.targets) * grid.cells
    return POINTS_PER_SPACE * grid.cols


def merge_fresh_rubies(s: Klondike1896State) -> None:
    """[3)] rubies won by covering are kept apart and usable from the next round."""
    for q in range(s.num_players):
        s.rubies[q] += s.fresh[q]
        s.fresh[q] = 0
        if s.ledger:
            s.ledger[q].append([2, len(s.paths[q])])


def finish_game(s: Klondike1896State) -> None:
    s.deduction = [deduction(s, q) for q in range(s.num_players)]
    s.phase = OVER


def rank_keys(s: Klondike1896State) -> list[tuple]:
    """[Winner of the game] most gold, then most rubies."""
    return [(s.gold[q] - s.deduction[q], s.rubies[q] + s.fresh[q])
            for q in range(s.num_players)]
