"""``skagway serve [--db FILE] [--port 8000] [--host 127.0.0.1]``: the local web app.

Replays the games of a results database on drawn boards and plays games against the
bots in the browser (``skagway_experiments.web``). Bound to 127.0.0.1 unless told
otherwise: the app is for the person at this machine (a game's page is reachable by
whoever can reach the port and knows its address). Ctrl-C stops it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from skagway_experiments.tournament import Store

from .common import PROG, CliError


def add_serve_command(sub: argparse._SubParsersAction) -> None:
    """Register ``serve`` on the ``skagway`` subcommands."""
    serve = sub.add_parser(
        "serve", help="the local web app: replay stored games, play the bots",
        description="Serve the web app: the games of --db step by step on drawn boards "
        "(the true state, or what one seat saw), and new games against any agents.")
    serve.add_argument("--db", metavar="FILE", help="results database to replay "
                       "(default: none, play only)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any "
                       "free port)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this machine only)")
    serve.set_defaults(run=cmd_serve)


def check_database(db: str) -> Path:
    """A results database that exists and is ours, checked before the server starts."""
    path = Path(db)
    if path.is_dir():
        raise CliError(f"--db {db} is a folder, not a results database")
    Store(path, create=False).close()  # StoreError: missing, not SQLite, not ours
    return path


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from skagway_experiments.web.app import create_app
        from werkzeug.serving import make_server
    except ImportError as exc:
        raise CliError(f"skagway serve needs the web extra ({exc.name} is missing): "
                       "pip install 'skagway_env[web]'") from None
    if not 0 <= args.port <= 65535:
        raise CliError(f"--port {args.port} is not a port (0..65535)")
    db = check_database(args.db) if args.db is not None else None
    try:
        server = make_server(args.host, args.port, create_app(db), threaded=True)
    except OSError as exc:
        raise CliError(f"cannot listen on {args.host}:{args.port}: "
                       f"{exc.strerror or exc}") from None
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"{PROG} serve: http://{host}:{server.server_port}/"
          + (f" (replaying {db})" if db is not None else " (no --db: play only)")
          + "; Ctrl-C stops it", flush=True)
    try:
        server.serve_forever()  # Werkzeug's returns on Ctrl-C (it catches the interrupt)
    except KeyboardInterrupt:  # one that came before its loop began
        pass
    finally:
        server.server_close()
    print(f"{PROG} serve: stopped", file=sys.stderr)
    return 0
