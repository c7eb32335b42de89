"""[Playing the game] The race, tick by tick: laying the landscape, placing claims,
declaring.

A tick is one simultaneous node: every seat still racing lays a board, places one
claim or declares at once (RULES_NOTES T1). The landscape is one to four of the
seat's boards laid left to right, each in any turn, before its first claim
(RULES_NOTES L1-L2). Claims follow Game 1's placement rules ([Game 2] "The rules for
placing claims are the same as in Game 1"): the first covers one of the two middle
spaces of the first column, each next one touches the last by a side or a corner,
no overlap, inside the landscape, and the top-and-bottom rule of the second and
third boards (Game 1's tables and edge check are reused).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..klondike1896.components import BOARDS_PER_PLAYER
from ..klondike1896.geometry import ROTATIONS
from ..klondike1896.placement import _edges_ok
from .actions import Declare, Lay, Place

if TYPE_CHECKING:
    from ..klondike1896.geometry import Placement
    from .state import CouncilState


def slots_of(s: CouncilState, p: int) -> range:
    """The claim slots a seat holds: its set of 11, and a child's extra claim."""
    comp = s.game.components
    return range(comp.slots if s.game.is_child(p) else comp.slots - 1)


def placements(s: CouncilState, p: int, slot: int) -> list[Placement]:
    """Every legal place of the claim in ``slot`` on ``p``'s landscape, in id order."""
    game = s.game
    grid = game.grid
    claim = game.components.slot_claim(slot)
    covered, halo = s.covered[p], s.halo[p]
    r0, r1, c0, c1 = s.halo_box[p]
    cols = grid.cols
    boards = len(s.landscape[p])
    width = grid.board_size * boards  # [Playing the game] 1-4 boards
    # the top-and-bottom rule binds only a board with another laid to its right
    rules = [rule for rule in grid.edge_rules if rule[2] & game.landscape_mask[boards]]
    out = []
    for flat, (h, w) in zip(grid.placements[claim], grid.dims[claim], strict=True):
        if flat is None:
            continue
        for ar in range(max(0, r0 - h + 1), min(grid.rows - h, r1) + 1):
            base = ar * cols
            for ac in range(max(0, c0 - w + 1), min(width - w, c1) + 1):
                place = flat[base + ac]
                m = place.mask
                if m & covered or not m & halo:
                    continue
                if rules and not _edges_ok(rules, covered | m, m):
                    continue
                out.append(place)
    return out


def race_actions(s: CouncilState, p: int) -> list[int]:
    """A racing seat's choices this tick, ascending: lay, place, declare."""
    codec = s.game.codec
    out: list[int] = []
    laid = s.landscape[p]
    if not s.used[p] and len(laid) < BOARDS_PER_PLAYER:
        designs = {code // ROTATIONS for code in laid}
        out += [codec.lay(d, t) for d in range(BOARDS_PER_PLAYER) if d not in designs
                for t in range(ROTATIONS)]
    if laid:
        for slot in slots_of(s, p):
            if not s.used[p] >> slot & 1:
                out += [codec.place(slot, pl.action) for pl in placements(s, p, slot)]
    out.append(codec.declare)
    return out


def play_tick(s: CouncilState, joint: list[int]) -> list[int]:
    """Apply every racing seat's move of one tick; return the seats that declared."""
    codec = s.game.codec
    declared = []
    for p, action in enumerate(joint):
        if not s.racing(p):
            continue
        move = codec.decode(action)
        if isinstance(move, Lay):
            s.landscape[p].append(action)
        elif isinstance(move, Place):
            lay_claim(s, p, move.slot, move.rotation * codec.cells + move.anchor)
        else:
            assert isinstance(move, Declare)
            s.declared[p] = s.tick
            declared.append(p)
    return declared


def lay_claim(s: CouncilState, p: int, slot: int, offset: int) -> None:
    """Put a claim down and count the gold pieces and rubies under it."""
    game = s.game
    place = game.grid.by_action[game.components.slot_claim(slot)][offset]
    gold, ruby = game.terrain(s.landscape[p])
    s.covered[p] |= place.mask
    s.halo[p] = place.halo
    s.halo_box[p] = list(place.box)
    s.used[p] |= 1 << slot
    s.last_claim[p] = place.mask
    s.gold[p] += sum(gold[c] for c in place.cells)
    s.rubies[p] += sum(ruby[c] for c in place.cells)
