"""Writing output files without hurting what is already there.

A report, an export or a bot file is written to a temporary file beside its target
and renamed over it, so a failed write (a full disk, Ctrl-C) leaves the old file whole;
and an output path that names a results database, or a file the command reads, is
refused before anything is written (``skagway report --db r.db --out r.db`` used to
replace the database with HTML).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

SQLITE_MAGIC = b"SQLite format 3\x00"
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")


def is_sqlite_database(path: Path) -> bool:
    """True when ``path`` is an SQLite file (its first 16 bytes say so)."""
    try:
        with open(path, "rb") as f:
            return f.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def _same(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def clobber_problem(out: Path, inputs: Iterable[str | Path] = ()) -> str | None:
    """Why ``out`` must not be written (it is one of ``inputs``, a companion file of an
    input database, or an existing database), or ``None`` when it may be."""
    resolved = out.resolve()
    for given in inputs:
        source = Path(given)
        if _same(out, source) or resolved == source.resolve():
            return f"{out} is also this command's input {source}; give another file name"
        for suffix in SQLITE_COMPANIONS:
            if resolved == source.resolve().with_name(source.name + suffix):
                return f"{out} belongs to the database {source}; give another file name"
    if is_sqlite_database(out):
        return f"{out} is a results database; give another file name"
    return None


def write_atomically(out: Path, data: str | bytes, encoding: str = "utf-8") -> Path:
    """Write ``data`` to ``out`` through a temporary file in the same folder, renamed
    over ``out`` only once it is complete (the rename is atomic on one file system)."""
    payload = data.encode(encoding) if isinstance(data, str) else data
    handle, temporary = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.",
                                         suffix=".part")
    try:
        with os.fdopen(handle, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        if out.exists():
            os.chmod(temporary, out.stat().st_mode & 0o7777)
        else:  # mkstemp makes 0600; a new file gets the usual umask
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, out)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return out
