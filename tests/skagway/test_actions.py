"""The Skagway action codec: every id decodes to one action and back, ranges ascend."""

from __future__ import annotations

import pytest

from skagway_env.games.skagway.actions import (
    MAX_BRIBE,
    NUM_WORKERS,
    PLACE_SPACES,
    Action,
    ActionCodec,
)

CODEC = ActionCodec(goods_types=4)
NAMES = dict(worker_names=[f"w{i}" for i in range(NUM_WORKERS)],
             prestige_names=[f"p{i}" for i in range(10)],
             goods_names=["g0", "g1", "g2", "g3"],
             building_names=[["Hotel", "Brothel"], ["Restaurant", "Saloon"],
                             ["Church", "Gambling Hall"]])


def test_size_is_the_sum_of_the_documented_ranges():
    assert CODEC.size == 13 * 5 + 5 + 4 + 17 + 5 + 4 + 2 + 16 + 2 * 31 + 2 + 3 == 185


def test_every_id_round_trips_and_has_a_distinct_name():
    names = set()
    for action in range(CODEC.size):
        decoded = CODEC.decode(action)
        assert isinstance(decoded, Action)
        names.add(CODEC.to_string(action, **NAMES))
    assert len(names) == CODEC.size


@pytest.mark.parametrize("encode, kind, args, text", [
    (lambda c: c.place(3, PLACE_SPACES.index("assay")), "place", (3, 2), "place w3 on assay"),
    (lambda c: c.mine_pull(None), "mine_pull", (4,), "no extra gold"),
    (lambda c: c.mine_pull(1), "mine_pull", (1,), "pull assay worker 2 for gold"),
    (lambda c: c.turn_in(4), "turn_in", (2,), "turn in $4"),
    (lambda c: c.turn_in(None), "turn_in", (3,), "stop turning in"),
    (lambda c: c.buy_building(1, 1), "buy", (4,), "buy the Saloon"),
    (lambda c: c.buy_prestige(9), "buy", (16,), "buy p9"),
    (lambda c: c.cash_goods(None), "goods_cash", (4,), "keep the rest"),
    (lambda c: c.sheriff_flip(2), "sheriff_flip", (3,), "flip the enrichment building"),
    (lambda c: c.step_down(True), "step_down", (1,), "step down"),
    (lambda c: c.duel(12), "street", (13,), "duel w12"),
    (lambda c: c.challenge_sheriff(), "street", (14,), "challenge the Sheriff"),
    (lambda c: c.sleep(), "street", (15,), "sleep it off"),
    (lambda c: c.bribe_offer(1, 7), "bribe_offer", (1, 7), "offer the Sheriff 7 from share"),
    (lambda c: c.bribe_answer(False), "bribe_answer", (1,), "refuse and give chase"),
    (lambda c: c.keep_gold_return(3), "keep_gold", (1,), "return a $3 counter"),
])
def test_encoders_decode_to_their_meaning(encode, kind, args, text):
    action = encode(CODEC)
    assert CODEC.decode(action) == Action(kind, *args)
    assert CODEC.to_string(action, **NAMES) == text


def test_bad_ids_and_bribes_are_refused():
    with pytest.raises(ValueError, match="outside"):
        CODEC.decode(CODEC.size)
    with pytest.raises(ValueError, match="bribe"):
        CODEC.bribe_offer(0, MAX_BRIBE + 1)
