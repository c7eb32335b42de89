"""How Klondike Rush decisions are counted in tournament statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Bid, Build, CompleteOrder, TurnIn
from .building import costs

if TYPE_CHECKING:
    from .state import KlondikeRushState


def action_features(state: KlondikeRushState, action: int, player: int | None = None
                    ) -> tuple[str, dict[str, float]]:
    """Bids (amount, and amount per investment on the lot), builds (cost), orders
    (value), turn-ins; the other decisions by name."""
    move = state.game.codec.decode(action)
    comp = state.game.components
    if isinstance(move, Bid):
        invest = sum(sum(comp.cards[c].invest) for c in state.lot) or 1
        return "bid", {"bid $": move.amount, "bid $/investment": move.amount / invest}
    if isinstance(move, Build):
        return "build", {"build cost $": costs(state, move.company)[move.space]}
    if isinstance(move, CompleteOrder):
        return "order", {"order $": comp.orders[move.kind].value}
    if isinstance(move, TurnIn):
        return "turn-in", {}
    return state.game.codec.to_string(action).replace(" ", "-"), {}
