"""The action codec: sizes, round trips, names."""

from __future__ import annotations

from skagway_env.games.klondike1896.actions import (
    EXTRA_PASS,
    ActionCodec,
    Bid,
    ExtraBid,
    ExtraPass,
    Lose,
    Place,
)

from .helpers import game, start


def test_sizes():
    g = game(4)
    assert g.num_distinct_actions() == 729
    assert g.observation_size() == 2765
    assert game(2, layout="square").num_distinct_actions() == 729


def test_round_trip():
    codec = ActionCodec(144)
    for move in [Bid(0, 0), Bid(3, 30), ExtraPass(), ExtraBid(4), ExtraBid(30),
                 Place(0, 0), Place(3, 143), Lose()]:
        back = codec.decode(codec.encode(move))
        assert type(back) is type(move) and back == move
    kinds = [type(codec.decode(a)).__name__ for a in range(codec.size)]
    assert [kinds.count(k) for k in ("Bid", "ExtraPass", "ExtraBid", "Place", "Lose")] == [
        124, 1, 27, 576, 1]
    assert codec.encode(ExtraPass()) == EXTRA_PASS == 124


def test_names():
    s = start(game(4), rows=[[0, 1, 2, 3]])
    assert s.action_to_string(ActionCodec.bid(1, 2)) == "pawn to claim 1 (square) with 2 rubies"
    assert s.action_to_string(s.game.codec.lose, 0).startswith("lose the claim")
