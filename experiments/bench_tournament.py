"""Tournament throughput at 1 and 2 workers (and optionally Ray), in one run.

    python experiments/bench_tournament.py [--games 120] [--ray]

Plays the same seeded tournament into fresh temporary databases with each setting
and prints games per second and the speed-up over one worker. The figures include
everything a real run does: agents acting on views, SQLite writes, progress.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from skagway_experiments.tournament import config_from_dict, run_tournament, schedule


def bench_config(games: int) -> dict:
    """Dawson City Barbers, 4 seats, random and flat Monte Carlo, about ``games`` games."""
    per_repeat = 14  # two entrants in four seats: aaab, aabb, abbb seatings
    return {
        "name": "bench", "game": "dawson_city_barbers", "players": 4, "seed": 1,
        "entrants": [{"name": "random", "spec": "random"},
                     {"name": "flatmc", "spec": "flatmc:playouts=4"}],
        "repeats": max(1, round(games / per_repeat)),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120, help="about this many games a run")
    parser.add_argument("--ray", action="store_true", help="also time the Ray backend")
    args = parser.parse_args(argv)
    config = config_from_dict(bench_config(args.games))
    settings = [("local", 1), ("local", 2)] + ([("ray", 2)] if args.ray else [])
    total = len(schedule(config))
    print(f"{total} games of {config.game}, {config.players} seats: "
          f"{', '.join(e.spec for e in config.entrants)}")
    print(f"{'backend':<8}{'workers':>8}{'seconds':>9}{'games/s':>9}{'speed-up':>10}")
    base = None
    with tempfile.TemporaryDirectory() as tmp:
        for backend, workers in settings:
            db = Path(tmp) / f"{backend}-{workers}.db"
            run = run_tournament(config, db, workers=workers, backend=backend, progress=False)
            rate = run.played / run.seconds
            base = base or rate
            print(f"{backend:<8}{workers:>8}{run.seconds:>9.2f}{rate:>9.1f}{rate / base:>9.2f}x")


if __name__ == "__main__":
    main()
