"""[4.5] The Street and [7.0] robbing the Bank, as move tables on built positions."""

from __future__ import annotations

import pytest

from skagway_env.games.skagway import street
from skagway_env.games.skagway.game import SkagwayGame
from skagway_env.games.skagway.stages import HandState, Location, Stage
from skagway_env.games.skagway.workers import HIRED_HANDS, MINER_HAND

# abilities (components.toml, A3/A5): Clarence 6, Bill 3, Jane 2, Frank 7, Joe 4,
# Bart 5, Jim 8, Ted 1
CLARENCE, BILL, JANE, FRANK, JOE, BART, JIM, TED = range(8)


def on_the_street(workers, first=0, sheriff=-1, bank=(), points=None):
    """A 4-player game at Phase Five with ``workers`` on the Street."""
    state = SkagwayGame(num_players=4).new_initial_state()
    state.apply_action(first)
    for w in range(8):
        state.loc[w] = "home"
    for w in workers:
        state.loc[w] = "street"
    if sheriff >= 0:
        state.sheriff, state.loc[sheriff] = sheriff, "sheriff"
    state.bank = list(bank)
    if points is not None:
        state.points = list(points)
    state.first_player = first
    street.start_street(state)
    state._legal = None
    return state


@pytest.mark.parametrize("workers, first, order", [
    ([TED, JIM, BILL], 0, [JIM, BILL, TED]),  # highest ability first [4.5]
    ([JANE, FRANK, CLARENCE], 2, [FRANK, CLARENCE, JANE]),
])
def test_street_order(workers, first, order):
    state = on_the_street(workers, first)
    codec = state.game.codec
    seen = []
    while state.stage == Stage.STREET_CHOICE:
        seen.append(state.active)
        state.apply_action(codec.sleep())
    assert seen == order


def test_street_ties_start_from_the_first_player(monkeypatch):
    """[4.5] Equal abilities: the First Player's Worker first, then clockwise."""
    monkeypatch.setattr(street, "ability", lambda s, w: 5)
    state = on_the_street([JANE, BILL], first=1)  # Jane is seat 1's, Bill seat 0's
    assert state.active == JANE
    state = on_the_street([JANE, BILL], first=0)
    assert state.active == BILL
    state = on_the_street([JANE, BILL], first=2)  # 2, 3, 0, 1: Bill's seat 0 comes first
    assert state.active == BILL


def test_duel_kills_the_lowest_and_scores():
    state = on_the_street([JIM, JANE, BILL], points=[5, 5, 5, 0])
    codec = state.game.codec
    assert state.active == JIM  # 8, the highest
    assert state.legal_actions() == [codec.rob(), codec.duel(JANE), codec.sleep()]  # Jane: 2
    state.apply_action(codec.duel(JANE))
    assert state.loc[JANE] == "cemetery" and state.face_down[JANE]
    assert state.points == [5, 5 - 1, 5, 0 + 3]  # Jim's seat 3 +3, Jane's seat 1 -1
    assert state.kills[3] == 1 and state.loc[JIM] == "home"
    assert state.active == BILL  # the next highest; alone now, so no duel
    assert state.legal_actions() == [codec.rob(), codec.sleep()]


@pytest.mark.parametrize("dice, sheriff_wins", [
    ((1, 6), True),  # Jim 8 challenges Sheriff Bart 5: 1 + 3 = 4 against 6
    ((3, 6), True),  # 6 against 6: ties go to the Sheriff
    ((4, 6), False),  # 7 against 6
])
def test_challenge_the_sheriff(dice, sheriff_wins):
    state = on_the_street([JIM], first=0, sheriff=BART, points=[5, 5, 5, 5])
    codec = state.game.codec
    state.apply_action(codec.challenge_sheriff())
    state.apply_action(dice[0])
    state.apply_action(dice[1])
    if sheriff_wins:
        assert state.loc[JIM] == "cemetery" and state.sheriff == BART
        assert state.points == [5, 5, 5 + 2, 5]  # Sheriff +2, shooter loses nothing
        assert state.kills == [0, 0, 0, 0]
    else:
        assert state.loc[BART] == "cemetery" and state.sheriff == -1
        assert state.points == [5, 5, 5 - 2, 5 + 4]
        assert state.kills[3] == 1 and state.first_player == 3


def robbery(bandits, bank, sheriff=JIM, points=None):
    """Bandits rob in the order given (so the first is the leader)."""
    state = on_the_street(bandits, sheriff=sheriff, bank=bank, points=points or [10] * 4)
    codec = state.game.codec
    while state.stage == Stage.STREET_CHOICE:
        state.apply_action(codec.rob())
    return state


def test_bandits_stack_in_street_order_and_split_the_loot():
    state = robbery([FRANK, CLARENCE, BILL], bank=[2, 3, 3], sheriff=-1)
    # no Sheriff: nobody stops them; 8 split three ways is 2 each, 2 left to the leader
    assert state.turn == 2  # the robbery ended the turn
    # Frank (seat 1) leads: 2 + the remainder 2; Clarence and Bill (seat 0): 2 + 2
    assert state.points == [10 + 2 + 2, 10 + 2 + 2, 10, 10]
    assert state.robbed == [2, 3, 3] and state.bank == []


def test_bribe_from_points_accepted():
    state = robbery([FRANK], bank=[3, 4])
    codec = state.game.codec
    assert state.current_player() == 1  # the leader's player offers
    state.apply_action(codec.bribe_offer(0, 4))
    assert state.current_player() == 3  # Jim's player answers
    state.apply_action(codec.bribe_answer(True))
    assert state.points == [10, 10 - 4 + 7, 10, 10 + 4]


def test_bribe_from_the_share_accepted():
    state = robbery([FRANK], bank=[3, 4])
    codec = state.game.codec
    assert codec.bribe_offer(1, 7) in state.legal_actions()
    assert codec.bribe_offer(1, 8) not in state.legal_actions()  # more than the loot
    state.apply_action(codec.bribe_offer(1, 5))
    state.apply_action(codec.bribe_answer(True))
    assert state.points == [10, 10 + 2, 10, 10 + 5]


@pytest.mark.parametrize("die, caught", [(6, 2), (5, 3), (1, 3)])
def test_refused_bribe_catching_roll(die, caught):
    """Sheriff Jim (8) minus the die: that many bandits jailed from the bottom [7.0]."""
    state = robbery([FRANK, CLARENCE, BILL], bank=[2, 2, 2])
    codec = state.game.codec
    state.apply_action(codec.bribe_offer(0, 0))
    state.apply_action(codec.bribe_answer(False))
    state.apply_action(die)
    jailed = [FRANK, CLARENCE, BILL][:caught]
    assert [w for w in (FRANK, CLARENCE, BILL) if state.loc[w] == "jail"] == jailed
    # Phase Six turned them face up: they stay in Jail one more turn [4.6]
    assert not any(state.face_down[w] for w in jailed)
    assert state.points[3] == 10 + 2 * caught  # 2 a bandit
    if caught == 2:  # Bill is free: the whole 6 is his
        assert state.points[0] == 10 + 6 and state.robbed == [2, 2, 2]
    else:
        assert state.bank == [2, 2, 2]  # nobody left to take it


def test_a_weak_sheriff_catches_nobody():
    state = robbery([FRANK, CLARENCE], bank=[3, 4], sheriff=TED)  # Ted: ability 1
    codec = state.game.codec
    state.apply_action(codec.bribe_offer(0, 0))
    state.apply_action(codec.bribe_answer(False))
    state.apply_action(1)  # 1 - 1 = 0: nobody caught
    assert state.points == [10 + 3, 10 + 4, 10, 10]  # 7: 3 each, the odd 1 to Frank


# ------------------------------------------- issue 9: choices given back to the players
def test_own_tied_workers_are_ordered_by_their_owner():
    """I5: "Ties are resolved starting with the First Player" orders players, not one
    player's own Workers: Joe (4) and the Miner (4) both work for seat 2, who chooses."""
    state = SkagwayGame(num_players=4).new_initial_state()
    state.apply_action(0)
    state.recruiter = 2
    state.hand_state[MINER_HAND - HIRED_HANDS[0]] = HandState.ACTIVE
    for w in range(13):
        state.loc[w] = Location.HOME if w < 8 else Location.POOL
    state.loc[JOE] = state.loc[MINER_HAND] = state.loc[FRANK] = Location.STREET
    street.start_street(state)
    state._legal = None
    codec = state.game.codec
    assert state.active == FRANK  # 7: no tie
    state.apply_action(codec.sleep())
    assert state.stage == Stage.STREET_ORDER and state.current_player() == 2
    assert state.legal_actions() == [codec.street_first(JOE), codec.street_first(MINER_HAND)]
    state.apply_action(codec.street_first(MINER_HAND))
    assert state.stage == Stage.STREET_CHOICE and state.active == MINER_HAND
    state.apply_action(codec.sleep())
    assert state.active == JOE  # alone now: no question


def test_the_sheriffs_own_player_chooses_whether_to_chase():
    """[7.0] "If the Sheriff chooses to try to catch the bandits": with the leader his
    own player's Worker there is no bribe to offer, but the choice stays."""
    state = robbery([TED], bank=[3, 4], sheriff=JIM)  # both Bob's (seat 3)
    codec = state.game.codec
    assert state.stage == Stage.CHASE and state.current_player() == 3
    assert state.legal_actions() == [codec.chase(False), codec.chase(True)]
    let_go = state.clone()
    let_go.apply_action(codec.chase(False))
    assert let_go.points[3] == 10 + 7 and let_go.loc[TED] == "home"
    state.apply_action(codec.chase(True))
    assert state.stage == Stage.CATCH_ROLL
    state.apply_action(6)  # 8 - 6 = 2: Ted is jailed, the Sheriff's player scores 2
    assert state.loc[TED] == "jail" and state.points[3] == 10 + 2


def test_a_bribe_from_the_share_spends_only_the_leaders_players_shares():
    """[7.0] the leader bribes "as agreed between the leader and the Sheriff"; nothing
    lets him promise another player's share (RULES_NOTES I6)."""
    # Frank (7, seat 1) leads, Clarence (6, seat 0), Jane (2, seat 1): 7 = 3 + 2 + 2
    state = robbery([FRANK, CLARENCE, JANE], bank=[2, 2, 3])
    codec = state.game.codec
    legal = state.legal_actions()
    assert codec.bribe_offer(1, 5) in legal  # Frank's 3 and Jane's 2
    assert codec.bribe_offer(1, 6) not in legal  # Clarence's 2 are not seat 1's to give
    state.apply_action(codec.bribe_offer(1, 5))
    state.apply_action(codec.bribe_answer(True))
    assert state.points == [10 + 2, 10 + 3 + 2 - 5, 10, 10 + 5]


def test_the_sheriff_may_name_his_price():
    """A counter-offer round (RULES_NOTES I6): the Sheriff asks more, the leader pays it
    from a source that covers it, or declines and the Sheriff chooses to chase."""
    state = robbery([FRANK], bank=[3, 4])
    codec = state.game.codec
    state.apply_action(codec.bribe_offer(0, 2))
    demands = [a for a in state.legal_actions() if a >= codec.bribe_demand(1)
               and a <= codec.bribe_demand(30)]
    assert demands == [codec.bribe_demand(x) for x in range(3, 11)]  # points 10, share 7
    paid = state.clone()
    paid.apply_action(codec.bribe_demand(8))
    assert paid.stage == Stage.BRIBE_DEMAND and paid.current_player() == 1
    assert paid.legal_actions() == [codec.bribe_offer(0, 8), codec.decline_demand()]
    paid.apply_action(codec.bribe_offer(0, 8))
    assert paid.points == [10, 10 - 8 + 7, 10, 10 + 8]
    state.apply_action(codec.bribe_demand(6))
    state.apply_action(codec.decline_demand())
    assert state.stage == Stage.CHASE and state.current_player() == 3
    state.apply_action(codec.chase(False))
    assert state.points == [10, 10 + 7, 10, 10]


def test_an_accepted_bribe_leaves_the_table_with_the_robbery():
    """Issue 18.3: the bribe (and a demand) stayed in the observation for turns after
    the robbery that made it was over [7.0]."""
    state = robbery([FRANK], bank=[3, 4])
    codec = state.game.codec
    state.apply_action(codec.bribe_offer(0, 1))
    state.apply_action(codec.bribe_demand(3))
    state.apply_action(codec.bribe_offer(0, 3))
    assert state.points == [10, 10 - 3 + 7, 10, 10 + 3]
    assert state.bribe == [0, 0] and state.demand == 0


def test_the_gunfight_dice_leave_the_table_with_the_gunfight():
    """Issue 18.3: a gunfight's dice stayed in the tensor after it was resolved [4.5.1]."""
    state = on_the_street([JIM, CLARENCE], first=0, sheriff=BART, points=[5, 5, 5, 5])
    codec = state.game.codec
    state.apply_action(codec.challenge_sheriff())
    state.apply_action(4)
    assert state.rolls == [4]  # the challenger's die, while the Sheriff's is to come
    state.apply_action(6)
    assert state.active == CLARENCE and state.rolls == []
