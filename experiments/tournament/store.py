"""The results database (SQLite): every game of every tournament, replayable.

Each finished game is written in one transaction (its row in ``games`` and one row
per seat in ``results``), and ``(tournament, game_index)`` is unique, so a run killed
at any moment leaves whole games only, and ``--resume`` can neither lose nor repeat
one. WAL journaling keeps commits cheap without giving up durability across a
killed process.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .config import TournamentConfig, config_from_dict
from .records import GameRecord

SCHEMA_VERSION = 2
"""2 added ``games.truncated``; a version-1 file is upgraded when opened for writing."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    fingerprint TEXT NOT NULL,
    config TEXT NOT NULL,
    game TEXT NOT NULL,
    params TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    total_games INTEGER NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    name TEXT NOT NULL,
    spec TEXT NOT NULL,
    agent TEXT NOT NULL,
    params TEXT NOT NULL,
    PRIMARY KEY (tournament_id, name)
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    game_index INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    scores TEXT NOT NULL,
    ranks TEXT NOT NULL,
    returns TEXT NOT NULL,
    length INTEGER NOT NULL,
    duration REAL NOT NULL,
    actions TEXT NOT NULL,
    finished REAL NOT NULL,
    truncated INTEGER NOT NULL DEFAULT 0,
    UNIQUE (tournament_id, game_index)
);
CREATE TABLE IF NOT EXISTS results (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    entrant TEXT NOT NULL,
    score REAL NOT NULL,
    rank REAL NOT NULL,
    return REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
"""


class StoreError(ValueError):
    """A database that cannot hold, or does not hold, the tournament asked for."""


@dataclass(frozen=True)
class TournamentInfo:
    id: int
    name: str
    config: TournamentConfig
    total_games: int
    played: int


class Store:
    """One SQLite file; opening never changes a file that is not ours."""

    def __init__(self, path: str | Path, create: bool = True) -> None:
        self.path = Path(path)
        if not create and not self.path.exists():
            raise StoreError(f"no database at {self.path}")
        ours = self._check_foreign()
        if not create and not ours:
            raise StoreError(f"{self.path} holds no tournament results")
        self.db = sqlite3.connect(self.path, timeout=30)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        if create:
            with self.db:
                self.db.executescript(SCHEMA)
                self.db.execute(
                    "INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),)
                )
        if ours or create:
            with self.db:
                self._upgrade()
        version = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if version is None or int(version[0]) != SCHEMA_VERSION:
            raise StoreError(f"{self.path}: results schema {version} is not {SCHEMA_VERSION}")

    def _upgrade(self) -> None:
        """Bring a version-1 file (no ``truncated`` column) to this version."""
        version = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if version is not None and version[0] == "1":
            self.db.execute("ALTER TABLE games ADD COLUMN truncated INTEGER NOT NULL DEFAULT 0")
            self.db.execute("UPDATE meta SET value = ? WHERE key = 'schema'",
                            (str(SCHEMA_VERSION),))

    def _check_foreign(self) -> bool:
        """Refuse files that are not SQLite, or SQLite files of some other program.

        Read-only; True when the file already holds our tables.
        """
        if not self.path.exists() or self.path.stat().st_size == 0:
            return False
        with open(self.path, "rb") as fh:
            if fh.read(16) != b"SQLite format 3\x00":
                raise StoreError(f"{self.path} is not an SQLite database")
        probe = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        try:
            tables = {r[0] for r in probe.execute("SELECT name FROM sqlite_master")}
        finally:
            probe.close()
        if tables and "tournaments" not in tables:
            raise StoreError(f"{self.path} is an SQLite database of another program")
        return "tournaments" in tables

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------ tournaments
    def tournaments(self) -> list[TournamentInfo]:
        rows = self.db.execute(
            "SELECT t.id, t.name, t.config, t.total_games, COUNT(g.id) FROM tournaments t "
            "LEFT JOIN games g ON g.tournament_id = t.id GROUP BY t.id ORDER BY t.id"
        ).fetchall()
        return [
            TournamentInfo(i, n, config_from_dict(json.loads(c)), total, played)
            for i, n, c, total, played in rows
        ]

    def find(self, name: str | None = None) -> TournamentInfo:
        """A tournament by name; without a name, the only (or most recent) one."""
        known = self.tournaments()
        if not known:
            raise StoreError(f"{self.path} holds no tournament")
        if name is None:
            return known[-1]
        for info in known:
            if info.name == name:
                return info
        names = ", ".join(i.name for i in known)
        raise StoreError(f"{self.path} has no tournament {name!r} (it holds: {names})")

    def stored_config(self, name: str) -> TournamentConfig | None:
        """The configuration stored for tournament ``name``, if there is one."""
        row = self.db.execute("SELECT config FROM tournaments WHERE name = ?",
                              (name,)).fetchone()
        return None if row is None else config_from_dict(json.loads(row[0]), str(self.path))

    def open_tournament(
        self, config: TournamentConfig, total_games: int, entrants: list[dict[str, Any]],
        resume: bool,
    ) -> int:
        """The id to record into: new, or (``resume``) the same tournament's."""
        row = self.db.execute(
            "SELECT id, fingerprint, config, total_games FROM tournaments WHERE name = ?",
            (config.name,),
        ).fetchone()
        if row is not None:
            tid, fingerprint, stored_json, stored_total = row
            stored = config_from_dict(json.loads(stored_json), str(self.path))
            legacy = (fingerprint == stored.fingerprint(with_repeats=True)
                      and stored.fingerprint() == config.fingerprint())  # schema 1's hash
            if fingerprint != config.fingerprint() and not legacy:
                raise StoreError(
                    f"{self.path} holds a different tournament named {config.name!r} "
                    "(other game, entrants, seats or seed); use another --db or name"
                )
            if not resume:
                played = self.played(tid)
                raise StoreError(
                    f"{self.path} already holds tournament {config.name!r} "
                    f"({played}/{stored_total} games); pass --resume to continue it, "
                    "with a larger --repeats to extend it"
                )
            if config.repeats < stored.repeats:
                raise StoreError(
                    f"{self.path}: tournament {config.name!r} was scheduled with repeats "
                    f"{stored.repeats}; resume it with --repeats {stored.repeats} or more"
                )
            if config.repeats > stored.repeats or fingerprint != config.fingerprint():
                with self.db:  # extend the schedule (and store this version's fingerprint)
                    self.db.execute(
                        "UPDATE tournaments SET fingerprint = ?, config = ?, total_games = ? "
                        "WHERE id = ?",
                        (config.fingerprint(), json.dumps(config.to_dict()), total_games, tid),
                    )
            return tid
        if resume:
            raise StoreError(f"{self.path} has no tournament {config.name!r} to resume")
        with self.db:
            cur = self.db.execute(
                "INSERT INTO tournaments (name, fingerprint, config, game, params, players, "
                "seed, total_games, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (config.name, config.fingerprint(), json.dumps(config.to_dict()), config.game,
                 json.dumps(config.params), config.players, config.seed, total_games,
                 time.time()),
            )
            tid = int(cur.lastrowid)
            self.db.executemany(
                "INSERT INTO entrants VALUES (?, ?, ?, ?, ?)",
                [(tid, e["name"], e["spec"], e["agent"], json.dumps(e["params"]))
                 for e in entrants],
            )
        return tid

    # ------------------------------------------------------------------ games
    def played(self, tid: int) -> int:
        return self.db.execute(
            "SELECT COUNT(*) FROM games WHERE tournament_id = ?", (tid,)
        ).fetchone()[0]

    def game_ids(self, tid: int) -> tuple[int | None, int | None]:
        """The smallest and largest game id of a tournament (``replay --game`` takes these)."""
        return self.db.execute("SELECT MIN(id), MAX(id) FROM games WHERE tournament_id = ?",
                               (tid,)).fetchone()

    def done_indices(self, tid: int) -> set[int]:
        rows = self.db.execute("SELECT game_index FROM games WHERE tournament_id = ?", (tid,))
        return {r[0] for r in rows}

    def add_game(self, tid: int, record: GameRecord) -> int:
        """Store one finished game atomically; returns its database id."""
        with self.db:
            cur = self.db.execute(
                "INSERT INTO games (tournament_id, game_index, seed, seats, scores, ranks, "
                "returns, length, duration, actions, finished, truncated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (tid, record.game_index, record.seed, json.dumps(record.seats),
                 json.dumps(record.scores), json.dumps(record.ranks),
                 json.dumps(record.returns), record.length, record.duration,
                 json.dumps(record.actions), time.time(), int(record.truncated)),
            )
            game_id = int(cur.lastrowid)
            self.db.executemany(
                "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, seat, record.seats[seat], record.scores[seat], record.ranks[seat],
                  record.returns[seat]) for seat in range(record.num_players)],
            )
        return game_id

    def records(self, tid: int) -> list[GameRecord]:
        rows = self.db.execute(
            "SELECT game_index, seed, seats, scores, ranks, returns, length, duration, actions, "
            "truncated FROM games WHERE tournament_id = ? ORDER BY game_index",
            (tid,),
        )
        return [_record(row) for row in rows]

    def game(self, game_id: int) -> tuple[TournamentInfo, GameRecord]:
        row = self.db.execute(
            "SELECT tournament_id, game_index, seed, seats, scores, ranks, returns, length, "
            "duration, actions, truncated FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise StoreError(f"{self.path} has no game with id {game_id}")
        info = next(i for i in self.tournaments() if i.id == row[0])
        return info, _record(row[1:])

    def entrants(self, tid: int) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT name, spec, agent, params FROM entrants WHERE tournament_id = ? "
            "ORDER BY rowid", (tid,)
        )
        return [{"name": n, "spec": s, "agent": a, "params": json.loads(p)}
                for n, s, a, p in rows]


def _record(row: tuple) -> GameRecord:
    index, seed, seats, scores, ranks, returns, length, duration, actions, truncated = row
    return GameRecord(
        game_index=index, seed=seed, seats=tuple(json.loads(seats)),
        scores=tuple(json.loads(scores)), ranks=tuple(json.loads(ranks)),
        returns=tuple(json.loads(returns)), length=length, duration=duration,
        actions=json.loads(actions), truncated=bool(truncated),
    )
