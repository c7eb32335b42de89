"""Views of positions reached in real play (issue 18): each once raised."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import skagway_env
from skagway_env.core.playout import random_step, replay
from skagway_env.games.skagway import information
from skagway_env.games.skagway.information import GOODS_BOTTOM
from skagway_env.games.skagway.stages import Stage

from .test_information import check_view

# As in ``skagway play skagway --agent random --agent random --seed 301`` (engine 1):
# the last placement, on the completed Railroad, runs the whole Phase Three at once
# (no Gold left to draw, no Goods card left but decayed ones), and the ledger looked
# for the Railroad Workers in the stack as it stood before that Worker was placed.
# A random 2-player game (``random_step``, seed 1, game 567) that ends with such a
# move, on an empty stack.
HISTORY = json.loads((Path(__file__).parent / "railroad_from_under_the_deck.json").read_text())


def test_a_placement_that_resolves_the_railroad_from_under_the_deck_can_be_viewed():
    game = skagway_env.make_game("skagway", num_players=2)
    state = replay(game, HISTORY)
    for viewer in range(2):
        check_view(state, viewer, state.view(viewer, np.random.default_rng(viewer)))
    last = max(e[3] for e in information.ledger(state).events if e[0] == GOODS_BOTTOM)
    before, after = replay(game, HISTORY[:last]), replay(game, HISTORY[:last + 1])
    assert before.stage == Stage.PLACE and not before.railroad == after.railroad
    assert before.goods_bottom and not any(before.goods_deck)
    taken = [e[1] for e in information.ledger(state).events if e[3] == last]
    gained = [q for q in range(2)
              for _ in range(sum(after.goods_held[q]) - sum(before.goods_held[q]))]
    assert taken and sorted(taken) == gained


def test_public_strings_of_chance_show_only_what_the_table_sees():
    """Face-down draws show who drew, not what [4.3.1], [4.3.2], [4.3.4], I19; dice and
    the starting player are public (H5), but a decay die's faces 2-6 read alike: only a
    1 acts [4.6], and the table's record keeps no other face. The KEEP_GOLD override
    must not bypass it."""
    game = skagway_env.make_game("skagway", num_players=2)
    rng = np.random.default_rng(3)
    hidden = {Stage.MINE_DRAW, Stage.RAIL_DRAW, Stage.GOODS_DRAW, Stage.HAND_DRAW,
              Stage.DECAY_PICK}
    seen: set = set()
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [a for a, _ in state.chance_outcomes()]
                strings = {state.public_action_string(a) for a in outcomes}
                expected = (1 if state.stage in hidden
                            else 2 if state.stage == Stage.DECAY_ROLL else len(outcomes))
                assert len(strings) == expected
                assert all("chance: a hidden outcome" not in x for x in strings)
                seen.add(state.stage)
            random_step(state, rng)
    assert hidden - {Stage.DECAY_PICK} <= seen
