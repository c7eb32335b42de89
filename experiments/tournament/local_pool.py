"""The local backend's worker processes, and what happens when one of them dies.

A game that *raises* comes back as a :class:`FailedGame` from inside the worker like
every other result. A worker that *dies* (a segfault in a compiled extension, the OOM
killer, ``kill -9``) returns nothing: ``multiprocessing.Pool`` would wait for its
result forever, so this backend uses ``concurrent.futures.ProcessPoolExecutor``, which
reports the death (``BrokenProcessPool``) on every batch it had not finished.

The death cannot say which game caused it, so the games of the batches in flight then
are *suspects*: each is played again alone, in a process of its own. One that kills its
process again is stored as failed (``WorkerDied``, with the exit code or signal, its
seed and seats to replay it; no actions or traceback survive a dead process); one that
finishes is stored as usual. The games not yet started go back to a fresh pool. At most
``workers`` batches are in flight at a time, so a death costs few replays.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .records import FailedGame
from .schedule import ScheduledGame

PlayBatch = Callable[[dict, Sequence[ScheduledGame]], list]
WORKER_DIED = "WorkerDied"
"""``FailedGame.error_type`` of a game whose process died while playing it alone."""


def mp_context() -> Any:
    """fork where the platform has it (cheap, and workers see the parent's imports)."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and reports once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_pool(play_batch: PlayBatch, config_dict: dict, batches: list[list[ScheduledGame]],
             workers: int) -> Iterator:
    """Every game's outcome, in the order they finish, dead workers included (the
    module docstring)."""
    todo = list(batches)
    while todo:
        suspects: list[ScheduledGame] = []
        yield from _pool_round(play_batch, config_dict, todo, workers, suspects)
        for game in suspects:
            yield _alone(play_batch, config_dict, game)


def _pool_round(play_batch: PlayBatch, config_dict: dict, todo: list, workers: int,
                suspects: list) -> Iterator:
    """Play batches from ``todo`` (popped as they are sent) until all are done or a
    worker dies; then the unfinished batches' games go to ``suspects``.

    A death shows either as a batch failed with ``BrokenProcessPool`` or, when it
    happens between two waits, as ``submit`` refusing the next batch (which then stays
    in ``todo``, never started). Either way the pool fails every batch still running;
    those that had finished before the death keep their outcomes."""
    pool = ProcessPoolExecutor(workers, mp_context=mp_context(), initializer=ignore_interrupts)
    running: dict[Future, list[ScheduledGame]] = {}
    clean = False
    try:
        while todo or running:
            refused = False
            while todo and len(running) < workers and not refused:
                try:
                    running[pool.submit(play_batch, config_dict, todo[0])] = todo[0]
                    todo.pop(0)
                except BrokenProcessPool:  # a worker died since the last wait
                    refused = True
            if refused:
                yield from _settle(running, suspects)
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            yield from _settle({f: running.pop(f) for f in done}, suspects)
            if suspects:
                yield from _settle(running, suspects)
                break
        clean = True
    finally:
        _close(pool, clean)


def _settle(running: dict[Future, list[ScheduledGame]], suspects: list) -> Iterator:
    """Wait for every batch of ``running`` (after a death the broken pool fails each
    one still unfinished): the outcomes of those that finished, the games of the
    others to ``suspects``."""
    for future in wait(running).done:
        batch = running.pop(future)
        try:
            yield from future.result()
        except BrokenProcessPool:
            suspects.extend(batch)


def _close(pool: ProcessPoolExecutor, clean: bool) -> None:
    """Shut the pool down; on Ctrl-C, an error or a dead worker, end its processes
    rather than wait for the games they are playing."""
    if not clean:
        for process in list(getattr(pool, "_processes", {}).values()):
            if process.is_alive():
                process.terminate()
    pool.shutdown(wait=clean, cancel_futures=True)


def _alone(play_batch: PlayBatch, config_dict: dict, game: ScheduledGame) -> Any:
    """Play one suspect game in a process of its own: its outcome, or a
    :class:`FailedGame` saying how the process died."""
    ctx = mp_context()
    receive, send = ctx.Pipe(duplex=False)
    process = ctx.Process(target=_play_alone, args=(send, play_batch, config_dict, game),
                          daemon=True)
    started = time.perf_counter()
    process.start()
    send.close()
    try:
        outcome = receive.recv()
    except EOFError:
        outcome = None
    finally:
        receive.close()
        process.join()
    if outcome is not None:
        return outcome
    code = process.exitcode
    how = (f"was killed by {signal.Signals(-code).name}" if code is not None and code < 0
           else f"exited with code {code}")
    return FailedGame(
        game_index=game.index, seed=game.seed, seats=game.seats, error_type=WORKER_DIED,
        error_message=f"the worker process playing this game alone {how}; nothing of the "
                      "game survived it (replay it with its seed and seats)",
        traceback="", duration=time.perf_counter() - started)


def _play_alone(send: Any, play_batch: PlayBatch, config_dict: dict,
                game: ScheduledGame) -> None:
    ignore_interrupts()
    (outcome,) = play_batch(config_dict, [game])
    send.send(outcome)
    send.close()
