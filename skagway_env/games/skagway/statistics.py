"""How Skagway decisions are counted in tournament statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import PLACE_SPACES, BuyBuilding, BuyNothing, BuyPrestige, Place

if TYPE_CHECKING:
    from .state import SkagwayState


def action_features(state: SkagwayState, action: int, player: int | None = None
                    ) -> tuple[str, dict[str, float]]:
    """Placements by space, purchases by what was bought, anything else by kind."""
    codec = state.game.codec
    match codec.decode(action):
        case Place(space=space):
            return f"place-{PLACE_SPACES[space]}", {}
        case BuyNothing():
            return "buy-nothing", {}
        case BuyBuilding():
            return "buy-building", {}
        case BuyPrestige():
            return "buy-prestige", {}
    return codec.kind(action), {}
