"""The Klondike 1896 (Game 1) board (``experiments/web/boards/klondike1896.py``)."""

from __future__ import annotations

import pytest
from skagway_experiments.web.boards import klondike1896 as board
from skagway_experiments.web.boards import render_board

from skagway_env import make_game
from skagway_env.games.klondike1896.phases import AUCTION, EXTRA

from . import b_board_checks as checks

CONFIGS = checks.configs("klondike1896")


def facts(state, seat):
    """Every seat's panel and gold; a seat's own rubies; the phase."""
    out = [f"P{q} " for q in range(state.num_players)]
    out += [f"gold {state.gold[q]}" for q in range(state.num_players)]
    if seat is not None:
        out.append(f"rubies {state.rubies[seat]}")
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_renders_every_configuration(config):
    assert checks.check_renders(config, board.render, facts) >= 5


@pytest.mark.parametrize("config", [c for c in CONFIGS if dict(c.params).get("secret_rubies")],
                         ids=str)
def test_a_seat_sees_its_view(config):
    checked, redrawn = checks.check_views(config, board.render)
    assert checked and redrawn, "no view redrew anything the truth's board draws"


def test_render_board_finds_the_module():
    state = make_game("klondike1896", num_players=2).new_initial_state()
    assert render_board(state, None) == board.render(state, None)


def test_secret_rubies_hide_the_other_landscapes():
    """[Tips] 2: another seat's rubies and spaces are not drawn; one's own are."""
    config = next(c for c in CONFIGS if dict(c.params).get("secret_rubies"))
    state = checks.positions(config)[-1]
    words = checks.texts(checks.parse(board.render(state, 0)))
    assert f"rubies {state.rubies[0]}" in words
    assert "P1 brown · landscape hidden (secret rubies)" in words
    assert "P0 blue (you) · landscape hidden" not in words


def _first(config, phase):
    for state in checks.positions(config, 40):
        if state.phase == phase:
            return state
    raise AssertionError(f"no position in phase {phase}")


def test_auction_claims_take_the_lowest_bid():
    """[1)] each claim of the row takes the cheapest legal bid on it, and nothing else
    is marked."""
    state = _first(CONFIGS[0], AUCTION)
    seat = state.current_player()
    legal = state.legal_actions(seat)
    marked = checks.marked_actions(board.render(state, seat, legal))
    codec = state.game.codec
    lowest = {}
    for action in legal:
        move = codec.decode(action)
        lowest.setdefault(move.claim, action)  # ascending ids: the lowest bid first
    assert marked == set(lowest.values())
    assert not checks.marked_actions(board.render(state, seat, []))


def test_additional_claim_takes_the_lowest_extra_bid():
    for config in CONFIGS:
        for state in checks.positions(config, 60):
            if state.phase == EXTRA:
                seat = state.current_player()
                legal = state.legal_actions(seat)
                bids = [a for a in legal if a != legal[0]]  # the pass comes first
                marked = checks.marked_actions(board.render(state, seat, legal))
                assert marked == ({min(bids)} if bids else set())
                return
    pytest.skip("no additional auction in the sampled positions")
