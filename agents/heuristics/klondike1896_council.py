"""Klondike 1896 council-game heuristics: two ways to run the race.

Both read the raw (viewed) state and search for an exact cover of the request with
the claims still in hand (a depth-first search over Game 1's placements, bounded by
``budget`` nodes, bigger gains first so that plans use few claims, i.e. few ticks):

- **quick** lays as few boards as the request plausibly needs, searches briefly and,
  when no exact plan turns up, keeps covering greedily and declares as soon as no
  claim fits under the request: first to the table, best card, some misses;
- **coverer** lays one more board for more room, searches long, and declares only
  on an exact cover unless nothing is left to place: slower, rarely wrong.

Off the race both take the highest-value card when their cover is exact (or their
partner's, for the last player) and the lowest otherwise, and the last player joins
up with a seat whose cover is exact, the earliest declarer first.

Parameters (``heuristic:quick,budget=400``): ``gold_per_board`` (how much gold one
board is expected to give: boards laid = request gold / it, rounded up, plus
``extra_boards``), ``budget`` (search nodes a tick) and ``settle`` (1: declare when
no claim fits under the request even without an exact cover; 0: keep placing while
any claim fits at all).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from skagway_env.games.klondike1896.components import BOARDS_PER_PLAYER
from skagway_env.games.klondike1896.geometry import ROTATIONS
from skagway_env.games.klondike1896_council import race
from skagway_env.games.klondike1896_council.scoring import satisfies
from skagway_env.games.klondike1896_council.state import JOIN, RACE, TAKE

from ..specs import Option

STYLES: dict[str, dict[str, Any]] = {
    "quick": {"gold_per_board": 9, "extra_boards": 0, "budget": 150, "settle": 1},
    "coverer": {"gold_per_board": 9, "extra_boards": 1, "budget": 1500, "settle": 0},
}

DEFAULT_STYLE = "coverer"  # the stronger against random play (see the .md page)
OPTIONS = {"gold_per_board": Option(int, low=1), "extra_boards": Option(int, low=0),
           "budget": Option(int, low=1), "settle": Option(int, low=0, high=1)}
"""Checked when the bot is built."""


class Seat:
    """One seat's cover, shaped as ``race.placements`` reads a state (seat 0)."""

    def __init__(self, state: Any, p: int) -> None:
        self.game = state.game
        self.landscape = [list(state.landscape[p])]
        self.covered = [state.covered[p]]
        self.halo = [state.halo[p]]


def _moves(seat: Seat, slots: list[int], terrain: tuple[tuple[int, ...], tuple[int, ...]]
           ) -> list[tuple[int, int, int, Any]]:
    """(gold, rubies, slot, placement) for every claim in hand that can go down."""
    gold, ruby = terrain
    comp, grid = seat.game.components, seat.game.grid
    out = []
    for slot in slots:
        table = grid.by_action[comp.slot_claim(slot)]
        for offset in race.legal_offsets(seat, 0, slot):  # type: ignore[arg-type]
            place = table[offset]
            cells = place.cells
            out.append((sum(gold[c] for c in cells), sum(ruby[c] for c in cells), slot, place))
    return out


def plan(state: Any, p: int, budget: int) -> list[tuple[int, Any]] | None:
    """Claims (slot, placement) that make ``p``'s cover exactly the request, or None."""
    game = state.game
    request = game.components.requests[state.request]
    child = game.is_child(p)
    terrain = game.terrain(state.landscape[p])
    seat = Seat(state, p)
    slots = [s for s in race.slots_of(state, p) if not state.used[p] >> s & 1]
    nodes = [0]

    def fits(g: int, r: int) -> bool:
        if child:  # a child needs only the higher number: the other may overflow
            if request.gold > request.rubies:
                return g <= request.gold
            if request.rubies > request.gold:
                return r <= request.rubies
        return g <= request.gold and r <= request.rubies

    def search(g: int, r: int, slots: list[int]) -> list[tuple[int, Any]] | None:
        if satisfies(g, r, request, child):
            return []
        nodes[0] += 1
        if nodes[0] > budget or not slots:
            return None
        options = [m for m in _moves(seat, slots, terrain) if fits(g + m[0], r + m[1])]
        options.sort(key=lambda m: (-(m[0] + 3 * m[1]), m[2]))
        for dg, dr, slot, place in options:
            saved = (seat.covered[0], seat.halo[0])
            seat.covered[0] |= place.mask
            seat.halo[0] = place.halo
            rest = search(g + dg, r + dr, [s for s in slots if s != slot])
            seat.covered[0], seat.halo[0] = saved
            if rest is not None:
                return [(slot, place), *rest]
            if nodes[0] > budget:
                return None
        return None

    return search(state.gold[p], state.rubies[p], slots)


def boards_wanted(state: Any, params: dict) -> int:
    request = state.game.components.requests[state.request]
    need = math.ceil(max(request.gold, 1) / params["gold_per_board"]) + params["extra_boards"]
    return max(1, min(BOARDS_PER_PLAYER, need))


def race_move(state: Any, p: int, params: dict, rng: np.random.Generator) -> int:
    game, codec = state.game, state.game.codec
    request = game.components.requests[state.request]
    if satisfies(state.gold[p], state.rubies[p], request, game.is_child(p)):
        return codec.declare
    laid = state.landscape[p]
    if not state.used[p] and len(laid) < boards_wanted(state, params):
        free = [d for d in range(BOARDS_PER_PLAYER) if d not in {c // ROTATIONS for c in laid}]
        return codec.lay(int(rng.choice(free)), int(rng.integers(ROTATIONS)))
    found = plan(state, p, params["budget"])
    if found:
        slot, place = found[0]
        return codec.place(slot, place.action)
    # no exact plan: creep towards the request with the claim that gains most
    slots = [s for s in race.slots_of(state, p) if not state.used[p] >> s & 1]
    options = _moves(Seat(state, p), slots, game.terrain(laid))
    under = [m for m in options
             if state.gold[p] + m[0] <= request.gold and state.rubies[p] + m[1] <= request.rubies]
    pick = under or ([] if params["settle"] else options)
    if not pick:
        return codec.declare
    dg, dr, slot, place = max(pick, key=lambda m: (m[0] + 3 * m[1], -m[2]))
    return codec.place(slot, place.action)


def cover_ok(state: Any, q: int) -> bool:
    game = state.game
    return satisfies(state.gold[q], state.rubies[q], game.components.requests[state.request],
                     game.is_child(q))


def choose(state: Any, player: int, params: dict, rng: np.random.Generator) -> int:
    codec = state.game.codec
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    if state.phase == RACE:
        return race_move(state, player, params, rng)
    if state.phase == JOIN:
        good = [q for q in state.order if q != player and cover_ok(state, q)]
        return codec.join(good[0] if good else state.order[0])
    assert state.phase == TAKE
    kinds = state.game.components.kinds
    if player == state.last:  # it will join up with an exact cover if there is one
        ok = any(cover_ok(state, q) for q in state.order if q != player)
    else:
        ok = cover_ok(state, player)
    levels = state.levels[player]
    options = [a - codec.take_base for a in legal]
    key = (lambda k: (kinds[k].value, -levels[kinds[k].colour])) if ok else (
        lambda k: (-kinds[k].value, levels[kinds[k].colour]))
    return codec.take(max(options, key=key))
