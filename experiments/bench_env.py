"""Steps per second of every registered game: raw engine and AEC env, beside
PettingZoo's ``connect_four_v3`` measured in the same run.

    python experiments/bench_env.py [--seconds 3] [--players N]

A *step* is one player decision. Chance nodes are played inside both loops (their
time counts, their count does not). Random legal play throughout.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
from pettingzoo.classic import connect_four_v3

import skagway_env
from skagway_env.envs.common import sample_chance


def timed(loop: Callable[[], int], seconds: float) -> float:
    """Run ``loop`` (returns steps done) until ``seconds`` pass; steps per second."""
    loop()  # warm up
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += loop()
    return steps / (time.perf_counter() - start)


def engine_loop(game: skagway_env.Game, rng: np.random.Generator) -> Callable[[], int]:
    def one_game() -> int:
        state, steps = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
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
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return one_game


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--players", type=int, default=None, help="default: each game's max")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(0)

    c4 = timed(aec_loop(connect_four_v3.env(), rng), args.seconds)
    print(f"{'game':<22}{'players':>8}{'engine st/s':>13}{'AEC st/s':>11}"
          f"{'AEC/engine':>12}{'AEC/c4':>9}")
    print(f"{'connect_four_v3 (PZ)':<22}{2:>8}{'-':>13}{c4:>11.0f}{'-':>12}{1.0:>9.2f}")
    for name in skagway_env.list_games():
        info = skagway_env.core.game_class(name).info
        n = args.players or info.max_players
        game = skagway_env.make_game(name, num_players=n)
        eng = timed(engine_loop(game, rng), args.seconds)
        aec = timed(aec_loop(skagway_env.make_env(name, num_players=n), rng), args.seconds)
        print(f"{name:<22}{n:>8}{eng:>13.0f}{aec:>11.0f}{aec / eng:>12.2f}{aec / c4:>9.2f}")


if __name__ == "__main__":
    main()
