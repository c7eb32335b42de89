"""What one seat may be shown of a position, and how each move reads to it.

The one place the web app turns a state into what a page shows, for the replay's seat
switch and for a human's game alike, so both obey the same rule (ENGINEERING.md rule
4): a seat's page is built from ``state.view(seat, rng)`` only, never from the truth,
and a move by another seat reads as the table saw it (``public_action_string``), a
chance outcome as its public part (``public_chance_string``; one nobody saw is left
out). ``seat=None`` is the referee's view (a replay's "true state"): every move in full.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skagway_env.core import CHANCE, SIMULTANEOUS, TERMINAL, State

from .boards import render_board

MAX_LOG_LINES = 400
"""A page shows the most recent move lines only (a long Skagway game has thousands)."""


def seat_label(seat: int, own: int | None = None) -> str:
    return f"P{seat} (you)" if seat == own else f"P{seat}"


def describe_entry(state: State, entry: Any, seat: int | None) -> list[str]:
    """How ``entry`` (applied at ``state``) reads to ``seat``: one line a move, none
    for a chance outcome ``seat`` saw nothing of; ``seat=None``: everything."""
    if state.is_chance_node():
        if seat is None:
            return [f"chance: {state.action_to_string(entry, CHANCE)}"]
        text = state.public_action_string(entry, CHANCE)
        hidden = State.public_chance_string(state, entry)  # the "nothing seen" default
        return [] if text == hidden else [f"chance: {text}"]
    if state.current_player() == SIMULTANEOUS:
        return [f"{seat_label(q, seat)}: {move_text(state, a, q, seat)}"
                for q, a in enumerate(entry)]
    mover = state.current_player()
    return [f"{seat_label(mover, seat)}: {move_text(state, entry, mover, seat)}"]


def move_text(state: State, action: int, mover: int, seat: int | None) -> str:
    """A seat's own moves in its own words; other seats' moves as the table saw them."""
    if seat is None or seat == mover:
        return state.action_to_string(action, mover)
    return state.public_action_string(action, mover)


def compact(lines: Sequence[str]) -> list[str]:
    """Runs of equal lines as one (``line x3``): a deal of ten hidden cards is one line."""
    counted: list[list[Any]] = []
    for line in lines:
        if counted and counted[-1][0] == line:
            counted[-1][1] += 1
        else:
            counted.append([line, 1])
    return [line if k == 1 else f"{line} x{k}" for line, k in counted]


def turn_text(state: State, seat: int | None, waiting: Sequence[int] | None = None) -> str:
    """Who is asked to decide: public to every seat (``current_player()``). ``waiting``:
    at a simultaneous node, the seats whose part is still to come (None: every seat)."""
    player = state.current_player()
    if player == TERMINAL:
        return "game over"
    if player == CHANCE:
        return "chance"
    if player == SIMULTANEOUS:
        if seat is not None and waiting is not None and seat not in waiting:
            return "waiting for the other seats' choices"
        return "every seat chooses at once"
    return "your move" if player == seat else f"P{player} to move"


def position_payload(state: State, seat: int | None, legal: Sequence[int] = ()
                     ) -> dict[str, Any]:
    """The board, text and table log of a position for ``seat``; ``state`` must be the
    truth for ``seat=None`` and ``truth.view(seat, rng)`` otherwise (the caller draws
    it: this function never sees the truth of a seat's page)."""
    if seat is None:
        text = str(state)
    else:
        text = state.observation_string(seat)
    payload: dict[str, Any] = {
        "board": render_board(state, seat, list(legal)),
        "observation": text,
        "table_log": list(state.log_lines()),
        "over": state.is_terminal(),
    }
    if state.is_terminal():
        payload["scores"] = [float(s) for s in state.scores()]
        payload["returns"] = [float(r) for r in state.returns()]
    return payload
