"""The results database (SQLite): every game of every tournament, replayable.

Each finished game is written in one transaction (its row in ``games`` and one row
per seat in ``results``), and ``(tournament, game_index)`` is unique, so a run killed
at any moment leaves whole games only, and ``--resume`` can neither lose nor repeat
one. WAL journaling keeps commits cheap without giving up durability across a
killed process.

A game that raised (an engine or agent error) is a row of ``failed_games``, never of
``games``: every reader of finished games (ratings, statistics, the report, the pandas
frames) is unchanged by failures, and ``--resume`` skips a recorded failure unless told
to retry it. A retried game that finishes replaces its failure in one transaction.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .config import TournamentConfig, config_from_dict
from .records import FailedGame, GameRecord

SCHEMA_VERSION = 3
"""2 added ``games.truncated``, 3 the ``failed_games`` table. Older files are upgraded
in place when opened (both changes only add, so older results read as before); a newer
file is refused, since this version cannot know what its additions mean."""

FAILED_GAMES_TABLE = """
CREATE TABLE IF NOT EXISTS failed_games (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    game_index INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    error_type TEXT NOT NULL,
    error_message TEXT NOT NULL,
    traceback TEXT NOT NULL,
    actions TEXT NOT NULL,
    duration REAL NOT NULL,
    attempts INTEGER NOT NULL,
    failed REAL NOT NULL,
    UNIQUE (tournament_id, game_index)
)"""

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
""" + FAILED_GAMES_TABLE + ";\n"


class StoreError(ValueError):
    """A database that cannot hold, or does not hold, the tournament asked for."""


@dataclass(frozen=True)
class TournamentInfo:
    id: int
    name: str
    config: TournamentConfig
    total_games: int
    played: int
    """Finished games stored."""
    failed: int = 0
    """Games stored as failed (not counted in ``played``)."""


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
        if ours:
            self._refuse_newer()  # before anything is written to it
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
        version = self._schema_version()
        if version != str(SCHEMA_VERSION):
            self.db.close()
            raise StoreError(f"{self.path}: results schema {version} is not {SCHEMA_VERSION}")

    def _schema_version(self) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        return None if row is None else row[0]

    def _refuse_newer(self) -> None:
        """A file written by a later skagway_env is left exactly as it is."""
        version = self._schema_version()
        if version is not None and version.isdigit() and int(version) > SCHEMA_VERSION:
            self.db.close()
            raise StoreError(
                f"{self.path}: results schema {version} is newer than this skagway_env "
                f"reads ({SCHEMA_VERSION}); upgrade skagway_env to open it")

    def _upgrade(self) -> None:
        """Bring a version-1 or -2 file to this version, one step at a time.

        1 -> 2 adds ``games.truncated`` (old games were never truncated: default 0);
        2 -> 3 adds the empty ``failed_games`` table (old runs stored no failures).
        """
        stored = version = self._schema_version()
        if version == "1":
            self.db.execute("ALTER TABLE games ADD COLUMN truncated INTEGER NOT NULL DEFAULT 0")
            version = "2"
        if version == "2":
            self.db.execute(FAILED_GAMES_TABLE)
            version = "3"
        if version != stored:
            self.db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (version,))

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
            "SELECT t.id, t.name, t.config, t.total_games, "
            "(SELECT COUNT(*) FROM games g WHERE g.tournament_id = t.id), "
            "(SELECT COUNT(*) FROM failed_games f WHERE f.tournament_id = t.id) "
            "FROM tournaments t ORDER BY t.id"
        ).fetchall()
        return [
            TournamentInfo(i, n, config_from_dict(json.loads(c)), total, played, failed)
            for i, n, c, total, played, failed in rows
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
                played, failed = self.played(tid), len(self.failed_indices(tid))
                raise StoreError(
                    f"{self.path} already holds tournament {config.name!r} "
                    f"({played}/{stored_total} games"
                    + (f", {failed} failed" if failed else "")
                    + "); pass --resume to continue it, with a larger --repeats to extend "
                    "it" + (", with --retry-failed to play the failed games again"
                            if failed else "")
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
        """The schedule indices of the finished games."""
        rows = self.db.execute("SELECT game_index FROM games WHERE tournament_id = ?", (tid,))
        return {r[0] for r in rows}

    def failed_indices(self, tid: int) -> set[int]:
        """The schedule indices of the games stored as failed."""
        rows = self.db.execute("SELECT game_index FROM failed_games WHERE tournament_id = ?",
                               (tid,))
        return {r[0] for r in rows}

    def add_game(self, tid: int, record: GameRecord) -> int:
        """Store one finished game atomically, replacing its failure if it had one (a
        retried game); returns its database id."""
        with self.db:
            self.db.execute("DELETE FROM failed_games WHERE tournament_id = ? AND "
                            "game_index = ?", (tid, record.game_index))
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

    def add_failure(self, tid: int, failure: FailedGame) -> int:
        """Store one failed game atomically; failing again (a retry) overwrites the
        error and counts one more attempt. Returns its id in ``failed_games``."""
        with self.db:
            self.db.execute(
                "INSERT INTO failed_games (tournament_id, game_index, seed, seats, error_type, "
                "error_message, traceback, actions, duration, attempts, failed) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) "
                "ON CONFLICT (tournament_id, game_index) DO UPDATE SET seed = excluded.seed, "
                "seats = excluded.seats, error_type = excluded.error_type, "
                "error_message = excluded.error_message, traceback = excluded.traceback, "
                "actions = excluded.actions, duration = excluded.duration, "
                "attempts = attempts + 1, failed = excluded.failed",
                (tid, failure.game_index, failure.seed, json.dumps(failure.seats),
                 failure.error_type, failure.error_message, failure.traceback,
                 json.dumps(failure.actions, default=_plain), failure.duration, time.time()),
            )
        return self.db.execute(
            "SELECT id FROM failed_games WHERE tournament_id = ? AND game_index = ?",
            (tid, failure.game_index)).fetchone()[0]

    def failures(self, tid: int) -> list[tuple[int, FailedGame]]:
        """``(id, failure)`` for every failed game of a tournament, in schedule order."""
        rows = self.db.execute(
            "SELECT id, game_index, seed, seats, error_type, error_message, traceback, "
            "actions, duration, attempts FROM failed_games WHERE tournament_id = ? "
            "ORDER BY game_index", (tid,))
        return [
            (fid, FailedGame(game_index=index, seed=seed, seats=tuple(json.loads(seats)),
                             error_type=kind, error_message=message, traceback=trace,
                             actions=json.loads(actions), duration=duration, attempts=tries))
            for fid, index, seed, seats, kind, message, trace, actions, duration, tries in rows
        ]

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


def _plain(value: Any) -> Any:
    """JSON for what an agent may hand back instead of an int (a numpy integer); the
    failure is stored whatever the actions hold."""
    return value.item() if hasattr(value, "item") else str(value)


def _record(row: tuple) -> GameRecord:
    index, seed, seats, scores, ranks, returns, length, duration, actions, truncated = row
    return GameRecord(
        game_index=index, seed=seed, seats=tuple(json.loads(seats)),
        scores=tuple(json.loads(scores)), ranks=tuple(json.loads(ranks)),
        returns=tuple(json.loads(returns)), length=length, duration=duration,
        actions=json.loads(actions), truncated=bool(truncated),
    )
