"""The protocol's own arithmetic and errors: returns, registry, parameters,
serialization versions."""

from __future__ import annotations

import pytest

import skagway_env
from skagway_env.core import (
    DeserializationError,
    GameParameterError,
    UnknownGameError,
    list_games,
    make_game,
)
from skagway_env.core.returns import compute_returns, placings, rank_returns, win_returns


@pytest.mark.parametrize(
    "keys, expected",
    [
        ([(3,), (1,), (2,)], [1.0, -1.0, 0.0]),
        ([(5,), (5,)], [0.0, 0.0]),
        ([(9,), (4,), (4,), (1,)], [1.0, 0.0, 0.0, -1.0]),
        ([(2,), (2,), (2,), (0,)], [1 / 3, 1 / 3, 1 / 3, -1.0]),
        ([(7, -1), (7, -2)], [1.0, -1.0]),  # the tie-break key decides
    ],
    ids=["3p-distinct", "2p-tie", "4p-middle-tie", "4p-three-way-tie", "tiebreak"],
)
def test_rank_returns(keys, expected):
    assert rank_returns(keys) == pytest.approx(expected)
    assert sum(rank_returns(keys)) == pytest.approx(0.0)


def test_placings_average_tied_places():
    assert placings([(9,), (4,), (4,), (1,)]) == [0.0, 1.5, 1.5, 3.0]


def test_win_returns_share_one():
    assert win_returns([(3,), (3,), (1,)]) == [0.5, 0.5, 0.0]
    assert win_returns([(1,), (3,), (2,)]) == [0.0, 1.0, 0.0]


def test_score_returns_and_bad_mode():
    assert compute_returns("score", [12, 7], [(12,), (7,)]) == [12.0, 7.0]
    with pytest.raises(ValueError, match="unknown reward mode"):
        compute_returns("elo", [1, 2], [(1,), (2,)])


def test_registry_lists_and_builds():
    assert "dawson_city_barbers" in list_games()
    assert skagway_env.list_games() == list_games()
    game = make_game("dawson_city_barbers", num_players=3, reward="win")
    assert game.num_players == 3 and game.params.reward == "win"
    assert game.parameters()["num_players"] == 3


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGameError, match="dawson_city_barbers"):
        make_game("klondike_2000")


@pytest.mark.parametrize(
    "params, match",
    [
        ({"num_players": 7}, "num_players must be 2..6"),
        ({"num_players": 1}, "num_players must be 2..6"),
        ({"reward": "elo"}, "reward must be one of"),
        ({"players": 3}, "unknown parameter.*players.*valid: .*num_players"),
    ],
)
def test_bad_parameters_are_named(params, match):
    with pytest.raises(GameParameterError, match=match):
        make_game("dawson_city_barbers", **params)


def test_deserialize_checks_game_format_and_params():
    game = make_game("dawson_city_barbers", num_players=3)
    data = game.new_initial_state().serialize()
    assert data["format"] == 1 and data["game"] == "dawson_city_barbers"
    with pytest.raises(DeserializationError, match="format"):
        game.deserialize({**data, "format": 99})
    with pytest.raises(DeserializationError, match="game"):
        game.deserialize({**data, "game": "skagway"})
    with pytest.raises(DeserializationError, match="parameters"):
        make_game("dawson_city_barbers", num_players=4).deserialize(data)
    broken = {**data, "state": {k: v for k, v in data["state"].items() if k != "gold"}}
    with pytest.raises(DeserializationError, match="fields"):
        game.deserialize(broken)


def test_returns_are_zero_until_the_end():
    state = make_game("dawson_city_barbers", num_players=4).new_initial_state()
    assert state.returns() == [0.0] * 4
