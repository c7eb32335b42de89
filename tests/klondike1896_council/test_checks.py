"""[Playing the game] the checks: an exact cover adds the card's popularity, anything
else deducts it (never below zero), the last player follows its partner; [Special
rules for two players] in the final round only the winner adds; [Special rules for
children] a child needs only the higher number."""

from __future__ import annotations

from skagway_env.games.klondike1896_council.components import Request
from skagway_env.games.klondike1896_council.scoring import check_round, satisfies

from .helpers import kind, make, request_index


def checked(game, request, covers, cards, order, last=-1, partner=-1, round_=0):
    """A state at the end of a round's race, then checked."""
    state = game.new_initial_state()
    state.request = request_index(game, *request)
    state.round = round_
    for p, (gold, rubies) in enumerate(covers):
        state.gold[p], state.rubies[p] = gold, rubies
    state.card = [kind(game, c, v) for c, v in cards]
    state.order = order
    state.last = last
    if last >= 0:
        state.partner[last] = partner
    log = check_round(state)
    return state, log


def test_the_rulebook_example_mike_george_paul():
    """Mike covers exactly and takes red 4; George covers one gold too many with blue
    2; Paul, last with green 1, joins up with Mike."""
    game = make(3)
    mike, george, paul = 0, 1, 2
    state, log = checked(game, (10, 1), [(10, 1), (11, 1), (3, 0)],
                         [("red", 4), ("blue", 2), ("green", 1)],
                         order=[mike, george, paul], last=paul, partner=mike)
    red, blue, green = 0, 2, 3
    assert state.levels[mike][red] == 8  # four spaces forward on the red scale
    assert state.levels[george][blue] == 2  # two spaces back on the blue scale
    assert state.levels[paul][green] == 5  # Paul adds his one horseshoe
    assert "P2 joined up with P0: +1 green" in "\n".join(log)


def test_joining_up_with_a_failed_partner_deducts():
    game = make(3)
    state, _ = checked(game, (10, 1), [(10, 1), (9, 1), (10, 1)],
                       [("red", 4), ("blue", 2), ("green", 3)],
                       order=[0, 1, 2], last=2, partner=1)
    assert state.levels[2][3] == 1  # green 4 - 3: George's miss, not Paul's own cover


def test_too_few_or_too_many_rubies_fail_and_the_scale_stops_at_zero():
    game = make(3)
    state = game.new_initial_state()
    state.levels[0][0] = 1
    state.request = request_index(game, 10, 1)
    state.gold = [10, 10, 10]
    state.rubies = [2, 0, 1]
    state.card = [kind(game, "red", 4), kind(game, "black", 2), kind(game, "blue", 1)]
    state.order = [0, 1, 2]
    check_round(state)
    assert state.levels[0][0] == 0  # 1 - 4 floored at zero
    assert state.levels[1][1] == 2 and state.levels[2][2] == 5


def test_two_players_final_round_only_the_winner_adds():
    game = make(2)
    for round_, expect in ((0, 5), (8, 4)):
        state, _ = checked(game, (10, 1), [(10, 1), (0, 0)], [("red", 4), ("green", 1)],
                           order=[0, 1], last=1, partner=0, round_=round_)
        assert state.levels[0][0] == 8
        assert state.levels[1][3] == expect  # the joined-up loser adds only before the end
    state, _ = checked(game, (10, 1), [(9, 1), (0, 0)], [("red", 4), ("green", 1)],
                       order=[0, 1], last=1, partner=0, round_=8)
    assert state.levels == [[0, 4, 4, 4], [4, 4, 4, 3]]  # deductions still apply


def test_a_child_covers_only_the_higher_number():
    gold_heavy, ruby_heavy = Request(10, 1, 1), Request(2, 3, 0)
    assert satisfies(10, 4, gold_heavy, child=True)
    assert not satisfies(10, 4, gold_heavy, child=False)
    assert satisfies(7, 3, ruby_heavy, child=True) and not satisfies(2, 2, ruby_heavy, True)
    assert satisfies(10, 1, gold_heavy, child=False)


def test_children_seats_are_checked_by_their_rule():
    game = make(3, children="2")
    state, _ = checked(game, (10, 1), [(10, 3), (10, 3), (10, 3)],
                       [("red", 4), ("blue", 2), ("green", 1)], order=[0, 1, 2])
    assert [lv for lv in state.levels] == [[0, 4, 4, 4], [4, 4, 2, 4], [4, 4, 4, 5]]
