"""Faults around a run, not inside a game: a Ray that cannot start or be reached stores
nothing, a second writer of one tournament is refused in one line, and a local Ray a
tournament started dies with it (the watchdog here with a stand-in process tree; with a
real Ray in the slow test at the end)."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest
from skagway_experiments.cli import main
from skagway_experiments.tournament import (
    BackendError,
    Store,
    TournamentBusyError,
    config_from_dict,
    run_tournament,
)
from skagway_experiments.tournament.ray_reaper import read_stat
from skagway_experiments.tournament.writer_lock import lock_path, tournament_writer

ROOT = Path(__file__).resolve().parents[2]
GAME = "dawson_city_barbers"
FLAGS = ("--game", GAME, "--players", "2", "--agents", "random,random", "--repeats", "1",
         "--workers", "1", "--no-progress", "--name", "t")
HAS_RAY = importlib.util.find_spec("ray") is not None


def config(name: str = "t"):
    return config_from_dict({"name": name, "game": GAME, "players": 2, "seed": 3,
                             "entrants": [{"name": "a", "spec": "random"},
                                          {"name": "b", "spec": "random"}]})


def tournaments(db: Path) -> list[tuple[str, int]]:
    store = Store(db, create=False)
    try:
        return [(info.name, info.played) for info in store.tournaments()]
    finally:
        store.close()


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# ------------------------------------------------------------------ Ray connection
@pytest.mark.skipif(not HAS_RAY, reason="needs ray (pip install 'skagway_env[ray]')")
def test_unreachable_ray_address_is_one_line_and_stores_nothing(tmp_path, capsys):
    """Ray would retry such an address for ~10 minutes and the tournament row was
    written first, so the rerun needed --resume; now it fails at once, writing nothing."""
    db = tmp_path / "r.db"
    run_tournament(config("other"), db, progress=False)
    before = db.read_bytes()
    address = f"127.0.0.1:{closed_port()}"
    code, out, err = run(capsys, "tournament", *FLAGS, "--db", db, "--backend", "ray",
                         "--ray-address", address)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"cannot reach a Ray cluster at {address}" in err
    assert "nothing was stored" in err and "Traceback" not in err
    assert db.read_bytes() == before and tournaments(db) == [("other", 2)]
    code, _, _ = run(capsys, "tournament", *FLAGS, "--db", db)  # the rerun: no --resume
    assert code == 0 and tournaments(db) == [("other", 2), ("t", 2)]


class FailingRay(types.ModuleType):
    """A stand-in ``ray`` whose start fails, as a real one does on a broken machine."""

    def __init__(self) -> None:
        super().__init__("ray")
        self.shutdowns = 0

    def is_initialized(self) -> bool:
        return False

    def init(self, **kwargs) -> None:
        raise ConnectionError("raylet failed to start\nsee the logs")

    def shutdown(self) -> None:
        self.shutdowns += 1


def test_ray_that_fails_to_start_leaves_no_tournament(tmp_path, monkeypatch):
    fake = FailingRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    db = tmp_path / "r.db"
    with pytest.raises(BackendError, match=r"cannot start a local Ray: raylet failed to "
                                           r"start see the logs; nothing was stored"):
        run_tournament(config(), db, backend="ray", workers=2, progress=False)
    assert not db.exists() and fake.shutdowns == 0  # nothing was started, nothing stored
    run_tournament(config(), db, progress=False)  # the rerun needs no --resume
    assert tournaments(db) == [("t", 2)]


# ------------------------------------------------------------------ two writers
HOLDER = """
import sys
from skagway_experiments.tournament.writer_lock import tournament_writer
with tournament_writer(sys.argv[1], sys.argv[2]):
    print("held", flush=True)
    sys.stdin.read()
"""


def hold_lock(db: Path, name: str) -> subprocess.Popen:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(db), name], cwd=ROOT,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline() == "held\n"
    return holder


def test_second_writer_of_a_tournament_gets_one_line_and_exit_2(tmp_path, capsys):
    db = tmp_path / "w.db"
    run_tournament(config("other"), db, progress=False)
    holder = hold_lock(db, "t")  # another process is playing tournament "t" in w.db
    try:
        before = db.read_bytes()
        for extra in ((), ("--resume",)):
            code, out, err = run(capsys, "tournament", *FLAGS, "--db", db, *extra)
            assert code == 2 and out == "" and err.count("\n") == 1, err
            assert "tournament 't' is being played by another run right now" in err
            assert "UNIQUE" not in err and "Traceback" not in err
        assert db.read_bytes() == before
        # another tournament of the same database is not held up
        assert run_tournament(config("third"), db, progress=False).played == 2
        assert lock_path(db).exists()  # still held by the other run: not deleted under it
    finally:
        holder.kill()  # as kill -9 would: the kernel drops the lock with the process
        holder.wait()
    assert run(capsys, "tournament", *FLAGS, "--db", db)[0] == 0
    assert tournaments(db) == [("other", 2), ("third", 2), ("t", 2)]
    assert not lock_path(db).exists()


def test_second_writer_in_the_same_process_is_refused(tmp_path):
    """The kernel never refuses a process its own POSIX lock: the table does."""
    db = tmp_path / "w.db"
    with tournament_writer(db, "t"):
        with pytest.raises(TournamentBusyError, match="another run"):
            run_tournament(config(), db, progress=False)
        assert run_tournament(config("u"), db, progress=False).played == 2
    assert run_tournament(config(), db, progress=False).played == 2  # released
    assert not lock_path(db).exists()  # the last run to leave it deletes it


# ------------------------------------------------------------------ the Ray watchdog
DRIVER = """
import subprocess, sys, time
from skagway_experiments.tournament.ray_reaper import start_reaper
start_reaper(poll_seconds=0.1)
# a raylet stand-in: it starts an agent stand-in and lives until the driver dies (its
# stdin ends), orphaning the agent, as the raylet does when PR_SET_PDEATHSIG ends it
raylet = subprocess.Popen([sys.executable, "-c",
    "import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', "
    "'import time; time.sleep(120)', 'ray::DashboardAgent'], stdin=subprocess.DEVNULL); "
    "print(p.pid, flush=True); sys.stdin.read()"],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
agent = int(raylet.stdout.readline())
other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)", "unrelated"])
print(agent, other.pid, flush=True)
time.sleep(120)
"""


def alive(pid: int) -> bool:
    return read_stat(pid) is not None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the watchdog reads /proc")
def test_watchdog_ends_ray_descendants_of_a_killed_driver(tmp_path):
    driver = subprocess.Popen([sys.executable, "-c", DRIVER], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True, start_new_session=True)
    agent, other = map(int, driver.stdout.readline().split())
    time.sleep(1.5)  # the watchdog notes descendants every 0.1 s here
    try:
        assert alive(agent) and alive(other)
        driver.send_signal(signal.SIGKILL)
        driver.wait()
        deadline = time.time() + 10
        while alive(agent) and time.time() < deadline:
            time.sleep(0.1)
        assert not alive(agent), "the orphaned Ray process outlived its driver"
        assert alive(other), "the watchdog ends only processes that name Ray"
    finally:
        for pid in (agent, other):
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


KILLED_RAY_RUN = (sys.executable, "-m", "skagway_experiments.cli", "tournament", "--game",
                  GAME, "--players", "2", "--agents", "random,flatmc:playouts=20",
                  "--repeats", "200", "--backend", "ray", "--workers", "2", "--no-progress")


@pytest.mark.slow
@pytest.mark.skipif(not HAS_RAY, reason="needs ray (pip install 'skagway_env[ray]')")
def test_kill_9_of_a_ray_tournament_leaves_no_ray_process(tmp_path):
    """A real local Ray (~10 s to start): every process it spawned is gone within
    seconds of ``kill -9`` of the tournament (Ray 2.60 alone left two agents, ~170 MB,
    for about 70 s)."""
    psutil = pytest.importorskip("psutil")
    db = tmp_path / "k.db"
    proc = subprocess.Popen([*KILLED_RAY_RUN, "--db", str(db)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.time() + 180
    while time.time() < deadline and proc.poll() is None:
        if db.exists() and tournaments(db) and tournaments(db)[0][1] > 0:
            break
        time.sleep(0.5)
    spawned = [p for p in psutil.Process(proc.pid).children(recursive=True)
               if "ray" in " ".join(p.cmdline())]
    assert any("raylet" in p.name() for p in spawned), "Ray should be running mid-run"
    proc.kill()
    proc.wait()
    time.sleep(10)
    left = [p for p in spawned if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    for p in left:
        p.kill()
    assert not left, f"left running: {[p.name() for p in left]}"


# ------------------------------------------------------------------ Ray failing mid-run
class FakeRayError(Exception):
    pass


class CrashingRay(types.ModuleType):
    """A stand-in for a caller's running Ray whose second batch dies with its worker."""

    def __init__(self) -> None:
        super().__init__("ray")
        self.__spec__ = importlib.machinery.ModuleSpec("ray", None)  # the CLI looks it up
        self.batches = 0

    def is_initialized(self) -> bool:
        return True

    def put(self, value):
        return value

    def remote(self, function):
        return types.SimpleNamespace(remote=lambda *args: (function, args))

    def wait(self, pending, num_returns):
        return pending[:num_returns], pending[num_returns:]

    def get(self, ref):
        self.batches += 1
        if self.batches == 2:
            raise FakeRayError("The worker died unexpectedly\nwhile executing this task")
        function, args = ref
        return function(*args)


def test_ray_failing_mid_run_is_one_line_and_keeps_the_games_played(
        tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", CrashingRay())
    monkeypatch.setitem(sys.modules, "ray.exceptions",
                        types.SimpleNamespace(RayError=FakeRayError))
    db = tmp_path / "m.db"
    code, out, err = run(capsys, "tournament", *FLAGS, "--repeats", "4", "--db", db,
                         "--backend", "ray")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "Ray failed during the run (FakeRayError: The worker died unexpectedly while" in err
    assert "run the same command with --resume" in err
    (name, played), = tournaments(db)
    assert name == "t" and 0 < played < 8  # the first batch is stored, the rest is not
    monkeypatch.delitem(sys.modules, "ray")
    monkeypatch.delitem(sys.modules, "ray.exceptions")
    assert run(capsys, "tournament", *FLAGS, "--repeats", "4", "--db", db, "--resume")[0] == 0
    assert tournaments(db) == [("t", 8)]
