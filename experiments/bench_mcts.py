"""MCTS speed: our IS-MCTS on every registered game beside OpenSpiel's Python
``MCTSBot`` on connect four, in one run.

    python experiments/bench_mcts.py [--iterations 400] [--positions 6] [--repeats 2]
                                     [--games dawson_city_barbers,...] [--clock cpu]

For each game, ``--positions`` decision states from random play are searched with a
fixed iteration budget and random playouts. Reported: iterations (simulations) per
second, and game steps per second: every action the search applies (tree descent,
chance, playout), counted as the growth of each searched world's ``history``. For
OpenSpiel (C++ game, Python search) the playout steps are counted in an evaluator
equal to its ``RandomRolloutEvaluator`` with one rollout, plus one tree step per
simulation (a lower bound on its descent). OpenSpiel comes from the ``bench`` extra
(``pip install 'skagway_env[bench]'``); without it that line says so.

What the two sides count, so the ratio is fair: ours counts every action applied to
a searched world, i.e. the tree descent, the chance outcomes (a deal is a step, as
in the envs' step counts; connect four has none) and the playout; its time also holds
each iteration's ``view()`` (a determinization) and the tree bookkeeping. OpenSpiel's
counts its playout steps and one descent step a simulation (fewer than it takes), its
time holds its own tree bookkeeping and ``state.clone()`` a simulation. Neither counts
anything the other does not do in kind; OpenSpiel's descent is undercounted.

``--clock cpu`` times with the process's CPU time (``time.process_time``) instead of
the wall clock: on a shared machine the wall clock charges one side with the time
other processes held the cores; the CPU clock charges each side with its own work.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from skagway_agents.mcts import MCTSAgent

import skagway_env
from skagway_env.core import State, game_class
from skagway_env.core.playout import random_step


def positions(game: skagway_env.Game, count: int, seed: int) -> list[tuple[State, int]]:
    """``count`` decision states of random games, each with the seat that decides
    there: the seat to move, or at a simultaneous node one of the seats with a choice
    (the others' parts of the joint move are the search's to draw). Only real choices
    (two legal actions or more): a forced move is played without a search."""
    rng = np.random.default_rng(seed)
    found: list[tuple[State, int]] = []
    while len(found) < count:
        state = game.new_initial_state()
        path: list[tuple[State, int]] = []
        while not state.is_terminal():
            if state.is_simultaneous_node():
                seats = [p for p in range(state.num_players) if len(state.legal_actions(p)) > 1]
                if seats:
                    path.append((state.clone(), seats[int(rng.integers(len(seats)))]))
            elif not state.is_chance_node() and len(state.legal_actions()) > 1:
                path.append((state.clone(), state.current_player()))
            random_step(state, rng)
        if len(path) < 2:
            continue
        found += [path[int(i)] for i in rng.choice(len(path), size=2, replace=False)]
    return found[:count]


class StepCounter:
    """Counts the game steps ``MCTSAgent`` searches apply while active: each iteration's
    world grows its ``history`` by one entry an action (a joint action at a
    simultaneous node), whichever way it was applied (the playouts skip
    ``apply_action``'s legality check)."""

    def __init__(self) -> None:
        self.steps = 0

    def __enter__(self) -> StepCounter:
        self.orig = MCTSAgent._iterate
        counter, iterate = self, self.orig

        def counted(agent, root, world, me):
            start = len(world.history)
            iterate(agent, root, world, me)
            counter.steps += len(world.history) - start

        MCTSAgent._iterate = counted
        return self

    def __exit__(self, *exc) -> None:
        MCTSAgent._iterate = self.orig


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def bench_ours(name: str, iterations: int, count: int,
               players: int | None = None, clock: str = "wall") -> tuple[float, float]:
    """(iterations/s, game steps/s) of ``MCTSAgent`` searching views of ``count``
    random positions of ``name`` (at ``players`` seats; default the most), timed by
    ``CLOCKS[clock]``."""
    now = CLOCKS[clock]
    info = game_class(name).info
    game = skagway_env.make_game(name, num_players=players or info.max_players)
    states = positions(game, count, seed=1)
    agent = MCTSAgent(game, seed=0, iterations=iterations)
    with StepCounter() as counter:
        started = now()
        for s, p in states:
            agent.act(s.view(p, agent.rng), p)
        seconds = now() - started
    return iterations * len(states) / seconds, counter.steps / seconds


def bench_openspiel(iterations: int, count: int,
                    clock: str = "wall") -> tuple[float, float] | None:
    try:
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    game = pyspiel.load_game("connect_four")
    rng = np.random.RandomState(0)
    steps = 0

    class Evaluator(mcts.Evaluator):
        def evaluate(self, state):
            nonlocal steps
            working = state.clone()
            while not working.is_terminal():
                working.apply_action(rng.choice(working.legal_actions()))
                steps += 1
            return np.array(working.returns())

        def prior(self, state):
            legal = state.legal_actions()
            return [(a, 1.0 / len(legal)) for a in legal]

    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=iterations, evaluator=Evaluator(),
                       random_state=rng)
    states = []
    while len(states) < count:
        s = game.new_initial_state()
        for _ in range(int(rng.randint(0, 12))):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
        if not s.is_terminal():
            states.append(s)
    now = CLOCKS[clock]
    started = now()
    descent = 0
    for s in states:
        bot.step(s)
        descent += iterations  # at least one tree step a simulation (not counted above)
    seconds = now() - started
    return iterations * len(states) / seconds, (steps + descent) / seconds


def best_rates(iterations: int, count: int, repeats: int, players: dict[str, int],
               clock: str = "wall") -> dict[str, tuple[float, float] | None]:
    """(iterations/s, game steps/s) of OpenSpiel (key ``"openspiel"``; None when it is
    not installed) and of our search on each game at ``players[name]`` seats, best of
    ``repeats`` rounds in which they take turns, so the peer and every game see the
    same load (one pass each let a load spike fall on one side only)."""
    best: dict[str, tuple[float, float] | None] = {}
    for _ in range(repeats):
        jobs = {"openspiel": lambda: bench_openspiel(iterations, count, clock)}
        for name, n in players.items():
            jobs[name] = lambda _name=name, _n=n: bench_ours(_name, iterations, count, _n,
                                                             clock)
        for key, job in jobs.items():
            got = job()
            if got is not None and (best.get(key) is None or got[1] > best[key][1]):
                best[key] = got
            best.setdefault(key, None)
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--repeats", type=int, default=2, help="rounds, best of them")
    parser.add_argument("--games", default=None,
                        help="comma-separated game names (default: every game)")
    parser.add_argument("--players", type=int, default=None,
                        help="seats for every game (default: each game's most)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="cpu: the process's CPU time (steadier on a busy machine)")
    args = parser.parse_args(argv)
    names = args.games.split(",") if args.games else skagway_env.list_games()
    players = {name: args.players or game_class(name).info.max_players for name in names}
    best = best_rates(args.iterations, args.positions, args.repeats, players, args.clock)
    print(f"{'search':<40}{'iterations/s':>14}{'steps/s':>12}{'x OpenSpiel':>13}")
    peer = best["openspiel"]
    if peer is None:
        print(f"{'OpenSpiel MCTSBot, connect_four':<40}{'(pip install skagway_env[bench])':>26}")
    else:
        print(f"{'OpenSpiel MCTSBot, connect_four':<40}{peer[0]:>14.0f}{peer[1]:>12.0f}")
    for name, n in players.items():
        rate, steps = best[name]
        ratio = f"{steps / peer[1]:>13.2f}" if peer else ""
        print(f"{'IS-MCTS, ' + name + f' ({n}p)':<40}{rate:>14.0f}{steps:>12.0f}{ratio}")


if __name__ == "__main__":
    main()
