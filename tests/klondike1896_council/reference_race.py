"""A free racing seat's choices written the plain way, as ``race.race_actions`` stood
before it was built from bit sets (issue 21): kept to check the fast path against
(``test_fast_legality.py``). Change both together when the race's rules change."""

from __future__ import annotations

from skagway_env.games.klondike1896.components import BOARDS_PER_PLAYER
from skagway_env.games.klondike1896.geometry import ROTATIONS
from skagway_env.games.klondike1896_council.race import legal_offsets, slots_of
from skagway_env.games.klondike1896_council.state import CouncilState


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
                out += [codec.place(slot, offset) for offset in legal_offsets(s, p, slot)]
    if s.used[p]:
        out.append(codec.declare)
    out.append(codec.wait)
    return out
