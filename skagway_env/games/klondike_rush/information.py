"""Redrawing the order cards a seat has not seen, with the deal's exact odds.

The order deck is shuffled (Setup 4) and every draw takes its top card, so before
anything is revealed every arrangement of the cards over the draws (and the deck
left) is equally likely. A viewer sees its own draws and, of an opponent's cards,
only the completed ones, face up (Errata, Free Actions): a completion of kind k by
seat q at time t says that q's draws before t hold one more k than q completed
before. Who is asked to decide rests on public facts only (RULES_NOTES F1), so
nothing else about a hand is revealed, and the posterior is uniform over the
arrangements that satisfy those completions (RULES_NOTES H2).

``sample_draws`` draws one such arrangement exactly. Kinds no opponent ever completed
are exchangeable: they are dealt uniformly at the end. For the completed kinds, a
forward pass counts arrangements over the draws that precede their seat's last
completion (the only draws a completion constrains), and a backward pass samples
one; the remaining copies fall uniformly among the other draws and the deck. This
is the same forward filtering, backward sampling as ``core.hidden.HoldingsFilter``,
specialised to one pass: the state is the copies of each completed kind used so far
and the current seat's copies still owed to its later completions, which stays
small where a filter over every seat's whole hand would not.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate
from math import factorial, prod
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .state import KlondikeRushState

BLANK = -1  # a constrained draw holding a kind nobody's completion involves


def sample_draws(s: KlondikeRushState, viewer: int,
                 rng: np.random.Generator) -> tuple[dict[int, int], list[int]]:
    """One arrangement of the cards ``viewer`` has not seen, drawn with its posterior
    odds: the kind of each opponent draw (by its index in ``s.order_draws``), and the
    order deck (counts by kind)."""
    hidden = [o.count for o in s.game.components.orders]
    for _, q, kind in s.order_draws:
        if q == viewer:
            hidden[kind] -= 1
    completed = [c for c in s.completions if c[1] != viewer]
    if not completed:
        return _sample_unconstrained(s, viewer, rng, hidden)
    return _sample_constrained(s, viewer, rng, hidden, completed)


def _sample_unconstrained(s: KlondikeRushState, viewer: int, rng: np.random.Generator,
                          hidden: list[int]) -> tuple[dict[int, int], list[int]]:
    """``sample_draws`` where no opponent completed an order: every arrangement of
    the ``hidden`` cards over the opponents' draws and the deck is equally likely, one
    shuffle. The same draws from ``rng`` as ``_sample_constrained`` makes there, so the
    same views (a test compares the two): its pick of its only arrangement
    (``rng.random()``) and its spread of no tracked copy (a permutation)."""
    draws = [i for i, d in enumerate(s.order_draws) if d[1] != viewer]
    rng.random()
    rng.permutation(len(draws) + sum(s.order_deck))
    cards = _kinds_repeated(tuple(hidden)).copy()
    rng.shuffle(cards)
    dealt = cards.tolist()
    deck = [0] * len(hidden)
    for kind in dealt[len(draws):]:
        deck[kind] += 1
    return dict(zip(draws, dealt, strict=False)), deck


@lru_cache(maxsize=1024)
def _kinds_repeated(hidden: tuple[int, ...]) -> np.ndarray:
    """``np.repeat(np.arange(len(hidden)), hidden)``, kept read-only (shuffle a copy)."""
    cards = np.repeat(np.arange(len(hidden)), hidden)
    cards.setflags(write=False)
    return cards


def _sample_constrained(s: KlondikeRushState, viewer: int, rng: np.random.Generator,
                        hidden: list[int], completed: list[list[int]]
                        ) -> tuple[dict[int, int], list[int]]:
    """``sample_draws`` given the opponents' ``completed`` orders (see the module doc)."""
    kinds = len(hidden)
    tracked = sorted({kind for _, _, kind in completed})
    slot_of = {kind: j for j, kind in enumerate(tracked)}
    copies = tuple(hidden[k] for k in tracked)
    events, constrained = _events(s, viewer, completed, slot_of)
    opponent_draws = [i for i, d in enumerate(s.order_draws) if d[1] != viewer]
    free = [i for i in opponent_draws if i not in constrained]
    deck_size = sum(s.order_deck)
    positions = len(free) + deck_size
    layers, links = _forward(events, copies)
    labels = _backward(events, layers, links, copies, positions, rng)
    # the copies of tracked kinds left over fall uniformly over the free positions
    used = [0] * len(tracked)
    for j in labels.values():
        if j != BLANK:
            used[j] += 1
    spread = [BLANK] * positions
    rest = [j for j, c in enumerate(copies) for _ in range(c - used[j])]
    for pos, j in zip(rng.permutation(positions)[:len(rest)].tolist(), rest, strict=True):
        spread[pos] = j
    # every blank takes one of the untracked cards, shuffled
    untracked = np.repeat(np.arange(kinds), [0 if k in slot_of else hidden[k]
                                             for k in range(kinds)])
    rng.shuffle(untracked)
    fill = iter(untracked.tolist())
    drawn: dict[int, int] = {}
    for i in constrained:
        j = labels[i]
        drawn[i] = next(fill) if j == BLANK else tracked[j]
    for i, j in zip(free, spread, strict=False):
        drawn[i] = next(fill) if j == BLANK else tracked[j]
    deck = [0] * kinds
    for j in spread[len(free):]:
        deck[next(fill) if j == BLANK else tracked[j]] += 1
    return drawn, deck


def _events(s: KlondikeRushState, viewer: int, completed: list[list[int]],
            slot_of: dict[int, int]) -> tuple[list[tuple], set[int]]:
    """Seat by seat, in time order: ``("draw", i, None)`` for each draw before the
    seat's last completion, ``("complete", j, owed)`` for each completion (``owed``:
    the seat's later completions of each tracked kind), ``("seat",)`` between seats."""
    events: list[tuple] = []
    constrained: set[int] = set()
    for q in range(s.num_players):
        mine = [c for c in completed if c[1] == q]
        if q == viewer or not mine:
            continue
        last = mine[-1][0]
        timeline = [(index, 0, i) for i, (index, p, _) in enumerate(s.order_draws)
                    if p == q and index < last]
        timeline += [(index, 1, n) for n, (index, _, _) in enumerate(mine)]
        timeline.sort()
        for _, is_completion, n in timeline:
            if is_completion:
                owed = [0] * len(slot_of)
                for _, _, kind in mine[n + 1:]:
                    owed[slot_of[kind]] += 1
                events.append(("complete", slot_of[mine[n][2]], tuple(owed)))
            else:
                constrained.add(n)
                events.append(("draw", n, None))
        events.append(("seat",))
    return events, constrained


def _owed_table(events: list[tuple]) -> list[tuple[int, ...] | None]:
    """After each event ``e``: the current seat's completions still to come (by
    kind), read off its next completion; None once the seat's events end."""
    table: list[tuple[int, ...] | None] = [None] * len(events)
    after = None
    for e in range(len(events) - 1, -1, -1):
        table[e] = after
        event = events[e]
        if event[0] == "seat":
            after = None
        elif event[0] == "complete":
            owed = list(event[2])
            owed[event[1]] += 1
            after = tuple(owed)
    return table


def _step(event: tuple, state: tuple, copies: tuple[int, ...],
          owed: tuple[int, ...] | None) -> list[tuple[tuple, int]]:
    """The states after ``event`` from ``state`` = (used, held), with their labels:
    ``held`` counts the seat's tracked copies still owed to a later completion."""
    used, held = state
    kind = event[0]
    if kind == "draw":  # the commonest event first
        out = [(state, BLANK)]
        for j, c in enumerate(copies):
            if used[j] < c:
                more = held[j] + 1
                if owed is not None and owed[j] < more:
                    more = owed[j]
                out.append(((used[:j] + (used[j] + 1,) + used[j + 1:],
                             held[:j] + (more,) + held[j + 1:]), j))
        return out
    if kind == "seat":
        return [((used, (0,) * len(copies)), BLANK)]
    j = event[1]  # a completion
    if held[j] < 1:
        return []
    left = list(held)
    left[j] -= 1
    return [((used, tuple(min(h, o) for h, o in zip(left, event[2], strict=True))), BLANK)]


def _forward(events: list[tuple], copies: tuple[int, ...]
             ) -> tuple[list[dict[tuple, int]], list[dict[tuple, list[tuple]]]]:
    """Layer e: each reachable state after e events, with its number of placements;
    and for each state of layer e + 1 the ways into it, ``(prev, weight, label)`` in
    the order the layer before lists them (what ``_backward`` picks among)."""
    start = ((0,) * len(copies), (0,) * len(copies))
    layers = [{start: 1}]
    links: list[dict[tuple, list[tuple]]] = []
    owed_after = _owed_table(events)
    for e, event in enumerate(events):
        owed = owed_after[e] if event[0] == "draw" else None
        nxt: dict[tuple, int] = {}
        into: dict[tuple, list[tuple]] = {}
        for state, w in layers[-1].items():
            for child, label in _step(event, state, copies, owed):
                if child in nxt:
                    nxt[child] += w
                    into[child].append((state, w, label))
                else:
                    nxt[child] = w
                    into[child] = [(state, w, label)]
        layers.append(nxt)
        links.append(into)
    return layers, links


def _spread_ways(copies: tuple[int, ...], used: tuple[int, ...], positions: int) -> int:
    """Placements of the unused tracked copies over the free positions."""
    rest = [c - u for c, u in zip(copies, used, strict=True)]
    if sum(rest) > positions:
        return 0
    return factorial(positions) // (prod(factorial(r) for r in rest)
                                    * factorial(positions - sum(rest)))


def _pick(rng: np.random.Generator, weights: list[int]) -> int:
    running = list(accumulate(weights))
    return bisect_right(running, rng.random() * running[-1])


def _backward(events: list[tuple], layers: list[dict[tuple, int]],
              links: list[dict[tuple, list[tuple]]], copies: tuple[int, ...],
              positions: int, rng: np.random.Generator) -> dict[int, int]:
    """One placement with its weight: the label (tracked kind slot or BLANK) of each
    constrained draw, walking back along ``_forward``'s ways into each state."""
    finals = list(layers[-1])
    weights = [layers[-1][f] * _spread_ways(copies, f[0], positions) for f in finals]
    if not sum(weights):
        raise ValueError("klondike_rush: no deal of the order cards explains the game")
    state = finals[_pick(rng, weights)]
    labels: dict[int, int] = {}
    for e in range(len(events) - 1, -1, -1):
        event = events[e]
        options = links[e][state]
        state, _, label = options[_pick(rng, [w for _, w, _ in options])]
        if event[0] == "draw":
            labels[event[1]] = label
    return labels
