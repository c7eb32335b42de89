"""How Skagway decisions are counted in tournament statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import PLACE_SPACES

if TYPE_CHECKING:
    from .state import SkagwayState


def action_features(state: SkagwayState, action: int) -> tuple[str, dict[str, float]]:
    """Placements by space, purchases by what was bought, anything else by kind."""
    move = state.game.codec.decode(action)
    if move.kind == "place":
        return f"place-{PLACE_SPACES[move.arg2]}", {}
    if move.kind == "buy":
        kind = "nothing" if move.arg == 0 else "building" if move.arg <= 6 else "prestige"
        return f"buy-{kind}", {}
    return move.kind, {}
