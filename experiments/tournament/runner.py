"""Running a tournament: in this process, in K processes, or on a Ray cluster.

Each game is a pure function of (config, scheduled game): agents are built afresh
with seeds derived from the game's seed and seat, so one worker, K workers and Ray
produce the same games, game for game. Results stream back to this process, which
alone writes the database, one game per transaction.

A game that raises (an engine bug, an agent bug, an illegal action) is caught where it
is played, by every backend alike, and comes back as a :class:`FailedGame` with its seed,
seats, error and actions so far; the tournament stores it and goes on. A local worker
process that dies outright (a segfault, the OOM killer) is survived too: the games it
may have been playing are replayed alone, and one that kills its process again is
stored as failed (``local_pool``). Only
``Exception`` is caught: Ctrl-C (``KeyboardInterrupt``) and ``SystemExit`` still stop
the run as before.

The Ray backend connects (or starts its local Ray) before the database is opened, so a
Ray that cannot start or be reached stores nothing and the same command can simply be
run again; a local Ray started here dies with this process, ``kill -9`` included
(``ray_reaper``). A tournament is written by one run at a time (``writer_lock``).
"""

from __future__ import annotations

import socket
import sys
import time
import traceback
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from skagway_agents import make_agent
from tqdm import tqdm

from skagway_env.core import Game, make_game

from ..play import play_game, seat_agents
from .config import TournamentConfig, check_config, config_from_dict
from .local_pool import run_pool
from .ray_reaper import start_reaper
from .records import FailedGame, GameRecord
from .schedule import ScheduledGame, schedule
from .store import Store
from .writer_lock import tournament_writer

BACKENDS = ("local", "ray")


@lru_cache(maxsize=4)
def _game(game: str, players: int, params_items: tuple) -> Game:
    return make_game(game, num_players=players, **dict(params_items))


def play_scheduled(config: TournamentConfig, scheduled: ScheduledGame,
                   chosen: list | None = None) -> GameRecord:
    """Play one scheduled game; the same inputs always give the same record.

    ``chosen``, if given, receives every entry (chance included) as it is chosen, so
    a caller still has the actions played when the game raises.
    """
    game = _game(config.game, config.players, tuple(sorted(config.params.items())))
    agents = seat_agents([config.spec_of(e) for e in scheduled.seats], game, scheduled.seed)
    started = time.perf_counter()
    on_step = None if chosen is None else (lambda _state, action: chosen.append(action))
    result = play_game(game, agents, scheduled.seed, on_step=on_step)
    return GameRecord(
        game_index=scheduled.index,
        seed=scheduled.seed,
        seats=scheduled.seats,
        scores=tuple(result.scores),
        ranks=tuple(result.ranks),
        returns=tuple(result.returns),
        length=result.length,
        duration=time.perf_counter() - started,
        actions=result.actions,
        truncated=result.truncated,
    )


GameOutcome = GameRecord | FailedGame


def error_type_name(exc: BaseException) -> str:
    """``ValueError`` for a builtin, ``package.module.Name`` for anything else."""
    kind = type(exc)
    if kind.__module__ == "builtins":
        return kind.__qualname__
    return f"{kind.__module__}.{kind.__qualname__}"


def attempt_scheduled(config: TournamentConfig, scheduled: ScheduledGame) -> GameOutcome:
    """Play one scheduled game; a game that raises comes back as a :class:`FailedGame`.

    Only ``Exception`` is a game's failure; ``KeyboardInterrupt`` and the like pass.
    """
    chosen: list = []
    started = time.perf_counter()
    try:
        return play_scheduled(config, scheduled, chosen)
    except Exception as exc:
        return FailedGame(
            game_index=scheduled.index, seed=scheduled.seed, seats=scheduled.seats,
            error_type=error_type_name(exc), error_message=str(exc),
            traceback=traceback.format_exc(), actions=chosen,
            duration=time.perf_counter() - started,
        )


def play_batch(config_dict: dict, batch: Sequence[ScheduledGame]) -> list[GameOutcome]:
    """Worker entry point (plain data in, so it pickles cheaply for pools and Ray);
    plain data out too, failures included, whatever the exception held."""
    config = config_from_dict(config_dict)
    return [attempt_scheduled(config, g) for g in batch]


def _batches(games: list[ScheduledGame], size: int) -> list[list[ScheduledGame]]:
    return [games[i:i + size] for i in range(0, len(games), size)]


def _batch_size(pending: int, workers: int) -> int:
    """Enough batches to keep every worker busy to the end, few enough to be cheap.

    Capped at 4 games so that results (and the progress bar) arrive steadily even
    when each game takes seconds, and a killed run has little in flight to replay.
    """
    return max(1, min(4, pending // (workers * 8) or 1))


def _run_local(config: TournamentConfig, games: list[ScheduledGame],
               workers: int) -> Iterator[GameOutcome]:
    """Games in this process (1 worker) or in ``workers`` processes, where a worker
    that dies is survived (``local_pool``)."""
    if workers == 1:
        for g in games:
            yield attempt_scheduled(config, g)
        return
    batches = _batches(games, _batch_size(len(games), workers))
    yield from run_pool(play_batch, config.to_dict(), batches, workers)


class BackendError(RuntimeError):
    """The backend cannot run games: Ray missing, unreachable, failing to start (raised
    before the database is opened, so nothing is stored), or failing mid-run (the games
    finished before it stay stored, and ``--resume`` plays the rest)."""


RAY_PROBE_SECONDS = 5.0
"""How long a ``--ray-address`` may take to accept a TCP connection. Ray itself retries
an unreachable address for about ten minutes (Ray 2.60: 20 tries of ~35 s) before it
gives up; a cluster that does not answer in seconds is reported at once instead."""


def probe_ray_address(address: str) -> None:
    """Refuse an address (``host:port`` or ``ray://host:port``) nothing listens on.

    ``auto``, ``local`` and forms this cannot parse are left for Ray to judge.
    """
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit() or not host:
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), RAY_PROBE_SECONDS).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise BackendError(f"cannot reach a Ray cluster at {address}: {reason} (is "
                           "`ray start --head` running there?); nothing was stored") from None


@contextmanager
def ray_backend(workers: int, address: str | None) -> Iterator[Any]:
    """Ray, initialised for the ``with`` block: connected to ``address``, or a local
    cluster of ``workers`` CPUs that dies with this process (see ``ray_reaper``).

    A Ray already initialised by the caller is used as it is and left running.
    """
    try:
        import ray
    except ImportError:
        raise BackendError("the ray backend needs Ray: pip install 'skagway_env[ray]'") from None
    if ray.is_initialized():
        yield ray
        return
    if address:
        probe_ray_address(address)
    reaper = None if address else start_reaper()
    try:
        kwargs = {"address": address} if address else {"num_cpus": workers}
        try:
            ray.init(include_dashboard=False, log_to_driver=False, **kwargs)
        except Exception as exc:
            what = f"connect to Ray at {address}" if address else "start a local Ray"
            message = " ".join(str(exc).split())[:300] or type(exc).__name__
            raise BackendError(f"cannot {what}: {message}; nothing was stored") from None
        try:
            yield ray
        finally:
            ray.shutdown()
    finally:
        if reaper is not None:
            reaper.close()


def _run_ray(ray: Any, config: TournamentConfig, games: list[ScheduledGame],
             workers: int) -> Iterator[GameOutcome]:
    """Games as Ray returns them. A game that raises comes back as a failure like any
    other; Ray itself failing (a worker killed by the OOM killer, a lost node or
    cluster) is a :class:`BackendError`, after the games already stored."""
    from ray.exceptions import RayError

    remote = ray.remote(play_batch)
    config_ref = ray.put(config.to_dict())
    batches = _batches(games, _batch_size(len(games), workers))
    pending = [remote.remote(config_ref, b) for b in batches]
    while pending:
        try:
            done, pending = ray.wait(pending, num_returns=1)
            outcomes = ray.get(done[0])
        except RayError as exc:
            message = " ".join(str(exc).split())[:300]
            raise BackendError(
                f"Ray failed during the run ({type(exc).__name__}: {message}); the games "
                "finished so far are stored: run the same command with --resume to play "
                "the rest") from None
        yield from outcomes


@dataclass(frozen=True)
class TournamentRun:
    """What one call of :func:`run_tournament` did."""

    tournament_id: int
    name: str
    db_path: Path
    total: int
    already_done: int
    """Finished games stored before this run."""
    played: int
    """Games played by this run, finished or failed."""
    seconds: float
    failed: int = 0
    """Games of this run that raised (stored as failed, not rated)."""
    skipped_failures: int = 0
    """Games stored as failed by an earlier run and not retried by this one."""

    @property
    def failures(self) -> int:
        """Games of the tournament stored as failed once this run is over."""
        return self.failed + self.skipped_failures


class Heartbeat:
    """Where no terminal shows the progress bar (a log file, CI), a line every
    ``every`` seconds says how far the tournament is, so a long run never looks hung."""

    def __init__(self, name: str, total: int, done: int, enabled: bool,
                 every: float = 30.0) -> None:
        self.name, self.total, self.done, self.enabled, self.every = (
            name, total, done, enabled, every)
        self.started = self.last = time.perf_counter()

    def beat(self, played: int) -> None:
        now = time.perf_counter()
        if not self.enabled or (now - self.last < self.every and
                                self.done + played < self.total):
            return
        self.last = now
        rate = played / (now - self.started) if now > self.started else 0.0
        print(f"{self.name}: {self.done + played}/{self.total} games "
              f"({rate:.2f} games/s)", file=sys.stderr, flush=True)


def run_tournament(
    config: TournamentConfig,
    db_path: str | Path,
    workers: int = 1,
    backend: str = "local",
    ray_address: str | None = None,
    resume: bool = False,
    progress: bool | None = None,
    retry_failed: bool = False,
) -> TournamentRun:
    """Play every scheduled game not yet in the database and store each as it ends.

    A game that raises is stored as failed and the run goes on (``TournamentRun.failed``
    counts them, and a line on stderr names each as it happens). A resumed run skips
    games stored as failed, so one broken game never blocks the rest; with
    ``retry_failed`` it plays them again. ``progress=None`` shows a bar on a terminal
    and a heartbeat line every 30 s elsewhere; ``True``/``False`` force the bar on or
    off (no heartbeat). Bad input raises before the database is touched, and so does a
    Ray that cannot start or connect (:class:`BackendError`); another run writing the
    same tournament raises :class:`~.writer_lock.TournamentBusyError` before a write.
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    check_config(config)
    games = schedule(config)
    game = _game(config.game, config.players, tuple(sorted(config.params.items())))
    entrants = []
    for e in config.entrants:
        agent = make_agent(e.spec, game, seed=0)
        entrants.append({"name": e.name, "spec": e.spec, "agent": agent.name,
                         "params": agent.params()})
    with ExitStack() as stack:  # Ray first: a failed start or connection stores nothing
        ray = stack.enter_context(ray_backend(workers, ray_address)) if backend == "ray" else None
        store = Store(db_path)
        stack.callback(store.close)
        stack.enter_context(tournament_writer(db_path, config.name))
        tid = store.open_tournament(config, len(games), entrants, resume)
        done = store.done_indices(tid)
        failed_before = store.failed_indices(tid) - done
        skipped = set() if retry_failed else failed_before
        pending = [g for g in games if g.index not in done and g.index not in skipped]
        started = time.perf_counter()
        if ray is not None:
            results = _run_ray(ray, config, pending, workers)
        else:
            results = _run_local(config, pending, workers)
        show_bar = sys.stderr.isatty() if progress is None else progress
        settled = len(done) + len(skipped)
        bar = tqdm(total=len(games), initial=settled, desc=config.name, unit="game",
                   file=sys.stderr, disable=not show_bar)
        heartbeat = Heartbeat(config.name, len(games), settled,
                              enabled=progress is None and not show_bar)
        played = failed = 0
        with bar:
            for outcome in results:
                if isinstance(outcome, FailedGame):
                    store.add_failure(tid, outcome)
                    failed += 1
                    bar.write(f"{config.name}: scheduled game {outcome.game_index} "
                              f"(seed {outcome.seed}, seats {', '.join(outcome.seats)}) "
                              f"failed: {outcome.error[:300]}", file=sys.stderr)
                else:
                    store.add_game(tid, outcome)
                played += 1
                bar.update()
                heartbeat.beat(played)
        return TournamentRun(tid, config.name, Path(db_path), len(games), len(done), played,
                             time.perf_counter() - started, failed, len(skipped))
