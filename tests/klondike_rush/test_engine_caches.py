"""The engine's caches and fast paths against the plain rules, where players go.

``building.costs`` is kept up to date through new mines (``building._after_mines``)
from the town's costs, never recomputed; ``can_build`` and ``build_actions`` read the
empty spaces listed once a board and each company's cheapest (``building.cheapest``);
``bid_actions`` and ``free_actions`` are written for speed. Each is checked here against the rule as
written plainly, at every position of games walked by the heuristic styles, by
"sensible random" seats and by uniform play (tests/walks.py), every player count and
the Last Bid variant.
"""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env.games.klondike_rush import auction, building, income, information
from skagway_env.games.klondike_rush.actions import MAX_BID, TURN_INS
from skagway_env.games.klondike_rush.components import WILD

from ..conftest import CONFIGS
from ..walks import walks
from .test_building import bellman_ford

KR_CONFIGS = [c for c in CONFIGS if c.name == "klondike_rush"]


def plain_free_actions(state, p: int) -> list[int]:
    """[Free Actions] every order card ``p`` holds and can fill, then every triple of
    tokens it holds (ascending ids)."""
    codec, held = state.game.codec, state.tokens[p]
    out = []
    for kind, order in enumerate(state.game.components.orders):
        if state.hand[p][kind] and held[order.good] + held[WILD] >= order.quantity:
            out.append(codec.complete_order(kind))
    for i, triple in enumerate(TURN_INS):
        if all(h >= t for h, t in zip(held, triple, strict=True)):
            out.append(codec.turn_in(i))
    return out


def plain_bids(state, p: int) -> list[int]:
    lo, hi = auction.min_bid(state), min(state.money[p], MAX_BID)
    return [state.game.codec.bid(b) for b in range(lo, hi + 1)]


def plain_builds(state, p: int) -> list[int]:
    codec, out = state.game.codec, []
    for c in range(4):
        if state.unused[p][c]:
            cost = bellman_ford(state, c)
            out += [codec.build(c, x) for x, m in enumerate(state.space_mine)
                    if m == building.EMPTY and cost[x] <= state.money[p]]
    return out


@pytest.mark.parametrize("config", KR_CONFIGS, ids=str)
def test_fast_paths_equal_the_plain_rules_along_walked_games(config):
    game = config.make()
    checked = builds = 0
    for walk in walks(config):
        for state in walk.positions(game):
            for c in range(4):
                assert building.costs(state, c) == bellman_ford(state, c), (walk, c)
            for p in range(game.num_players):
                assert income.free_actions(state, p) == plain_free_actions(state, p)
                assert auction.bid_actions(state, p) == plain_bids(state, p)
                assert building.build_actions(state, p) == plain_builds(state, p)
                assert building.can_build(state, p) == bool(plain_builds(state, p))
                builds += bool(plain_builds(state, p))
            checked += 1
    assert checked > 200 and builds > 50


def test_a_mine_leaves_the_costs_of_the_board_before_it_alone():
    """Clones share the cost and offer caches while they share the board: a build
    gives the builder new ones and changes no list the clone before it holds."""
    config = KR_CONFIGS[0]
    game = config.make()
    compared = 0
    for state in walks(config)[1].positions(game):
        if state.phase != state.BUILD:
            continue
        legal = [a for a in state.legal_actions()
                 if game.codec.build_base <= a < game.codec.order_base]
        if not legal:
            continue
        before = state.clone()
        for p in range(game.num_players):
            building.build_actions(before, p)  # the offers of the board before, filled
        after = before.clone()
        after.apply_action(legal[0])
        assert after._costs is not before._costs
        assert after._offers is not before._offers
        for c in range(4):
            assert building.costs(after, c) == bellman_ford(after, c)
            assert building.costs(before, c) == bellman_ford(before, c)
        for p in range(game.num_players):
            for s in (after, before):
                assert building.build_actions(s, p) == plain_builds(s, p)
                assert building.can_build(s, p) == bool(plain_builds(s, p))
        compared += 1
    assert compared > 5


@pytest.mark.parametrize("config", KR_CONFIGS, ids=str)
def test_costs_asked_after_many_mines_are_exact(config):
    """Mines built while nobody asks pile up in the cache and are settled at once."""
    game = config.make()
    checked = 0
    for walk in walks(config):
        steps = list(range(0, len(walk.history) + 1, 17))
        for state in walk.positions(game, steps):
            pending = sum(type(e) is tuple and len(e[1]) > 1 for e in state._costs)
            for c in range(4):
                assert building.costs(state, c) == bellman_ford(state, c)
            checked += pending
    assert checked > 20


@pytest.mark.parametrize("config", KR_CONFIGS, ids=str)
def test_the_unconstrained_shortcut_draws_what_the_general_sampler_draws(config):
    """With no opponent completion the shortcut makes the general sampler's draws
    from the generator: the same arrangement, and the generator left the same."""
    game = config.make()
    compared = 0
    for walk in walks(config):
        for k, state in enumerate(walk.positions(game)):
            for viewer in range(game.num_players):
                hidden = [o.count for o in game.components.orders]
                for _, q, kind in state.order_draws:
                    hidden[kind] -= q == viewer
                if any(c[1] != viewer for c in state.completions):
                    continue
                fast, plain = np.random.default_rng(k), np.random.default_rng(k)
                assert (information._sample_unconstrained(state, viewer, fast, hidden[:])
                        == information._sample_constrained(state, viewer, plain, hidden, []))
                assert fast.random() == plain.random()
                compared += 1
    assert compared > 100


def test_clone_copies_every_list_of_the_state():
    """``clone`` names the lists it copies: every list field of a state is one of
    them, and a clone shares no list (nor table row) with its original."""
    config = KR_CONFIGS[-1]
    game = config.make()
    cls = type(game.new_initial_state())
    named = set(cls.CLONED_LISTS) | set(cls.CLONED_TABLES)
    for state in walks(config)[2].positions(game)[::25]:
        lists = {k for k, v in vars(state).items()
                 if type(v) is list and not k.startswith("_")}
        assert lists == named
        clone = state.clone()
        assert clone == state
        for key in named:
            assert getattr(clone, key) is not getattr(state, key)
        for key in cls.CLONED_TABLES:
            for mine, theirs in zip(getattr(clone, key), getattr(state, key), strict=True):
                assert mine is not theirs


def plain_owed_after(events, e):
    """The seat's completions still to come after event ``e``, by scanning on."""
    for later in events[e + 1:]:
        if later[0] == "seat":
            return None
        if later[0] == "complete":
            owed = list(later[2])
            owed[later[1]] += 1
            return tuple(owed)
    return None


def plain_backward(events, layers, copies, positions, rng):
    """The backward pass stepping every state of the layer before again to find the
    ways into the current one (what ``_forward``'s links record once)."""
    finals = list(layers[-1])
    weights = [layers[-1][f] * information._spread_ways(copies, f[0], positions)
               for f in finals]
    state = finals[information._pick(rng, weights)]
    labels = {}
    for e in range(len(events) - 1, -1, -1):
        event = events[e]
        owed = plain_owed_after(events, e) if event[0] == "draw" else None
        options = [(prev, w, label) for prev, w in layers[e].items()
                   for child, label in information._step(event, prev, copies, owed)
                   if child == state]
        state, _, label = options[information._pick(rng, [w for _, w, _ in options])]
        if event[0] == "draw":
            labels[event[1]] = label
    return labels


@pytest.mark.parametrize("config", KR_CONFIGS, ids=str)
def test_the_linked_backward_pass_picks_what_stepping_again_picks(config):
    game = config.make()
    compared = 0
    for walk in walks(config):
        for k, state in enumerate(walk.positions(game)):
            for viewer in range(game.num_players):
                completed = [c for c in state.completions if c[1] != viewer]
                if not completed:
                    continue
                hidden = [o.count for o in game.components.orders]
                for _, q, kind in state.order_draws:
                    hidden[kind] -= q == viewer
                tracked = sorted({kind for _, _, kind in completed})
                slot_of = {kind: j for j, kind in enumerate(tracked)}
                copies = tuple(hidden[kind] for kind in tracked)
                events, _ = information._events(state, viewer, completed, slot_of)
                layers, links = information._forward(events, copies)
                assert information._owed_table(events) == [
                    plain_owed_after(events, e) for e in range(len(events))]
                fast, plain = np.random.default_rng(k), np.random.default_rng(k)
                positions = 30
                assert (information._backward(events, layers, links, copies, positions, fast)
                        == plain_backward(events, layers, copies, positions, plain))
                assert fast.random() == plain.random()
                compared += 1
    assert compared > 20


def test_the_phase_table_names_chance_and_the_end():
    """``current_player`` reads ``PHASE_PLAYER``: chance in the chance phases, the
    end at OVER, the seat to move in every other phase."""
    from skagway_env.core import CHANCE, TERMINAL
    from skagway_env.games.klondike_rush.state import KlondikeRushState as S

    assert len(S.PHASE_PLAYER) == len(S.PHASE_NAMES)
    for phase, who in enumerate(S.PHASE_PLAYER):
        expected = (CHANCE if phase in S.CHANCE_PHASES else TERMINAL if phase == S.OVER
                    else None)
        assert who == expected, S.PHASE_NAMES[phase]
