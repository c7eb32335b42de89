"""The fixed action space of Dawson City Barbers and its codec.

With K card kinds in the data file (21 bundled) and six shops at most:

| ids                       | action                                               |
|---------------------------|------------------------------------------------------|
| ``0 .. K-1``              | Schedule: play a card of kind k                      |
| ``K + 6k + s``            | Get Haircut: discard kind k, sit in seat s's shop    |
| ``K + 6K + 3k + t``       | Plan Long Weekend: discard kind k, +4 on track t     |

Tracks t: 0 train, 1 work, 2 pan. Chance outcomes reuse ids ``0 .. K-1``: the start
player's seat at the first node, then the kind of each card dealt or flipped.
"""

from __future__ import annotations

from typing import NamedTuple

from .components import TRACKS, Components

MAX_SHOPS = 6


class Schedule(NamedTuple):
    card: int


class Haircut(NamedTuple):
    card: int
    shop: int


class LongWeekend(NamedTuple):
    card: int
    track: int


Action = Schedule | Haircut | LongWeekend


class ActionCodec:
    """int <-> named tuple for one card list."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        self.k = comp.num_kinds
        self.haircut_base = self.k
        self.weekend_base = self.k + MAX_SHOPS * self.k
        self.size = self.weekend_base + len(TRACKS) * self.k
        # every id decoded once: a turn reads its move from here (a table, not tuples
        # built a step: issue 21)
        self.moves: tuple[Action, ...] = tuple(self._decode(a) for a in range(self.size))

    def schedule(self, card: int) -> int:
        return card

    def haircut(self, card: int, shop: int) -> int:
        return self.haircut_base + MAX_SHOPS * card + shop

    def long_weekend(self, card: int, track: int) -> int:
        return self.weekend_base + len(TRACKS) * card + track

    def decode(self, action: int) -> Action:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} outside 0..{self.size - 1}")
        return self.moves[action]

    def _decode(self, action: int) -> Action:
        if action < self.haircut_base:
            return Schedule(action)
        if action < self.weekend_base:
            return Haircut(*divmod(action - self.haircut_base, MAX_SHOPS))
        return LongWeekend(*divmod(action - self.weekend_base, len(TRACKS)))

    def card_part(self, action: int) -> tuple[int, int]:
        """``(base, stride)`` with ``action == base + stride * card`` for a haircut or
        long weekend: a view swaps a face-down discard's card and keeps the rest."""
        move = self.decode(action)
        if isinstance(move, Haircut):
            return self.haircut(0, move.shop), MAX_SHOPS
        if isinstance(move, LongWeekend):
            return self.long_weekend(0, move.track), len(TRACKS)
        raise ValueError(f"action {action} discards no card")

    def to_string(self, action: int) -> str:
        move = self.decode(action)
        card = self.comp.cards[move.card].label()
        if isinstance(move, Schedule):
            return f"schedule {card}"
        if isinstance(move, Haircut):
            return f"haircut at player {move.shop}'s shop (discard {card})"
        return f"long weekend +4 {TRACKS[move.track]} (discard {card})"
