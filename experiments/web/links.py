"""Where a stored game can be watched: the command and address of its replay page.

Kept free of Flask, so ``skagway leaderboard`` and ``skagway report`` can point to the
web app without needing the ``web`` extra to print a line.
"""

from __future__ import annotations

from pathlib import Path

DEFAULT_ADDRESS = "http://127.0.0.1:8000"
"""Where ``skagway serve`` listens unless told otherwise (``--host``, ``--port``)."""


def replay_url(game_id: int, address: str = DEFAULT_ADDRESS) -> str:
    """The replay page of stored game ``game_id`` (the id ``skagway replay`` takes)."""
    return f"{address}/replay/{game_id}"


def serve_command(db: str | Path) -> str:
    return f"skagway serve --db {db}"


def replay_hint(db: str | Path, game_id: int) -> str:
    """One line telling how to watch game ``game_id`` of ``db`` in a browser."""
    return f"{serve_command(db)}, then {replay_url(game_id)}"
