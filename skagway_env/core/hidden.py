"""Helpers for ``State.view``: redrawing what a seat cannot see.

``redeal`` reshuffles hands that nothing has revealed since they were dealt.
``HoldingsFilter`` is for items that pass through many hands and back into a shared
face-down pool, some of them revealed on the way: it finds every arrangement of the
hidden items consistent with what one seat saw, and draws one with the odds of the
draws that produced it.
"""

from __future__ import annotations

import heapq
from bisect import bisect_right
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from operator import itemgetter

import numpy as np

from .._speedups import load

_twin = load("_holdings")  # _draw's loop and sample's walk in C; None: the Python loops


def redeal(rng: np.random.Generator, supply: list[int], held: list[list[int]],
           seats: list[int]) -> list[int]:
    """Shuffle ``supply`` together with the ``seats``' holdings (counts by kind), deal
    each of those seats as many as it held, and return the new supply.

    ``held`` is changed in place; seats not listed keep what they hold.
    """
    pool = list(supply)
    for q in seats:
        pool = [a + b for a, b in zip(pool, held[q], strict=True)]
    items = np.repeat(np.arange(len(pool)), pool)
    rng.shuffle(items)
    dealt = items.tolist()  # counted in Python: a few dozen items, a bincount a seat cost more
    start = 0
    for q in seats:
        size = sum(held[q])
        held[q] = _tally(dealt[start:start + size], len(pool))
        start += size
    return _tally(dealt[start:], len(pool))


def _tally(items: list[int], kinds: int) -> list[int]:
    """How many of ``items`` are of each kind ``0..kinds-1`` (``np.bincount``'s counts)."""
    counts = [0] * kinds
    for kind in items:
        counts[kind] += 1
    return counts


Config = tuple[int, ...]
"""Hidden holders' counts (``holders * kinds`` numbers), then the pile, oldest first."""


@dataclass(frozen=True)
class Step:
    """One hidden move: for each configuration after it, the configurations before it
    that lead there, each with its weight and the kind moved (None when forced).

    ``cumulative`` holds the running weights of a configuration's parents once a
    sample has needed them: a sample walks one configuration a step, so summing them
    for all (as the filter once did, at every move) cost a fifth of a Skagway view.
    Filled lazily, it is the same numbers whichever filter sharing the step asks."""

    tag: Hashable
    parents: dict[Config, list[tuple[Config, float, int | None]]]
    cumulative: dict[Config, list[float]] = field(default_factory=dict)

    def running(self, config: Config) -> list[float]:
        """The running weights of ``config``'s parents (computed once)."""
        found = self.cumulative.get(config)
        if found is None:
            found = self.cumulative[config] = list(accumulate(o[1] for o in self.parents[config]))
        return found


class HoldingsFilter:
    """Forward filtering, backward sampling over who holds which kinds of items.

    Items of ``kinds`` kinds lie in a face-down pool, in the hands of ``holders`` hidden
    holders (another seat's hand, a face-down discard) or in a face-down ordered pile;
    the viewer knows how many items each place holds, and ``unseen``, how many of each
    kind are in those places together. Moves are applied in play order; the filter
    keeps every configuration that explains them, weighted by the chance of the
    hidden draws (a holder's hidden choice of which item to give up counts each of
    its items alike). ``sample`` draws one configuration for now and, backwards,
    the kind moved by each tagged move. Filters are immutable: ``extend`` returns a
    new one, so a cached filter can be shared by the states that share its past.

    ``limit`` bounds the configurations kept: a move that leaves more keeps the
    ``limit`` heaviest, and ``dropped`` adds up the share of the weight left out at
    each such move (0.0 while the filter is exact). Without a limit the filter is
    exact, and its size grows with what is hidden: a long game can reach hundreds of
    thousands of arrangements. A limited filter that a later move empties raises
    ``ValueError`` like an exact one; callers rebuild it exactly (``limit=None``).
    """

    def __init__(self, kinds: int, holders: int, unseen: Sequence[int],
                 limit: int | None = None) -> None:
        self.kinds, self.holders = kinds, holders
        self.unseen = tuple(unseen)
        self.limit = limit
        self.dropped = 0.0
        self.weights: dict[Config, float] = {(0,) * (kinds * holders): 1.0}
        self.steps: tuple[Step, ...] = ()
        self._final: tuple[list[Config], list[float]] | None = None
        self._backward: tuple[tuple[dict, ...], tuple[Hashable, ...]] | None = None  # sample's

    # ------------------------------------------------------------------ moves
    def extend(self, moves: Sequence[tuple]) -> HoldingsFilter:
        """A filter that has also seen ``moves``: tuples ``(name, *args)`` naming one
        of the methods below (``draw``, ``seen_draw``, ``reveal``, ``give``, ``show``,
        ``push``, ``discard``, ``discard_any``, ``pop``, ``seen_pop``)."""
        new = object.__new__(type(self))  # a subclass (a test's plain filter) stays one
        new.kinds, new.holders = self.kinds, self.holders
        new.unseen, new.weights, new.steps = self.unseen, self.weights, self.steps
        new.limit, new.dropped = self.limit, self.dropped
        new._final, new._backward = self._final, None
        steps = list(self.steps)
        for name, *args in moves:
            step = getattr(new, "_" + name)(*args)
            if step is not None:
                steps.append(step)
            if not new.weights:
                raise ValueError(f"no arrangement explains the move {name}{tuple(args)}")
        new.steps = tuple(steps)
        return new

    def _pool(self, config: Config) -> list[int]:
        k, base = self.kinds, self.kinds * self.holders
        pool = [u - sum(config[j:base:k]) for j, u in enumerate(self.unseen)]
        for kind in config[base:]:  # the pile (often empty)
            pool[kind] -= 1
        return pool

    def _advance(self, tag: Hashable, moves) -> Step:
        """Apply ``moves(config) -> [(child, weight, kind)]`` to every configuration."""
        weights: dict[Config, float] = {}
        parents: dict[Config, list] = {}
        for config, w in self.weights.items():
            for child, p, kind in moves(config):
                x = w * p
                found = parents.get(child)
                if found is None:
                    parents[child] = [(config, x, kind)]
                    weights[child] = x  # 0.0 + x: the sums below are the same left fold
                else:
                    found.append((config, x, kind))
                    weights[child] += x
        return self._step(tag, weights, parents)

    def _step(self, tag: Hashable, weights: dict[Config, float],
              parents: dict[Config, list]) -> Step:
        """The step whose configurations now are ``weights`` (unnormalised), each
        with its ``parents``: the heaviest ``limit`` kept, weights scaled to a top of 1."""
        if self.limit is not None and len(weights) > self.limit:
            total = sum(weights.values())
            kept = heapq.nlargest(self.limit, weights.items(), key=itemgetter(1))
            self.dropped += 1.0 - sum(w for _, w in kept) / total
            weights = dict(kept)
            parents = {c: parents[c] for c in weights}
        top = max(weights.values(), default=1.0)
        self.weights = {c: w / top for c, w in weights.items()}
        self._final = None
        return Step(tag, parents)

    def _draw(self, holder: int, tag: Hashable = None) -> Step:
        """Hidden ``holder`` draws an item from the pool at random.

        ``_advance`` written out for the commonest move (a Skagway view's filter is
        mostly draws): the same children, weights and sums in the same order, without
        a call and a list of moves a configuration (``tests/test_hidden.py`` checks it
        against ``_advance``). The loop has a C twin (``_speedups/_holdings.c``, the
        same dicts in the same order; ``tests/test_hidden.py`` compares the two)."""
        if _twin is not None:
            weights, parents = _twin.draw(self.weights, self.unseen, self.kinds,
                                          self.holders, holder)
            return self._step(tag, weights, parents)
        return self._step(tag, *self._draw_loop(holder))

    def _draw_loop(self, holder: int) -> tuple[dict[Config, float], dict[Config, list]]:
        """``_draw``'s unnormalised weights and parents, in Python."""
        k = self.kinds
        offset, base, unseen = holder * k, k * self.holders, self.unseen
        weights: dict[Config, float] = {}
        parents: dict[Config, list] = {}
        found_at = parents.get
        for config, w in self.weights.items():
            pool = [u - sum(config[j:base:k]) for j, u in enumerate(unseen)]  # _pool
            for kind in config[base:]:
                pool[kind] -= 1
            for kind, left in enumerate(pool):
                if left > 0:
                    i = offset + kind
                    child = config[:i] + (config[i] + 1,) + config[i + 1:]
                    x = w * left
                    found = found_at(child)
                    if found is None:
                        parents[child] = [(config, x, kind)]
                        weights[child] = x
                    else:
                        found.append((config, x, kind))
                        weights[child] += x
        return weights, parents

    def _seen_draw(self, kind: int) -> Step:
        """The viewer draws ``kind`` from the pool (likelier where the pool holds more).

        Each configuration is its own only child (``_advance``'s result, written out
        as ``_draw`` is)."""
        self.unseen = _bump(self.unseen, kind, -1)
        k, base, unseen = self.kinds, self.kinds * self.holders, self.unseen[kind]
        weights: dict[Config, float] = {}
        parents: dict[Config, list] = {}
        for config, w in self.weights.items():
            left = unseen - sum(config[kind:base:k]) - config[base:].count(kind)  # _pool
            if left >= 0:
                x = w * (left + 1)
                parents[config] = [(config, x, None)]
                weights[config] = x
        return self._step(None, weights, parents)

    def _reveal(self, holder: int, kind: int, to_pool: bool) -> Step:
        """Hidden ``holder`` shows an item of ``kind`` and puts it in the pool, or out
        of play (face up: no longer unseen).

        ``_advance`` written out, as ``_draw`` is: a configuration has one child at
        most, and no two share one (the child is the configuration less one item), so
        each child's weight is its parent's (times 1.0, which changes no float)."""
        index = holder * self.kinds + kind
        if not to_pool:
            self.unseen = _bump(self.unseen, kind, -1)
        weights: dict[Config, float] = {}
        parents: dict[Config, list] = {}
        for config, w in self.weights.items():
            held = config[index]
            if held > 0:
                child = config[:index] + (held - 1,) + config[index + 1:]
                parents[child] = [(config, w, None)]
                weights[child] = w
        return self._step(None, weights, parents)

    def _give(self, holder: int, to: int | None, tag: Hashable = None,
              under: bool = False) -> Step:
        """Hidden ``holder`` gives up an item unseen: to the pool (``to`` None), to
        hidden holder ``to``, or (``under``) under the pile. Each item it holds is as
        likely."""
        k = self.kinds

        def moves(config):
            out = []
            for kind in range(k):
                count = config[holder * k + kind]
                if count:
                    child = _add(config, holder * k + kind, -1)
                    if to is not None:
                        child = _add(child, to * k + kind, 1)
                    elif under:
                        child += (kind,)
                    out.append((child, count, kind))
            return out
        return self._advance(tag, moves)

    def _show(self, kind: int, count: int, to: int | None = None) -> Step | None:
        """``count`` items of ``kind`` that the viewer knows join the pool (or hidden
        holder ``to``: an item the viewer itself discarded face down)."""
        self.unseen = _bump(self.unseen, kind, count)
        if to is None:
            return None
        index = to * self.kinds + kind
        return self._advance(None, lambda config: [(_add(config, index, count), 1.0, None)])

    def _push(self, kind: int) -> Step:
        """The viewer puts an item of ``kind`` at the bottom of the pile."""
        self.unseen = _bump(self.unseen, kind, 1)
        return self._advance(None, lambda config: [(config + (kind,), 1.0, None)])

    def _discard(self, holder: int, rank: int, tag: Hashable = None) -> Step:
        """Hidden ``holder`` puts its ``rank``-th item, in kind order, under the pile."""
        k = self.kinds

        def moves(config):
            counts = config[holder * k:(holder + 1) * k]
            kind = next(t for t in range(k) if sum(counts[:t + 1]) > rank)
            child = list(config)
            child[holder * k + kind] -= 1
            yield tuple(child) + (kind,), 1.0, kind
        return self._advance(tag, moves)

    def _discard_any(self, holder: int, tag: Hashable = None) -> Step:
        """Hidden ``holder`` puts one of its items, each as likely (a chance pick, not
        its choice), under the pile."""
        return self._give(holder, None, tag, under=True)

    def _pop(self, holder: int, tag: Hashable = None) -> Step:
        """Hidden ``holder`` takes the top of the pile."""
        base = self.kinds * self.holders

        def moves(config):
            child = list(config[:base])
            child[holder * self.kinds + config[base]] += 1
            yield tuple(child) + config[base + 1:], 1.0, config[base]
        return self._advance(tag, moves)

    def _seen_pop(self, kind: int) -> Step:
        """The viewer takes the top of the pile and sees ``kind``."""
        base = self.kinds * self.holders
        self.unseen = _bump(self.unseen, kind, -1)

        def moves(config):
            if config[base] == kind:
                yield config[:base] + config[base + 1:], 1.0, None
        return self._advance(None, moves)

    # ------------------------------------------------------------------ sampling
    def sample(self, rng: np.random.Generator) -> tuple[Config, list[int], dict]:
        """One arrangement, drawn with its weight: the configuration now, the pool now
        (counts by kind), and the kind moved at each tagged step (tag -> kind)."""
        if self._final is None:
            self._final = (list(self.weights), list(accumulate(self.weights.values())))
        configs, running = self._final
        draws = rng.random(len(self.steps) + 1).tolist()
        final = config = configs[bisect_right(running, draws[-1] * running[-1])]
        if _twin is not None:  # the walk below, in C (tests/test_hidden.py compares them)
            if self._backward is None:
                steps = self.steps[::-1]
                self._backward = (tuple(s.parents for s in steps), tuple(s.tag for s in steps))
            return final, self._pool(final), _twin.walk(*self._backward, draws, final)
        kinds: dict = {}
        for step, r in zip(reversed(self.steps), draws, strict=False):
            options = step.parents[config]
            if len(options) == 1:
                config, _, kind = options[0]
            else:
                running = step.running(config)
                config, _, kind = options[bisect_right(running, r * running[-1])]
            if step.tag is not None:
                kinds[step.tag] = kind
        return final, self._pool(final), kinds


def _bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return values[:index] + (values[index] + delta,) + values[index + 1:]


def _add(config: Config, index: int, delta: int) -> Config:
    return config[:index] + (config[index] + delta,) + config[index + 1:]
