"""What each Skagway seat has seen, and the views that redraw the rest (DESIGN.md,
"Hidden information and view"; RULES_NOTES I19, H1-H6).

A *ledger* lists, in play order, every event that moves a hidden item: Gold counters
drawn, turned in (face up), reshuffled and returned face down; Railroad counters
drawn; Railroad Goods cards drawn from the deck or from its bottom, cashed (face up)
and decayed (face down, under the deck); Hired Hands drawn at the Docks. It is built
once by following ``history`` and then extended move by move, cached on the state.

``view`` keeps the ledger's shape (who drew, who turned in what, when) and redraws
the hidden values: for Gold and Goods, whose items pass through many hands and back
into the supply, a ``HoldingsFilter`` draws a whole past consistent with the viewer's
sight; Railroad counters are redealt until the scoring reveals them; face-down
recruits are redrawn from the pool they came from. The history entries of the hidden
draws and returns are rewritten, so that replaying the view's history rebuilds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ...core.hidden import HoldingsFilter, redeal
from . import work
from .actions import ReturnGold, TurnIn
from .stages import HandState, Location, Stage
from .workers import FIRST_HAND, controller

if TYPE_CHECKING:
    from .state import SkagwayState

# Ledger events: (kind, seat, value, history index, extra)
GOLD_DRAW = "gold_draw"  # value: the face; hidden from the other seats [4.3.1]
GOLD_TURN_IN = "gold_turn_in"  # value: the face; face up for all [4.3.3]
GOLD_RESHUFFLE = "gold_reshuffle"  # value: the Bank and robbed faces, back face down
GOLD_RETURN = "gold_return"  # value: the face, hidden (H1); extra: out of play
RAIL_DRAW = "rail_draw"  # value: the counter; hidden until the scoring [4.3.2]
GOODS_DRAW = "goods_draw"  # value: the type, from the deck, hidden (I19, H3)
GOODS_BOTTOM = "goods_bottom"  # value: the type, from under the deck (I12, H3), hidden
GOODS_CASH = "goods_cash"  # value: the type, shown when cashed (I19)
GOODS_DECAY = "goods_decay"  # value: the type, face down, any of the holder's cards (H3)
HAND_DRAW = "hand_draw"  # value: the Hired Hand; extra: (pool then, turn) [4.3.4]
SEAT_EVENTS = {GOLD_DRAW: "gold", GOLD_TURN_IN: "gold", GOLD_RESHUFFLE: "gold",
               GOLD_RETURN: "gold", GOODS_DRAW: "goods", GOODS_BOTTOM: "goods",
               GOODS_CASH: "goods", GOODS_DECAY: "goods"}


@dataclass(frozen=True)
class Ledger:
    """The hidden-item events of ``prefix`` (a history), and the filters built from
    them, by (pile, viewer). ``shadow`` is the state after ``prefix`` (None: replay
    it when needed), from which the ledger is extended."""

    prefix: list
    events: tuple[tuple, ...]
    shadow: SkagwayState | None
    filters: dict = field(default_factory=dict)


def ledger(s: SkagwayState) -> Ledger:
    """The ledger of ``s``'s history: the cached one, extended by the new moves."""
    cached: Ledger | None = getattr(s, "_ledger", None)
    length = len(s.history)
    covered = -1 if cached is None else len(cached.prefix)
    if 0 <= covered <= length and (s.history == cached.prefix if covered == length
                                   else s.history[:covered] == cached.prefix):
        if covered == length:  # (compared whole: no copy of a long history to compare)
            return cached
        start, events = len(cached.prefix), list(cached.events)
        shadow = cached.shadow.clone() if cached.shadow is not None else None
        if shadow is None:
            shadow = _replay(s, start)
        filters = dict(cached.filters)
    else:
        start, events, shadow, filters = 0, [], s.game.new_initial_state(), {}
    for h in range(start, length):
        _follow(shadow, h, s.history[h], events)
    book = Ledger(list(s.history), tuple(events), shadow, filters)
    s._ledger = book
    return book


def _replay(s: SkagwayState, length: int) -> SkagwayState:
    shadow = s.game.new_initial_state()
    for action in s.history[:length]:
        _apply(shadow, action)
    return shadow


def _apply(shadow: SkagwayState, action: int) -> None:
    """A move of a history already checked when it was played: no legality check."""
    shadow._apply_action(action)
    shadow.history.append(action)
    shadow._legal = None


def _follow(shadow: SkagwayState, h: int, action: int, events: list) -> None:
    """Apply history entry ``h`` to ``shadow``, noting the hidden items it moves."""
    stage, codec = shadow.stage, shadow.game.codec
    if stage == Stage.MINE_DRAW:
        events.append((GOLD_DRAW, controller(shadow, shadow.mines[shadow.cursor]), action, h,
                       None))
    elif stage == Stage.TURN_IN:
        move = codec.decode(action)
        if isinstance(move, TurnIn) and move.value is not None:
            events.append((GOLD_TURN_IN, work.assay_seat(shadow), move.value, h, None))
            faces = shadow.game.components.gold.faces
            if move.value == max(faces):  # [4.3.3] the revealed counters go back
                events.append((GOLD_RESHUFFLE, -1, tuple(shadow.bank + shadow.robbed), h,
                               None))
    elif stage == Stage.KEEP_GOLD:
        move = codec.decode(action)
        if isinstance(move, ReturnGold):
            events.append((GOLD_RETURN, shadow.keep_queue[0], move.value, h,
                           not any(shadow.gold_supply)))
    elif stage == Stage.RAIL_DRAW:
        events.append((RAIL_DRAW, controller(shadow, work.railroad_worker(shadow)), action,
                       h, None))
    elif stage == Stage.GOODS_DRAW:
        events.append((GOODS_DRAW, controller(shadow, work.railroad_worker(shadow)), action,
                       h, None))
    elif stage == Stage.GOODS_CASH:
        goods_type = codec.decode(action).goods_type
        if goods_type is not None:
            events.append((GOODS_CASH, shadow.cash_queue[0], goods_type, h, None))
    elif stage == Stage.DECAY_PICK:
        events.append((GOODS_DECAY, shadow.decay_queue[0], action, h, None))
    elif stage == Stage.HAND_DRAW:
        events.append((HAND_DRAW, shadow.recruited_by, action, h,
                       (tuple(work.hand_pool(shadow)), shadow.turn)))
    if not shadow.goods_bottom:
        _apply(shadow, action)
        return
    bottom, cursor = list(shadow.goods_bottom), shadow.cursor
    _apply(shadow, action)
    taken = len(bottom) - len(shadow.goods_bottom)
    if taken > 0:  # drawn from under the deck, no chance node: by the Workers in order
        # The stack as resolved: the move may have placed its top Worker (the last
        # placement, when Phase Three then runs to the Goods roll at once). A card
        # taken stops at that roll [4.3.2], so the stack is still on the board.
        stack = shadow.railroad
        first = cursor + 1 if stage in (Stage.GOODS_DRAW, Stage.RAIL_DRAW) else 0
        for j in range(taken):
            worker = stack[len(stack) - 1 - first - j]
            events.append((GOODS_BOTTOM, controller(shadow, worker), bottom[j], h, None))


# ---------------------------------------------------------------------- filters
def _moves(event: tuple, index: int, viewer: int, slots: dict[int, int], sink: int,
           faces: list[int]) -> list[tuple]:
    """The ``HoldingsFilter`` moves of one ledger event, as ``viewer`` saw it."""
    kind, seat, value, _, extra = event
    own = seat == viewer
    if kind == GOLD_DRAW:
        return [("seen_draw", faces.index(value))] if own else [("draw", slots[seat], index)]
    if kind == GOLD_TURN_IN:
        return [] if own else [("reveal", slots[seat], faces.index(value), False)]
    if kind == GOLD_RESHUFFLE:
        return [("show", faces.index(v), 1) for v in value]
    if kind == GOLD_RETURN:
        to = sink if extra else None
        return ([("show", faces.index(value), 1, to)] if own
                else [("give", slots[seat], to, index)])
    if kind == GOODS_DRAW:
        return [("seen_draw", value)] if own else [("draw", slots[seat], index)]
    if kind == GOODS_BOTTOM:
        return [("seen_pop", value)] if own else [("pop", slots[seat], index)]
    if kind == GOODS_CASH:
        return [("show", value, 1)] if own else [("reveal", slots[seat], value, True)]
    if kind == GOODS_DECAY:
        return [("push", value)] if own else [("discard_any", slots[seat], index)]
    return []


FILTER_LIMIT = 20_000
"""Arrangements a seat's filter keeps (``HoldingsFilter``'s ``limit``). Heuristic and
random games stay in the tens to thousands; a long game whose Goods deck ran out,
with many decayed cards under it (H3, I12), reached 411,600, and every view then cost
seconds. Past the limit the heaviest arrangements are kept, so a view is drawn from
nearly the exact posterior (``dropped`` says how much weight was left out); a move
that none of the kept ones explains rebuilds the filter exactly."""


def _filter(s: SkagwayState, book: Ledger, pile: str, viewer: int) -> HoldingsFilter:
    """The Gold or Goods filter for ``viewer`` over the whole ledger (cached)."""
    covered, found = book.filters.get((pile, viewer), (0, None))
    if found is None:
        found = _new_filter(s, pile, FILTER_LIMIT)
    if covered < len(book.events):
        try:
            found = found.extend(_filter_moves(s, book, pile, viewer, covered))
        except ValueError:
            if found.limit is None:
                raise
            exact = _new_filter(s, pile, None)  # the kept arrangements could not explain it
            found = exact.extend(_filter_moves(s, book, pile, viewer, 0))
        book.filters[(pile, viewer)] = (len(book.events), found)
    return found


def _new_filter(s: SkagwayState, pile: str, limit: int | None) -> HoldingsFilter:
    n, comp = s.num_players, s.game.components
    if pile == "gold":  # the other seats, then the counters out of play face down
        faces = comp.gold.faces
        return HoldingsFilter(len(faces), n, _counts(comp.gold.supply(n), faces), limit)
    return HoldingsFilter(len(comp.goods), n - 1, [g.count for g in comp.goods], limit)


def _filter_moves(s: SkagwayState, book: Ledger, pile: str, viewer: int,
                  start: int) -> list[tuple]:
    """The filter moves of ``viewer``'s ledger events from ``start`` on."""
    n, comp = s.num_players, s.game.components
    slots = {q: i for i, q in enumerate(q for q in range(n) if q != viewer)}
    faces = comp.gold.faces
    return [m for i in range(start, len(book.events))
            if SEAT_EVENTS.get(book.events[i][0]) == pile
            for m in _moves(book.events[i], i, viewer, slots, n - 1, faces)]


def _counts(values: tuple[int, ...], faces: list[int]) -> list[int]:
    return [values.count(v) for v in faces]


# ---------------------------------------------------------------------- the view
def view(s: SkagwayState, viewer: int, rng: np.random.Generator) -> SkagwayState:
    """``s`` as ``viewer`` might believe it to be (``State.view``'s contract)."""
    book = ledger(s)
    new = s.clone()
    events = list(book.events)
    others = [q for q in range(s.num_players) if q != viewer]
    changed: list[int] = []
    _redraw_gold(s, new, book, viewer, others, events, changed, rng)
    _redraw_goods(s, new, book, viewer, others, events, changed, rng)
    by_seat = _draws_by_seat(book)
    _redraw_railroad(new, by_seat[RAIL_DRAW], viewer, others, events, changed, rng)
    _redraw_hired_hands(new, by_seat[HAND_DRAW], viewer, events, changed, rng)
    codec = s.game.codec
    for i in changed:  # the history, rewritten to match
        kind, _, value, h, _ = events[i]
        if kind == GOLD_RETURN:
            new.history[h] = codec.keep_gold_return(value)
        elif kind in (GOLD_DRAW, RAIL_DRAW, GOODS_DRAW, GOODS_DECAY, HAND_DRAW):
            new.history[h] = value
    mine = {key: value for key, value in book.filters.items() if key[1] in (viewer, -1)}
    new._ledger = Ledger(list(new.history), tuple(events), None, mine)
    return new


def _draws_by_seat(book: Ledger) -> dict[str, dict[int, list[int]]]:
    """The ledger indices of Railroad counter and Hired Hand draws, by seat (cached)."""
    key = ("draws", -1)
    covered, found = book.filters.get(key, (0, None))
    if found is None or covered < len(book.events):
        found = {RAIL_DRAW: {}, HAND_DRAW: {}}
        for i, event in enumerate(book.events):
            if event[0] in found:
                found[event[0]].setdefault(event[1], []).append(i)
        book.filters[key] = (len(book.events), found)
    return found


def _redraw_gold(s: SkagwayState, new: SkagwayState, book: Ledger, viewer: int,
                 others: list[int], events: list, changed: list[int],
                 rng: np.random.Generator) -> None:
    """The other seats' Gold, the supply, and every hidden draw and return (H1)."""
    faces = s.game.components.gold.faces
    config, pool, kinds = _filter(s, book, "gold", viewer).sample(rng)
    k = len(faces)
    for i, q in enumerate(others):
        new.gold_held[q] = list(config[i * k:(i + 1) * k])
    new.gold_supply = pool
    for index, kind in kinds.items():
        _set_value(events, changed, index, faces[kind])


def _redraw_goods(s: SkagwayState, new: SkagwayState, book: Ledger, viewer: int,
                  others: list[int], events: list, changed: list[int],
                  rng: np.random.Generator) -> None:
    """The other seats' Goods, the deck, the cards under it, every hidden draw (H3)."""
    types = len(s.game.components.goods)
    found = _filter(s, book, "goods", viewer)
    config, pool, kinds = found.sample(rng)
    for i, q in enumerate(others):
        new.goods_held[q] = list(config[i * types:(i + 1) * types])
    new.goods_deck = pool
    new.goods_bottom = list(config[types * len(others):])
    for index, kind in kinds.items():
        _set_value(events, changed, index, kind)


def _redraw_railroad(new: SkagwayState, draws_by_seat: dict[int, list[int]], viewer: int,
                     others: list[int], events: list, changed: list[int],
                     rng: np.random.Generator) -> None:
    """Before the scoring, the other seats' counters are redealt with the supply; after
    it everyone saw each seat's counters [4.3.2], only the order of its draws is not."""
    if new.rail_owner < 0:
        new.rail_supply = redeal(rng, new.rail_supply, new.rail_held, others)
    values = new.game.components.railroad.faces
    for q in others:
        draws = draws_by_seat.get(q)
        if not draws:
            continue
        if new.rail_owner < 0:
            held = [v for v, c in zip(values, new.rail_held[q], strict=True) for _ in range(c)]
        else:
            held = [events[i][2] for i in draws]
        for i, j in zip(draws, rng.permutation(len(held)), strict=True):
            _set_value(events, changed, i, held[j])


def _redraw_hired_hands(new: SkagwayState, draws_by_seat: dict[int, list[int]],
                        viewer: int, events: list, changed: list[int],
                        rng: np.random.Generator) -> None:
    """[4.3.4] Another seat's recruits stay face down until Phase Six: redrawn from the
    pool they were drawn from. Revealed ones keep their names, not their order."""
    for seat, draws in draws_by_seat.items():
        if seat == viewer:
            continue
        batches: dict[int, list[int]] = {}
        for i in draws:
            batches.setdefault(events[i][4][1], []).append(i)
        for turn, batch in batches.items():
            if seat == new.recruited_by and turn == new.turn:
                pool = list(events[batch[0]][4][0])
                chosen = [int(w) for w in rng.choice(pool, size=len(batch), replace=False)]
                for w in pool:
                    where = Location.RECRUITED if w in chosen else Location.POOL
                    new.loc[w] = where
                    new.hand_state[w - FIRST_HAND] = HandState(where.value)
            else:  # a pair (at most two are recruited): swapped half the time
                chosen = [events[i][2] for i in batch]
                if len(chosen) > 1 and rng.random() < 0.5:
                    chosen.reverse()
            for i, w in zip(batch, chosen, strict=True):
                _set_value(events, changed, i, w)


def _set_value(events: list, changed: list[int], index: int, value: int) -> None:
    """Event ``index`` redrawn to ``value``, noted in ``changed`` (whose history entries
    ``view`` rewrites) when that differs from what it held: an unchanged event's entry
    already says the same, so leaving both alone gives the same view for less."""
    event = events[index]
    if event[2] != value:
        events[index] = event[:2] + (value,) + event[3:]
        changed.append(index)
