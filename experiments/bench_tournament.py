"""Tournament throughput at 1 and 2 workers (and optionally Ray), in one run; and this
tree against another checkout of the project, the same games required.

    python experiments/bench_tournament.py [--games 120] [--ray]
    python experiments/bench_tournament.py --config configs/tournament/default.yaml
    python experiments/bench_tournament.py --config configs/tournament/default.yaml \\
        --against ../main [--rounds 2]

Plays the same seeded tournament into fresh temporary databases with each setting
and prints games per second and the speed-up over one worker. The figures include
everything a real run does: agents acting on views, SQLite writes, progress.

With ``--against DIR`` each setting runs as ``skagway tournament`` (process start-up
included, as ``make run`` pays it) from this tree and from ``DIR`` (its own
``.venv``), the two taking turns, best of ``--rounds`` in wall-clock and in CPU
seconds (the steadier on a loaded machine); then every stored game of the
two is compared (seed, seats, scores, ranks, returns, length, actions): a faster tree
must play the same games, and the script exits non-zero where one differs.
"""

from __future__ import annotations

import argparse
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml
from skagway_experiments.tournament import config_from_dict, run_tournament, schedule

HERE = Path(__file__).resolve().parent
DEFAULT_CONFIG = HERE.parent / "configs" / "tournament" / "default.yaml"
GAME_COLUMNS = "game_index, seed, seats, scores, ranks, returns, length, actions, truncated"


def bench_config(games: int) -> dict:
    """Dawson City Barbers, 4 seats, random and flat Monte Carlo, about ``games`` games."""
    per_repeat = 14  # two entrants in four seats: aaab, aabb, abbb seatings
    return {
        "name": "bench", "game": "dawson_city_barbers", "players": 4, "seed": 1,
        "entrants": [{"name": "random", "spec": "random"},
                     {"name": "flatmc", "spec": "flatmc:playouts=4"}],
        "repeats": max(1, round(games / per_repeat)),
    }


def rates(config_dict: dict, settings: list[tuple[str, int]]) -> list[tuple[str, int, float]]:
    """(backend, workers, seconds) of the whole tournament, in this process, each
    setting into a fresh database."""
    config = config_from_dict(config_dict)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for backend, workers in settings:
            db = Path(tmp) / f"{backend}-{workers}.db"
            run = run_tournament(config, db, workers=workers, backend=backend, progress=False)
            out.append((backend, workers, run.seconds))
    return out


def stored_games(db: Path) -> list[tuple]:
    """Every finished game a database holds, in schedule order (what must not change)."""
    with sqlite3.connect(db) as con:
        return con.execute(f"SELECT {GAME_COLUMNS} FROM games ORDER BY game_index").fetchall()


def timed_cli(python: Path, config: Path, db: Path, workers: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds (its worker processes included) that ``skagway
    tournament`` takes with ``python``, start-up included. CPU time is the steadier
    figure on a machine that other jobs load: it counts only this run's work."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([str(python), "-m", "skagway_experiments.cli", "tournament",
                    "--config", str(config), "--db", str(db), "--workers", str(workers),
                    "--no-progress"], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - used.ru_utime) + (after.ru_stime - used.ru_stime)


def against(config: Path, other: Path, workers: list[int], rounds: int) -> bool:
    """This tree and ``other`` playing ``config`` in turns; True when every stored game
    of every run equals the others'."""
    trees = {"this": Path(sys.executable), "other": other / ".venv" / "bin" / "python"}
    best: dict[tuple[str, int], tuple[float, float]] = {}
    same = True
    with tempfile.TemporaryDirectory() as tmp:
        reference = None
        for r in range(rounds):
            for w in workers:
                for tree, python in trees.items():
                    db = Path(tmp) / f"{tree}-{w}-{r}.db"
                    wall, cpu = timed_cli(python, config, db, w)
                    old = best.get((tree, w), (wall, cpu))
                    best[tree, w] = (min(old[0], wall), min(old[1], cpu))
                    games = stored_games(db)
                    reference = reference or games
                    if games != reference:
                        same = False
                        print(f"{tree} tree, {w} workers, round {r}: stored games differ")
    total = len(reference or [])
    print(f"{total} games of {config}, best of {rounds} (seconds of `skagway tournament`)")
    print(f"{'workers':>8}{'wall: other':>13}{'this':>8}{'speed-up':>10}"
          f"{'CPU: other':>13}{'this':>8}{'speed-up':>10}")
    for w in workers:
        (old, old_cpu), (new, new_cpu) = best["other", w], best["this", w]
        print(f"{w:>8}{old:>13.2f}{new:>8.2f}{old / new:>9.2f}x"
              f"{old_cpu:>13.2f}{new_cpu:>8.2f}{old_cpu / new_cpu:>9.2f}x")
    print("stored games: " + ("identical in every run" if same else "DIFFERENT"))
    return same


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120, help="about this many games a run")
    parser.add_argument("--config", type=Path, help="a tournament YAML (instead of the "
                        "Dawson City Barbers bench tournament)")
    parser.add_argument("--ray", action="store_true", help="also time the Ray backend")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="another checkout (with its .venv) to time and compare with")
    parser.add_argument("--rounds", type=int, default=1, help="turns each tree takes")
    parser.add_argument("--workers", default="1,2", help="worker counts, comma-separated")
    args = parser.parse_args(argv)
    workers = [int(w) for w in args.workers.split(",")]
    if args.against is not None:
        same = against(args.config or DEFAULT_CONFIG, args.against.resolve(), workers,
                       args.rounds)
        sys.exit(0 if same else 1)
    config_dict = (yaml.safe_load(args.config.read_text()) if args.config
                   else bench_config(args.games))
    config = config_from_dict(config_dict)
    settings = [("local", w) for w in workers] + ([("ray", 2)] if args.ray else [])
    total = len(schedule(config))
    print(f"{total} games of {config.game}, {config.players} seats: "
          f"{', '.join(e.spec for e in config.entrants)}")
    print(f"{'backend':<8}{'workers':>8}{'seconds':>9}{'games/s':>9}{'speed-up':>10}")
    base = None
    for backend, w, seconds in rates(config_dict, settings):
        rate = total / seconds
        base = base or rate
        print(f"{backend:<8}{w:>8}{seconds:>9.2f}{rate:>9.2f}{rate / base:>9.2f}x")


if __name__ == "__main__":
    main()
