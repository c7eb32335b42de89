"""Dawson City Barbers observations: the cached seat rows always equal a fresh
encoding, the layout matches the documented table, and nothing hidden leaks."""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env import make_game
from skagway_env.games.dawson_city_barbers.observation import PLAYER_FEATURES

from .conftest import random_playout


@pytest.mark.parametrize("num_players", range(2, 7))
def test_cached_rows_equal_a_fresh_encoding_at_every_step(num_players):
    game = make_game("dawson_city_barbers", num_players=num_players)
    for seed in range(4):

        def compare(state, seed: int = seed) -> None:
            observer = (len(state.history) + seed) % num_players
            cached = state.observation_tensor(observer)
            fresh = state.clone()  # a clone drops the cache and rebuilds from scratch
            assert np.array_equal(cached, fresh.observation_tensor(observer))

        random_playout(game.new_initial_state(), np.random.default_rng(seed), compare)


def test_layout_matches_the_documented_table():
    game = make_game("dawson_city_barbers", num_players=4)
    assert PLAYER_FEATURES == 26
    assert game.observation_size() == 4 + 5 + 1 + 3 * 21 + 6 * 26 == 229
    assert game.num_distinct_actions() == 21 + 6 * 21 + 3 * 21 == 210
    state = game.new_initial_state()
    # the start player, the deal, 7 turns: everyone has had a turn, some a haircut
    random_playout(state, np.random.default_rng(0), max_steps=1 + 4 * 5 + 7)
    obs = state.observation_tensor(1)
    assert obs[state.round] == 1 and obs[:4].sum() == 1
    assert obs[4:9].tolist() == [0, 0, 1, 0, 0] and obs[9] == 0  # playing, no flips due
    assert obs[10:31].tolist() == state.hands[1]
    assert obs[31:52].tolist() == state.discards
    assert not obs[52:73].any()  # own face-down discards: none when discards are face up
    seats = obs[73:].reshape(6, 26)
    assert seats[:4, 0].tolist() == [1, 1, 1, 1] and not seats[4:].any()  # 4 seats, padded
    assert any(cut >= 0 for cut in state.cut_at)
    for rel in range(4):
        q = (1 + rel) % 4
        assert seats[rel, 1] == pytest.approx(state.train_pos[q] / 28)
        assert seats[rel, 5] == pytest.approx(state.work[q] / 20)
        assert seats[rel, 6] == pytest.approx(state.pan[q] / 20)
        assert seats[rel, 7] == (state.cut_at[q] >= 0)
        chair = state.shop[state.cut_at[q]].index(q) if state.cut_at[q] >= 0 else None
        assert seats[rel, 13:16].tolist() == [float(chair == c) for c in range(3)]
        assert seats[rel, 19] == pytest.approx(sum(state.hands[q]) / 5)
        assert seats[rel, 20] == (q == state.start_player)


def test_opponents_hands_do_not_reach_the_observation():
    game = make_game("dawson_city_barbers", num_players=3)
    state = game.new_initial_state()
    random_playout(state, np.random.default_rng(4), max_steps=16)  # start player, deal
    other = state.clone()
    other.hands[1], other.hands[2] = other.hands[2], other.hands[1]  # both hold 5 cards
    assert other.hands != state.hands
    assert np.array_equal(other.observation_tensor(0), state.observation_tensor(0))
    assert other.observation_string(0) == state.observation_string(0)
    assert other.observation_string(1) != state.observation_string(1)


def _chairs_swapped(n: int = 3):
    """Two round-1 positions equal but for the chair order in seat 0's shop: seats 1
    and 2 both sat there, in either order."""
    from .dawson_city_barbers.helpers import dealt_state, make, set_fields

    first = dealt_state(make(n))
    second = first.clone()
    for state, shop in ((first, [1, 2]), (second, [2, 1])):
        set_fields(state, shop=[shop] + [[] for _ in range(n - 1)], cut_at=[-1, 0, 0][:n])
    return first, second


def test_chair_order_is_in_the_tensor():
    """[Get Haircut] "An earlier selection means a better seat"; [Evaluate Haircuts]
    pawns go to Best Hair "maintaining the same order": the chairs are public and
    decide the Best Hair places, so the tensor must tell them apart."""
    first, second = _chairs_swapped()
    for p in range(3):
        assert first.position_string(p) != second.position_string(p)
        assert not np.array_equal(first.observation_tensor(p), second.observation_tensor(p))


def test_position_string_is_the_observation_without_the_log():
    game = make_game("dawson_city_barbers", num_players=3)
    state = game.new_initial_state()
    random_playout(state, np.random.default_rng(5), max_steps=1 + 15 + 15 + 2)  # round 2
    assert state.round == 1 and state.log[0] == "end of round 1:"
    for p in range(3):
        full, position = state.observation_string(p), state.position_string(p)
        assert full == position + "\n" + "\n".join(state.log)


def test_the_display_log_is_a_cache_outside_the_compared_state():
    """The log never enters clone/serialize/== (MCTS clones and compares states), and a
    deserialized state rebuilds it from history."""
    game = make_game("dawson_city_barbers", num_players=3)
    state = game.new_initial_state()
    random_playout(state, np.random.default_rng(6), max_steps=1 + 15 + 15 + 2)
    assert "log" not in state.serialize()["state"]
    other = state.clone()
    other._log = ("something else",)
    assert other == state
    restored = game.deserialize(state.serialize())
    assert restored._log is None
    assert restored.observation_string(0) == state.observation_string(0)


def test_face_down_discards_show_only_to_their_owner():
    """D2 face-down reading: the card spent on a haircut is the owner's alone."""
    game = make_game("dawson_city_barbers", num_players=3, discards="face_down")
    state = game.new_initial_state()
    state.apply_action(0)  # seat 0 starts
    random_playout(state, np.random.default_rng(7), max_steps=15)  # the deal
    hand = state.hands[0]
    kind = next(k for k, c in enumerate(hand) if c)
    state.apply_action(game.codec.haircut(kind, 1))
    assert sum(state.discards) == 0 and state.face_down[0][kind] == 1
    k = game.components.num_kinds
    assert state.observation_tensor(0)[10 + 2 * k + kind] == 1  # own face-down block
    for p in (1, 2):
        assert not state.observation_tensor(p)[10 + k:10 + 3 * k].any()
    swapped = state.clone()
    other = (kind + 1) % k
    swapped.face_down[0] = [int(i == other) for i in range(k)]
    for p in (1, 2):
        assert swapped.observation_string(p) == state.observation_string(p)
        assert np.array_equal(swapped.observation_tensor(p), state.observation_tensor(p))
    assert swapped.observation_string(0) != state.observation_string(0)


def test_play_narration_shows_the_scoring_log():
    """``skagway play`` prints a game's ``log_lines`` as they grow: the scoring lines."""
    from skagway_experiments.cli.play import Narrator

    lines: list[str] = []
    narrate = Narrator(public_only=True, out=lines.append)
    game = make_game("dawson_city_barbers", num_players=3)
    state = game.new_initial_state()
    rng = np.random.default_rng(8)
    while not state.is_terminal():
        action = state.legal_actions()[int(rng.integers(len(state.legal_actions())))]
        narrate(state, action)
        state.apply_action(action)
    narrate.show_log(state)
    assert "  end of round 1:" in lines and "  end of round 4:" in lines


def test_a_flip_still_due_and_game_over_give_different_tensors():
    """[Pan for Gold] then [Game End]: in round 4 a panner's flip still due and the game
    over after it are different positions (one is a chance node, the other terminal),
    even when the gold on the table is the same. Two real positions: seat 0 panned
    with 5 gold and flips a card of n nuggets; or it had 5 - n and has flipped it.
    Before v2 the tensor had no phase and these two were equal."""
    from .dawson_city_barbers.helpers import make, scored_state

    def ended(gold: int):
        return scored_state(make(4), round_index=3, pan=[3, 0, 0, 0], train=[4, 3, 2, 1],
                            shops=[[1, 2, 3], [0], [], []], gold=[gold, 0, 0, 0])

    due = ended(5)
    kind = due.legal_actions()[0]
    nuggets = due.game.components.cards[kind].nuggets
    over = ended(5 - nuggets)
    over.apply_action(kind)
    assert due.pending_flips == [0] and over.is_terminal() and due.gold == over.gold
    for p in range(4):
        assert due.position_string(p) != over.position_string(p)
        assert not np.array_equal(due.observation_tensor(p), over.observation_tensor(p))


@pytest.mark.parametrize("phase", ["start", "deal", "play", "flip", "over"])
def test_the_phase_and_the_flips_due_are_in_the_tensor(phase):
    """Header after the round one-hot: the phase one-hot (draw the start player, deal,
    play, panning flips, game over), then the flips still due / 3."""
    from skagway_env.games.dawson_city_barbers.observation import HEADER

    game = make_game("dawson_city_barbers", num_players=4)
    state = game.new_initial_state()
    rng = np.random.default_rng(9)
    while state.phase != ("start", "deal", "play", "flip", "over").index(phase):
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    obs = state.observation_tensor(0)
    assert HEADER == 10
    assert obs[4:9].tolist() == [float(i == state.phase) for i in range(5)]
    assert obs[9] == pytest.approx(len(state.pending_flips) / 3)
    if phase == "flip":
        assert obs[9] > 0
