"""[Get Haircut]: first free chair, never at home, never in a full shop, once a round."""

from __future__ import annotations

import pytest

from skagway_env import IllegalActionError
from skagway_env.games.dawson_city_barbers.actions import Haircut, LongWeekend, Schedule
from skagway_env.games.dawson_city_barbers.state import PLAY

from .helpers import card, dealt_state, make, play_state

T1W2P2 = (1, 2, 2)
T0W0P5 = (0, 0, 5)


def _cut_at(n, shops):
    cut_at = [-1] * n
    for s, pawns in enumerate(shops):
        for p in pawns:
            cut_at[p] = s
    return cut_at


def _haircut_shops(game, legal):
    """Shops offered among ``legal``, per card kind."""
    offered: dict[int, set[int]] = {}
    for a in legal:
        m = game.codec.decode(a)
        if isinstance(m, Haircut):
            offered.setdefault(m.card, set()).add(m.shop)
    return offered


# Rows: (players, shops before, mover, shops the mover may choose).
ALLOWED = [
    pytest.param(2, [[], []], 0, {1}, id="2p: only the other shop"),
    pytest.param(4, [[], [], [], []], 1, {0, 2, 3}, id="4p: every shop but his own"),
    pytest.param(5, [[], [], [], [], [0, 1, 2]], 3, {0, 1, 2},
                 id="5p: full shop (3 seats) and own shop excluded"),
    pytest.param(4, [[2, 3], [], [], []], 1, {0, 2, 3}, id="two seats taken: third free"),
    pytest.param(6, [[3, 5], [], [], [], [], [0, 1, 2]], 4, {0, 1, 2, 3},
                 id="6p: one full shop, one with room"),
    pytest.param(3, [[], [], []], 2, {0, 1}, id="3p: no shop beyond the players' seats"),
]


@pytest.mark.parametrize("n, shops, me, allowed", ALLOWED)
def test_haircut_shops_offered(n, shops, me, allowed):
    game = make(n)
    a, b = card(game, *T1W2P2), card(game, *T0W0P5)
    state = play_state(game, me, [a, b, b], shop=[s[:] for s in shops],
                       cut_at=_cut_at(n, shops))
    legal = state.legal_actions()
    assert _haircut_shops(game, legal) == {a: allowed, b: allowed}
    for shop in set(range(n)) - allowed:
        with pytest.raises(IllegalActionError):
            state.apply_action(game.codec.haircut(a, shop))


# Rows: (players, shop chosen on each turn from the start, None = schedule a card,
# expected shops). Pawns take the first free chair, so arrival order is seat order.
SEATING = [
    pytest.param(4, [3, 3, 3], [[], [], [], [0, 1, 2]], id="three pawns fill a shop in order"),
    pytest.param(4, [None, 0, 3, 0, 3], [[1, 3], [], [], [2, 0]],
                 id="two shops filled turn by turn"),
    pytest.param(3, [1, 0, 0], [[1, 2], [0], []], id="3p: later arrival takes chair 2"),
]


@pytest.mark.parametrize("n, choices, expected", SEATING)
def test_haircut_takes_first_available_chair(n, choices, expected):
    game = make(n)
    state = dealt_state(game)
    for shop in choices:
        p = state.current_player()
        kind = next(k for k, c in enumerate(state.hands[p]) if c)
        action = game.codec.schedule(kind) if shop is None else game.codec.haircut(kind, shop)
        state.apply_action(action)
    assert state.shop == expected
    assert state.cut_at == _cut_at(n, expected)


def test_haircut_discards_the_card_and_moves_no_marker():
    game = make(4)
    k = card(game, 5, 0, 0)
    state = play_state(game, 2, [k, k], train_pos=[1, 2, 0, 4], work=[3, 0, 1, 0],
                       pan=[0, 5, 2, 4])
    discards = state.discards[:]
    state.apply_action(game.codec.haircut(k, 0))
    assert state.hands[2][k] == 1
    assert state.discards[k] == discards[k] + 1  # face up on the discard pile
    assert sum(state.discards) == sum(discards) + 1
    assert (state.train_pos, state.work, state.pan) == ([1, 2, 0, 4], [3, 0, 1, 0], [0, 5, 2, 4])
    assert state.shop[0] == [2]


# Rows: (hand size, haircut already taken, long weekend used, kinds of legal actions).
OFFERS = [
    pytest.param(1, False, False, {Haircut}, id="last card, no haircut yet: haircut only"),
    pytest.param(1, False, True, {Haircut}, id="last card, weekend used: haircut only"),
    pytest.param(1, True, False, {Schedule, LongWeekend}, id="last card, cut done: no haircut"),
    pytest.param(2, True, False, {Schedule, LongWeekend}, id="cut done: never a second one"),
    pytest.param(2, True, True, {Schedule}, id="cut and weekend done: schedule only"),
    pytest.param(2, False, False, {Schedule, Haircut, LongWeekend}, id="2 cards: all three"),
    pytest.param(5, False, True, {Schedule, Haircut}, id="first turn, weekend used"),
]


@pytest.mark.parametrize("size, cut, weekend, kinds", OFFERS)
def test_haircut_once_and_only_once(size, cut, weekend, kinds):
    game = make(4)
    a, b, c = card(game, 1, 2, 2), card(game, 0, 0, 5), card(game, 2, 2, 1)
    hand = [a, a, b, b, c][:size]
    shops = [[], [], [], [1]] if cut else [[], [], [], []]
    state = play_state(game, 1, hand, shop=shops, cut_at=_cut_at(4, shops),
                       weekend_used=[False, weekend, False, False])
    legal = state.legal_actions()
    assert {type(game.codec.decode(a)) for a in legal} == kinds
    if kinds == {Haircut}:
        (k,) = {game.codec.decode(a).card for a in legal}
        assert sorted(legal) == sorted(game.codec.haircut(k, s) for s in (0, 2, 3))


def test_second_haircut_in_a_round_is_illegal():
    game = make(4)
    state = dealt_state(game)
    k0 = next(k for k, c in enumerate(state.hands[0]) if c)
    state.apply_action(game.codec.haircut(k0, 1))
    for _ in range(3):  # seats 1-3 schedule
        p = state.current_player()
        state.apply_action(game.codec.schedule(next(k for k, c in enumerate(state.hands[p]) if c)))
    assert state.current_player() == 0
    k = next(k for k, c in enumerate(state.hands[0]) if c)
    with pytest.raises(IllegalActionError):
        state.apply_action(game.codec.haircut(k, 2))
    assert state.shop[2] == [] and state.shop[1] == [0]


def test_full_round_every_player_gets_exactly_one_haircut():
    """Players who never choose a haircut are made to take it with their last card."""
    game = make(5)
    state = dealt_state(game)
    cuts = []
    while state.phase == PLAY:
        p = state.current_player()
        legal = state.legal_actions()
        schedules = [a for a in legal if isinstance(game.codec.decode(a), Schedule)]
        action = schedules[0] if schedules else legal[-1]
        if isinstance(game.codec.decode(action), Haircut):
            cuts.append(p)
        state.apply_action(action)
    assert sorted(cuts) == [0, 1, 2, 3, 4]
