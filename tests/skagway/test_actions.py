"""The Skagway action codec: every id decodes to one typed action, named by field."""

from __future__ import annotations

import typing

import pytest

from skagway_env.games.skagway import actions as A
from skagway_env.games.skagway.actions import MAX_BRIBE, NUM_WORKERS, PLACE_SPACES, ActionCodec

CODEC = ActionCodec(goods_types=4)
NAMES = dict(worker_names=[f"w{i}" for i in range(NUM_WORKERS)],
             prestige_names=[f"p{i}" for i in range(10)],
             goods_names=["g0", "g1", "g2", "g3"],
             building_names=[["Hotel", "Brothel"], ["Restaurant", "Saloon"],
                             ["Church", "Gambling Hall"]])


def test_size_is_the_sum_of_the_documented_ranges():
    # place, mine_pull, turn_in, buy, goods_cash, sheriff_flip, step_down, street,
    # street_first, bribe_offer, bribe_answer, bribe_demand, decline, chase, keep_gold
    assert CODEC.size == (13 * 5 + 5 + 4 + 17 + 5 + 4 + 2 + 16 + 13 + 2 * 31 + 2 + 30 + 1
                          + 2 + 3) == 231


def test_every_id_decodes_to_a_typed_action_with_a_distinct_name():
    kinds = typing.get_args(A.Action)
    names = set()
    for action in range(CODEC.size):
        assert type(CODEC.decode(action)) in kinds
        names.add(CODEC.to_string(action, **NAMES))
    assert len(names) == CODEC.size


@pytest.mark.parametrize("encode, expected, text", [
    (lambda c: c.place(3, PLACE_SPACES.index("assay")), A.Place(worker=3, space=2),
     "place w3 on assay"),
    (lambda c: c.mine_pull(None), A.MinePull(spot=None), "no extra gold"),
    (lambda c: c.mine_pull(1), A.MinePull(spot=1), "pull assay worker 2 for gold"),
    (lambda c: c.turn_in(4), A.TurnIn(value=4), "turn in $4"),
    (lambda c: c.turn_in(None), A.TurnIn(value=None), "stop turning in"),
    (lambda c: c.buy_nothing(), A.BuyNothing(), "buy nothing"),
    (lambda c: c.buy_building(1, 1), A.BuyBuilding(space=1, side=1), "buy the Saloon"),
    (lambda c: c.buy_prestige(9), A.BuyPrestige(prestige=9), "buy p9"),
    (lambda c: c.cash_goods(None), A.CashGoods(goods_type=None), "keep the rest"),
    (lambda c: c.sheriff_flip(2), A.SheriffFlip(space=2), "flip the enrichment building"),
    (lambda c: c.step_down(True), A.StepDown(leave=True), "step down"),
    (lambda c: c.rob(), A.Rob(), "rob the bank"),
    (lambda c: c.duel(12), A.Duel(target=12), "duel w12"),
    (lambda c: c.challenge_sheriff(), A.ChallengeSheriff(), "challenge the Sheriff"),
    (lambda c: c.sleep(), A.Sleep(), "sleep it off"),
    (lambda c: c.street_first(9), A.StreetFirst(worker=9), "w9 acts first"),
    (lambda c: c.bribe_offer(1, 7), A.BribeOffer(source=1, amount=7),
     "offer the Sheriff 7 from share"),
    (lambda c: c.bribe_answer(False), A.BribeAnswer(accept=False), "refuse and give chase"),
    (lambda c: c.bribe_demand(30), A.BribeDemand(amount=30), "demand 30 instead"),
    (lambda c: c.decline_demand(), A.DeclineDemand(), "decline the demand"),
    (lambda c: c.chase(False), A.Chase(chase=False), "let the bandits go"),
    (lambda c: c.keep_gold_return(3), A.ReturnGold(value=3), "return a $3 counter"),
])
def test_encoders_decode_to_their_meaning(encode, expected, text):
    action = encode(CODEC)
    decoded = CODEC.decode(action)
    assert type(decoded) is type(expected) and decoded == expected
    assert CODEC.to_string(action, **NAMES) == text


def test_bad_ids_and_bribes_are_refused():
    with pytest.raises(ValueError, match="outside"):
        CODEC.decode(CODEC.size)
    with pytest.raises(ValueError, match="bribe"):
        CODEC.bribe_offer(0, MAX_BRIBE + 1)
    with pytest.raises(ValueError, match="demand"):
        CODEC.bribe_demand(0)
