"""Klondike 1896 council-game heuristics: ways to run the race on the table's clock.

Every style reads its own (viewed) state: its own landscape and cover are its own,
the others' are redrawn in a view (their covers are hidden until the check), so no
style reads another seat's cover; it reads only the public record of past checks.
The covering styles search depth-first for an exact cover of the request with the
claims still in hand (Game 1's placements, bounded by ``budget`` nodes, bigger gains
first so that plans use few claims):

- **quick** lays as few boards as the request plausibly needs, searches briefly and,
  when no exact plan turns up, keeps covering greedily and declares as soon as no
  claim fits under the request: first to the table, some misses;
- **coverer** lays one more board for room, searches long, and declares only on an
  exact cover unless nothing is left to place: slower, rarely wrong;
- **racer** plays the race: as few boards as quick, and of the exact plans it finds
  the one that takes the fewest beats; when it finds none it stops (waits) and lets
  the others finish, to be the last player and join up with the seat whose checks
  went best (where there is no last player, with two seats, it declares at once and
  takes the cheapest card); the default.

Three fixed simple strategies, for measuring the game, not for play:
**at_once** lays a board, places a claim and declares, taking the cheapest card;
**never** plays as racer but never declares (it waits to be last; at the clock's end
it must); **follow** plays as racer but always joins up with the first declarer.

Off the race: the highest-value card when the seat's own cover is exact (the last
player: when its partner-to-be's record says it is probably exact), the lowest
otherwise; the last player joins up with the seat that was exact most often in past
checks (``join=record``, Laplace-smoothed), the earliest declarer on a tie, or with
the first declarer (``join=first``).

Parameters (``heuristic:racer,budget=800``): ``gold_per_board`` and ``extra_boards``
(boards laid = request gold / gold_per_board, rounded up, plus extra_boards),
``budget`` (search nodes a tick), ``settle`` (1: declare when no claim fits under the
request; 0: keep placing while any claim fits), ``fastest`` (1: keep searching for
the plan with the fewest beats), ``stuck`` (``declare``, ``place`` or ``wait``: what
to do without an exact plan), ``declare`` (``plan``, ``at_once``, ``never``),
``join`` (``record``, ``first``), ``take`` (``value``: by own cover; ``cheapest``).
"""

from __future__ import annotations

import math
from operator import itemgetter
from typing import Any

import numpy as np

from skagway_env.games.klondike1896.components import BOARDS_PER_PLAYER
from skagway_env.games.klondike1896.geometry import ROTATIONS
from skagway_env.games.klondike1896_council import race
from skagway_env.games.klondike1896_council.scoring import satisfies
from skagway_env.games.klondike1896_council.state import JOIN, RACE, TAKE
from skagway_env.games.klondike1896_council.timing import claim_beats

from ..specs import Option

_BASE: dict[str, Any] = {"gold_per_board": 9, "extra_boards": 0, "budget": 150,
                         "settle": 1, "fastest": 0, "stuck": "place", "declare": "plan",
                         "join": "record", "take": "value"}
_RACER = {**_BASE, "budget": 150, "fastest": 1, "stuck": "wait"}
STYLES: dict[str, dict[str, Any]] = {
    "quick": dict(_BASE),
    "coverer": {**_BASE, "extra_boards": 1, "budget": 1500, "settle": 0},
    "racer": _RACER,
    "at_once": {**_BASE, "declare": "at_once", "take": "cheapest"},
    "never": {**_RACER, "declare": "never"},
    "follow": {**_RACER, "join": "first"},
}

DEFAULT_STYLE = "racer"  # the strongest at every table size (see the .md page)
OPTIONS = {"gold_per_board": Option(int, low=1), "extra_boards": Option(int, low=0),
           "budget": Option(int, low=1), "settle": Option(int, low=0, high=1),
           "fastest": Option(int, low=0, high=1), "stuck": Option(str, choices=("place", "wait")),
           "declare": Option(str, choices=("plan", "at_once", "never")),
           "join": Option(str, choices=("record", "first")),
           "take": Option(str, choices=("value", "cheapest"))}
"""Checked when the bot is built."""


class Seat:
    """One seat's cover, shaped as ``race.legal_offsets`` reads a state (seat 0)."""

    def __init__(self, state: Any, p: int) -> None:
        self.game = state.game
        self.landscape = [list(state.landscape[p])]
        self.covered = [state.covered[p]]
        self.halo = [state.halo[p]]


_PLANS: dict[tuple, list[tuple[int, Any]] | None] = {}
_PLANS_KEPT = 4096
_MOVES: dict[tuple, dict[int, tuple[int, int, int, int, Any]]] = {}


def _slot_moves(seat: Seat, slot: int) -> dict[int, tuple[int, int, int, int, Any]]:
    """Placement id -> ``(-(gold + 3 rubies), slot, gold, rubies, placement)`` for every
    placement of the claim in ``slot`` on the seat's landscape: the terrain is fixed
    once the boards are laid, so it is summed once (a claim at a time, as asked)."""
    game, landscape = seat.game, seat.landscape[0]
    key = (id(game), tuple(landscape), slot)
    found = _MOVES.get(key)
    if found is None:
        if len(_MOVES) >= _PLANS_KEPT:
            _MOVES.clear()
        offsets, places, cover = _claim_table(game.grid, game.components.slot_claim(slot))
        gold, ruby = game.terrain(landscape)
        golds = (cover @ np.asarray(gold, dtype=np.int32)).tolist()
        rubies = (cover @ np.asarray(ruby, dtype=np.int32)).tolist()
        found = _MOVES[key] = {
            offset: (-(g + 3 * r), slot, g, r, place)
            for offset, place, g, r in zip(offsets, places, golds, rubies, strict=True)}
    return found


_TABLES: dict[int, tuple[Any, list]] = {}


def _claim_table(grid: Any, claim: int) -> tuple[list[int], list[Any], np.ndarray]:
    """A claim's placement ids, placements and their cells as a 0/1 matrix (a row a
    placement), kept a grid: the gold under every placement is then one product."""
    kept = _TABLES.get(id(grid))
    if kept is None or kept[0] is not grid:
        if len(_TABLES) >= 8:  # grids are few (geometry.build_grid keeps 16)
            _TABLES.clear()
        kept = _TABLES[id(grid)] = (grid, [None] * len(grid.by_action))
    found = kept[1][claim]
    if found is None:
        table = grid.by_action[claim]
        cover = np.zeros((len(table), grid.cells), dtype=np.int32)
        for row, place in enumerate(table.values()):
            cover[row, list(place.cells)] = 1
        found = kept[1][claim] = (list(table), list(table.values()), cover)
    return found


def _fitting(seat: Seat, slots: list[int], gold: int | None, rubies: int | None
             ) -> list[tuple[int, int, int, int, Any]]:
    """``(-(gold + 3 rubies), slot, gold, rubies, placement)`` for every claim in hand
    that can go down adding at most ``gold`` and ``rubies`` (None: any), slot by slot
    in ``race.legal_offsets`` order: the search's sort key in front."""
    out: list[tuple[int, int, int, int, Any]] = []
    for slot in slots:
        moves = map(_slot_moves(seat, slot).__getitem__,
                    race.legal_offsets(seat, 0, slot))  # type: ignore[arg-type]
        if gold is None and rubies is None:
            out += moves
        elif rubies is None:
            out += [m for m in moves if m[2] <= gold]
        elif gold is None:
            out += [m for m in moves if m[3] <= rubies]
        else:
            out += [m for m in moves if m[2] <= gold and m[3] <= rubies]
    return out


_BIGGER_FIRST = itemgetter(0, 1)


def plan(state: Any, p: int, budget: int, fastest: bool = False
         ) -> list[tuple[int, Any]] | None:
    """Claims (slot, placement) that make ``p``'s cover exactly the request, or None;
    ``fastest``: of the plans found within ``budget`` nodes, the one of fewest beats.
    The search is a function of the seat's own cover, so it is kept: a seat that
    waits asks the same question every beat."""
    key = (id(state.game), state.request, tuple(state.landscape[p]), state.covered[p],
           state.halo[p], state.used[p], state.gold[p], state.rubies[p],
           state.game.is_child(p), budget, fastest)
    if key not in _PLANS:
        if len(_PLANS) >= _PLANS_KEPT:
            _PLANS.clear()
        _PLANS[key] = _search_plan(state, p, budget, fastest)
    return _PLANS[key]


def _search_plan(state: Any, p: int, budget: int, fastest: bool
                 ) -> list[tuple[int, Any]] | None:
    game = state.game
    request = game.components.requests[state.request]
    child = game.is_child(p)
    seat = Seat(state, p)
    slots = [s for s in race.slots_of(state, p) if not state.used[p] >> s & 1]
    nodes = [0]
    best: list[Any] = [None, math.inf]  # plan, beats

    # what a claim may add and still fit under the request: a child needs only the
    # higher number, the other may overflow
    gold_room = rubies_room = None
    if child and request.gold > request.rubies:
        gold_room = request.gold
    elif child and request.rubies > request.gold:
        rubies_room = request.rubies
    else:
        gold_room, rubies_room = request.gold, request.rubies

    def search(g: int, r: int, slots: list[int], path: list[tuple[int, Any]],
               beats: int) -> bool:
        """True to stop searching."""
        if satisfies(g, r, request, child):
            if beats < best[1]:
                best[0], best[1] = list(path), beats
            return not fastest
        nodes[0] += 1
        if nodes[0] > budget or not slots:
            return nodes[0] > budget
        options = _fitting(seat, slots, None if gold_room is None else gold_room - g,
                           None if rubies_room is None else rubies_room - r)
        options.sort(key=_BIGGER_FIRST)  # bigger gains first, then by slot (stable)
        for _, slot, dg, dr, place in options:
            cost = beats + claim_beats(game, slot)
            if cost >= best[1]:
                continue
            saved = (seat.covered[0], seat.halo[0])
            seat.covered[0] |= place.mask
            seat.halo[0] = place.halo
            path.append((slot, place))
            stop = search(g + dg, r + dr, [s for s in slots if s != slot], path, cost)
            path.pop()
            seat.covered[0], seat.halo[0] = saved
            if stop:
                return True
        return False

    search(state.gold[p], state.rubies[p], slots, [], 0)
    return best[0]


RUBIES_PER_BOARD = 2  # a path reaches about half of a board's four ruby spaces


def boards_wanted(state: Any, params: dict) -> int:
    request = state.game.components.requests[state.request]
    need = max(math.ceil(max(request.gold, 1) / params["gold_per_board"]),
               math.ceil(request.rubies / RUBIES_PER_BOARD)) + params["extra_boards"]
    return max(1, min(BOARDS_PER_PLAYER, need))


def _lay_a_board(state: Any, p: int, rng: np.random.Generator) -> int:
    laid = state.landscape[p]
    free = [d for d in range(BOARDS_PER_PLAYER) if d not in {c // ROTATIONS for c in laid}]
    return state.game.codec.lay(int(rng.choice(free)), int(rng.integers(ROTATIONS)))


def _declare_or_wait(state: Any, p: int, params: dict) -> int:
    codec = state.game.codec
    if params["declare"] == "never" or codec.declare not in state.legal_actions(p):
        return codec.wait
    return codec.declare


def race_move(state: Any, p: int, params: dict, rng: np.random.Generator) -> int:
    game, codec = state.game, state.game.codec
    request = game.components.requests[state.request]
    laid = state.landscape[p]
    if params["declare"] == "at_once":
        if not laid:
            return _lay_a_board(state, p, rng)
        if state.used[p]:
            return codec.declare
        return next(a for a in state.legal_actions(p) if a >= codec.place_base)
    if satisfies(state.gold[p], state.rubies[p], request, game.is_child(p)):
        return _declare_or_wait(state, p, params)
    if not state.used[p] and len(laid) < boards_wanted(state, params):
        return _lay_a_board(state, p, rng)
    found = plan(state, p, params["budget"], bool(params["fastest"]))
    if found:
        slot, place = found[0]
        return codec.place(slot, place.action)
    if not state.used[p] and len(laid) < BOARDS_PER_PLAYER:
        return _lay_a_board(state, p, rng)  # no cover on these boards: one more
    if params["stuck"] == "wait":
        # no exact cover to be had: stop, and let the others finish (the last player
        # joins up with someone); with no last player in the game, own up at once
        if game.has_last_player:
            return codec.wait
        return _declare_or_wait(state, p, params)
    # no exact plan: creep towards the request with the claim that gains most
    slots = [s for s in race.slots_of(state, p) if not state.used[p] >> s & 1]
    options = _fitting(Seat(state, p), slots, None, None)
    under = [m for m in options
             if state.gold[p] + m[2] <= request.gold and state.rubies[p] + m[3] <= request.rubies]
    pick = under or ([] if params["settle"] else options)
    if not pick:
        return _declare_or_wait(state, p, params)
    _, slot, _, _, place = max(pick, key=lambda m: (-m[0], -m[1]))
    return codec.place(slot, place.action)


def own_cover_ok(state: Any, p: int) -> bool:
    """Whether ``p``'s own cover satisfies the request: only ever asked of one's own
    seat (another's cover is hidden, and redrawn in a view)."""
    game = state.game
    return satisfies(state.gold[p], state.rubies[p], game.components.requests[state.request],
                     game.is_child(p))


def record(state: Any, q: int) -> float:
    """How often ``q``'s past checks were exact (public), Laplace-smoothed."""
    return (state.exact[q] + 1) / (state.checked[q] + 2)


def partner_choice(state: Any, player: int, params: dict) -> int:
    others = [q for q in state.order if q != player]
    if params["join"] == "first":
        return others[0]
    return max(others, key=lambda q: (record(state, q), -others.index(q)))


def choose(state: Any, player: int, params: dict, rng: np.random.Generator) -> int:
    codec = state.game.codec
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    if state.phase == RACE:
        return race_move(state, player, params, rng)
    if state.phase == JOIN:
        return codec.join(partner_choice(state, player, params))
    assert state.phase == TAKE
    kinds = state.game.components.kinds
    if params["take"] == "cheapest":
        ok = False
    elif player == state.last:  # it will join up with the best record
        ok = record(state, partner_choice(state, player, params)) > 0.5
    else:
        ok = own_cover_ok(state, player)
    levels = state.levels[player]
    options = [a - codec.take_base for a in legal]
    key = (lambda k: (kinds[k].value, -levels[kinds[k].colour])) if ok else (
        lambda k: (-kinds[k].value, levels[kinds[k].colour]))
    return codec.take(max(options, key=key))
