"""One run a tournament at a time: a second writer is refused up front, in one line.

Two runs of one tournament on one database would play the same scheduled games and the
second would die on the first game the other stored first (``UNIQUE constraint failed``);
two runs started together would race to create it. So a run holds an exclusive lock for
its tournament while it writes: a POSIX record lock (``lockf``) on one byte of the file
``<db>.lock`` beside the database, at an offset drawn from the tournament's name. The
kernel drops it when the process ends, however it ends (``kill -9`` included), so a lock
is never stale. Other tournaments of the same database lock other bytes and run side by
side, as before; readers (``leaderboard``, ``report``) take no lock.

POSIX locks belong to a process, and closing *any* descriptor of the file drops them
all, so a process opens the lock file once and shares the descriptor among its runs
(held in :data:`_held`), and a second run of the same tournament in the same process is
refused by that table, since the kernel never refuses a process its own lock. The lock
file holds no data; the last run to leave it deletes it. Where ``fcntl`` is missing
(Windows) there is no lock.
"""

from __future__ import annotations

import errno
import os
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .store import StoreError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class TournamentBusyError(StoreError):
    """Another run is writing this tournament into this database right now."""


_held: dict[str, tuple[int, set[int]]] = {}
"""Lock file path -> (its one descriptor in this process, the offsets locked)."""
_guard = threading.Lock()


def lock_path(db_path: str | Path) -> Path:
    db_path = Path(db_path)
    return db_path.with_name(db_path.name + ".lock")


def busy(db_path: str | Path, name: str) -> TournamentBusyError:
    return TournamentBusyError(
        f"{db_path}: tournament {name!r} is being played by another run right now (one "
        "run of a tournament at a time); wait for it to end, or stop it and run this "
        "command again with --resume")


def _open_locked(path: str, offset: int) -> int | None:
    """A descriptor of the lock file at ``path`` with ``offset`` locked, or None if
    another process holds it. Retried when the file was deleted by a finishing run
    between our open and our lock (we would hold a lock on a file nobody else sees)."""
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, offset)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EACCES, errno.EAGAIN):
                return None
            raise
        try:
            same = os.stat(path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fd
        os.close(fd)


def _close_and_tidy(path: str, fd: int) -> None:
    """Delete the lock file if no process holds any lock in it, then close it.

    The whole file is locked while it is deleted, so a run that opened it meanwhile
    finds, once it has its lock, that the path names another file, and starts over.
    """
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 0, 0)
    except OSError:
        pass  # another run holds a tournament of this database: the file stays
    else:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
    os.close(fd)


@contextmanager
def tournament_writer(db_path: str | Path, name: str) -> Iterator[None]:
    """Hold the write lock of tournament ``name`` in ``db_path`` for the ``with`` block.

    The lock file exists while some run holds a lock in it (and after a killed run,
    until the next run of that database ends), so a refused command leaves no file.
    """
    if fcntl is None:
        yield
        return
    path = os.path.realpath(lock_path(db_path))
    offset = zlib.crc32(name.encode("utf-8"))
    with _guard:
        fd, held = _held.get(path, (-1, set()))
        if offset in held:
            raise busy(db_path, name)
        if fd < 0:
            fd = _open_locked(path, offset)
            if fd is None:
                raise busy(db_path, name)
        else:
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, offset)
            except OSError as exc:
                if exc.errno in (errno.EACCES, errno.EAGAIN):
                    raise busy(db_path, name) from None
                raise
        held.add(offset)
        _held[path] = (fd, held)
    try:
        yield
    finally:
        with _guard:
            fcntl.lockf(fd, fcntl.LOCK_UN, 1, offset)
            held.discard(offset)
            if not held:
                del _held[path]
                _close_and_tidy(path, fd)
