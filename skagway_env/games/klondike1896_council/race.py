"""[Playing the game] The race, tick by tick: laying the landscape, placing claims,
declaring.

A tick is one simultaneous node: every seat still racing lays a board, places one
claim or declares at once (RULES_NOTES T1). The landscape is one to four of the
seat's boards laid left to right, each in any turn, before its first claim
(RULES_NOTES L1-L2). Claims follow Game 1's placement rules ([Game 2] "The rules for
placing claims are the same as in Game 1"): the first covers one of the two middle
spaces of the first column, each next one touches the last by a side or a corner,
no overlap, inside the landscape, and the top-and-bottom rule of the second and
third boards (Game 1's placement tables and legal-anchor search are reused).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..klondike1896.components import BOARDS_PER_PLAYER
from ..klondike1896.geometry import ROTATIONS, bits
from ..klondike1896.placement import legal_anchors
from .actions import Declare, Lay, Place

if TYPE_CHECKING:
    from .game import CouncilGame
    from .state import CouncilState


def max_ticks(game: CouncilGame) -> int:
    """The most ticks a round's race can take: each tick a racing seat lays one of its
    four boards, places one of its claims (each slot once) or declares, and a seat
    that has none left can still declare; so every seat is out by then."""
    return BOARDS_PER_PLAYER + game.components.slots + 1


def slots_of(s: CouncilState, p: int) -> range:
    """The claim slots a seat holds: its set of 11, and a child's extra claim."""
    comp = s.game.components
    return range(comp.slots if s.game.is_child(p) else comp.slots - 1)


class _Cover:
    """A seat's cover as Game 1's ``legal_anchors`` reads a state (seat 0), with the
    cells past the boards laid counted as taken: a claim may not go beyond the
    landscape ([Connecting claims])."""

    __slots__ = ("game", "covered", "halo")

    def __init__(self, game: CouncilGame, blocked: int, halo: int) -> None:
        self.game = game
        self.covered = (blocked,)
        self.halo = (halo,)


def legal_offsets(s: CouncilState, p: int, slot: int) -> list[int]:
    """Game 1 placement ids (``rotation * cells + anchor``) of the claim in ``slot``
    that are legal on ``p``'s landscape, ascending (Game 1's legal-anchor search)."""
    game = s.game
    cover = _Cover(game, s.covered[p] | game.beyond[len(s.landscape[p])], s.halo[p])
    cells = game.grid.cells
    claim = game.components.slot_claim(slot)
    return [rot * cells + a for rot, anchors in legal_anchors(cover, 0, claim)  # type: ignore[arg-type]
            for a in bits(anchors)]


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
                out += [codec.place(slot, offset) for offset in legal_offsets(s, p, slot)]
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
    s.used[p] |= 1 << slot
    s.last_claim[p] = place.mask
    s.gold[p] += sum(gold[c] for c in place.cells)
    s.rubies[p] += sum(ruby[c] for c in place.cells)
