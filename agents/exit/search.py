"""PUCT search over determinised views, guided by a policy-value network.

The searching seat owns one tree. Every simulation draws a fresh world,
``world = state.view(seat, rng)`` (everything the seat cannot see redrawn with the
right odds), and walks it from the root:

- **decision nodes** (one seat to move): PUCT, ``Q + c_puct * P * sqrt(N) / (1 + n)``,
  where ``Q`` is the *acting* seat's mean value through the edge (each seat maximises
  its own component: multi-player returns, not a zero-sum negamax) and ``P`` is the
  network's prior for the acting seat, a softmax over the actions legal in *this*
  world. An edge not yet tried has ``Q`` = the node's own mean value for that seat
  (first-play urgency at the parent's value);
- **chance nodes**: an outcome sampled with its probability;
- **simultaneous nodes**: decoupled: every seat picks its own action by PUCT over its
  own edge statistics and its own prior, and the joint action is the child's key;
- **leaves**: a node reached for the first time is valued by the network (no
  rollouts): its value head, turned from observer-relative to seats; at a
  simultaneous node, the mean of the estimates of every seat with a choice. A forced
  move (one legal action) is walked through without an evaluation. Terminal nodes
  are valued by ``returns()``. With ``mix`` above 0 (``exit:...,mix=0.5``, or a
  trainer config's ``mix``) a leaf's value is ``(1 - mix)`` times the network's plus
  ``mix`` times the returns of one uniformly random playout of its world (AlphaGo's
  mixed leaf evaluation).

Nodes are keyed by the action path from the root (chance outcomes and joint actions
included), as single-observer IS-MCTS keys them (Cowling, Powley & Whitehouse 2012),
rather than by the acting seat's ``information_state_string``. Why: the root is the
searcher's information set either way, so nothing below it can reveal what the seat
cannot see (every world is a redraw); path keys cost nothing per step, where the
information-state strings of these games are long to build at every node of every
simulation; and the worlds' differences show up only as actions legal in some worlds
and not others, which PUCT handles by taking the prior's softmax over the current
world's legal actions. The cost is that opponents' nodes merge worlds where an
information-state key would split them (the known strategy-fusion approximation of
SO-ISMCTS). A node keeps the raw logits of its first evaluation per acting seat and
reuses them in later worlds (the observation at a node differs between worlds only in
what was redrawn).

In self-play the root's prior gets Dirichlet noise, ``(1 - eps) P + eps Dir(alpha)``
over the legal actions. ``choose_action`` picks by visit count with a temperature.

**Batching.** ``Search.run`` is a generator: it yields an ``EvalRequest`` (one or more
observations) whenever it needs the network and receives the ``(logits, values)``
back by ``send``; it returns a ``SearchResult``. ``run_search`` drives one search;
``run_batched`` drives many (a worker's concurrent games) and evaluates one request
from each in one forward pass. Each search draws only from its own rng, so batched
and one-at-a-time searches give the same visits.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from skagway_env.core import CHANCE, SIMULTANEOUS, State
from skagway_env.core.playout import draws, sample_chance

from ..playout_loop import play_to_end
from .features import Features, observation_row

Evaluate = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]
"""``rows [B, input_size] -> (logits [B, actions], observer-relative values [B, n])``:
``NumpyNet.evaluate``; a row is a seat's observation (and a hinted network's hint,
``features.py``)."""


@dataclass(frozen=True)
class SearchSettings:
    simulations: int = 64
    """Simulations a decision (the first one evaluates the root)."""
    c_puct: float = 1.5
    dirichlet_alpha: float = 0.3
    dirichlet_fraction: float = 0.0
    """Weight of the root noise (0: none; self-play uses 0.25)."""
    seconds: float | None = None
    """A time budget instead: simulations until this much wall time has passed since
    the search began (one at least); ``simulations`` is then ignored. For matches at
    an equal time per move; a timed search is not repeatable from a seed."""
    mix: float = 0.0
    """The share of a leaf's value taken from one uniformly random playout of its world
    to the end (AlphaGo's lambda; the rest from the value head). 0: the network alone,
    as AlphaZero's self-play (the trainer's default)."""


@dataclass
class EvalRequest:
    """Observations for the network, with the seat each one belongs to."""

    observations: np.ndarray
    seats: list[int]


@dataclass
class SearchResult:
    legal: list[int]
    visits: np.ndarray
    """Root visits of each legal action (the searcher's own edges)."""
    prior: np.ndarray
    """The network's prior over ``legal`` at the root (before any noise)."""
    value: np.ndarray
    """The root's mean value for every seat."""

    def policy(self, num_actions: int) -> np.ndarray:
        """The visit distribution over the whole action space (the training target);
        the prior when no edge was visited (a budget of one simulation)."""
        out = np.zeros(num_actions, dtype=np.float32)
        weights = self.visits if self.visits.sum() > 0 else self.prior
        out[self.legal] = weights / weights.sum()
        return out


class Node:
    __slots__ = ("visits", "total", "logits", "children", "edges")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.total = [0.0] * players  # summed values (one a seat) of walks through here
        self.logits: dict[int, np.ndarray] = {}  # acting seat -> its first evaluation
        self.children: dict[object, Node] = {}
        self.edges: list[dict[int, list[float]]] | None = None  # simultaneous: per seat


def absolute_values(relative: np.ndarray, seat: int) -> np.ndarray:
    """Observer-relative values (output k: the seat k after ``seat``) -> by seat."""
    return np.roll(relative, seat)


def softmax(logits: np.ndarray) -> np.ndarray:
    z = np.exp(logits - logits.max())
    return z / z.sum()


class Search:
    """One decision's PUCT search for ``seat`` (see the module docstring); ``features``
    builds the network's row for a seat (``features.py``: the observation, and a
    hinted network's hint)."""

    def __init__(self, settings: SearchSettings, num_players: int,
                 rng: np.random.Generator, features: Features = observation_row) -> None:
        self.settings, self.players, self.rng = settings, num_players, rng
        self.features = features
        self._draws = draws(rng) if settings.mix > 0 else None  # the playouts' (mix)

    def run(self, state: State, seat: int) -> Generator[EvalRequest, tuple, SearchResult]:
        """The search as a generator (yields requests, returns the result)."""
        players, rng = self.players, self.rng
        root = Node(players)
        legal = state.legal_actions(seat)
        root_prior: np.ndarray | None = None
        for _ in self._budget():
            world = state.view(seat, rng)
            yield from self._simulate(root, world, seat, root_prior)
            if root_prior is None and seat in root.logits:
                root_prior = self._root_prior(root.logits[seat][legal])
        prior = softmax(root.logits[seat][legal]) if seat in root.logits else \
            np.full(len(legal), 1.0 / len(legal))
        visits = self._root_visits(root, legal, seat)
        value = np.array(root.total) / max(root.visits, 1)
        return SearchResult(legal, visits, prior, value)

    def _budget(self) -> Iterator[int]:
        """The simulations to run: ``simulations`` of them, or as many as fit in
        ``seconds`` (the time a simulation's leaf waits in a batched evaluation
        counts too)."""
        if self.settings.seconds is None:
            yield from range(self.settings.simulations)
            return
        deadline = time.perf_counter() + self.settings.seconds
        done = 0
        while done == 0 or time.perf_counter() < deadline:
            yield done
            done += 1

    def _root_prior(self, logits: np.ndarray) -> np.ndarray:
        prior = softmax(logits)
        eps = self.settings.dirichlet_fraction
        if eps > 0 and len(prior) > 1:
            noise = self.rng.dirichlet([self.settings.dirichlet_alpha] * len(prior))
            prior = (1 - eps) * prior + eps * noise
        return prior

    @staticmethod
    def _root_visits(root: Node, legal: list[int], seat: int) -> np.ndarray:
        if root.edges is not None:  # a simultaneous root: the searcher's own edges
            edges = root.edges[seat]
            return np.array([edges[a][0] if a in edges else 0 for a in legal], dtype=float)
        return np.array([root.children[a].visits if a in root.children else 0
                         for a in legal], dtype=float)

    def _simulate(self, root: Node, world: State, me: int,
                  root_prior: np.ndarray | None) -> Generator[EvalRequest, tuple, None]:
        path = [root]
        joint_edges: list[tuple[Node, list[int]]] = []
        node = root
        while True:
            if world.is_terminal():
                value = np.asarray(world.returns(), dtype=float)
                break
            cur = world.current_player()
            if cur == CHANCE:
                outcome = sample_chance(world, self.rng)
                world.apply_action(outcome)
                node = self._child(node, ("chance", outcome))
                path.append(node)
                continue
            if cur == SIMULTANEOUS:
                seats = list(range(self.players))
                choosing = [p for p in seats if len(world.legal_actions(p)) > 1]
                if any(p not in node.logits for p in choosing):
                    value = yield from self._evaluate(node, world, choosing)
                    value = self._mixed(value, world)
                    break
                if node.edges is None:
                    node.edges = [{} for _ in seats]
                joint = [self._pick_simultaneous(node, world, p,
                                                 root_prior if node is root and p == me
                                                 else None) for p in seats]
                joint_edges.append((node, joint))
                world.apply_actions(joint)
                node = self._child(node, tuple(joint))
                path.append(node)
                continue
            legal = world.legal_actions()
            if len(legal) == 1:
                action = legal[0]  # a forced move needs no prior: walk on
            elif cur not in node.logits:
                value = yield from self._evaluate(node, world, [cur])
                value = self._mixed(value, world)
                break
            else:
                action = self._pick(node, legal, cur, root_prior if node is root else None)
            world.apply_action(action)
            node = self._child(node, action)
            path.append(node)
        for visited in path:
            visited.visits += 1
            total = visited.total
            for p in range(self.players):
                total[p] += value[p]
        for visited, joint in joint_edges:
            for p, a in enumerate(joint):
                edge = visited.edges[p].setdefault(a, [0, 0.0])
                edge[0] += 1
                edge[1] += value[p]

    def _mixed(self, value: np.ndarray, world: State) -> np.ndarray:
        """A leaf's value with ``mix`` of a random playout's returns (the world is the
        leaf's own, not used after)."""
        if self._draws is None:
            return value
        played = np.asarray(play_to_end(world, *self._draws), dtype=float)
        return (1.0 - self.settings.mix) * value + self.settings.mix * played

    def _child(self, node: Node, key: object) -> Node:
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node(self.players)
        return child

    def _evaluate(self, node: Node, world: State,
                  seats: list[int]) -> Generator[EvalRequest, tuple, np.ndarray]:
        observations = np.stack([self.features(world, p) for p in seats])
        logits, relative = yield EvalRequest(observations, seats)
        values = np.zeros(self.players)
        for i, p in enumerate(seats):
            node.logits[p] = np.asarray(logits[i], dtype=np.float64)
            values += absolute_values(np.asarray(relative[i], dtype=np.float64), p)
        return values / len(seats)

    def _pick(self, node: Node, legal: list[int], seat: int,
              root_prior: np.ndarray | None) -> int:
        prior = root_prior if root_prior is not None and len(root_prior) == len(legal) \
            else softmax(node.logits[seat][legal])
        children = node.children
        counts = np.zeros(len(legal))
        means = np.full(len(legal), node.total[seat] / node.visits if node.visits else 0.0)
        for i, a in enumerate(legal):
            child = children.get(a)
            if child is not None and child.visits:
                counts[i] = child.visits
                means[i] = child.total[seat] / child.visits
        return legal[self._argmax(means + self.settings.c_puct * prior
                                  * math.sqrt(max(counts.sum(), 1.0)) / (1.0 + counts))]

    def _pick_simultaneous(self, node: Node, world: State, seat: int,
                           root_prior: np.ndarray | None) -> int:
        legal = world.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        prior = root_prior if root_prior is not None and len(root_prior) == len(legal) \
            else softmax(node.logits[seat][legal])
        edges = node.edges[seat]
        counts = np.zeros(len(legal))
        means = np.full(len(legal), node.total[seat] / node.visits if node.visits else 0.0)
        for i, a in enumerate(legal):
            edge = edges.get(a)
            if edge is not None and edge[0]:
                counts[i], means[i] = edge[0], edge[1] / edge[0]
        return legal[self._argmax(means + self.settings.c_puct * prior
                                  * math.sqrt(max(counts.sum(), 1.0)) / (1.0 + counts))]

    def _argmax(self, scores: np.ndarray) -> int:
        best = np.flatnonzero(scores == scores.max())
        return int(best[0]) if len(best) == 1 else int(best[self.rng.integers(len(best))])


def choose_action(result: SearchResult, temperature: float, rng: np.random.Generator) -> int:
    """The move: the most visited action at temperature 0 (ties by ``rng``), else one
    sampled with probability ``visits ** (1 / temperature)``; by the prior when the
    budget left every edge unvisited."""
    weights = result.visits if result.visits.sum() > 0 else result.prior
    if temperature <= 0:
        best = np.flatnonzero(weights == weights.max())
        return result.legal[int(best[0] if len(best) == 1 else best[rng.integers(len(best))])]
    scaled = np.power(weights / weights.max(), 1.0 / temperature)
    return result.legal[int(rng.choice(len(scaled), p=scaled / scaled.sum()))]


def run_search(search: Generator[EvalRequest, tuple, SearchResult],
               evaluate: Evaluate) -> SearchResult:
    """Drive one search, evaluating each request on its own."""
    try:
        request = next(search)
        while True:
            request = search.send(evaluate(request.observations))
    except StopIteration as done:
        return done.value


def run_batched(searches: Sequence[Generator[EvalRequest, tuple, SearchResult]],
                evaluate: Evaluate) -> list[SearchResult]:
    """Drive many searches at once: each round, one request from every unfinished
    search, evaluated in one forward pass (``step_batched`` is one such round)."""
    results: list[SearchResult | None] = [None] * len(searches)
    pending: dict[int, EvalRequest] = {}
    for i, search in enumerate(searches):
        try:
            pending[i] = next(search)
        except StopIteration as done:
            results[i] = done.value
    while pending:
        answers = evaluate_requests(list(pending.values()), evaluate)
        for (i, _), answer in zip(list(pending.items()), answers, strict=True):
            try:
                pending[i] = searches[i].send(answer)
            except StopIteration as done:
                results[i] = done.value
                del pending[i]
    return results  # type: ignore[return-value]


def evaluate_requests(requests: Sequence[EvalRequest],
                      evaluate: Evaluate) -> list[tuple[np.ndarray, np.ndarray]]:
    """Evaluate many requests in one forward pass; each gets its own rows back."""
    sizes = [len(r.observations) for r in requests]
    logits, values = evaluate(np.concatenate([r.observations for r in requests]))
    out, start = [], 0
    for size in sizes:
        out.append((logits[start:start + size], values[start:start + size]))
        start += size
    return out
