"""The Skagway board (``experiments/web/boards/skagway.py``): well-formed SVG at every
player count and phase, the facts a player reads, nothing a seat cannot see, and the
legal moves carried on the board.

Positions come from games walked by the heuristic styles (``tests/walks.py``): one
sensible and one mixed walk a player count, sampled at a dozen steps each, and a
position of each stage that has Hidden Hands or hidden holdings in play."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from skagway_experiments.web.boards import render_board

from skagway_env.core import State

from ..conftest import CONFIGS, GameConfig
from ..walks import walks

GAME = "skagway"
MY_CONFIGS = [c for c in CONFIGS if c.name == GAME]
PLAN = (("sensible", 1), ("mixed", 1))
SAMPLES = 12


def _positions(config: GameConfig) -> list[State]:
    """Evenly spread positions of the configuration's walks, each walk's last included."""
    found = []
    for walk in walks(config, PLAN):
        size = len(walk.history)
        steps = sorted({int(k) for k in np.linspace(0, size, SAMPLES)})
        found += walk.positions(config.make(), steps)
    return found


def _texts(svg_text: str) -> list[str]:
    root = ET.fromstring(svg_text)
    assert root.tag.endswith("svg")
    return [t.text or "" for t in root.iter() if t.tag.endswith("text")]


@pytest.mark.parametrize("config", MY_CONFIGS, ids=str)
def test_board_is_well_formed_and_shows_the_table(config: GameConfig) -> None:
    """Every seat's points and mat, the turn and the stage appear, for the whole truth
    and every seat, at sampled positions, the end of a game included."""
    for state in _positions(config):
        legal = [] if state.is_terminal() else state.legal_actions()
        for seat in [None, *range(state.num_players)]:
            texts = _texts(render_board(state, seat, legal))
            assert any(t.startswith(f"Skagway: turn {state.turn}") for t in texts)
            for q in range(state.num_players):
                assert f"{state.points[q]} points" in texts
                assert any(t.startswith(f"P{q} {state.game.components.colours[q]}")
                           for t in texts)
            if seat is not None:
                assert any(f"P{seat} " in t and "(you)" in t for t in texts)


def test_a_finished_game_is_drawn_with_its_winner() -> None:
    """A walked game that reached [5.0]'s end shows the winner and Skagway Today."""
    config = GameConfig(GAME, 2)
    last = next(s for s in _positions(config) if s.is_terminal())
    texts = _texts(render_board(last, 1))
    best = max(last.points)
    assert any("game over" in t and f"with {best} points" in t for t in texts)
    assert "Skagway Today [5.0]" in texts


@pytest.mark.parametrize("config", MY_CONFIGS, ids=str)
def test_a_seat_board_draws_nothing_hidden_from_it(config: GameConfig) -> None:
    """``render(truth, p) == render(truth.view(p, rng), p)`` for every seat and two
    views: a view keeps what p saw and redraws the rest, so equal drawings mean
    nothing hidden is drawn; the whole truth differs where p cannot see everything."""
    differs = 0
    for state in _positions(config):
        if state.is_terminal():
            continue
        truth = render_board(state, None)
        for seat in range(state.num_players):
            mine = render_board(state, seat)
            for k in range(2):
                view = state.view(seat, np.random.default_rng([seat, k]))
                assert render_board(view, seat) == mine, f"{config} seat {seat} view {k}"
            differs += truth != mine
    assert differs


def _hidden_holdings(state: State, seat: int) -> int:
    return sum(sum(state.gold_held[q]) + sum(state.goods_held[q])
               for q in range(state.num_players) if q != seat)


def test_other_seats_holdings_are_backs() -> None:
    """Another seat's Gold and Goods are drawn face down (one back each), the seat's
    own face up; the whole truth draws none of them as backs."""
    config = GameConfig(GAME, 3)
    state = next(s for s in _positions(config)
                 if not s.is_terminal() and _hidden_holdings(s, 0))
    text = render_board(state, 0)
    backs = text.count("Gold counter face down") + text.count("Goods card face down")
    assert backs == _hidden_holdings(state, 0)
    truth = render_board(state, None)
    assert "Gold counter face down" not in truth and "Goods card face down" not in truth


def test_fresh_recruits_are_unnamed_to_other_seats() -> None:
    """H4: while a seat holds face-down recruits, the others see unnamed backs for
    them and for the Hands left in the pool they came from; the holder sees names."""
    config = GameConfig(GAME, 4)
    state = None
    for walk in walks(config, PLAN):
        for s in walk.positions(config.make()):
            if s.recruited_by >= 0 and any(h == "recruited" for h in s.hand_state):
                state = s
                break
        if state is not None:
            break
    assert state is not None
    holder = state.recruited_by
    other = (holder + 1) % 4
    names = [h.name for h in state.game.components.hired_hands]
    recruited = [names[k] for k, h in enumerate(state.hand_state) if h == "recruited"]
    mine = render_board(state, holder)
    theirs = render_board(state, other)
    assert all(f"<title>{n} (P{holder})" in mine for n in recruited)
    assert not any(f"<title>{n} (P{holder})" in theirs for n in recruited)
    assert "a recruited Hired Hand face down" in theirs


def test_legal_moves_on_the_board_are_legal_and_only_for_the_mover() -> None:
    """Every ``data-action`` is a legal action; some decisions put theirs on the board
    (buying, turning in Gold, the Street), and the mover's drawing carries them."""
    marked_any = 0
    for config in MY_CONFIGS:
        for state in _positions(config):
            if state.is_terminal() or state.is_chance_node():
                continue
            legal = state.legal_actions()
            mover = state.current_player()
            marked = {int(a) for a in re.findall(r'data-action="(\d+)"',
                                                 render_board(state, mover, legal))}
            assert marked <= set(legal)
            marked_any += bool(marked)
    assert marked_any
