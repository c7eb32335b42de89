"""Money in: [Playing the Game 3] the profit card and the [Free Actions].

Free actions may be taken "at any time"; they are offered at every decision point
of their owner (RULES_NOTES F1). Wild tokens stand in for any good of an order, and
an order is paid with the matching goods first (RULES_NOTES F2).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .actions import TURN_INS
from .components import NUM_COMPANIES, WILD

if TYPE_CHECKING:
    from .state import KlondikeRushState

TURN_IN_SIZE = 3  # [Free Actions] "turn in any three hunt tokens"
TURN_IN_MONEY = 5  # "and gain $5 from the supply"


def profits(s: KlondikeRushState, p: int) -> int:
    """[Playing the Game 3] each investment pays its company's value on the track."""
    values = s.game.components.values
    inv = s.invest[p]
    return sum(inv[c] * values[s.track[c] - 1] for c in range(NUM_COMPANIES) if inv[c])


def use_profit_card(s: KlondikeRushState, p: int) -> None:
    """Collect profits; "A profit card may only be used once in the game"."""
    s.money[p] += profits(s, p)
    s.profit_used[p] = True


def can_complete(s: KlondikeRushState, p: int, kind: int) -> bool:
    order = s.game.components.orders[kind]
    held = s.tokens[p]
    return s.hand[p][kind] > 0 and held[order.good] + held[WILD] >= order.quantity


def free_actions(s: KlondikeRushState, p: int) -> list[int]:
    """The orders ``p`` can complete (``can_complete``, written out) and the token
    triples it can turn in (ascending)."""
    held = s.tokens[p]
    total = sum(held)
    if not total:
        return []  # every free action spends tokens
    codec = s.game.codec
    wild = held[WILD]
    orders = s.game.components.orders
    out = [codec.order_base + k for k, n in enumerate(s.hand[p])
           if n and held[orders[k].good] + wild >= orders[k].quantity]
    if total >= TURN_IN_SIZE:
        base = codec.turn_in_base
        out += [base + i for i in turn_ins_within(tuple(held))]
    return out


@lru_cache(maxsize=4096)
def turn_ins_within(held: tuple[int, ...]) -> tuple[int, ...]:
    """The indices of the ``TURN_INS`` triples that ``held`` (tokens by kind) covers."""
    return tuple(i for i, t in enumerate(TURN_INS)
                 if all(h >= need for h, need in zip(held, t, strict=True)))


def may_take_free_action(s: KlondikeRushState, p: int) -> bool:
    """Whether the table cannot rule out a free action by ``p``, from public facts only.

    Every seat sees who is asked to decide, so whether ``p`` is asked may not depend
    on its secret order cards (RULES_NOTES F1). Public: its hunt tokens, how many order
    cards it holds, and the completed orders lying face up (Errata, Free Actions). It
    may act if it holds three tokens, or an order card and the tokens for some order
    kind whose copies are not all face up. A seat asked on this ground that turns out
    to hold no usable card can only pass.
    """
    held = s.tokens[p]
    total = sum(held)
    if total >= TURN_IN_SIZE:
        return True
    if total < s.game.smallest_order or not any(s.hand[p]):
        return False
    wild = held[WILD]
    for kind, order in enumerate(s.game.components.orders):
        if held[order.good] + wild >= order.quantity:
            face_up = sum(row[kind] for row in s.completed)
            if face_up < order.count:
                return True
    return False


def complete_order(s: KlondikeRushState, p: int, kind: int) -> None:
    """[Free Actions] Complete Order; the card stays face up (Errata, Free Actions)."""
    order = s.game.components.orders[kind]
    held = s.tokens[p]
    goods = min(held[order.good], order.quantity)
    held[order.good] -= goods
    held[WILD] -= order.quantity - goods
    s.hand[p][kind] -= 1
    s.completed[p][kind] += 1
    s.money[p] += order.value
    s.completions.append([len(s.history), p, kind])


def turn_in(s: KlondikeRushState, p: int, tokens: tuple[int, ...]) -> None:
    """[Free Actions] Turn in any 3 tokens for $5."""
    held = s.tokens[p]
    for k, n in enumerate(tokens):
        held[k] -= n
    s.money[p] += TURN_IN_MONEY
