"""A free racing seat's choices written the plain way, as ``race.race_actions`` stood
before it was built from bit sets (issue 21): kept to check the fast path against
(``test_fast_legality.py``), with the claims' places from Game 1's own
``legal_anchors``. Change both together when the race's rules change."""

from __future__ import annotations

from skagway_env.games.klondike1896.components import BOARDS_PER_PLAYER
from skagway_env.games.klondike1896.geometry import ROTATIONS, bits
from skagway_env.games.klondike1896.placement import legal_anchors
from skagway_env.games.klondike1896_council.race import slots_of
from skagway_env.games.klondike1896_council.state import CouncilState


class _Cover:
    """A seat's cover as Game 1's ``legal_anchors`` reads a state (seat 0), with the
    cells past the boards laid counted as taken."""

    def __init__(self, game, blocked: int, halo: int) -> None:
        self.game = game
        self.covered = (blocked,)
        self.halo = (halo,)


def reference_offsets(s: CouncilState, p: int, slot: int) -> list[int]:
    """Game 1 placement ids of the claim in ``slot`` legal on ``p``'s landscape, by
    Game 1's own ``legal_anchors``."""
    game = s.game
    cover = _Cover(game, s.covered[p] | game.beyond[len(s.landscape[p])], s.halo[p])
    cells = game.grid.cells
    claim = game.components.slot_claim(slot)
    return [rot * cells + a for rot, anchors in legal_anchors(cover, 0, claim)
            for a in bits(anchors)]


def reference_race_actions(s: CouncilState, p: int) -> list[int]:
    """Lay, place, declare, wait, ascending, each listed one by one."""
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
                out += [codec.place(slot, offset) for offset in reference_offsets(s, p, slot)]
    if s.used[p]:
        out.append(codec.declare)
    out.append(codec.wait)
    return out
