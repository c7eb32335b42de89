"""[Tips] 2, secret rubies: what a seat sees, and views that redraw the rest."""

from __future__ import annotations

import numpy as np

from skagway_env.core.playout import random_playout, replay
from skagway_env.games.klondike1896.geometry import all_arrangements, bits
from skagway_env.games.klondike1896.secret import consistent_arrangements

from ..conftest import sample_states
from .helpers import game


def secret_states(n: int = 3, count: int = 8):
    return sample_states(game(n, secret_rubies=True), seed=n, count=count)


def test_other_seats_rubies_and_landscapes_are_hidden():
    for s in secret_states():
        for p in range(s.num_players):
            text = s.observation_string(p)
            assert text.count("rubies ?") == s.num_players - 1
            assert f"P{p}*: gold {s.gold[p]} | rubies {s.rubies[p]}" in text
        base = game(3).new_initial_state()
        assert "?" not in base.observation_string(0)


def test_views_redraw_other_arrangements_consistently():
    rng = np.random.default_rng(1)
    changed = 0
    for s in secret_states():
        p = s.current_player()
        truth = s.information_state_string(p)
        for _ in range(4):
            view = s.view(p, rng)
            assert replay(s.game, view.history) == view
            assert view.information_state_string(p) == truth
            assert view.arrangement[p] == s.arrangement[p]
            assert view.rubies[p] == s.rubies[p] and view.gold == s.gold
            assert all(r >= 0 for r in view.rubies)
            changed += view.arrangement != s.arrangement
    assert changed >= 24  # of 32 views


def test_the_truth_is_among_the_consistent_arrangements():
    codes, _, _ = all_arrangements(game(3).components, False)
    for s in secret_states():
        for q in range(s.num_players):
            found = codes[consistent_arrangements(s, q)].tolist()
            assert s.arrangement[q] in found
            if s.paths[q]:
                assert len(found) < len(codes)  # scored gold rules some out


def test_views_draw_every_ruby_count_the_seat_cannot_rule_out():
    """The gold an opponent scores (public) narrows its boards down a lot; where
    several ruby counts remain possible, views draw them all, and no other."""
    g = game(2, secret_rubies=True)
    codes, _, ruby = all_arrangements(g.components, False)
    rng = np.random.default_rng(2)
    open_cases = 0
    for seed in range(8):
        s = random_playout(g.new_initial_state(), np.random.default_rng(seed), max_steps=120)
        p = s.current_player()
        q = 1 - p
        possible = {sum(int(ruby[bits(m), i].sum()) for m in s.paths[q])
                    for i in consistent_arrangements(s, q)}
        paid = sum(value for kind, value in s.ledger[q] if kind == 1)
        drawn = set()
        for _ in range(40):
            v = s.view(p, rng)
            drawn.add(v.rubies[q] + v.fresh[q] - 3 + paid)
        assert drawn == possible
        open_cases += len(possible) > 1
    assert open_cases >= 2


def test_the_secret_game_says_it_hides_information():
    assert game(2, secret_rubies=True).info.hidden_information
    assert not game(2).info.hidden_information


def test_without_secrets_a_view_is_the_state():
    s = sample_states(game(3), seed=1, count=1)[0]
    assert s.view(0, np.random.default_rng(0)) == s
