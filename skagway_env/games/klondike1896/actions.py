"""The fixed action space of Klondike 1896 (Game 1) and its codec.

With R = 4 claims a row at most, B = 30 the highest bid, C = 144 grid cells and four
rotations:

| ids                       | action                                                  |
|---------------------------|---------------------------------------------------------|
| ``0 .. R(B+1)-1``         | Bid: pawn and ``b`` rubies to claim ``k`` of the row:   |
|                           | ``k(B+1) + b`` (a raise is a bid on one's own claim)    |
| ``R(B+1)``                | Extra pass: not interested in the additional claim      |
| ``.. + 1 + (b - 4)``      | Extra bid: ``b`` rubies (4..B) on the additional claim  |
| ``PLACE + t*C + anchor``  | Place: the won claim turned ``t`` quarter turns         |
|                           | clockwise, bounding box top-left on cell ``anchor``     |
| ``PLACE + 4C``            | Lose: the claim cannot be placed (only when no place    |
|                           | exists, [Connecting claims])                            |

The claim placed is always the one the seat won, so the shape is not part of the
action: 4 x 144 = 576 placement ids cover every claim. Sizes: 124 + 1 + 27 + 576 + 1
= 729. Chance outcomes reuse ids ``0 .. 15`` (a board design and its turn, ``4d + t``)
and ``0 .. 9`` (the claim type dealt into a row).
"""

from __future__ import annotations

from typing import NamedTuple

from .geometry import ROTATIONS

MAX_ROW = 4  # [Preparation] as many claims a row as players, 2-4
MAX_BID = 30  # bids above 30 rubies are not in the action space (RULES_NOTES A6)
MIN_EXTRA_BID = 4  # [Bidding on an additional claim] "for at least four rubies"


class Bid(NamedTuple):
    claim: int
    rubies: int


class ExtraPass(NamedTuple):
    pass


class ExtraBid(NamedTuple):
    rubies: int


class Place(NamedTuple):
    rotation: int
    anchor: int


class Lose(NamedTuple):
    pass


Action = Bid | ExtraPass | ExtraBid | Place | Lose

BIDS = MAX_BID + 1
EXTRA_PASS = MAX_ROW * BIDS
EXTRA_BID = EXTRA_PASS + 1
PLACE = EXTRA_BID + MAX_BID - MIN_EXTRA_BID + 1


class ActionCodec:
    """int <-> named tuple for a grid of ``cells`` cells."""

    def __init__(self, cells: int) -> None:
        self.cells = cells
        self.lose = PLACE + ROTATIONS * cells
        self.size = self.lose + 1

    @staticmethod
    def bid(claim: int, rubies: int) -> int:
        return claim * BIDS + rubies

    @staticmethod
    def extra_bid(rubies: int) -> int:
        return EXTRA_BID + rubies - MIN_EXTRA_BID

    def place(self, rotation: int, anchor: int) -> int:
        return PLACE + rotation * self.cells + anchor

    def decode(self, action: int) -> Action:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} outside 0..{self.size - 1}")
        if action < EXTRA_PASS:
            return Bid(*divmod(action, BIDS))
        if action == EXTRA_PASS:
            return ExtraPass()
        if action < PLACE:
            return ExtraBid(action - EXTRA_BID + MIN_EXTRA_BID)
        if action < self.lose:
            return Place(*divmod(action - PLACE, self.cells))
        return Lose()

    def encode(self, move: Action) -> int:
        if isinstance(move, Bid):
            return self.bid(move.claim, move.rubies)
        if isinstance(move, ExtraPass):
            return EXTRA_PASS
        if isinstance(move, ExtraBid):
            return self.extra_bid(move.rubies)
        if isinstance(move, Place):
            return self.place(move.rotation, move.anchor)
        return self.lose
