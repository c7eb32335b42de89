"""Replaying stored games: the index of a results database and the step-by-step page.

A stored game is rebuilt as ``skagway replay`` rebuilds it: its action list (chance
outcomes included) replayed from ``game.new_initial_state()`` (``replay_steps``), so
the page shows exactly the game that was played. A *step* is one decision: the
positions where a seat (or every seat, at a simultaneous node) is to decide, and the
end; the chance outcomes that follow a decision belong to its step.

The seat switch shows what one seat saw: ``render_board(state.view(seat, rng), seat)``,
that view's observation string, and the moves as that seat read them
(``seat_view.describe_entry``). The view's generator is seeded by game, step and seat,
so a page is the same every time it is asked for.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from flask import Blueprint, current_app, jsonify, render_template, request, url_for
from skagway_experiments.tournament import Store, StoreError

from skagway_env import IllegalActionError
from skagway_env.core import Game, State, make_game
from skagway_env.core.playout import replay_steps

from .errors import WebError
from .seat_view import MAX_LOG_LINES, compact, describe_entry, position_payload, turn_text

blueprint = Blueprint("replay", __name__)

INDEX_ROWS = 500
"""Games listed per tournament on the index; the others open by id (``/replay/<id>``)."""


@dataclass
class ReplayedGame:
    """A stored game rebuilt once: its decision positions and every move's lines."""

    game_id: int
    title: str
    game: Game
    seats: tuple[str, ...]
    seed: int
    scores: tuple[float, ...]
    positions: list[State]
    """The state at each step (clones), the last one terminal (or where play stopped)."""
    step_lines: list[dict[int | None, list[str]]]
    """``step_lines[k][seat]``: how the moves that led to step ``k`` read to ``seat``."""

    @property
    def last_step(self) -> int:
        return len(self.positions) - 1


def open_store(db: Path | None) -> Store:
    if db is None:
        raise WebError(404, "no results database: start the server with "
                            "skagway serve --db FILE to replay stored games")
    return Store(db, create=False)


def parse_game_id(text: str) -> int:
    if not text.isdigit() or len(text) > 18:
        raise WebError(400, f"malformed game id {text!r}: a game id is a whole number "
                            "(the index lists them)")
    return int(text)


def load_replay(db: Path, game_id: int) -> ReplayedGame:
    """The game rebuilt, cached by file, its modification time and id."""
    stamp = db.stat().st_mtime_ns if db.exists() else 0
    return _load_replay(str(db), stamp, game_id)


@lru_cache(maxsize=8)
def _load_replay(db: str, stamp: int, game_id: int) -> ReplayedGame:
    store = Store(db, create=False)
    try:
        try:
            info, record = store.game(game_id)
        except StoreError as exc:
            low, high = store.db.execute("SELECT MIN(id), MAX(id) FROM games").fetchone()
            ids = f"game ids run from {low} to {high}" if low is not None else "it holds no games"
            raise WebError(404, f"{exc} ({ids})") from None
    finally:
        store.close()
    config = info.config
    game = make_game(config.game, num_players=config.players, **config.params)
    seats: list[int | None] = [None, *range(game.num_players)]
    positions: list[State] = []
    step_lines: list[dict[int | None, list[str]]] = []
    pending: dict[int | None, list[str]] = {seat: [] for seat in seats}
    state: State | None = None
    done = 0
    try:
        for state, entry in replay_steps(game, record.actions):
            if not state.is_chance_node():
                positions.append(state.clone())
                step_lines.append({seat: compact(lines) for seat, lines in pending.items()})
                pending = {seat: [] for seat in seats}
            for seat in seats:
                pending[seat] += describe_entry(state, entry, seat)
            done += 1
    except IllegalActionError as exc:
        raise WebError(409, f"game {game_id} no longer replays: action {done} is illegal "
                            f"({exc}); {config.game}'s rules or data changed since it was "
                            "played") from None
    # replay_steps applied the last entry to ``state`` when the loop ended: the end.
    positions.append(state if state is not None else game.new_initial_state())
    step_lines.append({seat: compact(lines) for seat, lines in pending.items()})
    title = f"{info.name}: {config.game}, {config.players} players"
    return ReplayedGame(game_id, title, game, record.seats, record.seed, record.scores,
                        positions, step_lines)


def parse_step(text: str | None, replayed: ReplayedGame) -> int:
    if text is None or text == "":
        return 0
    if text == "end":
        return replayed.last_step
    if not text.isdigit() or int(text) > replayed.last_step:
        raise WebError(400, f"step {text!r} is not a step of game {replayed.game_id} "
                            f"(0..{replayed.last_step}, or 'end')")
    return int(text)


def parse_seat(text: str | None, num_players: int) -> int | None:
    """``truth`` (or nothing): the whole state; ``0``..``n-1``: what that seat saw."""
    if text is None or text in ("", "truth"):
        return None
    if not text.isdigit() or int(text) >= num_players:
        raise WebError(400, f"seat {text!r} is not a seat of this game ('truth' or "
                            f"0..{num_players - 1})")
    return int(text)


def step_payload(replayed: ReplayedGame, step: int, seat: int | None) -> dict[str, Any]:
    """Everything the replay page shows at ``step`` for ``seat`` (None: the truth)."""
    truth = replayed.positions[step]
    if seat is None:
        shown = truth
    else:
        rng = np.random.default_rng([replayed.game_id, step, seat])
        shown = truth.view(seat, rng)
    lines: list[dict[str, Any]] = []
    for k in range(1, step + 1):
        lines += [{"step": k, "text": text} for text in replayed.step_lines[k][seat]]
    payload = position_payload(shown, seat)
    payload.update({
        "game_id": replayed.game_id, "step": step, "last_step": replayed.last_step,
        "seat": "truth" if seat is None else seat, "turn": turn_text(shown, seat),
        "moves": lines[-MAX_LOG_LINES:],
        "this_step": replayed.step_lines[step][seat] if step else [],
    })
    return payload


# ------------------------------------------------------------------ routes
def database() -> Path | None:
    return current_app.config["SKAGWAY_DB"]


@blueprint.get("/")
def index():
    """The database's tournaments and their games (failed ones marked), and a new game."""
    db = database()
    tournaments: list[dict[str, Any]] = []
    problem = None
    if db is not None:
        store = open_store(db)
        try:
            for info in store.tournaments():
                first, last = store.game_ids(info.id)
                rows = store.db.execute(
                    "SELECT id, game_index, seed, seats, scores, length, truncated FROM games "
                    "WHERE tournament_id = ? ORDER BY game_index LIMIT ?",
                    (info.id, INDEX_ROWS)).fetchall()
                tournaments.append({
                    "info": info, "games": [_game_row(row) for row in rows],
                    "unlisted": info.played - len(rows),
                    "failures": [f for _, f in store.failures(info.id)],
                    "first": first, "last": last,
                })
        finally:
            store.close()
    else:
        problem = "no results database: start the server with skagway serve --db FILE"
    return render_template("index.html", db=db, tournaments=tournaments, problem=problem)


def _game_row(row: tuple) -> dict[str, Any]:
    game_id, index, seed, seats, scores, length, truncated = row
    return {"id": game_id, "index": index, "seed": seed, "seats": json.loads(seats),
            "scores": json.loads(scores), "length": length, "truncated": bool(truncated)}


@blueprint.get("/replay/<game_id>")
def replay_page(game_id: str):
    db = database()
    open_store(db).close()  # a clear error for a missing or foreign file
    assert db is not None
    replayed = load_replay(db, parse_game_id(game_id))
    step = parse_step(request.args.get("step"), replayed)
    seat = parse_seat(request.args.get("seat"), replayed.game.num_players)
    payload = step_payload(replayed, step, seat)
    api = url_for("replay.replay_api", game_id=replayed.game_id)
    return render_template("replay.html", replayed=replayed, payload=payload, api=api)


@blueprint.get("/api/replay/<game_id>")
def replay_api(game_id: str):
    db = database()
    open_store(db).close()
    assert db is not None
    replayed = load_replay(db, parse_game_id(game_id))
    step = parse_step(request.args.get("step"), replayed)
    seat = parse_seat(request.args.get("seat"), replayed.game.num_players)
    return jsonify(step_payload(replayed, step, seat))
