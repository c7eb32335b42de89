"""A watchdog that ends the local Ray a tournament started when the tournament dies.

Ray ties its own node processes (GCS, raylet, log monitor) to the driver with Linux's
``PR_SET_PDEATHSIG``, so a ``kill -9`` of the driver ends them at once. The raylet's
children do not share that fate: the dashboard agent and the runtime-env agent notice
the raylet is gone within seconds, then spend about a minute trying to report it to the
GCS, which died with it (Ray 2.60: ~170 MB held for ~70 s after every killed run; the
workers end by themselves). This watchdog closes that gap.

It is a separate process started before ``ray.init()`` with the read end of a pipe as
its stdin; the driver keeps the write end (never inherited: Python's pipes are not) and
closes it when it is done. While the driver lives, the watchdog notes, once a second,
every descendant of the driver born after the watchdog whose command line names Ray.
When its stdin ends (the driver closed it, or died by any signal: the kernel closes its
files), it sends SIGTERM to each noted process still alive, and SIGKILL to any left a
second later, then exits. A process is matched by pid *and* start time, so a reused pid
is never hit. A cluster the driver merely connected to (``--ray-address``) spawns no
descendants and is never touched.

This file runs as a script (``python -I ray_reaper.py DRIVER_PID [POLL_SECONDS]``) and
imports only the standard library, so it starts in ~0.1 s and holds ~12 MB.
It needs Linux's ``/proc``; elsewhere :func:`start_reaper` starts nothing.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

PROC = Path("/proc")
POLL_SECONDS = 1.0
GRACE_SECONDS = 1.0


def read_stat(pid: int) -> tuple[int, int] | None:
    """``(parent pid, start time in clock ticks)`` of a live process, or None."""
    try:
        raw = (PROC / str(pid) / "stat").read_bytes()
    except OSError:
        return None
    fields = raw[raw.rindex(b")") + 2:].split()  # the name may hold spaces and ')'
    if fields[0] == b"Z":  # a zombie is dead already, only not yet reaped
        return None
    return int(fields[1]), int(fields[19])


def names_ray(pid: int) -> bool:
    try:
        return b"ray" in (PROC / str(pid) / "cmdline").read_bytes()
    except OSError:
        return False


def descendants(root: int) -> dict[int, int]:
    """Every live descendant of ``root``: pid -> start time."""
    children: dict[int, list[int]] = {}
    started: dict[int, int] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            stat = read_stat(int(entry.name))
            if stat is not None:
                children.setdefault(stat[0], []).append(int(entry.name))
                started[int(entry.name)] = stat[1]
    found: dict[int, int] = {}
    stack = list(children.get(root, ()))
    while stack:
        pid = stack.pop()
        if pid in started and pid not in found:
            found[pid] = started[pid]
            stack.extend(children.get(pid, ()))
    return found


def still_alive(noted: dict[int, int]) -> list[int]:
    alive = []
    for pid, start in noted.items():
        stat = read_stat(pid)
        if stat is not None and stat[1] == start:
            alive.append(pid)
    return alive


def end_all(noted: dict[int, int]) -> None:
    """SIGTERM every noted process still alive, then SIGKILL what is left."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        alive = still_alive(noted)
        for pid in alive:
            try:
                os.kill(pid, sig)
            except OSError:
                pass
        deadline = time.monotonic() + GRACE_SECONDS
        while alive and time.monotonic() < deadline:
            time.sleep(0.05)
            alive = still_alive(noted)
        if not alive:
            return


def watch(driver: int, poll_seconds: float = POLL_SECONDS) -> None:
    """Note the driver's Ray descendants until stdin ends, then end them."""
    me = os.getpid()
    born = read_stat(me)
    born_after = born[1] if born else 0
    noted: dict[int, int] = {}
    while True:
        for pid, start in descendants(driver).items():
            if pid != me and start >= born_after and pid not in noted and names_ray(pid):
                noted[pid] = start
        ready, _, _ = select.select([sys.stdin], [], [], poll_seconds)
        if ready and not os.read(sys.stdin.fileno(), 4096):
            break
    end_all(noted)


class Reaper:
    """The driver's side: holds the pipe whose end tells the watchdog to act."""

    def __init__(self, poll_seconds: float = POLL_SECONDS) -> None:
        self.process: subprocess.Popen | None = None
        self._write_end: int | None = None
        if not PROC.is_dir() or not sys.platform.startswith("linux"):
            return
        read_end, self._write_end = os.pipe()
        try:
            # A session of its own: a Ctrl-C or a kill of the terminal's process group
            # reaches the driver, not the watchdog that must outlive it.
            self.process = subprocess.Popen(
                [sys.executable, "-I", __file__, str(os.getpid()), str(poll_seconds)],
                stdin=read_end, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        finally:
            os.close(read_end)

    def close(self) -> None:
        """End whatever Ray left behind (normally nothing) and wait for the watchdog."""
        if self._write_end is not None:
            os.close(self._write_end)
            self._write_end = None
        if self.process is not None:
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:  # never seen; do not hang the driver on it
                self.process.kill()
            self.process = None


def start_reaper(poll_seconds: float = POLL_SECONDS) -> Reaper:
    """A watchdog for the local Ray about to be started (inert where /proc is missing)."""
    return Reaper(poll_seconds)


if __name__ == "__main__":
    watch(int(sys.argv[1]), float(sys.argv[2]) if len(sys.argv) > 2 else POLL_SECONDS)
