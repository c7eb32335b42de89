"""[4) Bidding on an additional claim]: one two-space claim a round, at least 4 rubies.

The round's first player bids or passes, then the turn goes clockwise, skipping the
player whose pawn stands on the claim. A bid must beat the standing one; a pass only
says "not now" (RULES_NOTES X2). The auction ends when everyone else has passed since
the last bid (or all have passed without one). Bids rise strictly, so it ends within
27 bids.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .actions import EXTRA_BID, EXTRA_PASS, MAX_BID, MIN_EXTRA_BID
from .phases import EXTRA

if TYPE_CHECKING:
    from .state import Klondike1896State


def start_extra(s: Klondike1896State) -> None:
    s.phase = EXTRA
    s.extra_turn = s.first
    s.extra_high = -1
    s.extra_bid = 0
    s.extra_passes = 0


def legal_extra(s: Klondike1896State, p: int) -> list[int]:
    """Pass, or any bid from the lowest allowed to the rubies ``p`` may use this round."""
    low = max(MIN_EXTRA_BID, s.extra_bid + 1)
    high = min(s.rubies[p], MAX_BID)
    return [EXTRA_PASS, *range(EXTRA_BID + low - MIN_EXTRA_BID,
                               EXTRA_BID + high - MIN_EXTRA_BID + 1)]


def random_extra(s: Klondike1896State, p: int, below: Callable[[int], int]) -> int:
    """``legal[below(len(legal))]`` of ``legal = legal_extra(s, p)``, unlisted."""
    low = max(MIN_EXTRA_BID, s.extra_bid + 1)
    high = min(s.rubies[p], MAX_BID)
    i = below(1 + max(0, high - low + 1))
    return EXTRA_PASS if i == 0 else EXTRA_BID + low - MIN_EXTRA_BID + i - 1


def extra_action(s: Klondike1896State, p: int, rubies: int | None) -> bool:
    """A pass (``None``) or a bid; True when the auction is over."""
    n = s.num_players
    if rubies is None:
        s.extra_passes += 1
    else:
        s.extra_high, s.extra_bid, s.extra_passes = p, rubies, 0
        if s.ledger:
            s.ledger[p].append([0, rubies])
    if s.extra_passes == (n if s.extra_high < 0 else n - 1):
        return True
    turn = (p + 1) % n
    if turn == s.extra_high:
        turn = (turn + 1) % n
    s.extra_turn = turn
    return False


def sell_extra(s: Klondike1896State) -> int:
    """The winner pays; returns the winner."""
    q = s.extra_high
    s.rubies[q] -= s.extra_bid
    s.paid[q] += s.extra_bid
    if s.ledger:
        s.ledger[q].append([1, s.extra_bid])
    s.extra_left -= 1
    return q
