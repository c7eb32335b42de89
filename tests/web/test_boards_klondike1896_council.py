"""The Klondike 1896 council game (Game 2) board
(``experiments/web/boards/klondike1896_council.py``)."""

from __future__ import annotations

import pytest
from skagway_experiments.web.boards import klondike1896_council as board

from skagway_env.games.klondike1896_council.actions import Declare, Join, Lay, Take
from skagway_env.games.klondike1896_council.state import JOIN, RACE, TAKE

from . import b_board_checks as checks

CONFIGS = checks.configs("klondike1896_council")


def facts(state, seat):
    """Every seat's panel and popularity total, and the round."""
    out = [f"P{q} " for q in range(state.num_players)]
    out += [f"popularity {sum(state.levels[q])}" for q in range(state.num_players)]
    out.append(f"Round {min(state.round + 1, 9)}/9")
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_renders_every_configuration(config):
    assert checks.check_renders(config, board.render, facts) >= 5


HIDDEN = [c for c in CONFIGS if dict(c.params).get("covers") != "open"
          and ("children" not in dict(c.params) or c.num_players == 4)]


@pytest.mark.parametrize("config", HIDDEN, ids=str)
def test_a_seat_sees_its_view(config):
    """covers="hidden" (RULES_NOTES H2): another seat's boards and cover are redrawn in
    a view, and its board for a seat is the same whatever the view."""
    checked, redrawn = checks.check_views(config, board.render)
    assert checked and redrawn, "no view redrew anything the truth's board draws"


def _race_state(config):
    for state in checks.positions(config, 30):
        if state.phase == RACE and sum(len(x) for x in state.landscape) and any(
                len(state.landscape[q]) for q in range(1, state.num_players)):
            return state
    raise AssertionError("no race position with another seat's boards laid")


def test_hidden_covers_draw_other_boards_face_down():
    state = _race_state(CONFIGS[0])
    q = next(q for q in range(1, state.num_players) if state.landscape[q])
    words = checks.texts(checks.parse(board.render(state, 0)))
    assert f"{len(state.landscape[q])} board(s) laid · cover hidden until the check" in words
    truth = checks.texts(checks.parse(board.render(state, None)))
    assert f"covered {state.gold[q]} gold, {state.rubies[q]} rubies" in truth


def test_open_covers_show_every_landscape():
    config = next(c for c in CONFIGS if dict(c.params).get("covers") == "open")
    state = _race_state(config)
    words = checks.texts(checks.parse(board.render(state, 0)))
    assert "cover hidden until the check" not in words


def test_cards_seats_and_declare_are_marked():
    """Take marks the cards on the table, Join the seats, Declare its button and Lay the
    boards to lay: the marked ids are exactly the legal moves of those kinds."""
    kinds = {TAKE: Take, JOIN: Join, RACE: Declare | Lay}
    found = set()
    for config in CONFIGS:
        for state in checks.positions(config, 30):
            wanted = kinds.get(state.phase)
            if wanted is None:
                continue
            codec = state.game.codec
            for seat in range(state.num_players):
                legal = state.legal_actions(seat)
                expected = {a for a in legal if isinstance(codec.decode(a), wanted)}
                marked = checks.marked_actions(board.render(state, seat, legal))
                assert marked == expected, f"{config} seat {seat} phase {state.phase}"
                if expected:
                    found.add(state.phase)
        if found == set(kinds):
            return
    assert found >= {TAKE, RACE}, found
