"""Expert-iteration self-play speed: games and network evaluations per second, in this
process (one game at a time and ``--concurrent`` at once, batched) and on 1 and 2 Ray
workers, interleaved in one run with the same games (same seeds, same network).

    python experiments/bench_exit.py [--game skagway --players 4] [--games 8]
        [--simulations 16] [--concurrent 4] [--hidden 256 256] [--rounds 2]
        [--ray-address HOST:PORT]

The network is untrained (torch's default initialisation, seed 0): speed does not
depend on what it learned, only on its size and the games' lengths, and those are
the same at every worker count. The last line is the 2-vs-1-worker ratio (issue 22's
target: at least 1.7x on 2 cores). Ray starts once (2 CPUs), and both actors live
through every round, so actor start-up is not timed.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from skagway_agents.exit.net_file import NetHeader
from skagway_agents.exit.search import SearchSettings

from skagway_env.core import make_game

from .exit.selfplay import GameJob, SelfPlayWorker


def network(game_name: str, players: int, hidden: list[int]) -> tuple[dict, dict]:
    import torch
    from skagway_agents.exit.network import PolicyValueNet

    torch.manual_seed(0)
    header = NetHeader.for_game(make_game(game_name, num_players=players), hidden)
    return header.to_dict(), PolicyValueNet(header).arrays()


def jobs(games: int, players: int, simulations: int, seed: int = 0) -> list[GameJob]:
    settings = SearchSettings(simulations=simulations, dirichlet_fraction=0.25)
    return [GameJob((seed, 0, k), (0,) * players, settings, 20, True) for k in range(games)]


def measure_in_process(worker: SelfPlayWorker, batch: list[GameJob]) -> tuple[float, float]:
    """(games/s, evaluations/s) of ``batch`` played by ``worker`` here."""
    started = time.perf_counter()
    results, evaluations = worker.play(batch)
    seconds = time.perf_counter() - started
    return len(results) / seconds, evaluations / seconds


def measure_ray(ray, actors: list, batch: list[GameJob]) -> tuple[float, float]:
    """(games/s, evaluations/s) of ``batch`` split in order over ``actors``."""
    count = len(actors)
    chunks = [batch[i * len(batch) // count:(i + 1) * len(batch) // count]
              for i in range(count)]
    started = time.perf_counter()
    outcomes = ray.get([a.play.remote(c) for a, c in zip(actors, chunks, strict=True)])
    seconds = time.perf_counter() - started
    games = sum(len(results) for results, _ in outcomes)
    return games / seconds, sum(evals for _, evals in outcomes) / seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="skagway")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=8, help="games a measurement")
    parser.add_argument("--simulations", type=int, default=16)
    parser.add_argument("--concurrent", type=int, default=4, help="games a worker plays at once")
    parser.add_argument("--hidden", type=int, nargs="+", default=[256, 256])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--ray-address", default=None)
    args = parser.parse_args(argv)
    nets = [network(args.game, args.players, args.hidden)]
    batch = jobs(args.games, args.players, args.simulations)
    make = (args.game, args.players, {}, args.concurrent)
    one_at_a_time = SelfPlayWorker(args.game, args.players, {}, 1)
    batched = SelfPlayWorker(*make)
    for worker in (one_at_a_time, batched):
        worker.set_nets(nets)
    from .tournament.runner import ray_backend

    rows: dict[str, list[tuple[float, float]]] = {}
    with ray_backend(2, args.ray_address) as ray:
        actor = ray.remote(num_cpus=1)(SelfPlayWorker)
        actors = [actor.remote(*make) for _ in range(2)]
        ray.get([a.set_nets.remote(nets) for a in actors])
        ray.get([a.play.remote(batch[:1]) for a in actors])  # warm: imports, first game
        for _ in range(args.rounds):
            rows.setdefault("in-process, 1 game at a time", []).append(
                measure_in_process(one_at_a_time, batch))
            rows.setdefault(f"in-process, {args.concurrent} at once", []).append(
                measure_in_process(batched, batch))
            rows.setdefault("Ray, 1 worker", []).append(measure_ray(ray, actors[:1], batch))
            rows.setdefault("Ray, 2 workers", []).append(measure_ray(ray, actors, batch))
    print(f"{args.game} {args.players}p, {args.games} self-play games a measurement, "
          f"{args.simulations} simulations a decision, network {args.hidden}, "
          f"{args.rounds} rounds (median)")
    print(f"| {'setting':32} | games/s | evaluations/s |")
    print(f"|{'-' * 34}|---------|---------------|")
    medians = {}
    for name, values in rows.items():
        games, evals = np.median(np.array(values), axis=0)
        medians[name] = games
        print(f"| {name:32} | {games:7.3f} | {evals:13.0f} |")
    ratio = medians["Ray, 2 workers"] / medians["Ray, 1 worker"]
    print(f"2 workers / 1 worker: {ratio:.2f}x (target >= 1.7x on 2 cores)")


if __name__ == "__main__":
    main()
