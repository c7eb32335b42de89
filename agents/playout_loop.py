"""Playouts to the end of a game, fast: the loop MCTS plays from every new leaf
(``mcts.py``), and the exit search's mixed leaf values (``exit/search.py``, ``mix``).
"""

from __future__ import annotations

from collections.abc import Callable

from skagway_env.core import CHANCE, TERMINAL, State
from skagway_env.core.playout import pick_outcome, random_legal

from .base import Agent


def play_to_end(world: State, below: Callable[[int], int], uniform: Callable[[], float],
                policy: Agent | None = None,
                policy_joint: Callable[[State], list[int]] | None = None) -> list[float]:
    """Play ``world`` to its end and return its returns, by ``policy`` (a joint move at a
    simultaneous node by ``policy_joint``), else uniformly at random.

    ``random_step``'s loop written out: ``current_player`` asked once a step (the
    generic ``is_terminal``, ``is_chance_node``, ``legal_actions`` and
    ``apply_action`` each ask again: five times a Skagway step), and a move drawn
    from the legal actions (a chance outcome, a joint move) applied without a
    second legality check. The same draws from the generator behind ``below`` and
    ``uniform``, in the same order (through ``core.playout.draws``: its numbers, without
    numpy's dispatch), so the same playouts, faster (``tests/test_mcts_same_search.py``
    keeps the searches equal to the plain loop's). The legal cache (``State._legal``) is
    cleared once, at the end: the unchecked steps never fill it (they list moves uncached, the
    rules never ask for them), and a policy's checked ``apply_action`` clears what
    its ``act`` filled. A game whose state has ``_random_playout(below, uniform)``
    (Skagway, Klondike Rush, the council game) plays a random playout with its own
    loop, the same draws and moves (``tests/test_own_playouts.py``).
    """
    own_playout = getattr(world, "_random_playout", None)
    if own_playout is not None and policy is None:
        own_playout(below, uniform)  # a game's own loop: the same draws and moves
        return world.returns()
    # a game's own draw of a legal move, or of a chance outcome, where it has one
    # (core.playout.random_legal, random_chance: the same draws, the same actions)
    own_move = getattr(world, "_random_legal_action", None)
    own_outcome = getattr(world, "_chance_outcome_at", None)
    move = random_legal(world)
    # the world's methods bound once: a playout is tens to hundreds of steps
    current, step, record = world.current_player, world._apply_action, world.history.append
    legal_of, outcomes_of = world._legal_actions, world.chance_outcomes
    while True:
        cur = current()
        if cur >= 0:
            if policy is not None:
                world.apply_action(policy.act(world, cur))  # an agent's move: checked
                continue
            if own_move is not None:
                action = own_move(cur, below)
            else:  # random_legal's move, inline: what _legal_for caches, uncached
                legal = legal_of(cur)
                action = legal[below(len(legal))]
        elif cur == CHANCE:  # sample_chance, inline: one uniform draw
            action = (pick_outcome(outcomes_of(), uniform())
                      if own_outcome is None else own_outcome(uniform()))
        elif cur == TERMINAL:
            world._legal = None  # apply_unchecked's bookkeeping, once for the walk
            return world.returns()
        else:  # a simultaneous node: the policy's move a seat (checked), else a draw a
            # seat, in seat order, as random_step's: rng.choice(legal) draws
            # exactly integers(len(legal))
            if policy is not None:
                world.apply_actions(policy_joint(world))
                continue
            joint = [move(seat, below) for seat in range(world.num_players)]
            world._apply_actions(joint)  # apply_joint_unchecked, inline (ints already)
            record(joint)
            continue
        step(action)  # apply_unchecked, inline (a call a step less)
        record(action)
