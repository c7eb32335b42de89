"""[Tips] 2, secret rubies: what a seat sees, and views that redraw the rest."""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env.core.playout import random_playout, replay
from skagway_env.games.klondike1896 import observation
from skagway_env.games.klondike1896.geometry import all_arrangements, bits
from skagway_env.games.klondike1896.phases import DEAL
from skagway_env.games.klondike1896.secret import consistent_arrangements

from ..conftest import sample_states
from .helpers import I3, L, bid, game, start


def secret_states(n: int = 3, count: int = 8):
    return sample_states(game(n, secret_rubies=True), seed=n, count=count)


def test_other_seats_rubies_and_landscapes_are_hidden():
    for s in secret_states():
        for p in range(s.num_players):
            text = s.observation_string(p)
            assert text.count("rubies ?") == s.num_players - 1
            assert f"P{p} (you): gold {s.gold[p]} | rubies {s.rubies[p]}" in text
        base = game(3).new_initial_state()
        assert "?" not in base.observation_string(0)


def test_views_redraw_other_arrangements_consistently():
    rng = np.random.default_rng(1)
    changed = 0
    for s in secret_states():
        p = max(s.current_player(), 0)  # seat 0 at a simultaneous node
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
        s = random_playout(g.new_initial_state(), np.random.default_rng(seed), max_steps=80)
        p = max(s.current_player(), 0)  # seat 0 at a simultaneous node
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


# ---------------------------------------------------------------- what the others saw


def _after_auction(board_b: int, ending_bid: int):
    """Two seats, rubies secret: seat 0 takes claim 0 for nothing, then seat 1 ends the
    auction on free claim 1 with ``ending_bid`` rubies; seat 1's first board is
    ``board_b`` (board A turned ``board_b`` quarter turns, hidden from seat 0)."""
    s = start(game(2, secret_rubies=True), rows=[[I3, L]])
    s.arrangement[1][0] = board_b  # seat 1's first slot (board A turned), hidden
    s.history[4] = board_b
    bid(s, 0, 0)
    bid(s, 1, ending_bid)
    return s


def test_the_bid_that_ends_an_auction_is_seen_by_every_seat():
    """[1)] the rubies put down with a pawn lie on the table and go "to the common pot"
    when the bidding ends: under [Tips] 2 too, every seat sees the last bid."""
    free, paid = _after_auction(0, 0), _after_auction(0, 2)
    assert free.history != paid.history
    assert free.information_state_string(0) != paid.information_state_string(0)
    assert not np.array_equal(free.observation_tensor(0), paid.observation_tensor(0))
    assert "P1 claim [1] for 2 rubies" in paid.observation_string(0)


def test_equal_information_states_give_equal_views():
    """A view conditions only on what its seat saw: states that seat 0 cannot tell
    apart (seat 1's boards differ, or anything else hidden) give the same view for
    the same generator seed."""
    states = [_after_auction(b, r) for b in range(4) for r in (0, 2)]
    groups: dict[str, list] = {}
    for s in states:
        groups.setdefault(s.information_state_string(0), []).append(s)
    assert any(len(g) > 1 for g in groups.values())
    for group in groups.values():
        views = [s.view(0, np.random.default_rng(7)).serialize() for s in group]
        assert all(v == views[0] for v in views)


def _seat_scalars(s, observer: int, q: int) -> np.ndarray:
    size = observation.SEAT_SCALARS + observation.PLANES * s.game.grid.cells
    seat0 = s.game.observation_size() - observation.SEATS * size
    at = seat0 + (q - observer) % s.num_players * size
    return s.observation_tensor(observer)[at:at + observation.SEAT_SCALARS]


def test_the_tensor_holds_the_payments_and_the_bounds_on_hidden_rubies():
    """What a seat knows of another's secret rubies (its payments, hence the bounds
    on what it holds) is in the tensor, and the truth lies within those bounds."""
    g = game(3, secret_rubies=True)
    low, high = g.observation_bounds()
    for s in sample_states(g, seed=4, count=10):
        for p in range(3):
            for q in range(3):
                paid, lo, hi, flo, fhi = _seat_scalars(s, p, q)[6:11] * 10
                assert round(paid) == s.paid[q]
                assert lo - 1e-4 <= s.rubies[q] <= hi + 1e-4
                assert flo - 1e-4 <= s.fresh[q] <= fhi + 1e-4
                if q == p:
                    assert round(lo) == round(hi) == s.rubies[q]
    # the payment itself, once the auction is over, stays in the tensor
    free, paid = _after_auction(0, 0), _after_auction(0, 2)
    for s in (free, paid):
        s.apply_actions([s.legal_actions(0)[0], s.legal_actions(1)[0]])
    assert _seat_scalars(paid, 0, 1)[6] * 10 == pytest.approx(2)
    assert _seat_scalars(free, 0, 1)[6] == 0


def test_public_chance_strings_show_the_public_part():
    s = game(2, secret_rubies=True).new_initial_state()
    setup = {s.public_chance_string(a) for a, _ in s.chance_outcomes()}
    assert setup == {"lay a board in slot 0 of player 0"}  # which one stays hidden
    assert s.public_action_string(0) == "lay a board in slot 0 of player 0"
    deal = start(game(2, secret_rubies=True))
    deal.phase, deal.rows = DEAL, [[]]  # the next claim of a row, dealt face up
    strings = {deal.public_chance_string(a) for a, _ in deal.chance_outcomes()}
    assert len(strings) == len(deal.chance_outcomes()) and "deal cross" in strings
    both = game(2, secret_rubies=True, identical_boards=True).new_initial_state()
    assert both.public_chance_string(5) == both.action_to_string(5)  # nothing hidden
    basic = game(2).new_initial_state()
    assert basic.public_action_string(5) == basic.action_to_string(5)


def test_a_view_draws_views_as_the_truth_does():
    """A view is a state its seat cannot tell from the truth; drawn from with the
    same seed, both give the same view (nothing but the seat's information counts)."""
    for s in secret_states(count=6):
        for p in range(s.num_players):
            other = s.view(p, np.random.default_rng(3))
            assert other.information_state_string(p) == s.information_state_string(p)
            assert (other.view(p, np.random.default_rng(9)).serialize()
                    == s.view(p, np.random.default_rng(9)).serialize())
