"""[Game End] and its [Errata]: final profits, the snow beast, the order piles.

Tie-breaks rank the final money, then unused hunt tokens, then investments.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import SNOW_BEAST
from .income import profits

if TYPE_CHECKING:
    from .state import KlondikeRushState

SNOW_BEAST_MONEY = 25  # [Game End] "adds $25 to their ending money"
MOST_ORDERS_MONEY = 15  # [Errata] "the $15 pile"
SECOND_ORDERS_MONEY = 10  # [Errata] "a pile of $10" with 3 or more players


def split(amount: int, winners: list[int]) -> int:
    """Each winner's share, "split evenly between them (rounding down)"."""
    return amount // len(winners)


def order_awards(completed: list[int]) -> list[int]:
    """[Errata] the $15 / $10 piles for the most and second most orders completed.

    Tied for most: the piles are combined (only the $15 with 2 players) and split;
    tied for second: the $10 is split. Nobody wins a pile with no order completed
    (RULES_NOTES E2).
    """
    n = len(completed)
    award = [0] * n
    best = max(completed)
    if best == 0:
        return award
    first = [p for p in range(n) if completed[p] == best]
    if len(first) > 1:
        pot = MOST_ORDERS_MONEY + (SECOND_ORDERS_MONEY if n >= 3 else 0)
        for p in first:
            award[p] = split(pot, first)
        return award
    award[first[0]] = MOST_ORDERS_MONEY
    rest = [c for c in completed if c < best]
    if n >= 3 and rest and max(rest) > 0:
        second = [p for p in range(n) if completed[p] == max(rest)]
        for p in second:
            award[p] = split(SECOND_ORDERS_MONEY, second)
    return award


def snow_beast_awards(snow: list[int]) -> list[int]:
    """[Game End] most snow beast tokens: $25, split evenly when tied (none if none)."""
    award = [0] * len(snow)
    best = max(snow)
    if best > 0:
        winners = [p for p in range(len(snow)) if snow[p] == best]
        for p in winners:
            award[p] = split(SNOW_BEAST_MONEY, winners)
    return award


def score_game(s: KlondikeRushState) -> None:
    """[Game End] "all players collect profits as if they had played a profit card"
    (twice for an unused one, always played: RULES_NOTES E1), then the awards."""
    n = s.num_players
    for p in range(n):
        gain = profits(s, p)
        s.money[p] += gain if s.profit_used[p] else 2 * gain
        s.profit_used[p] = True
    snow = snow_beast_awards([s.tokens[p][SNOW_BEAST] for p in range(n)])
    orders = order_awards([sum(s.completed[p]) for p in range(n)])
    for p in range(n):
        s.money[p] += snow[p] + orders[p]
    s.phase = s.OVER
    s.to_move = -1
    s._rows = None


def rank_keys(s: KlondikeRushState) -> list[tuple]:
    """[Game End] most money; then most unused hunt tokens; then most investments."""
    return [(s.money[p], sum(s.tokens[p]), sum(s.invest[p])) for p in range(s.num_players)]
