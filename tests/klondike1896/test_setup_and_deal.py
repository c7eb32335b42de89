"""[Preparation] and [Adding claims]: boards, rows of claims, rubies."""

from __future__ import annotations

import numpy as np

from skagway_env.core.playout import resolve_chance
from skagway_env.games.klondike1896.actions import EXTRA_PASS
from skagway_env.games.klondike1896.phases import EXTRA, PLACE

from .helpers import STRAIGHT, bid, game, place_all, start


def test_six_rows_of_as_many_claims_as_players_no_shape_twice():
    for n in (2, 3, 4):
        g = game(n)
        for seed in range(5):
            s = g.new_initial_state()
            resolve_chance(s, np.random.default_rng(seed))
            assert len(s.rows) == 6
            assert all(len(row) == n == len(set(row)) for row in s.rows)
            assert sum(s.supply) == 100 - 6 * n
            assert s.extra_left == 16  # additional claims stay in the pot


def test_three_public_rubies_each_and_first_player():
    s = start(game(3))
    assert s.rubies == [3, 3, 3]
    assert s.current_player() == 0
    for p in range(3):
        assert "rubies 3 (+0 next round)" in s.observation_string(p)
        assert s.observation_string(p).count("rubies 3") == 3


def test_each_player_lays_four_boards_each_design_once():
    g = game(4)
    for seed in range(5):
        s = g.new_initial_state()
        resolve_chance(s, np.random.default_rng(seed))
        for arrangement in s.arrangement:
            assert sorted(code // 4 for code in arrangement) == [0, 1, 2, 3]


def test_identical_boards_are_laid_once_for_everybody():
    g = game(4, identical_boards=True)
    s = g.new_initial_state()
    resolve_chance(s, np.random.default_rng(3))
    assert all(a == s.arrangement[0] for a in s.arrangement)
    assert s.history[:4] == s.arrangement[0] and len(s.history) == 4 + 24
    assert game(4).new_initial_state().chance_outcomes()[0][1] == 1 / 16


def test_six_more_rows_when_one_is_left():
    g = game(2)
    s = start(g, boards=STRAIGHT)
    for _ in range(5):  # five rounds: nobody buys the additional claim
        assert len(s.rows) == 6 - s.round
        bid(s, 0)
        bid(s, 1)
        while s.phase in (PLACE, EXTRA):
            place_all(s) if s.phase == PLACE else s.apply_action(EXTRA_PASS)
    assert s.is_chance_node() and s.round == 5  # one row left: six more are dealt
    resolve_chance(s, np.random.default_rng(0))
    assert len(s.rows) == 7


def test_the_game_ends_when_the_supply_cannot_deal_a_row():
    """RULES_NOTES E3: no row can be dealt (fewer distinct shapes than players)."""
    s = start(game(2))
    s.rows = [s.rows[0]]
    s.supply = [1] + [0] * 9
    bid(s, 0)
    bid(s, 1)
    while not s.is_terminal():
        place_all(s) if s.phase == PLACE else s.apply_action(EXTRA_PASS)
    assert s.round == 1 and not s.rows  # round 2 found no row to auction
    for q in range(2):  # two points a column right of the path's last column
        right = max(c % 24 for c in range(144) if s.covered[q] >> c & 1)
        assert right < 6 and s.deduction[q] == 2 * (23 - right)
