"""The fixed action space of Klondike Rush and its codec.

With S map spaces (36 bundled), K order card kinds (12 bundled), MAX_BID = 150:

| ids                         | action                                                 |
|-----------------------------|--------------------------------------------------------|
| ``0``                       | Pass (the auction)                                     |
| ``1``                       | End building                                           |
| ``2`` / ``3``               | Use the profit card / keep it                          |
| ``4`` / ``5``               | Declare the Last Bid card / decline it                 |
| ``6``                       | Finish (the last window for free actions)              |
| ``7 + b - 1``               | Bid $b, b = 1..MAX_BID                                 |
| ``7 + MAX_BID + S*c + s``   | Build a mine of company c on space s                   |
| ``... + k``                 | Complete an order card of kind k (free action)         |
| ``... + t``                 | Turn in three tokens, multiset t of TURN_INS (free)    |

Chance outcomes reuse the low ids: a company card's index, a hunt token kind or an
order card kind. Every id is decoded once, into a table of named tuples.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import NamedTuple

from .components import NUM_COMPANIES, TOKEN_KINDS, Components

MAX_BID = 150
"""The highest bid the action space holds (RULES_NOTES A4): beyond any card's worth."""

# every multiset of three token kinds, as count vectors
TURN_INS: tuple[tuple[int, ...], ...] = tuple(
    tuple(combo.count(k) for k in range(len(TOKEN_KINDS)))
    for combo in combinations_with_replacement(range(len(TOKEN_KINDS)), 3)
)


class Pass(NamedTuple):
    pass


class EndBuilding(NamedTuple):
    pass


class UseProfit(NamedTuple):
    pass


class KeepProfit(NamedTuple):
    pass


class DeclareLastBid(NamedTuple):
    pass


class DeclineLastBid(NamedTuple):
    pass


class Finish(NamedTuple):
    pass


class Bid(NamedTuple):
    amount: int


class Build(NamedTuple):
    company: int
    space: int


class CompleteOrder(NamedTuple):
    kind: int


class TurnIn(NamedTuple):
    tokens: tuple[int, ...]  # count of each token kind, summing to 3


Action = (Pass | EndBuilding | UseProfit | KeepProfit | DeclareLastBid | DeclineLastBid
          | Finish | Bid | Build | CompleteOrder | TurnIn)

PASS, END_BUILDING, USE_PROFIT, KEEP_PROFIT, DECLARE_LAST_BID, DECLINE_LAST_BID, FINISH = range(7)
_SIMPLE = (Pass(), EndBuilding(), UseProfit(), KeepProfit(), DeclareLastBid(),
           DeclineLastBid(), Finish())
BID_BASE = len(_SIMPLE)


class ActionCodec:
    """int <-> named tuple for one board and order deck."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        self.spaces = comp.num_spaces
        self.build_base = BID_BASE + MAX_BID
        self.order_base = self.build_base + NUM_COMPANIES * self.spaces
        self.turn_in_base = self.order_base + comp.num_orders
        self.size = self.turn_in_base + len(TURN_INS)
        self.moves: tuple[Action, ...] = (
            _SIMPLE
            + tuple(Bid(b) for b in range(1, MAX_BID + 1))
            + tuple(Build(c, s) for c in range(NUM_COMPANIES) for s in range(self.spaces))
            + tuple(CompleteOrder(k) for k in range(comp.num_orders))
            + tuple(TurnIn(t) for t in TURN_INS)
        )

    def bid(self, amount: int) -> int:
        return BID_BASE + amount - 1

    def build(self, company: int, space: int) -> int:
        return self.build_base + self.spaces * company + space

    def complete_order(self, kind: int) -> int:
        return self.order_base + kind

    def turn_in(self, index: int) -> int:
        return self.turn_in_base + index

    def decode(self, action: int) -> Action:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} outside 0..{self.size - 1}")
        return self.moves[action]

    def encode(self, move: Action) -> int:
        if isinstance(move, Bid):
            return self.bid(move.amount)
        if isinstance(move, Build):
            return self.build(move.company, move.space)
        if isinstance(move, CompleteOrder):
            return self.complete_order(move.kind)
        if isinstance(move, TurnIn):
            return self.turn_in(TURN_INS.index(tuple(move.tokens)))
        return [type(m) for m in _SIMPLE].index(type(move))

    def to_string(self, action: int) -> str:
        move = self.decode(action)
        if isinstance(move, Bid):
            return f"bid ${move.amount}"
        if isinstance(move, Build):
            return f"build {self.comp.companies[move.company]} on space {move.space}"
        if isinstance(move, CompleteOrder):
            return f"complete order {self.comp.orders[move.kind].label()}"
        if isinstance(move, TurnIn):
            names = [TOKEN_KINDS[k] for k, n in enumerate(move.tokens) for _ in range(n)]
            return f"turn in {', '.join(names)} for $5"
        return {
            Pass: "pass", EndBuilding: "end building", UseProfit: "use profit card",
            KeepProfit: "keep profit card", DeclareLastBid: "declare last bid",
            DeclineLastBid: "decline last bid", Finish: "finish",
        }[type(move)]
