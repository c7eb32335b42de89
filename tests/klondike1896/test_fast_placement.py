"""Issue 21: ``legal_anchors`` (anchors that fit, touch and pass the edge rules kept per
(halo, claim, edge code) in the grid; only free cells checked a call) lists exactly the
anchors the rules allow, checked one placement at a time the plain way below, for every
claim type and seat at every position of games played by the heuristic styles and at
random, every player count and both layouts; and the line's end deduction (the rightmost
column found by folding the rows) against the one read cell by cell."""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents import make_agent

from skagway_env.core import CHANCE, SIMULTANEOUS, TERMINAL
from skagway_env.core.playout import random_step
from skagway_env.games.klondike1896.endgame import line_deduction
from skagway_env.games.klondike1896.geometry import bits
from skagway_env.games.klondike1896.placement import legal_anchors

from .helpers import game


def plain_anchors(s, p: int, claim: int) -> list[tuple[int, int]]:
    """[Placing the claim]: inside the grid (the table's places), on free cells only,
    touching the last claim's halo (the start spaces at first), and on the line no
    reach past the second or third board before the path, this claim included, has
    touched both its top and bottom sides (RULES_NOTES P3)."""
    grid = s.game.grid
    covered, halo = s.covered[p], s.halo[p]
    out = []
    for rot, table in enumerate(grid.placements[claim]):
        if table is None:  # a turn repeating an earlier one
            continue
        ok = 0
        for a, place in enumerate(table):
            if place is None or place.mask & covered or not place.mask & halo:
                continue
            path = covered | place.mask
            if any(place.mask & beyond and not (path & top and path & bottom)
                   for top, bottom, beyond in grid.edge_rules):
                continue
            ok |= 1 << a
        out.append((rot, ok))
    return out


def plain_line_deduction(grid, covered: int) -> int:
    """[Ending the game]: off the finish, two points a column right of the path's
    rightmost cell, and two for touching the right edge."""
    if covered & grid.finish:
        return 0
    right = max((c % grid.cols for c in bits(covered)), default=-1)
    return 2 * (grid.cols - 1 - right) + (2 if covered & grid.right_edge else 0)


def _checked_game(g, rng, bots) -> int:
    """Play one game (``bots`` per seat, None: random), checking every seat's anchors
    for every claim type at every position; returns how many edge-board reaches the
    positions held (so the test can see the edge rule was exercised)."""
    s = g.new_initial_state()
    claims = range(len(g.grid.shapes))
    reached = 0
    while (cur := s.current_player()) != TERMINAL:
        if cur != CHANCE:
            for p in range(s.num_players):
                for claim in claims:
                    assert legal_anchors(s, p, claim) == plain_anchors(s, p, claim)
                if not g.grid.square:
                    assert line_deduction(g.grid, s.covered[p]) == plain_line_deduction(
                        g.grid, s.covered[p])
                reached += sum(bool(s.covered[p] & beyond) for _, _, beyond in g.grid.edge_rules)
        if cur in (CHANCE, SIMULTANEOUS) or bots[cur] is None:
            if cur == SIMULTANEOUS and any(bots):
                s.apply_actions([bot.act(s.view(p, rng), p) if bot else
                                 s.legal_actions(p)[int(rng.integers(len(s.legal_actions(p))))]
                                 for p, bot in enumerate(bots)])
            else:
                random_step(s, rng)
        else:
            s.apply_action(bots[cur].act(s.view(cur, rng), cur))
    return reached


@pytest.mark.parametrize("layout", ["line", "square"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_anchors_equal_the_plain_rules(layout, players):
    g = game(players, layout=layout)
    rng = np.random.default_rng(players)
    styles = [make_agent(f"heuristic:{style}", g, seed=players)
              for style in ("racer", "digger")]
    reached = _checked_game(g, rng, [None] * players)
    reached += _checked_game(g, rng, [styles[p % 2] for p in range(players)])
    if layout == "line":
        assert reached > 0  # some path went past an edge board
