"""The council cards in the shared data file: 31 requests (3+ of each back), 32
popularity cards in four colours, every one coverable exactly on some landscape."""

from __future__ import annotations

from pathlib import Path

import pytest
from skagway_agents.heuristics.klondike1896_council import plan

from skagway_env.core import GameParameterError
from skagway_env.games.klondike1896_council.components import BACKS, load_council
from skagway_env.games.klondike1896_council.state import RACE

from .helpers import make


def test_card_counts():
    comp = load_council()
    assert len(comp.requests) == 31
    assert [sum(r.back == b for r in comp.requests) for b in range(3)] == [10, 10, 11]
    assert sum(k.count for k in comp.kinds) == 32 and len(comp.colours) == 4
    assert comp.celebrities == ("brothel madam", "sheriff", "mayor", "horse trader")
    assert len(comp.set_claims) == 11  # one claim of each type a player


@pytest.mark.parametrize("card", range(31))
def test_every_request_can_be_covered_exactly(card):
    game = make(2)
    for boards in range(1, 5):
        state = game.new_initial_state()
        state.phase, state.request = RACE, card
        state.landscape[0] = [4 * d for d in range(boards)]
        if plan(state, 0, 4000) is not None:
            return
    pytest.fail(f"{game.components.requests[card].label()} cannot be covered")


def test_a_bad_data_file_is_a_one_line_error(tmp_path):
    text = Path(load_council().source).read_text()
    bad = tmp_path / "k.toml"
    bad.write_text(text.replace('back = "black"', 'back = "purple"'))
    with pytest.raises(GameParameterError, match=f"back must be one of {', '.join(BACKS)}"):
        load_council(str(bad))
    bad.write_text(text.replace('children_claim = "pair"', 'children_claim = "ring"'))
    with pytest.raises(GameParameterError, match="children_claim must name a claim type"):
        load_council(str(bad))
