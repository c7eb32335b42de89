"""Information-set Monte Carlo tree search by determinization (SO-ISMCTS).

Generic over the game protocol (Cowling, Powley & Whitehouse 2012, "Information Set
Monte Carlo Tree Search"). Every iteration draws a fresh determinization of what the
agent's seat can see (``state.view(seat, rng)``), walks one shared tree keyed by
action, and plays it out:

- a node keeps, for the player who moved into it, the visit count and summed return,
  so each player picks by its own values (multiplayer returns);
- selection is UCT with *availability* counts: an action absent from a
  determinization is neither chosen nor penalised there;
- chance nodes are sampled by their odds (edges keyed by outcome);
- at a simultaneous node the agent's own action is searched at the root (ordered by
  the prior, as at any node) and the other seats' actions are the rollout policy's,
  or drawn at random with ``rollout=random`` (decoupled search is future work);
- playouts use a pluggable policy (``rollout=random``, or any agent spec, e.g. a
  heuristic), at every decision, simultaneous ones included; the budget is
  ``iterations`` or ``seconds`` (one of them: both is refused);
- optionally a ``prior`` agent (progressive bias): its choice at a node (or, for a
  trained policy, its distribution) orders the untried actions and gives a bonus
  ``prior_bonus * weight / (1 + visits)``, so a small budget plays at
  least as the prior would and the search departs from it where playouts disagree;
- optionally a ``value`` network (an ``exit:`` net file, ``skagway train --algo exit``):
  a new leaf is then valued by the network's value head instead of a playout. Chance
  outcomes below the leaf are sampled by their odds as a playout would (the network is
  trained on decision points only, like ``agents/exit/search.py`` never evaluates a
  chance node); the leaf is then valued from the observation of the seat to move (at
  a simultaneous node, the mean over the seats with a choice), its observer-relative
  values turned to seats; a terminal leaf keeps ``returns()``. Without ``value`` the
  search is unchanged (``tests/test_mcts_same_search.py``).

Nothing is kept between decisions: the tree is rebuilt for every move, so no
statistics gathered in one determinization leak into a later choice.
"""

from __future__ import annotations

import math
import time

import numpy as np

from skagway_env.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, State
from skagway_env.core.playout import (
    apply_unchecked,
    draws,
    random_chance,
    sample_chance,
)

from .base import Agent
from .exit.net_file import NumpyNet, load_net
from .exit.search import absolute_values
from .playout_loop import play_to_end
from .specs import AgentSpecError, Option, parse_spec
from .threads import limit_blas_threads


class Node:
    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0  # summed returns of the player who chose the edge into here
        self.available = 0  # iterations in which this edge was legal


class MCTSAgent(Agent):
    """Information-set MCTS over redrawn worlds (iterations=N or seconds=S, rollout=, prior=,
    value=).

    ``rollout`` and ``prior`` take agent specs, ``value`` an exit network file (see the
    module docstring)."""

    name = "mcts"
    options = {"iterations": Option(int, low=1, none=True),
               "seconds": Option(float, low=0, above=True, none=True),
               "exploration": Option(float, low=0), "rollout": Option(str),
               "prior": Option(str, none=True), "prior_bonus": Option(float, low=0),
               "value": Option(str, none=True), "any_players": Option(bool)}
    DEFAULT_ITERATIONS = 400

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: str = "random",
        prior: str | None = None,
        prior_bonus: float = 1.0,
        value: str | None = None,
        any_players: bool = False,
    ) -> None:
        super().__init__(game, seed)
        if iterations is not None and seconds is not None:
            raise AgentSpecError(f"give iterations or seconds, not both (got "
                                 f"iterations={iterations}, seconds={seconds})")
        if value is not None and rollout != "random":
            raise AgentSpecError(f"give rollout or value, not both (a value network "
                                 f"replaces playouts; got rollout={rollout}, value={value})")
        for key, given in (("iterations", iterations), ("seconds", seconds),
                           ("exploration", exploration), ("prior_bonus", prior_bonus),
                           ("value", value)):
            self.options[key].check(key, given)  # Python callers too, not only specs
        self.iterations = self.DEFAULT_ITERATIONS if iterations is None else iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.rollout = rollout
        self._policy: Agent | None = None
        self._prior: Agent | None = None
        self.prior, self.prior_bonus = prior, float(prior_bonus)
        self.any_players = bool(any_players)
        from .registry import make_agent  # heuristics (or any agents) for playouts, priors

        if rollout != "random":
            self._policy = make_agent(self._helper_spec(rollout), game, seed)
            self._policy.rng = self.rng
        if prior is not None:
            self._prior = make_agent(self._helper_spec(prior), game, seed)
            self._prior.rng = self.rng
        self.value = value
        self._value_net = None if value is None else self._load_value_net(value, game)

    @staticmethod
    def _load_value_net(path: str, game: Game) -> NumpyNet:
        """The exit network whose value head values leaves: its header is checked
        against ``game`` (game, env version, player count, sizes) before any weight is
        read, so a missing file or another game's network is refused in one line."""
        limit_blas_threads(1)  # as exit: bots: small products, one BLAS thread
        return load_net(path, game)

    def _helper_spec(self, spec: str) -> str:
        """A rollout or prior spec, with ``any_players=true`` passed on to a trained bot
        (``ppo:``) when this agent was given it: a spec nested in an option cannot
        carry options of its own."""
        if self.any_players and parse_spec(spec)[0] == "ppo":
            return spec + ",any_players=true"
        return spec

    def params(self) -> dict:
        out: dict = {"exploration": self.exploration, "rollout": self.rollout}
        if self.seconds is not None:
            out["seconds"] = self.seconds  # the budget is one or the other
        else:
            out["iterations"] = self.iterations
        if self.prior is not None:
            out["prior"], out["prior_bonus"] = self.prior, self.prior_bonus
        if self.value is not None:
            out["value"] = self.value
        if self.any_players:
            out["any_players"] = True
        return out

    # ------------------------------------------------------------------ search
    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        root = self.search(state, player)
        visits = np.array([root.children[a].visits if a in root.children else 0 for a in legal])
        best = np.flatnonzero(visits == visits.max())
        return legal[int(best[self.rng.integers(len(best))])]

    def search(self, state: State, player: int) -> Node:
        """The search tree's root after this agent's budget of iterations from
        ``state`` (``act`` picks the most visited of its children)."""
        root = Node()
        # the search's draws from self.rng: the same numbers as its methods, cheaper
        self._below, self._uniform = draws(self.rng)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            self._iterate(root, state.view(player, self.rng), player)
            done += 1
            if deadline is None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return root

    def _iterate(self, root: Node, world: State, me: int) -> None:
        path: list[tuple[Node, int]] = []  # (node, player who chose the edge into it)
        node = root
        expanded = False
        below = self._below
        # sample_chance's draw (through the game's own hook where it has one: the same
        # outcome); the moves are drawn from the listed outcomes and legal actions, so
        # they are applied without apply_action's second look at them (apply_unchecked)
        outcome_at = random_chance(world)
        while not expanded:
            cur = world.current_player()
            if cur == TERMINAL:
                break
            if cur == CHANCE:
                action = outcome_at(self._uniform())
                apply_unchecked(world, action)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node()
                node = child
                continue
            if cur == SIMULTANEOUS:
                # the rollout policy's move a seat (the playout's model of the table), else
                # a draw a seat, in seat order: rng.choice(legal) draws integers(len(legal))
                joint = (self._policy_joint(world, me if node is root else -1)
                         if self._policy is not None else
                         [legal[below(len(legal))]
                          for legal in map(world._legal_for, range(world.num_players))])
                if node is root:  # the searching seat's own move, ordered by the prior
                    hint = self._prior_weights(world, me) if self._prior is not None else None
                    joint[me] = self._select(node, world._legal_for(me), hint)
                    child = node.children.setdefault(joint[me], Node())
                    expanded = child.visits == 0
                    path.append((child, me))
                    node = child
                world.apply_actions(joint)
                continue
            legal = world._kept_legal(cur, False)  # read, never changed: no copy
            hint = self._prior_weights(world, cur) if self._prior is not None else None
            action = self._select(node, legal, hint)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = Node()
                expanded = True
            apply_unchecked(world, action)
            path.append((child, cur))
            node = child
        returns = self._playout(world) if self._value_net is None else self._leaf_value(world)
        for child, mover in path:
            child.visits += 1
            child.total += returns[mover]

    def _policy_joint(self, world: State, searched: int = -1) -> list[int]:
        """The rollout policy's move for every seat at a simultaneous node (a seat with
        one legal move plays it without asking; ``searched``, the root's own seat whose
        move the search picks instead, is not asked either)."""
        policy = self._policy
        joint = []
        for seat in range(world.num_players):
            legal = world._legal_for(seat)
            joint.append(legal[0] if len(legal) == 1 or seat == searched
                         else int(policy.act(world, seat)))
        return joint

    def _leaf_value(self, world: State) -> list[float]:
        """Every seat's value of a new leaf by the ``value`` network (module docstring).

        Chance outcomes are sampled first (``sample_chance``, as the tree does), since
        the network has only learned decision points; the values are observer-relative
        (``agents/exit/net_file.py``: output k is the seat k places after the observer)
        and are rolled back to seat order, the order ``_iterate`` backs returns up in."""
        while world.is_chance_node():
            world.apply_action(sample_chance(world, self.rng, self._uniform))
        if world.is_terminal():
            return world.returns()
        cur = world.current_player()
        seats = [cur] if cur != SIMULTANEOUS else [
            p for p in range(world.num_players) if len(world.legal_actions(p)) > 1
        ] or list(range(world.num_players))
        relative = self._value_net.values(
            np.stack([world.observation_tensor(p) for p in seats]))
        values = sum(absolute_values(np.asarray(relative[i], dtype=np.float64), p)
                     for i, p in enumerate(seats))
        return [float(v) / len(seats) for v in values]

    def _prior_weights(self, world: State, player: int) -> dict[int, float]:
        """The prior's weight on each action: a trained policy's distribution
        (``action_probabilities``, e.g. ``ppo:``), else 1 on the prior agent's choice."""
        probabilities = getattr(self._prior, "action_probabilities", None)
        if probabilities is None:
            return {self._prior.act(world, player): 1.0}
        probs = probabilities(world, player)
        return {int(a): float(probs[a]) for a in np.flatnonzero(probs)}

    def _select(self, node: Node, legal: list[int],
                hint: dict[int, float] | None = None) -> int:
        """UCT over the actions legal in this determinization (untried ones first).

        With a ``prior`` agent, its weights (``hint``: 1 on its choice, or a policy's
        probabilities) order the untried actions (most likely first) and give each
        action a bonus ``prior_bonus * weight / (1 + visits)`` that fades with visits
        (progressive bias), so a small budget plays at least as the prior would and
        search overrides it where playouts disagree.
        """
        children = node.children
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        untried: list[int] = []
        best_score, best = -math.inf, []
        # one pass: each tried child counts this availability and, while no untried
        # action has shown up (which would be picked instead), is scored on it
        for a in legal:
            child = children.get(a)
            if child is None:
                untried.append(a)
                continue
            available = child.available = child.available + 1
            if untried:
                continue
            visits = child.visits
            score = child.total / visits + c * sqrt(log(available) / visits)
            if hint:
                score += self.prior_bonus * hint.get(a, 0.0) / (1 + visits)
            if score > best_score:
                best_score, best = score, [a]
            elif score == best_score:
                best.append(a)
        if hint and untried:
            first = max(untried, key=lambda a: hint.get(a, 0.0))
            if hint.get(first, 0.0) > 0.0:
                return first
        if untried:
            return untried[self._below(len(untried))]
        return best[0] if len(best) == 1 else best[self._below(len(best))]

    def _playout(self, world: State) -> list[float]:
        """Play ``world`` to its end and return its returns (``playout_loop.play_to_end``
        with this search's draws and rollout policy)."""
        return play_to_end(world, self._below, self._uniform, self._policy,
                           self._policy_joint)
