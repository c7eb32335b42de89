"""[1) Selecting - auctioning a claim]: pawns and rubies on the claims of one row.

Pawns go down in turn order from the round's first player. A pawn may go to a free
claim (with any rubies, even none) or to a claim where another pawn stands, with at
least one ruby more than that pawn's. The outbid player moves next: it raises (a bid
on its own claim above the newcomer's) or takes its rubies back and goes elsewhere
under the same rules. Once every pawn stands alone the winners pay what lies under
their pawns.

Why it ends (RULES_NOTES A5): a claim, once occupied, stays occupied (a pawn leaves
only when outbid, and the outbidder stays), and every action either occupies a free
claim or raises the highest bid on a claim. So the sum over occupied claims of
(highest bid + 1) grows by at least one each action and never exceeds
``R * (MAX_BID + 1)``: at most 124 actions a round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .actions import BIDS, MAX_BID
from .phases import AUCTION

if TYPE_CHECKING:
    from .state import Klondike1896State


def start_auction(s: Klondike1896State) -> None:
    n = s.num_players
    s.phase = AUCTION
    s.pawn = [-1] * n
    s.bid = [0] * n
    s.to_place = [(s.first + i) % n for i in range(n)]
    s.displaced = -1


def auction_player(s: Klondike1896State) -> int:
    displaced = s.displaced
    return displaced if displaced >= 0 else s.to_place[0]


def legal_bids(s: Klondike1896State, p: int) -> list[int]:
    """Bid ids for ``p``: each claim from the lowest allowed bid to its rubies."""
    cap, top = _bid_bounds(s, p)
    out: list[int] = []
    for k, t in enumerate(top):
        base = k * BIDS
        out += range(base + t + 1, base + cap + 1)
    return out


def random_bid(s: Klondike1896State, p: int, below: Callable[[int], int]) -> int:
    """``legal[below(len(legal))]`` of ``legal = legal_bids(s, p)``: the same draw, the
    same bid, counted claim by claim instead of listed (a playout's move)."""
    cap, top = _bid_bounds(s, p)
    count = 0
    for t in top:
        if t < cap:
            count += cap - t
    i = below(count)
    for k, t in enumerate(top):
        if t < cap:
            if i < cap - t:
                return k * BIDS + t + 1 + i
            i -= cap - t
    raise AssertionError("below(n) drew past n")


def _bid_bounds(s: Klondike1896State, p: int) -> tuple[int, list[int]]:
    """``p``'s highest bid, and the highest bid of another seat's pawn on each claim
    (-1 on a free one): ``p`` may bid from one above that to the first."""
    cap = s.rubies[p]
    if cap > MAX_BID:
        cap = MAX_BID
    top = [-1] * len(s.rows[0])
    pawn, bid = s.pawn, s.bid
    for q, k in enumerate(pawn):
        if k >= 0 and q != p and bid[q] > top[k]:
            top[k] = bid[q]
    return cap, top


def place_pawn(s: Klondike1896State, p: int, claim: int, rubies: int) -> bool:
    """Apply a bid; True when the auction is over (every pawn alone)."""
    if s.ledger:
        if rubies:
            s.ledger[p].append([0, rubies])  # p held at least this many (secret views)
    pawn = s.pawn
    displaced = -1  # the first other seat on that claim (there is at most one)
    for q, k in enumerate(pawn):
        if k == claim and q != p:
            displaced = q
            break
    if pawn[p] < 0:
        s.to_place.pop(0)
    pawn[p] = claim  # a raise keeps the claim; a move takes the rubies back
    s.bid[p] = rubies
    s.displaced = displaced
    return displaced < 0 and not s.to_place


def settle(s: Klondike1896State) -> list[int]:
    """[1)] "each player surrenders the ... rubies they put down": the won claims."""
    row = s.rows.pop(0)
    for q in range(s.num_players):
        s.rubies[q] -= s.bid[q]
        s.paid[q] += s.bid[q]
        if s.ledger and s.bid[q]:
            s.ledger[q].append([1, s.bid[q]])
    return [row[k] for k in s.pawn]
