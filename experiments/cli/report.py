"""``skagway report --db FILE --out report.html``: the strategy report as a web page.

The page itself is built by ``skagway_experiments.report``; this module checks what the
user gave before the (slow) replay of every stored game starts, so a typo in ``--out``
is reported at once, in one line, and nothing is written on any error: ``--out`` may
not be the database (or any database), and the page is renamed into place whole.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from skagway_experiments.files import clobber_problem

from .common import CliError


def add_report_command(sub: argparse._SubParsersAction) -> None:
    """Register ``report`` on the ``skagway`` subcommands."""
    report = sub.add_parser(
        "report", help="a stored tournament's strategy report as a self-contained web page",
        description="Seat advantage, win rates by style and player count, score "
        "distributions, winners' choices and game length, with 95% intervals and plots, "
        "as one HTML file with its images inline.",
    )
    report.add_argument("--db", required=True, metavar="FILE", help="results database")
    report.add_argument("--out", required=True, metavar="FILE.html",
                        help="page to write (never the database itself, nor any database)")
    report.set_defaults(run=cmd_report)


def check_writable(out: Path, inputs: tuple[str, ...] = ()) -> None:
    """Raise ``CliError`` unless ``out`` can be created or replaced as a file that is
    neither one of ``inputs`` nor a results database."""
    problem = clobber_problem(out, inputs)
    if problem:
        raise CliError(f"--out {problem}")
    folder = out.parent  # Path("report.html").parent is Path(".")
    if out.is_dir():
        raise CliError(f"--out {out} is a folder; give a file name such as report.html")
    if not folder.is_dir():
        raise CliError(f"--out {out}: no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK) or (out.exists() and
                                                    not os.access(out, os.W_OK)):
        raise CliError(f"--out {out}: permission denied")


def cmd_report(args: argparse.Namespace) -> int:
    try:
        from skagway_experiments.report import EmptyDatabaseError, write_report
    except ImportError as exc:  # pandas or matplotlib: the notebooks extra
        raise CliError(f"skagway report needs the notebooks extra ({exc.name} is missing): "
                       "pip install 'skagway_env[notebooks]'") from None
    out = Path(args.out)
    check_writable(out, (args.db,))
    try:
        path = write_report(args.db, out)
    except EmptyDatabaseError as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:
        raise CliError(f"--out {out}: {exc.strerror or exc}") from None
    print(f"report: {path} ({path.stat().st_size // 1024} KiB)")
    return 0
