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


def test_a_limited_filter_keeps_the_heaviest_arrangements_and_says_what_it_left_out():
    one = HoldingsFilter(4, 1, [4, 3, 2, 1], limit=2).extend([("draw", 0, "d")])
    assert set(one.weights) == {(1, 0, 0, 0), (0, 1, 0, 0)}  # the likeliest draws
    assert one.dropped == pytest.approx(3 / 10)  # a 2 or a 1 of the ten left out
    moves = [("draw", 0, "a"), ("draw", 1, "b"), ("draw", 0, "c")]
    exact = HoldingsFilter(3, 2, [3, 2, 1]).extend(moves)
    limited = HoldingsFilter(3, 2, [3, 2, 1], limit=4).extend(moves)
    assert exact.dropped == 0.0 and len(exact.weights) > 4
    assert len(limited.weights) == 4 and 0.0 < limited.dropped < 1.0
    assert set(limited.weights) <= set(exact.weights)
    rng = np.random.default_rng(4)
    assert all(limited.sample(rng)[0] in limited.weights for _ in range(50))
    roomy = HoldingsFilter(3, 2, [3, 2, 1], limit=1000).extend(moves)
    assert roomy.weights == exact.weights and roomy.dropped == 0.0


def test_a_limited_filter_that_dropped_the_only_explanation_raises():
    """Callers then rebuild it without a limit (Skagway's information._filter)."""
    moves = [("draw", 0, "d")]
    kept = HoldingsFilter(2, 1, [5, 1], limit=1).extend(moves)  # keeps "drew an A"
    assert kept.weights == {(1, 0): 1.0}
    with pytest.raises(ValueError, match="no arrangement"):
        kept.extend([("reveal", 0, B, False)])
    HoldingsFilter(2, 1, [5, 1]).extend(moves + [("reveal", 0, B, False)])


class PlainFilter(HoldingsFilter):
    """The draws and reveals as ``_advance`` moves (how they were written before
    ``_draw``, ``_seen_draw`` and ``_reveal`` were written out for speed)."""

    def _draw(self, holder, tag=None):
        offset = holder * self.kinds

        def moves(config):
            return [(config[:offset + kind] + (config[offset + kind] + 1,)
                     + config[offset + kind + 1:], left, kind)
                    for kind, left in enumerate(self._pool(config)) if left > 0]
        return self._advance(tag, moves)

    def _reveal(self, holder, kind, to_pool):
        index = holder * self.kinds + kind
        if not to_pool:
            self.unseen = self.unseen[:kind] + (self.unseen[kind] - 1,) + self.unseen[kind + 1:]

        def moves(config):
            return [(config[:index] + (config[index] - 1,) + config[index + 1:], 1.0, None)
                    ] if config[index] > 0 else []
        return self._advance(None, moves)

    def _seen_draw(self, kind):
        self.unseen = self.unseen[:kind] + (self.unseen[kind] - 1,) + self.unseen[kind + 1:]

        def moves(config):
            left = self._pool(config)[kind]
            return [(config, left + 1, None)] if left >= 0 else []
        return self._advance(None, moves)


def _skagway_filters():
    """``(seed, state, book, viewer, pile)`` for every seat's Gold and Goods filters at
    positions of Skagway games of 3 and 4 players walked the way players play
    (``tests/walks.py``: heuristic styles beside random seats, sensible random, and
    uniform play), each cut at two points of the game."""
    from skagway_env.games.skagway import information

    from .conftest import GameConfig
    from .walks import walk

    for players in (3, 4):
        config = GameConfig("skagway", players)
        game = config.make()
        for k, policy in enumerate(("mixed", "mixed", "sensible", "uniform")):
            seed = 50 * players + k
            walked = walk(config, policy, k, seed)
            ends = len(walked.history)
            for state in walked.positions(game, [ends // 2, ends]):
                book = information.ledger(state)
                for viewer in range(players):
                    for pile in ("gold", "goods"):
                        yield seed, state, book, viewer, pile


def test_the_written_out_draws_are_the_plain_moves():
    """Along Skagway games, every seat's Gold and Goods filters built with the written-out
    draws hold the same arrangements, weights, parents and order as with the plain
    moves, and sample the same."""
    from skagway_env.games.skagway import information

    compared = revealed = 0
    for _, state, book, viewer, pile in _skagway_filters():
        fast = information._new_filter(state, pile, None)
        plain = PlainFilter(fast.kinds, fast.holders, fast.unseen)
        moves = information._filter_moves(state, book, pile, viewer, 0)
        fast, plain = fast.extend(moves), plain.extend(moves)
        assert list(fast.weights.items()) == list(plain.weights.items())
        assert fast.unseen == plain.unseen and len(fast.steps) == len(plain.steps)
        for ours, theirs in zip(fast.steps, plain.steps, strict=True):
            assert ours.tag == theirs.tag
            assert list(ours.parents.items()) == list(theirs.parents.items())
        assert fast.sample(np.random.default_rng(7)) == plain.sample(
            np.random.default_rng(7))
        compared += any(m[0] == "draw" for m in moves)
        revealed += any(m[0] == "reveal" for m in moves)
    assert compared >= 6 and revealed >= 6


def test_a_redeal_counts_what_numpy_counts():
    """``redeal`` tallies the shuffled items in Python: the counts ``np.bincount`` gives
    for the same shuffle, seat by seat, and the supply left."""
    from skagway_env.core.hidden import redeal

    for seed in range(20):
        supply, held = [3, 0, 2, 5], [[1, 1, 0, 0], [0, 0, 0, 0], [2, 0, 1, 0]]
        ours = [row[:] for row in held]
        left = redeal(np.random.default_rng(seed), supply, ours, [0, 2])
        rng = np.random.default_rng(seed)
        pool = [a + b + c for a, b, c in zip(supply, held[0], held[2], strict=True)]
        items = np.repeat(np.arange(4), pool)
        rng.shuffle(items)
        assert ours[0] == np.bincount(items[:2], minlength=4).tolist()
        assert ours[1] == [0, 0, 0, 0]
        assert ours[2] == np.bincount(items[2:5], minlength=4).tolist()
        assert left == np.bincount(items[5:], minlength=4).tolist()


def test_the_compiled_draw_is_the_python_loop():
    """``_speedups/_holdings.c`` gives ``_draw_loop``'s weights (the same doubles) and
    parents, in the same order, at every hidden draw of every seat's Gold and Goods
    filters along walked Skagway games of 3 and 4 players."""
    from skagway_env.core import hidden
    from skagway_env.games.skagway import information

    if hidden._twin is None:
        pytest.skip("the C twin is off (SKAGWAY_PURE_PYTHON) or not built "
                    "(tests/test_speedups_built.py fails then)")
    compared = 0
    for _, state, book, viewer, pile in _skagway_filters():
        filt = information._new_filter(state, pile, None)
        for move in information._filter_moves(state, book, pile, viewer, 0):
            if move[0] == "draw":
                holder = move[1]
                ours = hidden._twin.draw(filt.weights, filt.unseen, filt.kinds,
                                         filt.holders, holder)
                weights, parents = filt._draw_loop(holder)
                assert list(ours[0].items()) == list(weights.items())
                assert list(ours[1].items()) == list(parents.items())
                compared += len(weights) > 1
            filt = filt.extend([move])
    assert compared >= 20


def test_an_extended_filter_keeps_its_class():
    """``extend`` builds a filter of the caller's class, so ``PlainFilter`` above really
    runs its plain moves (it once built a ``HoldingsFilter`` and compared it with itself)."""
    assert type(PlainFilter(2, 1, [1, 1]).extend([("draw", 0, "d")])) is PlainFilter


def test_the_compiled_walk_samples_as_the_python_walk():
    """``_speedups/_holdings.c``'s walk back gives the Python walk's samples: the same
    configuration, pool and kinds by tag, for 30 draws of every seat's Gold and Goods
    filters along Skagway games of 3 and 4 players."""
    from skagway_env.core import hidden
    from skagway_env.games.skagway import information

    if hidden._twin is None:
        pytest.skip("the C twin is off (SKAGWAY_PURE_PYTHON) or not built "
                    "(tests/test_speedups_built.py fails then)")
    compared = 0
    for seed, state, book, viewer, pile in _skagway_filters():
        filt = information._new_filter(state, pile, None).extend(
            information._filter_moves(state, book, pile, viewer, 0))
        ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
        for _ in range(30):
            drawn = filt.sample(ours)
            twin, hidden._twin = hidden._twin, None
            try:
                assert drawn == filt.sample(theirs)
            finally:
                hidden._twin = twin
            compared += bool(drawn[2])
    assert compared >= 300
