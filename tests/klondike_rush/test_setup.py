"""[Setup] and the 2-player deck ([2-Player Game])."""

from __future__ import annotations

import pytest

from skagway_env import GameParameterError
from skagway_env.games.klondike_rush.building import EMPTY, TOWN

from .helpers import after_setup, game


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_table_after_setup(n):
    state = after_setup(n, seed=n)
    comp = state.game.components
    # [Setup 1] the town on a central space; [Setup 8] one mine of each colour there
    assert state.town == comp.town and comp.town in comp.central
    assert state.space_mine == [TOWN if x == state.town else EMPTY
                                for x in range(comp.num_spaces)]
    assert state.track == [1, 1, 1, 1]
    # [Setup 2] one hunt token face up on every other space: all 35 of them
    assert state.space_token[state.town] == EMPTY
    assert all(t != EMPTY for x, t in enumerate(state.space_token) if x != state.town)
    assert sorted(state.space_token) == sorted([EMPTY] + [k for k, c in enumerate(comp.tokens)
                                                          for _ in range(c)])
    # [Setup 4, 5, 6] two secret order cards, $30 and a profit card each
    assert [sum(h) for h in state.hand] == [2] * n
    assert sum(state.order_deck) == 32 - 2 * n
    assert state.money == [30] * n and state.profit_used == [False] * n
    # [Setup 9] seat 0 starts with the snow beast figure; the first card is drawn
    assert state.active == 0 and state.phase == state.DRAW


def test_four_plus_cards_leave_with_two_or_three_players():
    """[Setup 3] "If playing with 2-3 players, remove the four cards with a 4+"."""
    four_plus = [c.four_plus for c in game(4).components.cards]
    assert sum(four_plus) == 4
    for n, expected in ((3, 32), (4, 36), (5, 36)):
        state = after_setup(n)
        assert sum(state.deck) == state.draws_left == expected
        if n == 3:
            assert not any(d and fp for d, fp in zip(state.deck, four_plus, strict=True))


def test_two_players_remove_four_more_cards_unseen():
    """[2-Player Game] four more random cards out: the game draws only 28 of the 32
    (the four never drawn are the removed ones, unseen by anyone)."""
    state = after_setup(2)
    assert sum(state.deck) == 32 and state.draws_left == 28


def test_the_town_is_a_parameter():
    state = after_setup(3, town=0)
    assert state.space_mine[0] == TOWN and state.space_token[0] == EMPTY
    with pytest.raises(GameParameterError, match="town"):
        game(3, town=99)


def test_last_bid_is_for_three_to_five_players():
    with pytest.raises(GameParameterError, match="3-5 players"):
        game(2, last_bid=True)
    assert after_setup(3, last_bid=True).last_bid_card == [True] * 3
    assert after_setup(3).last_bid_card == [False] * 3


def test_data_file_errors_name_the_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 1\n")
    with pytest.raises(GameParameterError, match="bad.toml"):
        game(3, data_file=str(bad))
    with pytest.raises(GameParameterError, match="no such file"):
        game(3, data_file=str(tmp_path / "missing.toml"))


def test_every_component_value_is_tagged():
    """Component data is data: each table names its source (ENGINEERING 3)."""
    import tomllib

    from skagway_env.games.klondike_rush.components import DEFAULT_DATA_FILE

    data = tomllib.loads(DEFAULT_DATA_FILE.read_text())
    tables = [data["hunt_tokens"], data["value_track"], data["map"],
              *data["company_cards"], *data["order_cards"]]
    assert all(t["source"].startswith(("assumed", "Free Actions")) for t in tables)
    assert "companies_source" in data
    assert len(data["company_cards"]) == 36
    assert sum(o["count"] for o in data["order_cards"]) == 32
    assert {"good": "pelt", "quantity": 2, "value": 7} in [
        {k: o[k] for k in ("good", "quantity", "value")} for o in data["order_cards"]]
