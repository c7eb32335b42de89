"""RULES_NOTES H2: another seat's landscape and cover are hidden until the check ("the
claims lie on the gold"; "one by one, the players start to uncover their claims"),
so the join-up is a bet; views redraw what is hidden and replay to themselves."""

from __future__ import annotations

import numpy as np

from skagway_env.core.playout import replay
from skagway_env.games.klondike1896_council.actions import Place
from skagway_env.games.klondike1896_council.state import JOIN

from .helpers import make, start_round, tick

CARDS3 = [("red", 4), ("blue", 2), ("green", 1)]


def join_position(seat1_place: int, **params):
    """Seats 0 and 1 lay board A and place a claim (seat 1's given), declare in turn
    and take their cards; seat 2 is left the last player, to join up."""
    state = start_round(make(3, **params).new_initial_state(), CARDS3, (10, 1))
    codec = state.game.codec
    tick(state, {p: codec.lay(0, 0) for p in range(3)})
    place0 = next(a for a in state.legal_actions(0) if isinstance(codec.decode(a), Place))
    tick(state, {0: place0, 1: seat1_place, 2: codec.wait})
    while state.phase != JOIN:
        if state.is_simultaneous_node():
            moves = {p: codec.declare for p in (0, 1) if codec.declare in state.legal_actions(p)}
            tick(state, moves)
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def two_placements_of_one_claim(state_factory):
    """Two first placements of the same claim that cover different gold."""
    state = state_factory()
    codec = state.game.codec
    tick(state, {p: codec.lay(0, 0) for p in range(3)})
    by_gold: dict[int, int] = {}
    for a in state.legal_actions(1):
        move = codec.decode(a)
        if isinstance(move, Place) and move.slot == 1:
            trial = state.clone()
            tick(trial, {0: a, 1: a, 2: codec.wait})
            by_gold.setdefault(trial.gold[1], a)
    assert len(by_gold) >= 2
    return list(by_gold.values())[:2]


def test_the_joiner_sees_equal_tensors_whatever_another_seat_covered():
    """Acceptance: two positions differing only in seat 1's cover give the joiner
    (seat 2) equal tensors, strings and information states; seat 1 sees its own."""
    first, second = two_placements_of_one_claim(
        lambda: start_round(make(3).new_initial_state(), CARDS3, (10, 1)))
    a, b = join_position(first), join_position(second)
    assert a.phase == JOIN == b.phase and a.last == 2 == b.last
    assert (a.gold[1], a.rubies[1]) != (b.gold[1], b.rubies[1])
    assert np.array_equal(a.observation_tensor(2), b.observation_tensor(2))
    assert a.observation_string(2) == b.observation_string(2)
    assert a.information_state_string(2) == b.information_state_string(2)
    assert a.legal_actions(2) == b.legal_actions(2)
    assert not np.array_equal(a.observation_tensor(1), b.observation_tensor(1))


def test_with_open_covers_the_joiner_sees_the_difference():
    first, second = two_placements_of_one_claim(
        lambda: start_round(make(3, covers="open").new_initial_state(), CARDS3, (10, 1)))
    a, b = join_position(first, covers="open"), join_position(second, covers="open")
    assert not np.array_equal(a.observation_tensor(2), b.observation_tensor(2))
    assert not a.game.info.hidden_information


def test_a_view_redraws_the_others_boards_and_claims_and_replays_to_itself():
    first, _ = two_placements_of_one_claim(
        lambda: start_round(make(3).new_initial_state(), CARDS3, (10, 1)))
    state = join_position(first)
    rng = np.random.default_rng(4)
    views = [state.view(2, rng) for _ in range(6)]
    codec = state.game.codec
    for view in views:
        assert replay(state.game, view.history) == view
        assert view.landscape[2] == state.landscape[2] and view.gold[2] == state.gold[2]
        assert [len(x) for x in view.landscape] == [len(x) for x in state.landscape]
        assert [[codec.decode(a).slot for a in x] for x in view.placed] == [
            [codec.decode(a).slot for a in x] for x in state.placed]
        assert view.information_state_string(2) == state.information_state_string(2)
    assert any(v.landscape[:2] != state.landscape[:2] for v in views)


def test_the_check_uncovers_every_seat_in_the_log():
    first, _ = two_placements_of_one_claim(
        lambda: start_round(make(3).new_initial_state(), CARDS3, (10, 1)))
    state = join_position(first)
    before = state.observation_string(2)
    assert "uncovers" not in before and "cover hidden until the check" in before
    state.apply_action(state.game.codec.join(0))
    text = state.observation_string(2)
    assert "P1 uncovers: lay board A turned 0; place" in text
    assert "P1 covered" in text


def test_public_strings_of_race_moves_name_the_claim_not_its_place():
    state = start_round(make(3).new_initial_state(), CARDS3, (10, 1))
    codec = state.game.codec
    assert state.public_action_string(codec.lay(2, 3), 1) == "lay a board"
    assert state.action_to_string(codec.lay(2, 3), 1) == "lay board C turned 3"
    tick(state, {p: codec.lay(0, 0) for p in range(3)})
    place = next(a for a in state.legal_actions(1) if isinstance(codec.decode(a), Place))
    assert state.public_action_string(place, 1) == "place cross"
    assert state.public_action_string(codec.declare, 1) == "declare"
