"""[2) Placing the claim] and [3) Counting points].

A claim goes down in any rotation (never flipped), inside the grid, on no covered
space. The first claim covers one of the start spaces (in the square, any space); each
later claim touches the last one placed by a side or a corner. On the line, the path
touches the top and bottom sides on the second and third boards: a claim may reach
past such a board only once the path (this claim included) has touched both its
sides (RULES_NOTES P3). A claim with no legal place is lost. Gold and rubies count at
once; the rubies are kept apart until the next round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import PLACE
from .geometry import Placement, terrain_of

if TYPE_CHECKING:
    from .state import Klondike1896State

PLACE_PHASE, EXTRA_PLACE = 3, 5


def legal_placements(s: Klondike1896State, p: int) -> list[int]:
    """Placement ids for ``p``'s won claim, ascending; ``[lose]`` when there is none."""
    grid = s.game.grid
    claim = s.won[p]
    covered, halo = s.covered[p], s.halo[p]
    r0, r1, c0, c1 = s.halo_box[p]
    rows, cols = grid.rows, grid.cols
    rules = grid.edge_rules
    out: list[int] = []
    for flat, (h, w) in zip(grid.placements[claim], grid.dims[claim], strict=True):
        if flat is None:
            continue
        for ar in range(max(0, r0 - h + 1), min(rows - h, r1) + 1):
            base = ar * cols
            for ac in range(max(0, c0 - w + 1), min(cols - w, c1) + 1):
                place = flat[base + ac]
                m = place.mask
                if m & covered or not m & halo:
                    continue
                if rules and not _edges_ok(rules, covered | m, m):
                    continue
                out.append(PLACE + place.action)
    return out or [s.game.codec.lose]


def _edges_ok(rules: list[tuple[int, int, int]], path: int, m: int) -> bool:
    """[Placing the claim] top and bottom touched before the path leaves the board."""
    for top, bottom, beyond in rules:
        if m & beyond and not (path & top and path & bottom):
            return False
    return True


def placement_of(s: Klondike1896State, p: int, action: int) -> Placement:
    return s.game.grid.by_action[s.won[p]][action - PLACE]


def place_claim(s: Klondike1896State, p: int, place: Placement) -> None:
    """Put the claim down and count its gold and rubies ([3) Counting points])."""
    gold, ruby = terrain_of(s.game.components, s.game.grid.square, tuple(s.arrangement[p]))
    g = sum(gold[c] for c in place.cells)
    r = sum(ruby[c] for c in place.cells)
    s.covered[p] |= place.mask
    s.halo[p] = place.halo
    s.halo_box[p] = list(place.box)
    s.gold[p] += g
    s.fresh[p] += r
    s.paths[p].append(place.mask)
    s.gains[p].append([g, r])
    s.finished[p] = reached_goal(s, p)


def reached_goal(s: Klondike1896State, p: int) -> bool:
    """On the line: a finish space covered. In the square ([Tips] 3): every frame."""
    grid, covered = s.game.grid, s.covered[p]
    if grid.square:
        return all(covered & t for t in grid.targets)
    return bool(covered & grid.finish)
