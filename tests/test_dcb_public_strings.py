"""Dawson City Barbers chance outcomes as the table sees them (``public_action_string``).

A deal is seen by its receiver only ([Round], RULES_NOTES D1, O2): the public string
names the receiver, never the card. The start player and a panning flip are public
(S1, D3). Two outcomes at one node that some seat cannot tell apart (equal observation
string and tensor after each) must give equal public strings.
"""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env import make_game
from skagway_env.games.dawson_city_barbers.state import DEAL, FLIP

from .conftest import random_playout


def _chance_nodes(game, seed: int, every: int = 4):
    """Chance nodes of one random game: every ``every``-th card of each deal, and every
    start draw and flip (a sample: a few seconds)."""
    found = []

    def visit(state) -> None:
        if state.is_chance_node() and (state.phase != DEAL or state.dealt % every == 0):
            found.append(state.clone())

    random_playout(game.new_initial_state(), np.random.default_rng(seed), visit=visit)
    return found


@pytest.mark.parametrize("num_players, discards", [(2, "face_up"), (4, "face_down"),
                                                   (6, "face_up")])
def test_outcomes_a_seat_cannot_tell_apart_have_equal_public_strings(num_players, discards):
    game = make_game("dawson_city_barbers", num_players=num_players, discards=discards)
    checked = 0
    for node in _chance_nodes(game, seed=num_players):
        outcomes = [a for a, _ in node.chance_outcomes()]
        strings = {a: node.public_action_string(a) for a in outcomes}
        for p in range(num_players):
            seen: dict[tuple[str, bytes], int] = {}
            for a in outcomes:
                child = node.clone()
                child.apply_action(a)
                key = (child.observation_string(p), child.observation_tensor(p).tobytes())
                if key in seen:
                    assert strings[a] == strings[seen[key]], (p, node.phase)
                    checked += 1
                seen.setdefault(key, a)
    assert checked > 0  # some deals were hidden from some seat


def test_a_deal_names_its_receiver_not_its_card():
    game = make_game("dawson_city_barbers", num_players=3)
    state = game.new_initial_state()
    assert state.public_action_string(2) == "start player 2"
    state.apply_action(2)
    labels = [card.label() for card in game.components.cards]
    for dealt in range(15):
        receiver = (2 + dealt // 5) % 3
        assert {state.public_action_string(a) for a, _ in state.chance_outcomes()} == {
            f"a card is dealt to player {receiver}"}
        assert not any(label in state.public_action_string(0) for label in labels)
        state.apply_action(state.chance_outcomes()[0][0])


def test_a_flip_is_public():
    game = make_game("dawson_city_barbers", num_players=3)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while state.phase != FLIP:
        random_playout(state, rng, max_steps=1)
    assert state.phase == FLIP
    kind = state.chance_outcomes()[0][0]
    label = game.components.cards[kind].label()
    assert state.public_action_string(kind) == f"player {state.pending_flips[0]} flips {label}"
