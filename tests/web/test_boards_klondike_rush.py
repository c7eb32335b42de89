"""The Klondike Rush board (``experiments/web/boards/klondike_rush.py``)."""

from __future__ import annotations

import pytest
from skagway_experiments.web.boards import klondike_rush as board

from skagway_env.games.klondike_rush.actions import Build, CompleteOrder

from . import b_board_checks as checks

CONFIGS = checks.configs("klondike_rush")


def facts(state, seat):
    """Every seat's panel and money (reckoned by every seat, RULES_NOTES H1), and the
    value track of every company."""
    comp = state.game.components
    out = [f"P{q}" for q in range(state.num_players)]
    out += [f"${state.money[q]}" for q in range(state.num_players)]
    out += [f"{name} {state.track[c]} (${comp.values[state.track[c] - 1]})"
            for c, name in enumerate(comp.companies)]
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_renders_every_configuration(config):
    assert checks.check_renders(config, board.render, facts) >= 5


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_a_seat_sees_its_view(config):
    """[Setup 4] order cards are secret: a view redraws the others', and a seat's board
    is the same whatever the view."""
    checked, redrawn = checks.check_views(config, board.render)
    assert checked and redrawn, "no view redrew anything the truth's board draws"


def test_own_orders_face_up_others_as_backs():
    state = checks.positions(CONFIGS[2])[2]
    comp = state.game.components
    words = checks.texts(checks.parse(board.render(state, 0)))
    for kind, count in enumerate(state.hand[0]):
        if count:
            assert f"order: {comp.orders[kind].label()}" in words
    for q in range(1, state.num_players):
        assert f"{sum(state.hand[q])} secret order cards" in words


def test_builds_and_orders_are_marked():
    """Each legal mine is a ring beside its space, each completable order its card:
    the marked ids are exactly the legal builds and completions (and the simple moves
    and the lowest bid, drawn as buttons)."""
    found = set()
    for config in CONFIGS:
        for state in checks.positions(config, 25):
            seat = state.current_player()
            if seat < 0:
                continue
            legal = state.legal_actions(seat)
            codec = state.game.codec
            marked = checks.marked_actions(board.render(state, seat, legal))
            for action in legal:
                move = codec.decode(action)
                if isinstance(move, Build | CompleteOrder):
                    assert action in marked, f"{config}: {codec.to_string(action)} unmarked"
                    found.add(type(move))
            assert marked <= set(legal)
    assert Build in found


def test_the_last_build_is_ringed():
    config = CONFIGS[2]
    game = config.make()
    for walk in checks.walks(config, checks.PLAN):
        for state in walk.positions(game):
            last = state.history[-1] if state.history else None
            codec = game.codec
            if isinstance(last, int) and last >= codec.build_base and isinstance(
                    codec.decode(last), Build):
                words = checks.texts(checks.parse(board.render(state, None)))
                space = codec.decode(last).space
                assert f"the last move: a mine built on space {space}" in words
                before = board.render(game.new_initial_state(), None)
                assert "last-move" not in before
                return
    raise AssertionError("no build in the walks")
