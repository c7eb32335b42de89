"""How Dawson City Barbers decisions are counted in tournament statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Haircut, LongWeekend
from .components import TRACKS

if TYPE_CHECKING:
    from .state import DawsonCityBarbersState


def action_features(state: DawsonCityBarbersState, action: int, player: int | None = None
                    ) -> tuple[str, dict[str, float]]:
    """Schedule (with the train, work and pan moves of the card), haircut (with the
    turn of the round it came on) or the long weekend by track."""
    player = state.current_player()
    move = state.game.codec.decode(action)
    if isinstance(move, Haircut):
        return "haircut", {"haircut turn": 6 - sum(state.hands[player])}
    if isinstance(move, LongWeekend):
        return f"weekend-{TRACKS[move.track]}", {}
    train, work, pan = state.game.components.cards[move.card].moves()
    return "schedule", {"train/card": train, "work/card": work, "pan/card": pan}
