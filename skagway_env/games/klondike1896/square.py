"""[Tips] 3: four boards in a square, frames to cover on the four edges and the centre.

A player who has not covered a space of every frame loses two points for each space
still to cover on the shortest path through the frames it lacks (RULES_NOTES Q2): the
path goes on from the last claim (a first space touching it by side or corner), moves
by side or corner over uncovered spaces, and visits the missing frames in the
cheapest order. A player with no claim yet starts anywhere.
"""

from __future__ import annotations

from itertools import permutations

from .geometry import Grid, bits

UNREACHED = 10**6


def _distances(grid: Grid, sources: list[int], blocked: int, first_cost: int) -> list[int]:
    """Spaces to cover to reach each cell from ``sources`` (which cost ``first_cost``)."""
    dist = [UNREACHED] * grid.cells
    frontier = [c for c in sources if not blocked >> c & 1]
    for c in frontier:
        dist[c] = first_cost
    while frontier:
        nxt = []
        for c in frontier:
            d = dist[c] + 1
            for nb in bits(grid.around[c] & ~blocked):
                if dist[nb] > d:
                    dist[nb] = d
                    nxt.append(nb)
        frontier = nxt
    return dist


def _chebyshev(grid: Grid, a: list[int], b: list[int]) -> int:
    """Spaces between two cell sets ignoring obstacles (a blocked path's fallback)."""
    return min(max(abs(x // grid.cols - y // grid.cols), abs(x % grid.cols - y % grid.cols))
               for x in a for y in b)


def spaces_to_finish(grid: Grid, covered: int, halo: int) -> int:
    """Fewest spaces still to cover for every frame (0 when all are covered)."""
    missing = [t for t in grid.targets if not covered & t]
    if not missing:
        return 0
    frames = [bits(t) for t in missing]
    if covered:
        start = _distances(grid, bits(halo), covered, 1)
        first = [min(start[c] for c in f) for f in frames]
        last_cells = bits(halo)
        first = [d if d < UNREACHED else _chebyshev(grid, last_cells, f)
                 for d, f in zip(first, frames, strict=True)]
    else:
        first = [1] * len(frames)  # "put down their first claim as they wish"
    between = []
    for f in frames:
        dist = _distances(grid, f, covered, 0)
        row = []
        for g in frames:
            d = min(dist[c] for c in g)
            row.append(d if d < UNREACHED else _chebyshev(grid, f, g))
        between.append(row)
    best = UNREACHED
    for order in permutations(range(len(frames))):
        cost = first[order[0]] + sum(between[a][b] for a, b in zip(order, order[1:], strict=False))
        best = min(best, cost)
    return best
