"""How council-game decisions are counted in tournament statistics.

Every id names its own move (a tick's actions need no seat to read), so joint moves
can be credited seat by seat: laying a board, placing a claim (with its size), the
declaration (with the beat it came on and whether the cover was exact), waiting,
taking a card (its value) and joining up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Declare, Lay, Place, Take, Wait
from .scoring import satisfies

if TYPE_CHECKING:
    from .state import CouncilState


def action_features(state: CouncilState, action: int,
                    player: int | None = None) -> tuple[str, dict[str, float]]:
    game = state.game
    comp = game.components
    move = game.codec.decode(action)
    if isinstance(move, Lay):
        if player is None:
            return "lay", {}
        return "lay", {"boards laid": len(state.landscape[player]) + 1}
    if isinstance(move, Place):
        size = len(comp.shared.claims[comp.slot_claim(move.slot)].cells)
        return "place", {"claim size": size}
    if isinstance(move, Declare):
        if player is None or state.request < 0:
            return "declare", {"declare beat": state.clock}
        exact = satisfies(state.gold[player], state.rubies[player],
                          comp.requests[state.request], game.is_child(player))
        return "declare", {"declare beat": state.clock, "exact cover": float(exact)}
    if isinstance(move, Wait):
        return "wait", {}
    if isinstance(move, Take):
        return "take", {"card value": comp.kinds[move.kind].value}
    return "join", {}
