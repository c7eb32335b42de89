"""Every benchmark in one run, written to ``docs/benchmarks.md`` (``make bench``).

    python experiments/bench_report.py [--out docs/benchmarks.md] [--quick]

One process measures, in turn: the raw engines and the AEC (and Parallel) envs beside
PettingZoo's ``connect_four_v3`` (``bench_env``: the loops take turns, best of the
repeats); views beside a plain clone of the same positions; IS-MCTS beside OpenSpiel's
``MCTSBot`` when ``open_spiel`` is installed (``bench_mcts``); the default tournament's
games per second at 1 and 2 workers (``bench_tournament``); MaskablePPO collection
beside connect four against a random opponent (``bench_train``, when the ``train``
extra is installed). The page names the machine, its load when the run began and
ended, the commit and the command. Ratios against a peer measured in the same run are
the figures to compare between machines; absolute numbers move with the load.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import yaml

import skagway_env
from skagway_env.core import game_class

HERE = Path(__file__).resolve().parent


def _default_players(name: str) -> int:
    return game_class(name).params_class().num_players


def machine() -> list[str]:
    """The machine, the software and the load, as bullet lines."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE,
                                capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        commit = "?"
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return [f"CPU: {cpu}, {os.cpu_count()} logical cores; load average {load} (1/5/15 min)",
            f"Python {platform.python_version()}, numpy {np.__version__}, "
            f"{platform.system()} {platform.release()}",
            f"commit {commit or '?'}"]


def bench_envs(seconds: float, repeats: int) -> list[str]:
    from pettingzoo.classic import connect_four_v3
    from skagway_experiments.bench_env import aec_loop, best_rates, engine_loop, parallel_loop

    rng = np.random.default_rng(0)
    loops: dict[str, Callable[[], int]] = {"c4": aec_loop(connect_four_v3.env(), rng)}
    players = {}
    for name in skagway_env.list_games():
        n = players[name] = _default_players(name)
        loops[f"{name}/engine"] = engine_loop(skagway_env.make_game(name, num_players=n), rng)
        loops[f"{name}/aec"] = aec_loop(skagway_env.make_env(name, num_players=n), rng)
        if game_class(name).info.simultaneous_moves:
            loops[f"{name}/parallel"] = parallel_loop(
                skagway_env.make_parallel_env(name, num_players=n), rng)
    rate = best_rates(loops, seconds, repeats)
    c4 = rate["c4"]
    rows = ["| env | seats | engine steps/s | AEC steps/s | AEC / connect_four |",
            "|---|---|---|---|---|",
            f"| connect_four_v3 (PettingZoo) | 2 | - | {c4:,.0f} | 1.00 |"]
    for name, n in players.items():
        eng, aec = rate[f"{name}/engine"], rate[f"{name}/aec"]
        rows.append(f"| {name} | {n} | {eng:,.0f} | {aec:,.0f} | {aec / c4:.2f} |")
        if f"{name}/parallel" in rate:
            par = rate[f"{name}/parallel"]
            rows.append(f"| {name}, Parallel env (joint steps) | {n} | - | {par:,.0f} | "
                        f"{par / c4:.2f} |")
    return rows


def bench_views(count: int, repeats: int, games: int = 2) -> list[str]:
    """Microseconds a view of sampled positions takes, beside a clone of the same
    positions (the least any view can cost), and a view shown as text; and a view as a
    tournament takes them: along ``games`` random games, one of the true state at every
    decision, for the seat to move (what the state caches carries on from that seat's
    last view, e.g. a Skagway seat's filter), then one of that view (an IS-MCTS
    iteration's world: the view's own cache)."""
    from skagway_experiments.bench_mcts import positions

    rows = ["| game | seats | clone µs | view µs | view / clone | "
            "view + observation_string µs | along a game: view µs | view of a view µs |",
            "|---|---|---|---|---|---|---|---|"]
    for name in skagway_env.list_games():
        n = _default_players(name)
        game = skagway_env.make_game(name, num_players=n)
        found = positions(game, count, seed=3)
        rng = np.random.default_rng(0)
        best = {"clone": np.inf, "view": np.inf, "shown": np.inf}
        jobs = {"clone": lambda s, p, _rng=rng: s.clone(),
                "view": lambda s, p, _rng=rng: s.view(p, _rng),
                "shown": lambda s, p, _rng=rng: s.view(p, _rng).observation_string(p)}
        for _ in range(repeats):
            for key, job in jobs.items():  # interleaved, best of the repeats
                started = time.perf_counter()
                for s, p in found:
                    job(s, p)
                best[key] = min(best[key], (time.perf_counter() - started) / len(found))
        along, of_view = views_along_games(game, games, rng)
        rows.append(f"| {name} | {n} | {best['clone'] * 1e6:.0f} | {best['view'] * 1e6:.0f} | "
                    f"{best['view'] / best['clone']:.1f} | {best['shown'] * 1e6:.0f} | "
                    f"{along * 1e6:.0f} | {of_view * 1e6:.0f} |")
    return rows


def views_along_games(game: skagway_env.Game, games: int,
                      rng: np.random.Generator) -> tuple[float, float]:
    """Mean seconds of a view of the truth at each decision of ``games`` random games
    (every seat at a simultaneous node), and of a view of that view."""
    from skagway_env.core.playout import random_step

    truth = of_view = 0.0
    count = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                cur = state.current_player()
                for seat in range(state.num_players) if cur < 0 else [cur]:
                    started = time.perf_counter()
                    seen = state.view(seat, rng)
                    middle = time.perf_counter()
                    seen.view(seat, rng)
                    truth += middle - started
                    of_view += time.perf_counter() - middle
                    count += 1
            random_step(state, rng)
    return truth / max(count, 1), of_view / max(count, 1)


def bench_tournament(settings: list[int]) -> list[str]:
    """Games per second of the default ``make run`` tournament in this process, at
    each worker count (its SQLite writes included; process start-up not)."""
    from skagway_experiments.bench_tournament import DEFAULT_CONFIG, rates
    from skagway_experiments.tournament import config_from_dict, schedule

    data = yaml.safe_load(DEFAULT_CONFIG.read_text())
    total = len(schedule(config_from_dict(data)))
    rows = ["| tournament | games | workers | seconds | games/s | × 1 worker |",
            "|---|---|---|---|---|---|"]
    base = None
    for _, workers, seconds in rates(data, [("local", w) for w in settings]):
        rate = total / seconds
        base = base or rate
        rows.append(f"| {data['name']} ({data['game']} {data['players']}p: "
                    f"{', '.join(e['spec'] for e in data['entrants'])}) | {total} | {workers} | "
                    f"{seconds:.1f} | {rate:.2f} | {rate / base:.2f} |")
    return rows


def bench_search(iterations: int, count: int, repeats: int = 1) -> list[str]:
    from skagway_experiments.bench_mcts import best_rates

    rows = ["| search | iterations/s | game steps/s |", "|---|---|---|"]
    players = {name: _default_players(name) for name in skagway_env.list_games()}
    best = best_rates(iterations, count, repeats, players)
    peer = best["openspiel"]
    if peer is None:
        rows.append("| OpenSpiel MCTSBot, connect_four | not installed "
                    "(`pip install 'skagway_env[bench]'`) | - |")
    else:
        rows.append(f"| OpenSpiel MCTSBot, connect_four | {peer[0]:,.0f} | {peer[1]:,.0f} |")
    for name, n in players.items():
        rate, steps = best[name]
        ratio = f" ({steps / peer[1]:.2f}× OpenSpiel)" if peer else ""
        rows.append(f"| IS-MCTS, {name} ({n}p) | {rate:,.0f} | {steps:,.0f}{ratio} |")
    return rows


def bench_collection(steps: int, envs: int, rounds: int) -> list[str]:
    try:
        from skagway_agents.rl import configure_threads, make_vec_env
        from skagway_experiments.bench_train import best_collection, peer_vec_env
    except ImportError as missing:
        return [f"(not measured: {missing}; install the `train` extra)"]
    configure_threads(1)  # one torch thread, one numpy BLAS thread (agents/threads.py)
    makers = {"connect_four_v3 (PettingZoo)": (2, lambda: peer_vec_env(envs))}
    for name in skagway_env.list_games():
        n = _default_players(name)
        makers[name] = (n, lambda name=name, n=n: make_vec_env(
            name, envs, opponents=["random"], seed=0, num_players=n))
    best = best_collection({k: make for k, (_, make) in makers.items()}, steps, rounds)
    base = best["connect_four_v3 (PettingZoo)"][0]
    rows = ["| env vs random opponents | seats | collection fps | × connect_four |",
            "|---|---|---|---|"]
    for name, (n, _) in makers.items():
        fps = best[name][0]
        rows.append(f"| {name} | {n} | {fps:,.0f} | {fps / base:.2f} |")
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE.parent / "docs" / "benchmarks.md")
    parser.add_argument("--quick", action="store_true",
                        help="small samples (a smoke run; the figures are noisier)")
    args = parser.parse_args(argv)
    quick = args.quick
    command = " ".join(["python experiments/bench_report.py",
                        *(argv if argv is not None else sys.argv[1:])])
    started = datetime.now(UTC)
    head = machine()
    sections = []
    for title, run, note in (
            ("Engines and environments",
             lambda: bench_envs(0.3 if quick else 1.0, 2 if quick else 3),
             "Random legal play; a step is one decision (a joint move at a simultaneous "
             "node); chance is played inside the loops. Best of the repeats, the loops "
             "taking turns, so every loop saw the same load."),
            ("Views", lambda: bench_views(6 if quick else 20, 2 if quick else 3),
             "`state.view(seat, rng)` at random positions, beside `state.clone()` of "
             "the same positions; interleaved, best of the repeats."),
            ("IS-MCTS", lambda: bench_search(50 if quick else 400, 2 if quick else 6,
                                             1 if quick else 4),
             "`MCTSAgent` with random playouts on views of random positions where the "
             "seat has a choice; steps are every action the search applies. OpenSpiel "
             "and each game take turns, best of the rounds."),
            ("Tournament", lambda: bench_tournament([1] if quick else [1, 2]),
             "The default `make run` tournament (`configs/tournament/default.yaml`) played "
             "whole into a fresh database by `run_tournament`, at each worker count; "
             "`experiments/bench_tournament.py --against DIR` times it against another "
             "checkout and checks that both store the same games."),
            ("MaskablePPO collection", lambda: bench_collection(1024 if quick else 8192,
                                                                4 if quick else 8,
                                                                1 if quick else 4),
             "Rollout collection (policy forward pass, masks, games), the learner's seat "
             "against random opponents; one torch thread; both sides with the trainer's "
             "policy and rollout buffer (`skagway_agents.rl.ppo_classes()`). One warm-up "
             "rollout each, then the envs take turns, best of the rounds.")):
        begun = time.perf_counter()
        rows = run()
        sections.append((title, note, rows, time.perf_counter() - begun))
    head.append(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    lines = ["# Benchmarks", "",
             f"Generated by `make bench` (`{command}`) on {started:%Y-%m-%d %H:%M} UTC, "
             "in one process. Ratios against a peer measured in the same run are the "
             "figures to compare; absolute numbers follow the machine's load.", ""]
    lines += [f"- {item}" for item in head] + [""]
    lines += ["Targets (issue 21): every AEC env at least 2.5× connect_four, the council "
              "Parallel env at least 1.0×; IS-MCTS game steps at least 1.5× OpenSpiel's "
              "MCTSBot; MaskablePPO collection at least 2× connect_four's.", ""]
    if os.getloadavg()[0] > (os.cpu_count() or 1) * 0.75:
        lines += ["**The machine was heavily loaded during this run** (other jobs held "
                  "its cores): absolute numbers are low; the ratios hold better.", ""]
    for title, note, rows, seconds in sections:
        lines += [f"## {title}", "", note + f" ({seconds:.0f} s)", "", *rows, ""]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
