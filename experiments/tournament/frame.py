"""A results database as pandas DataFrames, for notebooks: one call, no SQL.

``load_results`` gives one row per seat of every game (the tidy shape that
``groupby("entrant")`` wants); ``load_games`` one row per game. pandas is an optional
extra (``pip install 'skagway_env[notebooks]'``), so it is imported inside the
functions: the rest of the tournament package works without it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from skagway_env.core.returns import win_shares

from .store import Store

if TYPE_CHECKING:
    import pandas as pd

RESULT_DTYPES: dict[str, str] = {
    "tournament": "str",
    "game_id": "int64",
    "game_index": "int64",
    "seed": "int64",
    "seat": "int64",
    "entrant": "str",
    "spec": "str",
    "score": "float64",
    "rank": "float64",
    "return": "float64",
    "win_share": "float64",
    "length": "int64",
    "duration": "float64",
    "truncated": "bool",
}
"""``load_results``'s columns, in order. ``rank`` is 1 for first place (tied seats share
the mean of their places); ``win_share`` is 1 for the winner, ``1/k`` each for ``k``
seats tied for first, so it sums to 1 over a game's seats. ``truncated`` marks games
stopped by a cap (``max_turns``) rather than ended by the rules."""

GAME_DTYPES: dict[str, str] = {
    "tournament": "str",
    "game_id": "int64",
    "game_index": "int64",
    "seed": "int64",
    "seats": "object",
    "scores": "object",
    "ranks": "object",
    "returns": "object",
    "length": "int64",
    "duration": "float64",
    "truncated": "bool",
}
"""``load_games``'s columns: ``seats`` (entrant names), ``scores``, ``ranks`` and
``returns`` are lists indexed by seat."""


def _tournament_ids(store: Store, tournament: str | None) -> list[tuple[int, str]]:
    if tournament is not None:
        info = store.find(tournament)
        return [(info.id, info.name)]
    return [(info.id, info.name) for info in store.tournaments()]


def _game_rows(store: Store, ids: list[tuple[int, str]]) -> list[tuple]:
    """``(tournament, game_id, game_index, seed, seats, scores, ranks, returns, length,
    duration, truncated)`` per game, in tournament then ``game_index`` order."""
    rows = []
    for tid, name in ids:
        for row in store.db.execute(
            "SELECT id, game_index, seed, seats, scores, ranks, returns, length, duration, "
            "truncated FROM games WHERE tournament_id = ? ORDER BY game_index",
            (tid,),
        ):
            game_id, index, seed, seats, scores, ranks, returns, length, duration, cut = row
            rows.append((name, game_id, index, seed, json.loads(seats), json.loads(scores),
                         json.loads(ranks), json.loads(returns), length, duration, bool(cut)))
    return rows


def _frame(rows: list[tuple], dtypes: dict[str, str]) -> pd.DataFrame:
    import pandas as pd

    columns = list(dtypes)
    data = {col: [row[i] for row in rows] for i, col in enumerate(columns)}
    return pd.DataFrame({col: pd.Series(data[col], dtype=dtypes[col]) for col in columns})


def load_games(db: str | Path, tournament: str | None = None) -> pd.DataFrame:
    """One row per stored game of ``tournament`` (default: every tournament in ``db``)."""
    store = Store(db, create=False)
    try:
        return _frame(_game_rows(store, _tournament_ids(store, tournament)), GAME_DTYPES)
    finally:
        store.close()


def load_results(db: str | Path, tournament: str | None = None) -> pd.DataFrame:
    """One row per (game, seat) of ``tournament`` (default: every tournament in ``db``).

    For example ``load_results("runs/default.db").groupby("entrant")["win_share"].mean()``
    is each entrant's win rate, counted per seat as the leaderboard counts it.
    """
    store = Store(db, create=False)
    try:
        ids = _tournament_ids(store, tournament)
        specs = {
            (name, e["name"]): e["spec"] for tid, name in ids for e in store.entrants(tid)
        }
        rows = []
        for (name, game_id, index, seed, seats, scores, ranks, returns, length, duration,
             truncated) in _game_rows(store, ids):
            shares = win_shares(ranks)
            for seat, entrant in enumerate(seats):
                rows.append((
                    name, game_id, index, seed, seat, entrant, specs[name, entrant],
                    scores[seat], ranks[seat], returns[seat], shares[seat], length, duration,
                    truncated,
                ))
    finally:
        store.close()
    return _frame(rows, RESULT_DTYPES)
