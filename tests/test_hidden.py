"""``core.hidden.HoldingsFilter``: every arrangement that explains what the viewer saw,
drawn with the odds of the hidden draws."""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env.core.hidden import HoldingsFilter

A, B = 0, 1


def test_a_hidden_draw_has_the_odds_of_the_pool():
    found = HoldingsFilter(2, 1, [2, 1]).extend([("draw", 0, "d")])
    rng = np.random.default_rng(0)
    draws = [found.sample(rng)[2]["d"] for _ in range(3000)]
    assert draws.count(A) / len(draws) == pytest.approx(2 / 3, abs=0.03)


def test_what_the_viewer_draws_later_tells_what_the_holder_drew():
    found = HoldingsFilter(2, 1, [1, 1]).extend([("draw", 0, "d"), ("seen_draw", A)])
    rng = np.random.default_rng(1)
    for _ in range(20):
        config, pool, kinds = found.sample(rng)
        assert kinds == {"d": B} and config == (0, 1) and pool == [0, 0]


def test_a_turn_in_tells_which_draw_it_was_and_returns_are_redrawn():
    """The holder draws twice, shows an A (face up), gives one back unseen; then the
    viewer draws an A: only one arrangement in three survives, weighted by the draws."""
    moves = [("draw", 0, "d1"), ("draw", 0, "d2"), ("reveal", 0, A, False),
             ("give", 0, None, "back"), ("seen_draw", A)]
    found = HoldingsFilter(2, 1, [2, 2]).extend(moves)
    rng = np.random.default_rng(2)
    seen = {tuple(sorted(found.sample(rng)[2].items())) for _ in range(200)}
    assert all(dict(s)["back"] in (A, B) for s in seen)
    assert {(dict(s)["d1"], dict(s)["d2"]) for s in seen} >= {(A, B), (B, A)}


def test_a_pile_keeps_its_order():
    moves = [("draw", 0, "d1"), ("draw", 0, "d2"), ("discard", 0, 1, "x"), ("push", A),
             ("seen_pop", B)]
    found = HoldingsFilter(2, 1, [1, 2]).extend(moves)
    rng = np.random.default_rng(3)
    for _ in range(20):  # the card discarded first is the one the viewer saw on top
        config, _, kinds = found.sample(rng)
        assert kinds["x"] == B and config in {(1, 0, A), (0, 1, A)}


def test_an_impossible_move_is_an_error():
    with pytest.raises(ValueError, match="no arrangement"):
        HoldingsFilter(2, 1, [1, 0]).extend([("draw", 0, "d"), ("seen_draw", A)])
