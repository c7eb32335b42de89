"""The fixed action space of the council game and its codec.

With B = 16 board pieces (4 designs x 4 turns), S = 12 claim slots (the 11 of a
player's set, then the children's extra claim), C = 144 cells of the 6 x 24 line and
K = 16 popularity card kinds:

| ids                            | action                                           |
|--------------------------------|--------------------------------------------------|
| ``0 .. B-1``                   | Lay: board design ``d`` turned ``t``, ``4d + t``, |
|                                | at the right end of the landscape                |
| ``B + 4C*s + C*t + anchor``    | Place: claim slot ``s`` turned ``t`` quarter     |
|                                | turns clockwise, bounding box top-left on cell   |
|                                | ``anchor = row * 24 + col``                      |
| ``DECLARE``                    | Declare: "I have covered the request"            |
| ``WAIT``                       | Wait: the only action of a seat out of the race  |
| ``TAKE + k``                   | Take a popularity card of kind ``k``             |
| ``JOIN + q``                   | Join up with seat ``q`` (the last player)        |

Chance outcomes reuse ids from 0: a request card's index, a popularity card kind,
or the seat drawn next among simultaneous declarers.
"""

from __future__ import annotations

from typing import NamedTuple

from ..klondike1896.components import BOARDS_PER_PLAYER
from ..klondike1896.geometry import ROTATIONS

PIECES = BOARDS_PER_PLAYER * ROTATIONS  # a board design and its turn
MAX_SEATS = 4


class Lay(NamedTuple):
    design: int
    turn: int


class Place(NamedTuple):
    slot: int
    rotation: int
    anchor: int


class Declare(NamedTuple):
    pass


class Wait(NamedTuple):
    pass


class Take(NamedTuple):
    kind: int


class Join(NamedTuple):
    partner: int


Action = Lay | Place | Declare | Wait | Take | Join


class ActionCodec:
    """int <-> named tuple for ``slots`` claim slots, ``cells`` cells, ``kinds`` cards."""

    def __init__(self, slots: int, cells: int, kinds: int) -> None:
        self.cells = cells
        self.place_base = PIECES
        self.per_slot = ROTATIONS * cells
        self.declare = self.place_base + slots * self.per_slot
        self.wait = self.declare + 1
        self.take_base = self.wait + 1
        self.join_base = self.take_base + kinds
        self.size = self.join_base + MAX_SEATS

    @staticmethod
    def lay(design: int, turn: int) -> int:
        return design * ROTATIONS + turn

    def place(self, slot: int, offset: int) -> int:
        """``offset`` is Game 1's placement id: ``rotation * cells + anchor``."""
        return self.place_base + slot * self.per_slot + offset

    def take(self, kind: int) -> int:
        return self.take_base + kind

    def join(self, partner: int) -> int:
        return self.join_base + partner

    def decode(self, action: int) -> Action:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} outside 0..{self.size - 1}")
        if action < self.place_base:
            return Lay(*divmod(action, ROTATIONS))
        if action < self.declare:
            slot, offset = divmod(action - self.place_base, self.per_slot)
            return Place(slot, *divmod(offset, self.cells))
        if action == self.declare:
            return Declare()
        if action == self.wait:
            return Wait()
        if action < self.join_base:
            return Take(action - self.take_base)
        return Join(action - self.join_base)

    def encode(self, move: Action) -> int:
        if isinstance(move, Lay):
            return self.lay(move.design, move.turn)
        if isinstance(move, Place):
            return self.place(move.slot, move.rotation * self.cells + move.anchor)
        if isinstance(move, Declare):
            return self.declare
        if isinstance(move, Wait):
            return self.wait
        if isinstance(move, Take):
            return self.take(move.kind)
        return self.join(move.partner)
