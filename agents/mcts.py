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
- at a simultaneous node the agent's own action is searched at the root and the
  other seats' actions are drawn at random (decoupled search is future work);
- playouts use a pluggable policy (``rollout=random``, or any agent spec, e.g. a
  heuristic), the budget is ``iterations`` or ``seconds``;
- optionally a ``prior`` agent (progressive bias): its choice at a node is tried
  first and keeps a bonus ``prior_bonus / (1 + visits)``, so a small budget plays at
  least as the prior would and the search departs from it where playouts disagree.

Nothing is kept between decisions: the tree is rebuilt for every move, so no
statistics gathered in one determinization leak into a later choice.
"""

from __future__ import annotations

import math
import time

import numpy as np

from skagway_env.core import SIMULTANEOUS, Game, State
from skagway_env.core.playout import random_step, sample_chance

from .base import Agent


class Node:
    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0  # summed returns of the player who chose the edge into here
        self.available = 0  # iterations in which this edge was legal


class MCTSAgent(Agent):
    """Information-set MCTS over redrawn worlds (iterations=N or seconds=S, rollout=, prior=).

    ``rollout`` and ``prior`` take agent specs (see the module docstring)."""

    name = "mcts"

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        iterations: int = 400,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: str = "random",
        prior: str | None = None,
        prior_bonus: float = 1.0,
    ) -> None:
        super().__init__(game, seed)
        if not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations must be a positive integer, got {iterations!r}")
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise ValueError(f"seconds must be positive, got {seconds!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.rollout = rollout
        self._policy: Agent | None = None
        self._prior: Agent | None = None
        self.prior, self.prior_bonus = prior, float(prior_bonus)
        from .registry import make_agent  # heuristics (or any agents) for playouts, priors

        if rollout != "random":
            self._policy = make_agent(rollout, game, seed)
            self._policy.rng = self.rng
        if prior is not None:
            self._prior = make_agent(prior, game, seed)
            self._prior.rng = self.rng

    def params(self) -> dict:
        out = {"iterations": self.iterations, "exploration": self.exploration,
               "rollout": self.rollout}
        if self.prior is not None:
            out["prior"], out["prior_bonus"] = self.prior, self.prior_bonus
        if self.seconds is not None:
            out["seconds"] = self.seconds
        return out

    # ------------------------------------------------------------------ search
    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        root = Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            self._iterate(root, state.view(player, self.rng), player)
            done += 1
            if deadline is None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        visits = np.array([root.children[a].visits if a in root.children else 0 for a in legal])
        best = np.flatnonzero(visits == visits.max())
        return legal[int(best[self.rng.integers(len(best))])]

    def _iterate(self, root: Node, world: State, me: int) -> None:
        path: list[tuple[Node, int]] = []  # (node, player who chose the edge into it)
        node = root
        expanded = False
        while not world.is_terminal() and not expanded:
            cur = world.current_player()
            if world.is_chance_node():
                action = sample_chance(world, self.rng)
                world.apply_action(action)
                node = node.children.setdefault(action, Node())
                continue
            if cur == SIMULTANEOUS:
                joint = [int(self.rng.choice(world.legal_actions(p)))
                         for p in range(world.num_players)]
                if node is root:
                    joint[me] = self._select(node, world.legal_actions(me))
                    child = node.children.setdefault(joint[me], Node())
                    expanded = child.visits == 0
                    path.append((child, me))
                    node = child
                world.apply_actions(joint)
                continue
            legal = world.legal_actions()
            hint = self._prior.act(world, cur) if self._prior is not None else None
            action = self._select(node, legal, hint)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = Node()
                expanded = True
            world.apply_action(action)
            path.append((child, cur))
            node = child
        returns = self._playout(world)
        for child, mover in path:
            child.visits += 1
            child.total += returns[mover]

    def _select(self, node: Node, legal: list[int], hint: int | None = None) -> int:
        """UCT over the actions legal in this determinization (untried ones first).

        With a ``prior`` agent, its choice (``hint``) is tried first and keeps a bonus
        that fades with visits (progressive bias), so a small budget plays at least
        as the prior would and search overrides it where playouts disagree.
        """
        untried = [a for a in legal if a not in node.children]
        for a in legal:
            if a in node.children:
                node.children[a].available += 1
        if hint is not None and hint in untried:
            return hint
        if untried:
            return untried[int(self.rng.integers(len(untried)))]
        c = self.exploration
        best_score, best = -math.inf, []
        for a in legal:
            child = node.children[a]
            score = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if a == hint:
                score += self.prior_bonus / (1 + child.visits)
            if score > best_score:
                best_score, best = score, [a]
            elif score == best_score:
                best.append(a)
        return best[0] if len(best) == 1 else best[int(self.rng.integers(len(best)))]

    def _playout(self, world: State) -> list[float]:
        rng, policy = self.rng, self._policy
        while not world.is_terminal():
            cur = world.current_player()
            if policy is None or cur < 0:  # chance, a simultaneous node, or no policy
                random_step(world, rng)
            else:
                world.apply_action(policy.act(world, cur))
        return world.returns()
