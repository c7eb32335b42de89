"""How Klondike 1896 decisions are counted in tournament statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Bid, ExtraBid, ExtraPass, Place

if TYPE_CHECKING:
    from .state import Klondike1896State


def action_features(state: Klondike1896State, action: int, player: int | None = None
                    ) -> tuple[str, dict[str, float]]:
    """Bids (free claim, outbid or raise, with the rubies and the claim's size),
    the additional claim's bids and passes, and placements with the gold and rubies
    they cover and the columns they advance the path. ``player`` is the seat acting
    (needed at the simultaneous placement node; otherwise the seat to move)."""
    p = state.current_player() if player is None else player
    game = state.game
    move = game.codec.decode(action)
    if isinstance(move, Bid):
        others = [q for q in range(state.num_players)
                  if q != p and state.pawn[q] == move.claim]
        kind = "raise" if state.pawn[p] == move.claim else "outbid" if others else "bid"
        size = game.components.claims[state.rows[0][move.claim]].size
        return kind, {"rubies/bid": move.rubies, "claim size": size}
    if isinstance(move, ExtraPass):
        return "extra-pass", {}
    if isinstance(move, ExtraBid):
        return "extra-bid", {"rubies/extra bid": move.rubies}
    if isinstance(move, Place):
        place = game.grid.by_action[state.won[p]][action - game.codec.place(0, 0)]
        gold, ruby = game.terrain(state.arrangement[p])
        cols = game.grid.cols
        before = max((c % cols for c in range(game.grid.cells) if state.covered[p] >> c & 1),
                     default=-1)
        after = max(before, max(c % cols for c in place.cells))
        return "place", {"gold/place": sum(gold[c] for c in place.cells),
                         "rubies/place": sum(ruby[c] for c in place.cells),
                         "advance/place": after - before}
    return "lose", {}
