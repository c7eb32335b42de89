"""Klondike 1896 heuristics: two styles a Klondike player would recognise.

Both read the raw (viewed) state and price every claim by its best place on their own
landscape: gold covered, plus rubies covered, plus progress toward the finish (the
spaces still to go, measured through the top and bottom of the second and third
boards on the line, or through the missing frames in the square), in points.

- **digger** goes for gold: progress weighs little, a ruby is worth a gold piece and
  a half, and it pays up to five rubies for a rich claim.
- **racer** runs for the finish: every space of progress is worth more than the gold
  under it, since the end of the game costs the others two points a column. It spends
  rubies on long claims and buys the additional claim when it moves it on.

The round's claims are placed at once (a simultaneous node): each style is asked for
its own seat and plays its claim's best place, reading only its own landscape.

In auctions both go where value minus the rubies needed (``ruby`` points each) is
highest, bid the least that wins the claim now, and never more than ``max_bid``.
Parameters (``heuristic:racer,progress=4``): ``gold``, ``rubies``, ``progress``,
``ruby`` (price of a ruby spent), ``max_bid`` and ``extra_margin`` (points the
additional claim must be worth above its price).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from skagway_env.games.klondike1896.actions import BIDS, EXTRA_PASS, ActionCodec
from skagway_env.games.klondike1896.geometry import Grid, Placement, bits
from skagway_env.games.klondike1896.phases import AUCTION, EXTRA
from skagway_env.games.klondike1896.placement import placements_for

from ..specs import Option

STYLES: dict[str, dict[str, Any]] = {
    "digger": {"gold": 1.0, "rubies": 1.5, "progress": 0.6, "ruby": 1.0, "max_bid": 5,
               "extra_margin": 1.0},
    "racer": {"gold": 0.5, "rubies": 0.5, "progress": 3.0, "ruby": 0.8, "max_bid": 4,
              "extra_margin": 0.0},
}
DEFAULT_STYLE = "racer"
OPTIONS = {"max_bid": Option(int, low=0)}
"""Checked when the bot is built; the weights take any number."""
NO_PLACE = -1e9


def _pick(options: list[tuple[float, int]], rng: np.random.Generator) -> int:
    """The best-scored action; ties broken at random."""
    best = max(score for score, _ in options)
    top = [a for score, a in options if score == best]
    return top[int(rng.integers(len(top)))]


def _to_box(r: int, c: int, box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """Chebyshev steps from (r, c) into the box, and the box cell reached."""
    r0, r1, c0, c1 = box
    rr, cc = min(max(r, r0), r1), min(max(c, c0), c1)
    return max(abs(rr - r), abs(cc - c)), rr, cc


def _waypoints(grid: Grid, covered: int) -> list[list[tuple[int, int, int, int]]]:
    """Boxes still to reach, in order; each entry lists alternatives to visit all of."""
    size = grid.board_size
    if grid.square:
        frames = [box for t, box in zip(grid.targets, grid.target_boxes, strict=True)
                  if not covered & t]
        return [frames] if frames else []
    stages = []
    for b, (top, bottom, _) in zip((1, 2), grid.edge_rules, strict=False):
        need = []
        if not covered & top:
            need.append((0, 0, b * size, b * size + size - 1))
        if not covered & bottom:
            need.append((grid.rows - 1, grid.rows - 1, b * size, b * size + size - 1))
        if need:
            stages.append(need)
    if not covered & grid.finish:
        stages.append([(grid.rows // 2 - 1, grid.rows // 2, grid.cols - 1, grid.cols - 1)])
    return stages


def spaces_to_go(grid: Grid, covered: int, cells: tuple[int, ...]) -> int:
    """About how many spaces the path still needs after a claim on ``cells``: the
    walk of ``_walk_to_go``, kept on the grid by the waypoints still open (the bits of
    ``covered`` that ``_waypoints`` reads) and the cells, since a style prices every
    place of every claim each turn and the same places come back."""
    memo = vars(grid).get("_to_go")
    if memo is None:
        memo = vars(grid)["_to_go"] = {}
        vars(grid)["_to_go_bits"] = _waypoint_bits(grid)
    key = (covered & vars(grid)["_to_go_bits"], cells)
    found = memo.get(key)
    if found is None:
        if len(memo) >= _TO_GO_KEPT:
            memo.clear()
        found = memo[key] = _walk_to_go(grid, covered, cells)
    return found


_TO_GO_KEPT = 200_000
"""Entries ``spaces_to_go`` keeps a grid (a few MB), then starts again."""


def _waypoint_bits(grid: Grid) -> int:
    """Every bit of ``covered`` that ``_waypoints`` reads."""
    if grid.square:
        out = 0
        for t in grid.targets:
            out |= t
        return out
    out = grid.finish
    for top, bottom, _ in grid.edge_rules[:2]:
        out |= top | bottom
    return out


def _walk_to_go(grid: Grid, covered: int, cells: tuple[int, ...]) -> int:
    """The spaces the path still needs: from the claim's cells to the nearest box of
    each stage of ``_waypoints`` in turn, on from the cell reached."""
    here = [(c // grid.cols, c % grid.cols) for c in cells]
    total = 0
    for stage in _waypoints(grid, covered):
        todo = list(stage)
        while todo:  # nearest box first
            best = None
            for box in todo:
                for r, c in here:
                    d, rr, cc = _to_box(r, c, box)
                    if best is None or d < best[0]:
                        best = (d, rr, cc, box)
            d, rr, cc, box = best
            total += d
            here = [(rr, cc)]
            todo.remove(box)
    return total


def place_value(state: Any, me: int, place: Placement, params: dict) -> float:
    gold, ruby = state.game.terrain(state.arrangement[me])
    covered = state.covered[me] | place.mask
    return (params["gold"] * sum(gold[c] for c in place.cells)
            + params["rubies"] * sum(ruby[c] for c in place.cells)
            - params["progress"] * spaces_to_go(state.game.grid, covered, place.cells))


def claim_value(state: Any, me: int, claim: int, params: dict) -> float:
    """The best place for ``claim`` now, relative to standing still (a lost claim)."""
    still = -params["progress"] * spaces_to_go(
        state.game.grid, state.covered[me], tuple(_last_cells(state, me)))
    places = placements_for(state, me, claim)
    if not places:
        return 0.0
    return max(place_value(state, me, p, params) for p in places) - still


def _last_cells(state: Any, me: int) -> list[int]:
    if state.paths[me]:
        return bits(state.paths[me][-1])
    return bits(state.game.grid.start)[:1]


def choose(state: Any, me: int, params: dict, rng: np.random.Generator) -> int:
    """``me``'s action: a bid, or at the placement node (simultaneous: ``me`` is one
    of the seats asked) the best place for its own claim."""
    legal = state.legal_actions(me)
    if len(legal) == 1:
        return legal[0]
    if state.phase == AUCTION:
        return _bid(state, me, params, legal, rng)
    if state.phase == EXTRA:
        return _extra(state, me, params, legal)
    codec = state.game.codec
    by_action = state.game.grid.by_action[state.won[me]]
    return _pick([(place_value(state, me, by_action[a - codec.place(0, 0)], params), a)
                  for a in legal], rng)


def _bid(state: Any, me: int, params: dict, legal: list[int],
         rng: np.random.Generator) -> int:
    """Cheapest winning bid on the claim worth most after its price."""
    cheapest: dict[int, int] = {}
    for a in legal:
        claim, rubies = divmod(a, BIDS)
        if claim not in cheapest and rubies <= params["max_bid"]:
            cheapest[claim] = rubies
    if not cheapest:  # every claim needs more than max_bid: the cheapest one
        claim, rubies = divmod(min(legal, key=lambda a: a % BIDS), BIDS)
        cheapest = {claim: rubies}
    row = state.rows[0]
    options = [(claim_value(state, me, row[k], params) - params["ruby"] * b,
                ActionCodec.bid(k, b)) for k, b in cheapest.items()]
    return _pick(options, rng)


def _extra(state: Any, me: int, params: dict, legal: list[int]) -> int:
    """Bid the minimum on the additional claim when it is worth more than that."""
    bids = [a for a in legal if a != EXTRA_PASS]
    if not bids:
        return EXTRA_PASS
    price = state.game.codec.decode(bids[0]).rubies
    if price > params["max_bid"]:
        return EXTRA_PASS
    value = claim_value(state, me, state.game.components.additional, params)
    if value - params["ruby"] * price > params["extra_margin"]:
        return bids[0]
    return EXTRA_PASS
