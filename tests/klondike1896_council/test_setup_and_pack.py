"""[Preparation]: popularity cards face up (one a player, three for two players),
pawns on level 4, the request pack of three cards of each back (white and gray only
when a child plays), turned one a round for nine rounds."""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env.core.playout import random_playout
from skagway_env.games.klondike1896_council.components import BACKS
from skagway_env.games.klondike1896_council.state import FILL, RACE, REQUEST

from .helpers import make


@pytest.mark.parametrize("players, cards", [(2, 3), (3, 3), (4, 4)])
def test_cards_laid_out_one_a_player_three_for_two(players, cards):
    state = make(players).new_initial_state()
    assert state.levels == [[4, 4, 4, 4]] * players  # level 4 on every scale
    assert len(state.chance_outcomes()) == 16  # four colours x four values, two each
    for _ in range(cards):
        assert state.phase == FILL
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[-1][0])
    assert state.phase == REQUEST and sum(state.table) == cards


def test_first_request_draws_each_back_a_third_of_the_time():
    state = make(3).new_initial_state()
    while state.phase == FILL:
        state.apply_action(state.chance_outcomes()[0][0])
    comp = state.game.components
    by_back = [0.0, 0.0, 0.0]
    for card, prob in state.chance_outcomes():
        by_back[comp.requests[card].back] += prob
    assert by_back == pytest.approx([1 / 3] * 3)
    assert len(comp.requests) == 31


def test_later_requests_keep_the_odds_of_the_shuffled_pack():
    """Drawn lazily: after one white card, 2 of the 8 cards left are white."""
    game = make(3)
    state = game.new_initial_state()
    comp = game.components
    white = next(i for i, r in enumerate(comp.requests) if r.back == 0)
    state.phase = REQUEST
    state.apply_action(white)
    state.phase = REQUEST  # (skip the race: only the pack matters here)
    odds = dict(state.chance_outcomes())
    assert white not in odds
    by_back = [sum(p for c, p in odds.items() if comp.requests[c].back == b) for b in range(3)]
    assert by_back == pytest.approx([2 / 8, 3 / 8, 3 / 8])
    whites = [c for c in odds if comp.requests[c].back == 0]
    assert len(whites) == 9 and len({odds[c] for c in whites}) == 1


@pytest.mark.parametrize("children, backs", [("", {0: 3, 1: 3, 2: 3}), ("1", None)])
def test_nine_rounds_turn_the_pack(children, backs):
    game = make(3, children=children)
    state = random_playout(game.new_initial_state(), np.random.default_rng(4))
    turned = [game.components.requests[i].back for i, u in enumerate(state.requests_used) if u]
    assert len(turned) == 9 and state.round == 9 and state.is_terminal()
    if backs is not None:
        assert {b: turned.count(b) for b in set(turned)} == backs
    else:  # [Special rules for children] only white and gray request cards
        assert set(turned) <= {BACKS.index("white"), BACKS.index("gray")}


def test_the_race_starts_when_the_request_is_turned():
    state = make(2).new_initial_state()
    while not state.phase == RACE:
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_simultaneous_node() and state.request >= 0
