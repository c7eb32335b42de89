"""Equality, serialisation and restoring hold where players go: along the games the
heuristic styles and sensible random play walk (``tests/walks.py``), every state
restored from its JSON equals it field for field, shares no list with the data it was
restored from, and equality tells a state from one that differs in a single field."""

from __future__ import annotations

import json

from .walks import walks

PLAN = (("mixed", 1), ("sensible", 1))


def test_restored_states_equal_their_originals_along_styled_play(config):
    game = config.make()
    for played in walks(config, PLAN):
        for state in played.positions(game)[::9]:
            data = json.loads(json.dumps(state.serialize()))
            restored = game.deserialize(data)
            assert restored == state and restored.serialize() == state.serialize()
            for value in data["state"].values():  # the input's lists are not the state's
                if isinstance(value, list):
                    value.append("changed")
            assert restored == state
            other = state.clone()
            other.history = [*other.history, -1]
            assert other != state
