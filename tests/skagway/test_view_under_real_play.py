"""Views of positions reached in real play (issue 18): each once raised."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import skagway_env
from skagway_env.core.playout import replay
from skagway_env.games.skagway import information
from skagway_env.games.skagway.information import GOODS_BOTTOM
from skagway_env.games.skagway.stages import Stage

from .test_information import check_view

# ``skagway play skagway --agent random --agent random --seed 301`` up to its crash:
# the last placement, on the completed Railroad, ran the whole Phase Three at once
# (no Gold left to draw, no Goods card left but decayed ones), and the ledger looked
# for the Railroad Workers in the stack as it stood before that Worker was placed.
SEED_301 = json.loads((Path(__file__).parent / "seed301_history.json").read_text())


def test_a_placement_that_resolves_the_railroad_from_under_the_deck_can_be_viewed():
    game = skagway_env.make_game("skagway", num_players=2)
    state = replay(game, SEED_301)
    for viewer in range(2):
        check_view(state, viewer, state.view(viewer, np.random.default_rng(viewer)))
    last = max(e[3] for e in information.ledger(state).events if e[0] == GOODS_BOTTOM)
    before, after = replay(game, SEED_301[:last]), replay(game, SEED_301[:last + 1])
    assert before.stage == Stage.PLACE and not before.railroad == after.railroad
    assert before.goods_bottom and not any(before.goods_deck) and not any(before.gold_supply)
    taken = [e[1] for e in information.ledger(state).events if e[3] == last]
    gained = [q for q in range(2)
              for _ in range(sum(after.goods_held[q]) - sum(before.goods_held[q]))]
    assert taken and sorted(taken) == gained
