"""[Setup] and [Round]: starting position, the deal as chance, turn rotation."""

from __future__ import annotations

import pytest

from skagway_env import CHANCE, GameParameterError, IllegalActionError
from skagway_env.games.dawson_city_barbers.actions import Haircut
from skagway_env.games.dawson_city_barbers.state import DEAL, PLAY, START

from .helpers import card, deal, filler_kinds, make, started

PLAYER_COUNTS = [2, 3, 4, 5, 6]


@pytest.mark.parametrize("n", PLAYER_COUNTS, ids=[f"{n}p" for n in PLAYER_COUNTS])
def test_setup_every_marker_on_zero_pawns_home_weekend_ready(n):
    state = make(n).new_initial_state()
    assert state.train_pos == [0] * n  # [Setup] 2. train marker on 0
    assert state.train_box == [0] * n  # nobody holds a place box yet
    assert state.work == [0] * n  # 1. work marker on 0
    assert state.pan == [0] * n  # 3. pan marker on 0
    assert state.shop == [[] for _ in range(n)]  # 4. pawn on own shop: no visitor
    assert state.cut_at == [-1] * n
    assert state.weekend_used == [False] * n  # 5. long weekend card face up
    assert state.gold == [0] * n
    assert state.round == 0
    assert state.is_chance_node() and state.phase == START  # the start player first


@pytest.mark.parametrize("n", PLAYER_COUNTS, ids=[f"{n}p" for n in PLAYER_COUNTS])
def test_start_player_is_a_uniform_chance_outcome(n):
    """[Setup] "The player who most recently had a haircut is the start player": no
    seat is favoured, so chance draws it (RULES_NOTES S1); the deal follows."""
    state = make(n).new_initial_state()
    assert state.start_player == -1
    assert "start player none" in state.observation_string(0)  # never "P-1"
    assert state.chance_outcomes() == [(s, pytest.approx(1 / n)) for s in range(n)]
    last = n - 1
    assert state.action_to_string(last) == f"start player {last}"
    state.apply_action(last)
    assert state.start_player == last and state.phase == DEAL
    assert state.placing == [(last + i) % n for i in range(n)]  # turn order (T3)
    assert f"start player {last}" in state.observation_string(0)


@pytest.mark.parametrize("n", [1, 7], ids=["1 player", "7 players"])
def test_two_to_six_players_only(n):
    with pytest.raises(GameParameterError):  # [Contents] markers in 6 colours
        make(n)


@pytest.mark.parametrize(
    "n, dealt_before, expected_prob",
    [
        pytest.param(4, [], 2 / 42, id="fresh deck: 2 copies of 42"),
        pytest.param(4, ["T0W0P5"], 1 / 41, id="one copy dealt: 1 of 41 left"),
        pytest.param(4, ["T0W0P5", "T0W0P5"], 0.0, id="both copies dealt: not an outcome"),
        pytest.param(2, ["T1W2P2", "T5W0P0", "T5W0P0"], 2 / 39, id="other kinds dealt: 2 of 39"),
    ],
)
def test_deal_chance_probabilities_follow_deck_counts(n, dealt_before, expected_prob):
    game = make(n)
    state = started(game)
    target = card(game, 0, 0, 5)
    named = {"T0W0P5": target, "T1W2P2": card(game, 1, 2, 2), "T5W0P0": card(game, 5, 0, 0)}
    for name in dealt_before:
        state.apply_action(named[name])
    assert state.current_player() == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert outcomes.get(target, 0.0) == pytest.approx(expected_prob)
    assert sorted(outcomes) == state.legal_actions()
    if expected_prob == 0.0:
        with pytest.raises(IllegalActionError):
            state.apply_action(target)


@pytest.mark.parametrize(
    "n, start, seat_order",
    [
        pytest.param(2, 0, [0, 1], id="2p from seat 0"),
        pytest.param(3, 0, [0, 1, 2], id="3p from seat 0"),
        pytest.param(4, 2, [2, 3, 0, 1], id="4p start seat 2 dealt first, then clockwise"),
        pytest.param(5, 4, [4, 0, 1, 2, 3], id="5p start last seat wraps to seat 0"),
        pytest.param(6, 1, [1, 2, 3, 4, 5, 0], id="6p start seat 1"),
    ],
)
def test_deal_five_cards_each_start_player_first(n, start, seat_order):
    game = make(n)
    state = started(game, start)
    cards = filler_kinds(game, 5 * n)
    blocks = [cards[5 * i: 5 * i + 5] for i in range(n)]
    deal(state, blocks)
    for i, seat in enumerate(seat_order):
        expected = [0] * game.components.num_kinds
        for k in blocks[i]:
            expected[k] += 1
        assert state.hands[seat] == expected, f"block {i} should go to seat {seat}"
    assert sum(state.deck) == 42 - 5 * n  # the rest stay face down
    assert state.phase == PLAY
    assert state.current_player() == start  # "The start player begins"


def _play_one_round(state):
    """Play a whole round by always taking the smallest legal action; log the moves."""
    moves = []
    while state.phase == PLAY:
        action = state.legal_actions()[0]
        moves.append((state.current_player(), state.game.codec.decode(action)))
        state.apply_action(action)
    return moves


@pytest.mark.parametrize(
    "n, start",
    [pytest.param(n, s, id=f"{n}p start {s}") for n, s in
     [(2, 0), (2, 1), (3, 0), (4, 0), (4, 3), (5, 2), (6, 0), (6, 5)]],
)
def test_turns_rotate_clockwise_from_start_five_each(n, start):
    game = make(n)
    state = started(game, start)
    deal(state, [filler_kinds(game, 5 * n)[5 * i: 5 * i + 5] for i in range(n)])
    moves = _play_one_round(state)
    assert [p for p, _ in moves] == [(start + i) % n for i in range(5 * n)]
    # the smallest action is a schedule card until the last card must pay the haircut
    cuts = [p for p, m in moves if isinstance(m, Haircut)]
    assert sorted(cuts) == list(range(n))
    assert state.phase != PLAY  # all 5n cards gone: End of Round has run


@pytest.mark.parametrize("n", PLAYER_COUNTS, ids=[f"{n}p" for n in PLAYER_COUNTS])
def test_hand_shrinks_by_one_card_per_turn(n):
    game = make(n)
    state = started(game)
    deal(state, [filler_kinds(game, 5 * n)[5 * i: 5 * i + 5] for i in range(n)])
    for turn in range(5 * n - 1):
        p = state.current_player()
        before = sum(state.hands[p])
        assert before == 5 - turn // n
        state.apply_action(state.legal_actions()[0])
        assert sum(state.hands[p]) == before - 1
