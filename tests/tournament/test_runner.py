"""Running tournaments: the same games whatever the backend or worker count, and a
run killed with SIGKILL resumes to exactly the uninterrupted result."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from skagway_experiments.tournament import Store, config_from_dict, run_tournament, schedule

from .failing_agent import failing_spec

ROOT = Path(__file__).resolve().parents[2]


def small_config(repeats: int = 1, name: str = "t"):
    return config_from_dict({
        "name": name, "game": "dawson_city_barbers", "players": 3, "seed": 11,
        "entrants": [{"name": "rnd", "spec": "random"},
                     {"name": "mc", "spec": "flatmc:playouts=3"}],
        "repeats": repeats,
    })


def outcomes(db: Path) -> list[tuple]:
    store = Store(db, create=False)
    try:
        return [r.outcome() for r in store.records(store.find().id)]
    finally:
        store.close()


def test_one_worker_equals_two_workers_game_for_game(tmp_path):
    config = small_config()
    one = run_tournament(config, tmp_path / "one.db", workers=1, progress=False)
    two = run_tournament(config, tmp_path / "two.db", workers=2, progress=False)
    assert one.played == two.played == len(schedule(config)) == 6
    assert outcomes(tmp_path / "one.db") == outcomes(tmp_path / "two.db")


def failures(db: Path) -> list[tuple]:
    """What must match between two runs of a failed game (no timing, no traceback)."""
    store = Store(db, create=False)
    try:
        return [(f.game_index, f.seed, f.seats, f.error_type, f.error_message, f.actions)
                for _, f in store.failures(store.find().id)]
    finally:
        store.close()


def test_ray_backend_equals_local_failures_included(tmp_path):
    pytest.importorskip("ray")
    data = small_config().to_dict()  # rnd breaks game 2 (one Ray start covers both)
    data["entrants"][0]["spec"] = failing_spec(data["seed"], 2)
    config = config_from_dict(data)
    local = run_tournament(config, tmp_path / "local.db", workers=1, progress=False)
    ray = run_tournament(config, tmp_path / "ray.db", workers=2, backend="ray", progress=False)
    assert local.failed == ray.failed == 1
    assert outcomes(tmp_path / "local.db") == outcomes(tmp_path / "ray.db")
    assert failures(tmp_path / "local.db") == failures(tmp_path / "ray.db")
    assert [f[0] for f in failures(tmp_path / "ray.db")] == [2]


def test_resume_continues_without_repeating(tmp_path):
    config = small_config(repeats=2)
    db = tmp_path / "r.db"
    first = run_tournament(config, db, progress=False)
    assert first.played == 12
    again = run_tournament(config, db, resume=True, progress=False)
    assert (again.already_done, again.played) == (12, 0)


KILLABLE = """
import sys
from skagway_experiments.tournament import config_from_dict, run_tournament
config = config_from_dict({config!r})
run_tournament(config, sys.argv[1], workers=int(sys.argv[2]), progress=False)
"""


def count_games(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        con = sqlite3.connect(db, timeout=5)
        try:
            return con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        finally:
            con.close()
    except sqlite3.OperationalError:
        return 0


@pytest.mark.parametrize("workers", [1, 2])
def test_sigkill_then_resume_equals_uninterrupted(tmp_path, workers):
    config = config_from_dict({
        "name": "kill", "game": "dawson_city_barbers", "players": 2, "seed": 5,
        "entrants": [{"name": "rnd", "spec": "random"},
                     {"name": "mc", "spec": "flatmc:playouts=4"}],
        "repeats": 20,
    })
    total = len(schedule(config))
    killed = tmp_path / "killed.db"
    code = KILLABLE.format(config=config.to_dict())
    proc = subprocess.Popen([sys.executable, "-c", code, str(killed), str(workers)], cwd=ROOT,
                            start_new_session=True)
    deadline = time.time() + 60
    while count_games(killed) < 4 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)  # the runner and its pool workers, mid-run
    proc.wait()
    stored = count_games(killed)
    assert 4 <= stored < total, f"the kill should land mid-run ({stored}/{total})"

    resumed = run_tournament(config, killed, workers=workers, resume=True, progress=False)
    assert resumed.already_done == stored and resumed.already_done + resumed.played == total
    run_tournament(config, tmp_path / "whole.db", workers=1, progress=False)
    assert outcomes(killed) == outcomes(tmp_path / "whole.db")
