"""[Starting the Next Round] resets and [Game End]: four rounds, gold, hair ties."""

from __future__ import annotations

import pytest

from skagway_env import IllegalActionError
from skagway_env.games.dawson_city_barbers.state import DEAL, FLIP, OVER, PLAY

from .helpers import (
    card,
    deal,
    end_of_round_state,
    filler_kinds,
    make,
    scored_state,
    set_fields,
)

# Rows: (players, train, pan, shops, expected placing). Work is non-zero for everyone,
# seat 0 used its long weekend; all of it is checked after the reset.
RESETS = [
    pytest.param(4, [4, 3, 2, 1], [0, 0, 0, 0], [[1, 2, 3], [0], [], []], [0, 1, 2, 3],
                 id="4p, no panners: reset at once"),
    pytest.param(4, [1, 2, 9, 0], [5, 0, 10, 3], [[1, 2, 3], [0], [], []], [2, 1, 0, 3],
                 id="4p, three panners: reset after the flips"),
    pytest.param(2, [0, 6], [2, 0], [[1], [0]], [1, 0], id="2p, one panner"),
    pytest.param(6, [0, 0, 7, 0, 0, 1], [0] * 6, [[1, 2, 3], [4, 0, 5], [], [], [], []],
                 [2, 5, 0, 1, 3, 4], id="6p: 4th-6th back to space 0"),
]


@pytest.mark.parametrize("n, train, pan, shops, placing", RESETS)
def test_next_round_resets(n, train, pan, shops, placing):
    game = make(n)
    weekend = [True] + [False] * (n - 1)
    state, last_cut = end_of_round_state(game, train=train, pan=pan, shops=shops,
                                         work=list(range(1, n + 1)), gold=[100] * n)
    set_fields(state, weekend_used=weekend[:])
    state.apply_action(last_cut)
    while state.phase == FLIP:  # the flips score; the reset follows them
        state.apply_action(state.legal_actions()[0])
    assert state.phase == DEAL and state.round == 1
    assert state.shop == [[] for _ in range(n)]  # pawns back in their own shops
    assert state.cut_at == [-1] * n
    assert state.work == [0] * n
    assert state.pan == [0] * n
    expected_pos, expected_box = [0] * n, [0] * n
    for place, p in enumerate(placing[:3]):
        expected_pos[p], expected_box[p] = 3 - place, place + 1
    assert state.placing == placing
    assert (state.train_pos, state.train_box) == (expected_pos, expected_box)  # kept
    assert state.deck == [c.count for c in game.components.cards]  # all cards collected
    assert state.hands == [[0] * game.components.num_kinds for _ in range(n)]
    assert sum(state.discards) == 0 and sum(map(sum, state.face_down)) == 0
    assert state.weekend_used == weekend  # once per game: not refreshed
    assert min(state.gold) >= 100  # gold is kept
    assert state.start_player == placing[0]
    assert state.turn == 0


@pytest.mark.parametrize(
    "n, train, best",
    [pytest.param(4, [1, 2, 9, 0], 2, id="4p best barber seat 2"),
     pytest.param(3, [0, 0, 4], 2, id="3p best barber last seat"),
     pytest.param(5, [0, 3, 0, 0, 0], 1, id="5p best barber seat 1")],
)
def test_best_barber_deals_first_and_starts(n, train, best):
    game = make(n)
    shops = {3: [[1, 2], [0], []], 4: [[1, 2, 3], [0], [], []],
             5: [[1, 2, 3], [0, 4], [], [], []]}[n]
    state = scored_state(game, train=train, shops=shops)
    assert state.phase == DEAL and state.start_player == best
    blocks = [filler_kinds(game, 5 * n)[5 * i: 5 * i + 5] for i in range(n)]
    deal(state, blocks)
    for i in range(n):
        seat = (best + i) % n
        assert sorted(k for k, c in enumerate(state.hands[seat]) for _ in range(c)) == blocks[i]
    assert state.phase == PLAY and state.current_player() == best
    # the Best Barber's marker counts from space 3 (place box 1)
    k = card(game, 1, 2, 2)
    hands = [h[:] for h in state.hands]
    hands[best][k] += 1
    set_fields(state, hands=hands)
    state.apply_action(game.codec.schedule(k))
    assert state.train_pos[best] == 4 and state.train_box[best] == 0


# Rows: (round index being scored, pan, terminal after the flips?).
ENDINGS = [
    pytest.param(0, [0, 0, 0, 0], False, id="round 1: go on"),
    pytest.param(2, [0, 0, 0, 0], False, id="round 3: go on"),
    pytest.param(2, [3, 0, 0, 0], False, id="round 3 with a flip: go on"),
    pytest.param(3, [0, 0, 0, 0], True, id="round 4 without panners: over at once"),
    pytest.param(3, [3, 2, 1, 0], True, id="round 4: over after three flips"),
]


@pytest.mark.parametrize("round_index, pan, over", ENDINGS)
def test_game_ends_after_the_fourth_round(round_index, pan, over):
    state = scored_state(make(4), round_index=round_index, pan=pan, train=[4, 3, 2, 1],
                         shops=[[1, 2, 3], [0], [], []])
    flips = 0
    while state.phase == FLIP:
        state.apply_action(state.legal_actions()[0])
        flips += 1
    assert flips == sum(1 for x in pan if x)
    assert state.is_terminal() is over
    if over:
        assert state.phase == OVER and state.legal_actions() == []
        with pytest.raises(IllegalActionError):
            state.apply_action(0)
    else:
        assert state.phase == DEAL and state.round == round_index + 1


@pytest.mark.parametrize("n", [2, 4, 6], ids=["2p", "4p", "6p"])
def test_a_whole_game_is_four_rounds_of_five_turns_each(n):
    state = make(n).new_initial_state()
    turns, rounds_seen = 0, {0}
    while not state.is_terminal():
        if state.current_player() >= 0:
            turns += 1
        state.apply_action(state.legal_actions()[0])
        rounds_seen.add(state.round)
    assert rounds_seen == {0, 1, 2, 3}
    assert turns == 4 * 5 * n
    assert sum(state.returns()) == pytest.approx(0.0)


# Returns ("rank": +1 first to -1 last, ties averaged). Rows: (gold, hair, returns).
TIES = [
    pytest.param([10, 8, 6, 4], [0, 1, 2, 3], [1, 1 / 3, -1 / 3, -1], id="no ties"),
    pytest.param([10, 8, 6, 4], [3, 2, 1, 0], [1, 1 / 3, -1 / 3, -1],
                 id="more gold beats better hair"),
    pytest.param([10, 10, 6, 4], [1, 0, 2, 3], [1 / 3, 1, -1 / 3, -1],
                 id="gold tie: 1st hair beats 2nd hair"),
    pytest.param([10, 10, 6, 4], [2, 3, 0, 1], [1, 1 / 3, -1 / 3, -1],
                 id="gold tie: 3rd hair beats the box"),
    pytest.param([10, 10, 6, 4], [3, 3, 0, 1], [2 / 3, 2 / 3, -1 / 3, -1],
                 id="gold tie, both in the box: shared 1st-2nd"),
    pytest.param([5, 9, 5, 5], [3, 0, 3, 3], [-1 / 3, 1, -1 / 3, -1 / 3],
                 id="three tied in the box share 2nd-4th"),
]


@pytest.mark.parametrize("gold, hair, returns", TIES)
def test_final_ranking_ties(gold, hair, returns):
    state = make(4).new_initial_state()
    set_fields(state, gold=gold[:], hair=hair[:], phase=OVER)
    assert state.returns() == pytest.approx(returns)


# Driven through the last round (5p): train 5..1 ranks seats 0-4; shop 0 holds seats
# 1, 2, 3 (Best Hair 1st-3rd), shop 1 holds 0 and 4 (both in the box). Round gold:
# seat 0 +3 heads +3 Best Barber, seat 1 +2 heads. Rows: (gold before, returns).
LAST_ROUND = [
    pytest.param([10, 20, 30, 40, 16], [-0.75, 0.0, 0.5, 1.0, -0.75],
                 id="seats 0 and 4 tie on 16, both in the box: places 4-5 shared"),
    pytest.param([10, 20, 22, 40, 0], [-0.5, 0.5, 0.0, 1.0, -1.0],
                 id="seats 1 and 2 tie on 22: 1st hair beats 2nd"),
    pytest.param([10, 20, 30, 40, 15], [-0.5, 0.0, 0.5, 1.0, -1.0],
                 id="no tie: 16 beats 15"),
]


@pytest.mark.parametrize("gold_before, returns", LAST_ROUND)
def test_final_round_ties_driven(gold_before, returns):
    state = scored_state(make(5), round_index=3, gold=gold_before, train=[5, 4, 3, 2, 1],
                         shops=[[1, 2, 3], [0, 4], [], [], []])
    assert state.is_terminal()
    assert state.hair == [3, 0, 1, 2, 3]
    assert state.returns() == pytest.approx(returns)
