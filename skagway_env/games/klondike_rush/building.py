"""[Playing the Game 2]: the active player builds mines.

The cost of a mine is the cheapest connection over the paths from the nearest mine
of its company (shortest paths from every such mine; RULES_NOTES B1), a path between
two spaces that both hold mines costing $1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._speedups import load
from .components import NUM_COMPANIES

if TYPE_CHECKING:
    from .state import KlondikeRushState

TOWN = NUM_COMPANIES  # space_mine value of the town: one mine of every colour (Setup 8)
EMPTY = -1
REDUCED_COST = 1  # "the connection cost between the two is reduced to $1"
UNREACHABLE = 1 << 30


def connection_costs(s: KlondikeRushState, company: int) -> list[int]:
    """The cost of connecting each space to the nearest mine of ``company``."""
    return shortest_costs(s.space_mine, s.game.components.neighbours, company)


def shortest_costs(mines: list[int], near: tuple[tuple[tuple[int, int], ...], ...],
                   company: int) -> list[int]:
    """``connection_costs`` on the board ``mines`` (space -> company, TOWN or EMPTY).

    Dijkstra with a bucket per dollar amount (path costs are small integers).
    """
    dist = [UNREACHABLE] * len(mines)
    sources = [x for x, m in enumerate(mines) if m == company or m == TOWN]
    for x in sources:
        dist[x] = 0
    _settle(dist, sources, mines, near)
    return dist


def _settle_python(dist: list[int], seeds: list[int], mines: list[int],
                   near: tuple[tuple[tuple[int, int], ...], ...]) -> None:
    """Relax every path out of ``seeds``, and on from each space that gets cheaper,
    in the order of their costs (a bucket a dollar amount), until no path can make a
    space cheaper. ``dist`` holds upper bounds (costs of real connections) and is
    settled in place: exact wherever every path that could lower a cost starts at a
    seed or at a space this lowers (``connection_costs``: the sources;
    ``_after_mines``: the new mines and their neighbours with mines)."""
    buckets: list[list[int]] = []
    for x in seeds:
        d = dist[x]
        if d < UNREACHABLE:
            while len(buckets) <= d:
                buckets.append([])
            buckets[d].append(x)
    d = 0
    while d < len(buckets):
        for x in buckets[d]:
            if dist[x] != d:
                continue  # settled cheaper since it was queued here
            both = mines[x] != EMPTY
            for y, cost in near[x]:
                nd = d + (REDUCED_COST if both and mines[y] != EMPTY else cost)
                if nd < dist[y]:
                    dist[y] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(y)
        d += 1


_twin = load("_kr_paths")  # the same loop in C (_speedups/_kr_paths.c); None: Python's


def _settle(dist: list[int], seeds: list[int], mines: list[int],
            near: tuple[tuple[tuple[int, int], ...], ...]) -> None:
    """``_settle_python``, by its C twin where it is built (the same costs:
    ``tests/klondike_rush/test_compiled_paths.py``)."""
    if _twin is None:
        _settle_python(dist, seeds, mines, near)
    else:
        _twin.settle(dist, seeds, mines, near, EMPTY, REDUCED_COST, UNREACHABLE)


def costs(s: KlondikeRushState, company: int) -> list[int]:
    """``connection_costs``, cached on the state. Through new mines an entry is kept
    as the costs before them and the spaces built since, and brought up to date when
    asked (``_after_mines``): random play builds many mines of companies nobody asks
    about before the game ends. Clones share the cache while they share the board (a
    build gives the builder a new one); the lists in it are never changed in place."""
    cache = s._costs
    if cache is None:
        cache = s._costs = [None] * NUM_COMPANIES
    found = cache[company]
    if type(found) is list:
        return found
    if found is None:
        found = connection_costs(s, company)
    else:
        found = _after_mines(s, *found, company)
    cache[company] = found  # every state sharing the cache stands on this board
    return found


def _empty_spaces(s: KlondikeRushState) -> list:
    """``s._offers``: one entry a company, its cheapest empty space's cost (None until
    asked), then the empty spaces in space order. Listed once a board; clones share it
    while they share the board, a build drops it."""
    cache = s._offers
    if cache is None:
        cache = s._offers = [None] * NUM_COMPANIES
        cache.append([x for x, m in enumerate(s.space_mine) if m == EMPTY])
    return cache


def cheapest(s: KlondikeRushState, company: int) -> int:
    """The cost of ``company``'s cheapest empty space (``UNREACHABLE`` when none is
    left), cached like ``costs``."""
    cache = _empty_spaces(s)
    found = cache[company]
    if found is None:
        found = cache[company] = min(map(costs(s, company).__getitem__,
                                         cache[NUM_COMPANIES]), default=UNREACHABLE)
    return found


def build_actions(s: KlondikeRushState, p: int) -> list[int]:
    """Every mine ``p`` may build now: an unused mine on an empty space it can pay,
    by company, then by space."""
    money = s.money[p]
    if money < 1:
        return []  # every connection costs $1 or more
    unused = s.unused[p]
    codec = s.game.codec
    out: list[int] = []
    for c in range(NUM_COMPANIES):
        if unused[c] and cheapest(s, c) <= money:
            cost, base = costs(s, c), codec.build(c, 0)
            out += [base + x for x in s._offers[NUM_COMPANIES] if cost[x] <= money]
    return out


def can_build(s: KlondikeRushState, p: int) -> bool:
    """Whether ``build_actions(s, p)`` holds any mine (a company's cheapest space)."""
    money = s.money[p]
    if money < 1:
        return False
    unused = s.unused[p]
    for c in range(NUM_COMPANIES):
        if unused[c] and cheapest(s, c) <= money:
            return True
    return False


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
    s._board = s._board_text = s._offers = None
    cache = s._costs
    if cache is not None:  # costs before this mine, and the spaces built since
        s._costs = [entry if entry is None else (entry, (space,)) if type(entry) is list
                    else (entry[0], entry[1] + (space,)) for entry in cache]


def _after_mines(s: KlondikeRushState, dist: list[int], spaces: tuple[int, ...],
                 company: int) -> list[int]:
    """``company``'s costs ``dist`` from before the mines now on ``spaces``, brought
    up to date (a new list).

    A new mine only makes connections cheaper: a new source when it is of
    ``company``, and the reduced $1 on its paths to spaces holding mines (the only
    paths whose cost changes). The old costs are upper bounds, so settling from the
    new mines and their neighbours with mines gives exactly what ``connection_costs``
    would.
    """
    mines = s.space_mine
    near = s.game.components.neighbours
    dist = dist[:]
    seeds = []
    for space in spaces:
        if mines[space] == company:
            dist[space] = 0
        seeds.append(space)
        seeds += [y for y, _ in near[space] if mines[y] != EMPTY]
    _settle(dist, seeds, mines, near)
    return dist
