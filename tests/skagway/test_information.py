"""What a Skagway seat has seen and what its views redraw (DESIGN.md, "Hidden
information and view"; RULES_NOTES H1-H6; issue 9.6)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest

import skagway_env
from skagway_env.core.playout import random_step, replay
from skagway_env.games.skagway import information
from skagway_env.games.skagway.information import (
    GOLD_DRAW,
    GOLD_RESHUFFLE,
    GOLD_RETURN,
    GOLD_TURN_IN,
    GOODS_CASH,
    GOODS_DECAY,
    GOODS_DRAW,
    HAND_DRAW,
    RAIL_DRAW,
)
from skagway_env.games.skagway.stages import Location, Stage


def find(players: int, seed: int, wanted: Callable) -> tuple:
    """The first decision state of seeded random games with a seat ``viewer`` such that
    ``wanted(state, events, viewer)``: (state, viewer)."""
    game = skagway_env.make_game("skagway", num_players=players)
    rng = np.random.default_rng(seed)
    for _ in range(400):
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
            if state.is_chance_node() or state.is_terminal():
                continue
            events = information.ledger(state).events
            for viewer in range(players):
                if wanted(state, events, viewer):
                    return state.clone(), viewer
    raise AssertionError("no such state in 400 random games")


def check_view(state, viewer, view) -> None:
    """The contract: the view replays to itself and the seat cannot tell it apart."""
    assert replay(state.game, view.history) == view
    assert view.information_state_string(viewer) == state.information_state_string(viewer)
    assert view.observation_string(viewer) == state.observation_string(viewer)
    assert np.array_equal(view.observation_tensor(viewer), state.observation_tensor(viewer))


def decayed_by_another(state, events, viewer) -> bool:
    """Another seat's decayed card lies under the deck, and it held two kinds then."""
    return (len(state.goods_bottom) == sum(e[0] == GOODS_DECAY for e in events)
            and any(e[0] == GOODS_DECAY and e[1] != viewer for e in events)
            and sum(e[0] == GOODS_DRAW and e[1] != viewer for e in events) >= 3)


def removed_by_another(state, events, viewer) -> bool:
    """Other seats returned Gold counters to an empty supply (out of play, unseen [4.6]),
    of another face than some counter still hidden from the viewer."""
    if not any(e[0] == GOLD_RETURN and e[4] for e in events) or any(
            e[0] == GOLD_RETURN and e[4] and e[1] == viewer for e in events):
        return False
    faces = [v for v, _ in state.game.components.gold.counts]
    supply = state.game.components.gold.supply(state.num_players)
    hidden = np.array(state.gold_supply) + np.sum(
        [h for q, h in enumerate(state.gold_held) if q != viewer], axis=0)
    gone = Counter(state.bank + state.robbed + [v for e in events if e[0] == GOLD_TURN_IN
                                                 for v in [e[2]] if v == max(faces)])
    removed = [supply.count(v) - hidden[k] - state.gold_held[viewer][k] - gone[v]
               for k, v in enumerate(faces)]
    kinds = {k for k in range(len(faces)) if removed[k] > 0 or hidden[k] > 0}
    return len(kinds) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_decayed_goods_under_the_deck_are_redrawn(players):
    """9.6: another seat's decayed cards went under the deck face down; views used to
    keep their true types, so every world knew them and the draws from that pile."""
    state, viewer = find(players, 20 + players, decayed_by_another)
    rng = np.random.default_rng(1)
    views = [state.view(viewer, rng) for _ in range(40)]
    assert len({tuple(v.goods_bottom) for v in views}) > 1
    for view in views[:3]:
        check_view(state, viewer, view)
    mine = [e for e in information.ledger(state).events if e[0] == GOODS_DECAY]
    for view in views:  # the viewer's own decayed cards keep their type and place
        for k, event in enumerate(mine):
            if event[1] == viewer:
                assert view.goods_bottom[k] == state.goods_bottom[k]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gold_returned_to_an_empty_supply_is_redrawn(players):
    """9.6: a counter returned face down when the supply is empty leaves the game
    unseen [4.6]; views used to redeal only the supply and the hands, whose make-up
    then was always the true one."""
    state, viewer = find(players, 30 + players, removed_by_another)
    rng = np.random.default_rng(2)
    others = [q for q in range(players) if q != viewer]
    views = [state.view(viewer, rng) for _ in range(60)]
    make_ups = {tuple(np.sum([v.gold_held[q] for q in others], axis=0) + v.gold_supply)
                for v in views}
    assert len(make_ups) > 1
    for view in views[:3]:
        check_view(state, viewer, view)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_views_history_differs_from_the_truth_where_something_is_hidden(players):
    def hidden(state, events, viewer):
        return sum(e[0] in (GOLD_DRAW, GOODS_DRAW) and e[1] != viewer for e in events) >= 6

    state, viewer = find(players, 40 + players, hidden)
    rng = np.random.default_rng(3)
    for _ in range(10):
        view = state.view(viewer, rng)
        assert view.history != state.history
        assert replay(state.game, view.history) != state


@pytest.mark.parametrize("players", [2, 4])
def test_public_facts_and_own_draws_are_kept(players):
    """Turn-ins, reshuffles and cashed cards are face up; the viewer's own draws and
    returns are its own; each seat's Railroad counters are shown at the scoring [4.3.2]."""
    def scored(state, events, viewer):
        return (state.rail_owner >= 0 and any(e[0] == GOODS_CASH for e in events)
                and any(e[0] == GOLD_TURN_IN and e[1] != viewer for e in events))

    state, viewer = find(players, 50 + players, scored)
    truth = information.ledger(state).events
    rng = np.random.default_rng(4)
    public = (GOLD_TURN_IN, GOLD_RESHUFFLE, GOODS_CASH)
    for _ in range(5):
        view = state.view(viewer, rng)
        seen = information.ledger(view).events
        assert [e[:2] + e[3:] for e in seen] == [e[:2] + e[3:] for e in truth]
        for mine, theirs in zip(seen, truth, strict=True):
            if mine[0] in public or mine[1] == viewer:
                assert mine == theirs
        for seat in range(players):
            rail = [sorted(e[2] for e in events if e[0] == RAIL_DRAW and e[1] == seat)
                    for events in (seen, truth)]
            assert rail[0] == rail[1]
        check_view(state, viewer, view)


def test_recruits_of_another_seat_come_from_the_pool_they_were_drawn_from():
    """[4.3.4] Face down until Phase Six: only the pool at the draw is a candidate, not a
    Hired Hand that came back to the pool from the Jail or Cemetery after it."""
    def recruited(state, events, viewer):
        return (state.recruited_by not in (-1, viewer)
                and state.stage in (Stage.KEEP_GOLD, Stage.DECAY_ROLL, Stage.STREET_CHOICE))

    state, viewer = find(4, 60, recruited)
    draws = [e for e in information.ledger(state).events
             if e[0] == HAND_DRAW and e[4][1] == state.turn]
    pool = set(draws[0][4][0])
    rng = np.random.default_rng(5)
    picked = Counter()
    for _ in range(30):
        view = state.view(viewer, rng)
        recruits = {w for w, where in enumerate(view.loc) if where == Location.RECRUITED}
        assert len(recruits) == len(draws) and recruits <= pool
        picked[frozenset(recruits)] += 1
    assert len(picked) > 1
    check_view(state, viewer, view)


@pytest.mark.parametrize("stage", [Stage.KEEP_GOLD, Stage.GOODS_CASH, Stage.TURN_IN])
def test_views_at_another_seats_hidden_choice(stage):
    """Returning Gold, cashing Goods, turning Gold in: the legal moves of the seat to
    move are those of its redrawn hand."""
    state, viewer = find(4, 70, lambda s, events, v: s.stage == stage
                         and s.current_player() != v)
    rng = np.random.default_rng(6)
    for _ in range(5):
        check_view(state, viewer, state.view(viewer, rng))


def mid_decay(state) -> int | None:
    """A seat other than the one rolling, while cards are still to roll."""
    if state.stage == Stage.DECAY_ROLL and len(state.decay_queue) > 1:
        return next(q for q in range(state.num_players) if q != state.decay_queue[0])
    return None


def mid_recruiting(state) -> int | None:
    """Another seat than the one recruiting, between its two draws [4.3.4]."""
    if state.stage == Stage.HAND_DRAW and state.draws_left == 1:
        return next(q for q in range(state.num_players) if q != state.recruited_by)
    return None


@pytest.mark.parametrize("where", [mid_decay, mid_recruiting])
def test_views_in_the_middle_of_hidden_chance(where):
    """Mid-way through decay rolls or recruiting, the view's queue and pool follow its
    own redrawn hands (a decay die names no card: the pick is a chance node of its own)."""
    game = skagway_env.make_game("skagway", num_players=4)
    rng = np.random.default_rng(8)
    found = 0
    while found < 4:
        state = game.new_initial_state()
        while not state.is_terminal():
            viewer = where(state)
            if viewer is not None:
                for _ in range(3):
                    check_view(state, viewer, state.view(viewer, rng))
                found += 1
                break
            random_step(state, rng)


def test_a_cached_ledger_gives_the_same_views_as_a_fresh_one():
    """The ledger is extended move by move on a live state; from scratch (a deserialized
    state has none) it must say the same."""
    game = skagway_env.make_game("skagway", num_players=4)
    rng = np.random.default_rng(9)
    checked = 0
    while checked <= 5:  # games until six positions are checked
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
            if state.is_chance_node() or rng.random() > 0.1:
                continue
            viewer = state.current_player()
            live = state.view(viewer, np.random.default_rng(checked))
            fresh = game.deserialize(state.serialize()).view(viewer,
                                                             np.random.default_rng(checked))
            assert live == fresh and live.history == fresh.history
            checked += 1


def test_views_of_views_keep_the_contract():
    """Search agents view the view they were handed, many times over."""
    state, viewer = find(3, 80, lambda s, events, v: len(events) > 30)
    rng = np.random.default_rng(10)
    first = state.view(viewer, rng)
    for _ in range(5):
        check_view(state, viewer, first.view(viewer, rng))


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_cards_drawn_from_under_the_deck(players):
    """I12: with the deck empty the Railroad Workers take the decayed cards, oldest
    first, with no chance node; about one random game in 150 gets there."""
    game = skagway_env.make_game("skagway", num_players=players)
    rng = np.random.default_rng(100 + players)
    for _ in range(3000):
        state = game.new_initial_state()
        while not state.is_terminal():
            before = len(state.goods_bottom)
            random_step(state, rng)
            if len(state.goods_bottom) < before:
                while state.is_chance_node():
                    random_step(state, rng)
                if state.is_terminal():
                    break
                events = information.ledger(state).events
                assert any(e[0] == information.GOODS_BOTTOM for e in events)
                for viewer in range(players):
                    check_view(state, viewer, state.view(viewer, rng))
                return
    raise AssertionError("no draw from under the deck in 3000 random games")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_across_whole_random_games(players):
    """Every seat's views at random moments of 15 random games keep the contract."""
    game = skagway_env.make_game("skagway", num_players=players)
    rng = np.random.default_rng(200 + players)
    for _ in range(15):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node() and rng.random() < 0.1:
                viewer = int(rng.integers(players))
                check_view(state, viewer, state.view(viewer, rng))
            random_step(state, rng)
