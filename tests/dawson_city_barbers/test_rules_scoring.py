"""[End of Round]: the five phases, driven by the round's last action (a haircut)."""

from __future__ import annotations

import pytest

from skagway_env.games.dawson_city_barbers.state import DEAL, FLIP

from .helpers import HAIR_MODIFIERS, custom_game, end_of_round_state, make, scored_state

# The 4-player base position: train 4,3,2,1 puts seats 0,1,2,3 1st..4th; seats 1,2,3
# sat in shop 0 in that order and seat 0 in shop 1. So Best Hair is seat 1, 2, 3 and
# seat 0 goes to the box; gold before work and panning: seat 0 cut 3 heads + Best
# Barber 3 = 6, seat 1 cut 1 head = 1.
BASE = dict(train=[4, 3, 2, 1], shops=[[1, 2, 3], [0], [], []])
BASE_GOLD = [6, 1, 0, 0]
BASE_HAIR = [3, 0, 1, 2]


def test_tables_use_the_bundled_best_hair_modifiers():
    assert make(2).components.best_hair_modifiers == HAIR_MODIFIERS  # +2 +1 0 -1


# Barber Haircuts and Best Barber, nobody worked or panned.
# Rows: (players, train, shops, expected gold).
HAIRCUT_GOLD = [
    pytest.param(4, [4, 3, 2, 1], [[1, 2, 3], [0], [], []], [6, 1, 0, 0],
                 id="full shop +3, one head +1, best barber +3"),
    pytest.param(4, [1, 9, 2, 0], [[1, 2, 3], [0], [], []], [3, 4, 0, 0],
                 id="best barber is not the busiest shop"),
    pytest.param(4, [0, 0, 0, 7], [[1], [2], [3], [0]], [1, 1, 1, 4],
                 id="one head each, best barber seat 3"),
    pytest.param(2, [2, 5], [[1], [0]], [1, 4], id="2p: one head each"),
    pytest.param(6, [0, 0, 0, 0, 0, 6], [[1, 2, 3], [4, 0, 5], [], [], [], []],
                 [3, 3, 0, 0, 0, 3], id="6p: two full shops, best barber has none"),
]


@pytest.mark.parametrize("n, train, shops, gold", HAIRCUT_GOLD)
def test_barber_haircuts_and_best_barber_gold(n, train, shops, gold):
    state = scored_state(make(n), train=train, shops=shops)
    assert state.gold == gold
    assert state.phase == DEAL and state.round == 1  # no panners: straight to round 2


# Determine Best Barber. Rows: (train, box, placing before, expected placing).
# The placing's first three take place boxes 1-3 counting from spaces 3, 2, 1 (T1).
PLACE_SHOPS = {4: [[1, 2, 3], [0], [], []], 5: [[1, 2, 3], [0, 4], [], [], []]}
PLACINGS = [
    pytest.param([4, 3, 2, 1], [0, 0, 0, 0], [0, 1, 2, 3], [0, 1, 2, 3],
                 id="farthest along first"),
    pytest.param([2, 9, 0, 5], [0, 0, 0, 0], [0, 1, 2, 3], [1, 3, 0, 2], id="mixed order"),
    pytest.param([0, 0, 0, 0], [0, 0, 0, 0], [0, 1, 2, 3], [0, 1, 2, 3],
                 id="all on 0 in round 1: turn order from seat 0 (T3)"),
    pytest.param([0, 0, 4, 2, 3], [0, 0, 0, 2, 1], [4, 3, 2, 1, 0], [2, 4, 3, 1, 0],
                 id="5p: ties on 0 keep the previous placing (T3)"),
    pytest.param([3, 3, 1, 0], [1, 0, 3, 0], [0, 1, 2, 3], [1, 0, 2, 3],
                 id="track space 3 ahead of the 1st place box (T2)"),
    pytest.param([3, 2, 2, 0], [1, 2, 0, 0], [0, 1, 2, 3], [0, 2, 1, 3],
                 id="track space 2 ahead of the 2nd place box (T2)"),
    pytest.param([3, 2, 1, 1], [1, 2, 3, 0], [0, 1, 2, 3], [0, 1, 3, 2],
                 id="track space 1 ahead of the 3rd place box (T2)"),
    pytest.param([3, 2, 1, 0], [1, 2, 3, 0], [0, 1, 2, 3], [0, 1, 2, 3],
                 id="unmoved place boxes keep their places"),
    pytest.param([3, 2, 1, 4], [1, 2, 3, 0], [0, 1, 2, 3], [3, 0, 1, 2],
                 id="4th from space 0 to 4 passes all three boxes"),
]


@pytest.mark.parametrize("train, box, before, placing", PLACINGS)
def test_determine_best_barber_places_and_head_starts(train, box, before, placing):
    n = len(train)
    shops = PLACE_SHOPS[n]
    state = scored_state(make(n), train=train, box=box, placing=before, shops=shops)
    assert state.placing == placing
    first, second, third, *rest = placing
    assert (state.train_box[first], state.train_pos[first]) == (1, 3)
    assert (state.train_box[second], state.train_pos[second]) == (2, 2)
    assert (state.train_box[third], state.train_pos[third]) == (3, 1)
    for p in rest:
        assert (state.train_box[p], state.train_pos[p]) == (0, 0)  # back to 0
    assert state.start_player == first  # the Best Barber starts the next round
    assert state.gold[first] == 3 + len(shops[first])  # +3, plus his haircuts


# Evaluate Haircuts. Rows: (players, train, shops, expected hair: 0-2 = 1st-3rd, 3 = box).
HAIR = [
    pytest.param(4, [4, 3, 2, 1], [[1, 2, 3], [0], [], []], [3, 0, 1, 2],
                 id="best barber's three chairs in order, rest to the box"),
    pytest.param(4, [4, 3, 2, 1], [[2], [0, 3], [1], []], [1, 3, 0, 2],
                 id="one at the best barber, then the second best's two"),
    pytest.param(4, [0, 9, 0, 0], [[2, 1], [], [0, 3], []], [2, 1, 0, 3],
                 id="best barber's shop empty: second best's shop then third's"),
    pytest.param(6, [6, 5, 4, 3, 2, 1], [[1], [], [3, 4], [0, 2, 5], [], []],
                 [3, 0, 3, 1, 2, 3], id="6p: three shops give 1st-3rd, three to the box"),
    pytest.param(2, [0, 3], [[1], [0]], [0, 1], id="2p: best barber's guest first"),
    pytest.param(3, [1, 2, 3], [[1, 2], [], [0]], [0, 1, 2],
                 id="3p: best barber's shop, an empty shop, then the last shop"),
]


@pytest.mark.parametrize("n, train, shops, hair", HAIR)
def test_evaluate_haircuts(n, train, shops, hair):
    state = scored_state(make(n), train=train, shops=shops)
    assert state.hair == hair


# Open for Business on the base position (Best Hair: seat 1 +2, seat 2 +1, seat 3 +0,
# seat 0 in the box -1). Work gold: 1 day 1, 3 days 2, 5 days 3, 7 days 4, 10 days 5,
# 13 days 6, 20 days 8. Rows: (work, expected gold).
BUSINESS = [
    pytest.param([0, 0, 0, 0], [6, 1, 0, 0], id="nobody worked"),
    pytest.param([1, 1, 1, 1], [6, 4, 2, 1], id="1 day each: box 1-1=0, 1st 3, 2nd 2, 3rd 1"),
    pytest.param([5, 0, 0, 0], [8, 1, 0, 0], id="0 days with 1st hair scores 0, not +2"),
    pytest.param([0, 0, 3, 20], [6, 1, 3, 8], id="3 days 2nd hair 3, 20 days 3rd hair 8"),
    pytest.param([10, 10, 10, 10], [10, 8, 6, 5], id="same days, hair decides"),
    pytest.param([7, 13, 0, 0], [9, 9, 0, 0], id="7 days box 3, 13 days 1st hair 8"),
]


@pytest.mark.parametrize("work, gold", BUSINESS)
def test_open_for_business(work, gold):
    state = scored_state(make(4), work=work, **BASE)
    assert state.hair == BASE_HAIR
    assert state.gold == gold


# With a harsher box modifier (-3) from a custom data file, gold can never go negative.
HARSH = [
    pytest.param([1, 0, 0, 0], [6, 1, 0, 0], id="1 day in the box: 1-3 clamps to 0"),
    pytest.param([3, 0, 0, 0], [6, 1, 0, 0], id="3 days in the box: 2-3 clamps to 0"),
    pytest.param([7, 0, 0, 0], [7, 1, 0, 0], id="7 days in the box: 4-3 = 1"),
    pytest.param([0, 0, 0, 0], [6, 1, 0, 0], id="0 days: 0"),
]


@pytest.mark.parametrize("work, gold", HARSH)
def test_open_for_business_never_negative(tmp_path, work, gold):
    game = custom_game(tmp_path, 4, {"modifiers = [2, 1, 0, -1]": "modifiers = [2, 1, 0, -3]"})
    state = scored_state(game, work=work, **BASE)
    assert state.gold == gold


# Pan for Gold on the base position. Rows: (pan, gold before any flip, flipping seats).
PANNING = [
    pytest.param([10, 9, 0, 12], [7, 1, 0, 2], [3, 0, 1], id="2, 1 and 0 gold, three flips"),
    pytest.param([10, 9, 8, 0], [8, 2, 0, 0], [0, 1, 2], id="tie in a bend: north shore first"),
    pytest.param([1, 2, 3, 4], [6, 1, 1, 2], [3, 2, 1], id="four panners: fourth gets nothing"),
    pytest.param([0, 5, 4, 0], [6, 3, 1, 0], [1, 2], id="two panners, pan 0 excluded"),
    pytest.param([0, 0, 3, 0], [6, 1, 2, 0], [2], id="one panner"),
]


@pytest.mark.parametrize("flip_nuggets", [(1, 2, 3), (3, 3, 1), (2, 1, 2)],
                         ids=["flips 1,2,3", "flips 3,3,1", "flips 2,1,2"])
@pytest.mark.parametrize("pan, gold, flippers", PANNING)
def test_pan_for_gold(pan, gold, flippers, flip_nuggets):
    state = scored_state(make(4), pan=pan, **BASE)
    cards = state.game.components.cards
    assert state.gold == gold
    expected = gold[:]
    for p, nuggets in zip(flippers, flip_nuggets, strict=False):
        assert state.phase == FLIP and state.is_chance_node()
        deck = state.deck[:]
        outcomes = dict(state.chance_outcomes())
        assert outcomes == pytest.approx({k: c / sum(deck) for k, c in enumerate(deck) if c})
        kind = next(k for k in outcomes if cards[k].nuggets == nuggets)
        state.apply_action(kind)
        expected[p] += nuggets
        assert state.gold == expected
        if state.phase == FLIP:
            assert state.deck[kind] == deck[kind] - 1  # the flipped card left the deck
    assert state.phase == DEAL and state.round == 1  # no further flips


def test_flip_outcomes_exclude_dealt_out_kinds():
    state, last_cut = end_of_round_state(make(4), pan=[3, 0, 0, 0], **BASE)
    gone = [k for k, c in enumerate(state.deck) if c == 0]
    assert gone  # the deal took both copies of some kinds
    state.apply_action(last_cut)
    outcomes = dict(state.chance_outcomes())
    assert not set(gone) & set(outcomes)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert sum(state.deck) == 42 - 20  # the undealt cards are the deck flipped from
