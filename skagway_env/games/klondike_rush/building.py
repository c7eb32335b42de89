"""[Playing the Game 2]: the active player builds mines.

The cost of a mine is the cheapest connection over the paths from the nearest mine
of its company (shortest paths from every such mine; RULES_NOTES B1), a path between
two spaces that both hold mines costing $1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import NUM_COMPANIES

if TYPE_CHECKING:
    from .state import KlondikeRushState

TOWN = NUM_COMPANIES  # space_mine value of the town: one mine of every colour (Setup 8)
EMPTY = -1
REDUCED_COST = 1  # "the connection cost between the two is reduced to $1"
UNREACHABLE = 1 << 30


def connection_costs(s: KlondikeRushState, company: int) -> list[int]:
    """The cost of connecting each space to the nearest mine of ``company``.

    Dijkstra with a bucket per dollar amount (path costs are small integers).
    """
    mines = s.space_mine
    near = s.game.components.neighbours
    dist = [UNREACHABLE] * len(mines)
    buckets: list[list[int]] = [[]]
    for x, m in enumerate(mines):
        if m == company or m == TOWN:
            dist[x] = 0
            buckets[0].append(x)
    d = 0
    while d < len(buckets):
        for x in buckets[d]:
            if dist[x] != d:
                continue
            both = mines[x] != EMPTY
            for y, cost in near[x]:
                nd = d + (REDUCED_COST if both and mines[y] != EMPTY else cost)
                if nd < dist[y]:
                    dist[y] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(y)
        d += 1
    return dist


def costs(s: KlondikeRushState, company: int) -> list[int]:
    """``connection_costs`` cached until the next mine is built."""
    cache = s._costs
    if cache is None:
        cache = s._costs = [None] * NUM_COMPANIES
    if cache[company] is None:
        cache[company] = connection_costs(s, company)
    return cache[company]


def build_actions(s: KlondikeRushState, p: int) -> list[int]:
    """Every mine ``p`` may build now: an unused mine on an empty space it can pay."""
    money = s.money[p]
    if money < 1:
        return []  # every connection costs $1 or more
    codec = s.game.codec
    mines = s.space_mine
    out = []
    for c in range(NUM_COMPANIES):
        if s.unused[p][c]:
            cost = costs(s, c)
            out += [codec.build(c, x) for x, m in enumerate(mines)
                    if m == EMPTY and cost[x] <= money]
    return out


def build(s: KlondikeRushState, p: int, company: int, space: int) -> None:
    """Pay, place the mine, take the hunt token, advance the value track."""
    s.money[p] -= costs(s, company)[space]
    s.space_mine[space] = company
    s.unused[p][company] -= 1
    token = s.space_token[space]
    if token != EMPTY:
        s.tokens[p][token] += 1
        s.space_token[space] = EMPTY
    s.track[company] += 1
    s._costs = s._board = s._board_text = None
