"""The Dawson City Barbers board (``experiments/web/boards/dawson_city_barbers.py``):
well-formed SVG at every configuration and phase, the facts a player reads, nothing a
seat cannot see, and the legal schedule cards marked.

Positions come from games walked by the heuristic styles (``tests/walks.py``), one
short walk a configuration, sampled at a few steps and at the walk's end (the game's
end for this short game)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from skagway_experiments.web.boards import dawson_city_barbers as board
from skagway_experiments.web.boards import render_board

from skagway_env.core import State

from ..conftest import CONFIGS, GameConfig
from ..walks import walks

GAME = "dawson_city_barbers"
MY_CONFIGS = [c for c in CONFIGS if c.name == GAME]
PLAN = (("sensible", 1),)
SAMPLES = 6


def _positions(config: GameConfig) -> list[State]:
    """A few positions of one sensible walk, evenly spread, and its last state."""
    walk = walks(config, PLAN)[0]
    size = len(walk.history)
    steps = sorted({int(k) for k in np.linspace(0, size, SAMPLES)})
    return walk.positions(config.make(), steps)


def _parse(svg_text: str) -> ET.Element:
    root = ET.fromstring(svg_text)
    assert root.tag.endswith("svg")
    return root


def _texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter() if t.tag.endswith("text")]


@pytest.mark.parametrize("config", MY_CONFIGS, ids=str)
def test_board_is_well_formed_and_shows_the_table(config: GameConfig) -> None:
    """Every seat's gold, the round and each player's panel appear, for the whole truth
    and every seat, at sampled positions up to the end of the game."""
    for state in _positions(config):
        legal = [] if state.is_terminal() else state.legal_actions()
        for seat in [None, *range(state.num_players)]:
            svg_text = render_board(state, seat, legal)
            texts = _texts(_parse(svg_text))
            assert any(t.startswith("Dawson City Barbers: round ") for t in texts)
            for q in range(state.num_players):
                assert f"gold {state.gold[q]}" in texts
                assert any(t.startswith(f"P{q} ") for t in texts)
            if seat is not None:
                assert f"P{seat} {board.SEAT_COLOURS[seat]} (you)" in " ".join(texts)


def test_walk_reaches_the_end_of_the_game() -> None:
    """The sampled positions include a finished game, drawn with its winner."""
    config = GameConfig(GAME, 3)
    last = _positions(config)[-1]
    assert last.is_terminal()
    texts = _texts(_parse(render_board(last, None)))
    assert any(t.startswith("Dawson City Barbers: round 4/4, game over") for t in texts)


@pytest.mark.parametrize("config", MY_CONFIGS, ids=str)
def test_a_seat_board_draws_nothing_hidden_from_it(config: GameConfig) -> None:
    """``render(truth, p) == render(truth.view(p, rng), p)``: a view keeps what p saw and
    redraws the rest, so equal drawings mean nothing hidden is drawn; and the whole
    truth differs where another seat holds cards p cannot see."""
    differs = 0
    for state in _positions(config):
        if state.is_terminal():
            continue
        for seat in range(state.num_players):
            mine = render_board(state, seat)
            for k in range(3):
                view = state.view(seat, np.random.default_rng([seat, k]))
                assert render_board(view, seat) == mine, f"{config} seat {seat} view {k}"
            others = sum(sum(state.hands[q]) for q in range(state.num_players) if q != seat)
            if others:
                assert render_board(state, None) != mine
                differs += 1
    assert differs


def test_hidden_hands_are_backs_and_own_hand_is_face_up() -> None:
    """Seat p sees its own cards' faces and only backs for the others' hands."""
    config = GameConfig(GAME, 4)
    state = next(s for s in _positions(config) if s.phase == 2 and sum(s.hands[1]))
    text = render_board(state, 0)
    faces = re.findall(r"<title>(T\d W\d P\d \(\d nuggets?\))</title>", text)
    hand_faces = [f for f in faces if f in {state.game.components.cards[k].label()
                                            for k, c in enumerate(state.hands[0]) if c}]
    assert len(hand_faces) >= sum(1 for c in state.hands[0] if c)
    assert text.count("hand: a card face down") == sum(
        sum(state.hands[q]) for q in range(1, 4))
    assert render_board(state, None).count("hand: a card face down") == 0


def test_legal_schedule_cards_are_marked_for_the_seat_to_move() -> None:
    """The mover's hand cards carry their Schedule action; no other element is marked
    and no other seat's drawing marks anything."""
    config = GameConfig(GAME, 3)
    state = next(s for s in _positions(config) if s.phase == 2)
    mover = state.current_player()
    legal = state.legal_actions()
    marked = {int(a) for a in re.findall(r'data-action="(\d+)"',
                                         render_board(state, mover, legal))}
    schedule = {k for k, c in enumerate(state.hands[mover]) if c and k in legal}
    assert marked == schedule and schedule
    other = (mover + 1) % 3
    assert "data-action" not in render_board(state, other, legal)
