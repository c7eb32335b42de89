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

from collections.abc import Callable
from typing import TYPE_CHECKING

from .actions import PLACE
from .geometry import Placement, bits

if TYPE_CHECKING:
    from .state import Klondike1896State


def legal_placements(s: Klondike1896State, p: int) -> list[int]:
    """Placement ids for ``p``'s won claim, ascending; ``[lose]`` when there is none."""
    cells = s.game.grid.cells
    found: list[int] = []
    for rot, anchors in legal_anchors(s, p, s.won[p]):
        if anchors:
            base = PLACE + rot * cells
            found += [base + a for a in bits(anchors)]
    return found or [s.game.codec.lose]


def random_placement(s: Klondike1896State, p: int, below: Callable[[int], int]) -> int:
    """``legal[below(len(legal))]`` of ``legal = legal_placements(s, p)``: the same draw,
    the same placement, found by counting each turn's anchors (``int.bit_count``)
    instead of listing them all (a playout's move)."""
    found = legal_anchors(s, p, s.won[p])
    count = 0
    for _, anchors in found:
        count += anchors.bit_count()
    if not count:
        below(1)  # legal is [lose]: a draw of one, as legal[below(1)] makes
        return s.game.codec.lose
    i = below(count)
    for rot, anchors in found:
        k = anchors.bit_count()
        if i < k:
            for _ in range(i):  # drop the i lowest anchors
                anchors &= anchors - 1
            return PLACE + rot * s.game.grid.cells + (anchors & -anchors).bit_length() - 1
        i -= k
    raise AssertionError("below(n) drew past n")


def placements_for(s: Klondike1896State, p: int, claim: int) -> list[Placement]:
    """Every legal place of ``claim`` on ``p``'s landscape now, in action order
    (also what bots ask of the claims they could still win)."""
    table = s.game.grid.placements[claim]
    return [table[rot][a] for rot, anchors in legal_anchors(s, p, claim)  # type: ignore[index]
            for a in bits(anchors)]


def legal_anchors(s: Klondike1896State, p: int, claim: int) -> list[tuple[int, int]]:
    """(rotation, mask of legal anchors) for each distinct turn of ``claim``."""
    grid = s.game.grid
    covered = s.covered[p]
    free = grid.full & ~covered
    # which sides of each edge board the path has touched, 2 bits a board (Grid.edge_allowed)
    code, shift = 0, 0
    for top, bottom, _ in grid.edge_rules:
        if covered & top:
            code |= 1 << shift
        if covered & bottom:
            code |= 2 << shift
        shift += 2
    halo = s.halo[p]
    shapes = grid.shapes[claim]
    touching = grid.touching.get((halo, claim))
    if touching is None:  # anchors that fit and touch the halo, turn by turn
        touching = grid.touching[halo, claim] = [
            fit & _touching(halo, offsets) for _, offsets, fit in shapes]
    out = []
    for (rot, offsets, _), ok, edges in zip(shapes, touching, grid.edge_allowed[claim][code],
                                            strict=True):
        ok &= edges  # ... pass the edge rules
        for o in offsets:  # ... and stand on free cells only
            if not ok:
                break
            ok &= free >> o
        out.append((rot, ok))
    return out


def _touching(halo: int, offsets: tuple[int, ...]) -> int:
    """The anchors from which some cell of the turned claim lands on ``halo``."""
    touch = 0
    for o in offsets:
        touch |= halo >> o
    return touch


def _edge_check(table: list[Placement | None] | None, offsets: tuple[int, ...], ok: int,
                covered: int, top: int, bottom: int, beyond: int) -> int:
    """[Placing the claim] drop anchors whose claim leaves a board whose top and
    bottom the path (this claim included) has not both touched."""
    crossing = 0
    for o in offsets:
        crossing |= beyond >> o
    crossing &= ok
    if not crossing:
        return ok
    for a in bits(crossing):
        m = table[a].mask  # type: ignore[index]
        if not ((covered | m) & top and (covered | m) & bottom):
            ok &= ~(1 << a)
    return ok


def placement_of(s: Klondike1896State, p: int, action: int) -> Placement:
    return s.game.grid.by_action[s.won[p]][action - PLACE]


def place_claim(s: Klondike1896State, p: int, place: Placement) -> None:
    """Put the claim down and count its gold and rubies ([3) Counting points])."""
    gold, ruby = s.game.terrain(s.arrangement[p])
    cells = place.cells
    g = sum(map(gold.__getitem__, cells))
    r = sum(map(ruby.__getitem__, cells))
    s.covered[p] |= place.mask
    s.halo[p] = place.halo
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
