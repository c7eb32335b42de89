"""Steps per second of every registered game: raw engine and AEC env, beside
PettingZoo's ``connect_four_v3`` measured in the same run.

    python experiments/bench_env.py [--seconds 1] [--repeats 5] [--players N] [--clock cpu]

A *step* is one player decision (at a simultaneous node, one joint move of every
seat). Chance nodes are played inside both loops (their time counts, their count
does not). Games with simultaneous moves also get a row for their Parallel env, in
joint steps per second (one ``step(actions)`` call). Random legal play throughout: the engine loop
picks from ``legal_actions()``, the env loop from the observation's action mask
(``np.flatnonzero(mask.view(bool))`` for every env, connect_four included: on an int8
mask ``flatnonzero`` costs about 12 µs at the council game's 6,950 actions and 2 µs on
its bool view, a cost of the random policy, not of the env).
Each figure is the best of ``--repeats`` timed runs, measured in turns so that all
loops see the same machine load (the usual timeit practice against noise).
``--clock cpu`` times each run in this process's CPU seconds (``time.process_time``)
instead of wall-clock seconds: on a shared machine, other jobs then stop moving the
figures (they still share caches and cores); on an idle one both clocks agree.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
from pettingzoo.classic import connect_four_v3

import skagway_env
from skagway_env.core.playout import random_step, sample_chance

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def steps_per_second(loop: Callable[[], int], seconds: float,
                     clock: Callable[[], float] = time.perf_counter) -> float:
    """Run ``loop`` (returns steps done) until ``seconds`` pass on ``clock``; steps per
    second of that clock."""
    steps, start = 0, clock()
    while clock() - start < seconds:
        steps += loop()
    return steps / (clock() - start)


def engine_loop(game: skagway_env.Game, rng: np.random.Generator) -> Callable[[], int]:
    def one_game() -> int:
        state, steps = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            elif state.is_simultaneous_node():
                random_step(state, rng)
                steps += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                steps += 1
        return steps

    return one_game


def aec_loop(env, rng: np.random.Generator) -> Callable[[], int]:
    seed = iter(range(10**9))

    def one_game() -> int:
        env.reset(seed=next(seed))
        steps = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"].view(bool))
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return one_game


def parallel_loop(env, rng: np.random.Generator) -> Callable[[], int]:
    seed = iter(range(10**9))

    def one_game() -> int:
        obs, _ = env.reset(seed=next(seed))
        steps = 0
        while env.agents:
            actions = {}
            for agent, o in obs.items():
                legal = np.flatnonzero(o["action_mask"].view(bool))
                if len(legal):
                    actions[agent] = int(legal[rng.integers(len(legal))])
            obs, *_ = env.step(actions)
            steps += 1
        return steps

    return one_game


def best_rates(loops: dict[str, Callable[[], int]], seconds: float, repeats: int,
               clock: Callable[[], float] = time.perf_counter) -> dict:
    """Best steps/s of each loop over ``repeats`` rounds, the loops taking turns."""
    for loop in loops.values():
        loop()  # warm up
    best = dict.fromkeys(loops, 0.0)
    for _ in range(repeats):
        for name, loop in loops.items():
            best[name] = max(best[name], steps_per_second(loop, seconds, clock))
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per timed run")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per loop")
    parser.add_argument("--players", type=int, default=None, help="default: each game's max")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="wall-clock or this process's CPU seconds (see the module doc)")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(0)

    loops: dict[str, Callable[[], int]] = {"c4": aec_loop(connect_four_v3.env(), rng)}
    players = {}
    for name in skagway_env.list_games():
        n = args.players or skagway_env.core.game_class(name).info.max_players
        players[name] = n
        loops[f"{name}/engine"] = engine_loop(skagway_env.make_game(name, num_players=n), rng)
        loops[f"{name}/aec"] = aec_loop(skagway_env.make_env(name, num_players=n), rng)
        if skagway_env.core.game_class(name).info.simultaneous_moves:
            loops[f"{name}/parallel"] = parallel_loop(
                skagway_env.make_parallel_env(name, num_players=n), rng)
    rate = best_rates(loops, args.seconds, args.repeats, CLOCKS[args.clock])
    print(f"steps per {args.clock} second, best of {args.repeats} x {args.seconds:g} s")

    c4 = rate["c4"]
    print(f"{'game':<22}{'players':>8}{'engine st/s':>13}{'AEC st/s':>11}"
          f"{'AEC/engine':>12}{'AEC/c4':>9}")
    print(f"{'connect_four_v3 (PZ)':<22}{2:>8}{'-':>13}{c4:>11.0f}{'-':>12}{1.0:>9.2f}")
    for name, n in players.items():
        eng, aec = rate[f"{name}/engine"], rate[f"{name}/aec"]
        print(f"{name:<22}{n:>8}{eng:>13.0f}{aec:>11.0f}{aec / eng:>12.2f}{aec / c4:>9.2f}")
        if f"{name}/parallel" in rate:
            par = rate[f"{name}/parallel"]
            print(f"{'  Parallel env':<22}{n:>8}{'-':>13}{par:>11.0f}{'-':>12}{par / c4:>9.2f}"
                  "  (joint steps/s)")


if __name__ == "__main__":
    main()
