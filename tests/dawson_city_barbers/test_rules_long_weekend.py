"""[Plan Long Weekend]: discard a card, +4 on one track by its rules, once a game."""

from __future__ import annotations

import pytest

from skagway_env import IllegalActionError
from skagway_env.games.dawson_city_barbers.actions import Haircut, LongWeekend
from skagway_env.games.dawson_city_barbers.state import DEAL, PLAY

from .helpers import PAN, TRAIN, WORK, card, dealt_state, make, play_state, set_fields


def _weekend_actions(game, legal):
    return {(m.card, m.track) for m in map(game.codec.decode, legal) if isinstance(m, LongWeekend)}


def test_offered_for_every_card_and_track_before_use():
    game = make(3)
    a, b = card(game, 1, 2, 2), card(game, 4, 0, 1)
    state = play_state(game, 0, [a, b, b])
    assert _weekend_actions(game, state.legal_actions()) == {
        (a, 0), (a, 1), (a, 2), (b, 0), (b, 1), (b, 2)}


# Rows: (track, mover, positions before as {field: list}, expected {field: list}).
# The discarded card is T1 W2 P2: none of its own moves may happen.
PLUS_FOUR = [
    pytest.param(TRAIN, 0, {"train_pos": [0, 0, 0]}, {"train_pos": [4, 0, 0]},
                 id="train +4 from 0"),
    pytest.param(TRAIN, 0, {"train_pos": [0, 4, 5]}, {"train_pos": [6, 4, 5]},
                 id="train +4 onto taken 4 and 5: bumped forward to 6"),
    pytest.param(TRAIN, 1, {"train_pos": [3, 2, 1], "train_box": [1, 2, 3]},
                 {"train_pos": [3, 6, 1], "train_box": [1, 0, 3]},
                 id="train +4 from 2nd place box (space 2): 6"),
    pytest.param(WORK, 2, {"work": [4, 4, 0]}, {"work": [4, 4, 4]},
                 id="work +4 shares space 4"),
    pytest.param(WORK, 0, {"work": [18, 0, 0]}, {"work": [20, 0, 0]},
                 id="work +4 stops at the end"),
    pytest.param(PAN, 0, {"pan": [0, 0, 0]}, {"pan": [5, 0, 0]},
                 id="pan +4 into the empty bend: north number 5"),
    pytest.param(PAN, 0, {"pan": [0, 5, 4]}, {"pan": [3, 5, 4]},
                 id="pan +4 into a full bend: bumped back to 3"),
    pytest.param(PAN, 0, {"pan": [5, 4, 0]}, {"pan": [11, 5, 0]},
                 id="pan +4 spaces out of a bend: 6, 7, bend 8-10, 11; 4 slides to 5"),
]


@pytest.mark.parametrize("track, me, before, after", PLUS_FOUR)
def test_plus_four_follows_the_track_rules(track, me, before, after):
    game = make(3)
    k = card(game, 1, 2, 2)
    state = play_state(game, me, [k, k], **{f: v[:] for f, v in before.items()})
    untouched = {f: getattr(state, f)[:] for f in ("train_pos", "work", "pan") if f not in after}
    discards = state.discards[:]
    state.apply_action(game.codec.long_weekend(k, track))
    for field, want in after.items():
        assert getattr(state, field) == want, field
    for field, was in untouched.items():
        assert getattr(state, field) == was, f"{field} moved: the card's moves don't apply"
    assert state.weekend_used[me] is True  # card flipped face down
    assert state.hands[me][k] == 1  # a card discarded from the hand ...
    assert state.discards[k] == discards[k] + 1  # ... face up on the discard pile



@pytest.mark.parametrize("reading, after", [("spaces", [11, 5, 0]), ("numbers", [10, 5, 0])])
def test_plus_four_on_the_pan_track_under_each_reading(reading, after):
    """[Plan Long Weekend] "moves his marker 4 spaces": 4 spaces from the bend {4, 5}
    by default (P1); under ``pan_count="numbers"`` 4 numbers, 9, the bend's north 10."""
    game = make(3, pan_count=reading)
    k = card(game, 1, 2, 2)
    state = play_state(game, 0, [k, k], pan=[5, 4, 0])
    state.apply_action(game.codec.long_weekend(k, PAN))
    assert state.pan == after

def test_unavailable_later_in_the_same_round():
    game = make(2)
    k = card(game, 1, 2, 2)
    p5, t5 = card(game, 0, 0, 5), card(game, 5, 0, 0)
    state = dealt_state(game, hands={0: [k, k, p5, p5, t5]})
    state.apply_action(game.codec.long_weekend(k, WORK))
    state.apply_action(state.legal_actions()[0])  # seat 1 schedules
    assert state.current_player() == 0
    legal = state.legal_actions()
    assert _weekend_actions(game, legal) == set()
    with pytest.raises(IllegalActionError):
        state.apply_action(game.codec.long_weekend(k, PAN))


def test_unavailable_in_later_rounds_after_use():
    game = make(3)
    state = dealt_state(game)
    k = next(k for k, c in enumerate(state.hands[0]) if c)
    state.apply_action(game.codec.long_weekend(k, TRAIN))
    while state.round == 0:  # play out the round (schedules first, forced cuts, flips)
        state.apply_action(state.legal_actions()[0])
    assert state.weekend_used == [True, False, False]
    while state.phase == DEAL:
        state.apply_action(state.legal_actions()[0])
    for _ in range(3):  # one turn each in round 2
        assert state.phase == PLAY and state.round == 1
        offered = bool(_weekend_actions(game, state.legal_actions()))
        assert offered is (state.current_player() != 0)  # only seat 0 has used it
        state.apply_action(state.legal_actions()[0])


def test_weekend_is_not_the_haircut():
    """After a weekend with two cards left, the last card still pays for the haircut."""
    game = make(2)
    k = card(game, 1, 2, 2)
    state = play_state(game, 0, [k, k])
    set_fields(state, turn=6)  # seat 0's fourth turn in a 2-player round
    state.apply_action(game.codec.long_weekend(k, WORK))
    state.apply_action(state.legal_actions()[0])  # seat 1
    assert {type(game.codec.decode(a)) for a in state.legal_actions()} == {Haircut}
