"""Positions for the Klondike Rush rules tests: setup played through its chance
nodes, then fields placed by hand where a rule needs a particular table."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

import skagway_env
from skagway_env.core.playout import sample_chance
from skagway_env.games.klondike_rush.components import DEFAULT_DATA_FILE, TOKEN_KINDS
from skagway_env.games.klondike_rush.state import KlondikeRushState

RED, GREEN, BLUE, YELLOW = range(4)
FISH, PELT, EMERALD, MOOSE, WILD, SNOW = range(len(TOKEN_KINDS))


def game(n: int = 4, **params):
    return skagway_env.make_game("klondike_rush", num_players=n, **params)


def after_setup(n: int = 4, seed: int = 0, orders: list[int] | None = None,
                **params) -> KlondikeRushState:
    """The state once the hunt tokens and order cards are out, before the first
    company card (chance drawn from ``seed``; ``orders`` deals those kinds first)."""
    state = game(n, **params).new_initial_state()
    rng = np.random.default_rng(seed)
    dealt = list(orders or [])
    while state.phase in (state.TOKENS, state.DEAL):
        if state.phase == state.DEAL and dealt:
            state.apply_action(dealt.pop(0))
        else:
            state.apply_action(sample_chance(state, rng))
    return state


def draw(state: KlondikeRushState, *cards: int) -> None:
    """Turn up these company cards for the auction."""
    for card in cards:
        assert state.phase == state.DRAW
        state.apply_action(card)


def put(state: KlondikeRushState, **fields) -> KlondikeRushState:
    """Set state fields by hand (a test's table), dropping the caches."""
    for key, value in fields.items():
        setattr(state, key, value)
    state._legal = state._costs = state._offers = state._board = state._board_text = None
    state._rows = None
    return state


def names(state: KlondikeRushState, player: int | None = None) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions(player)]


def fragment_file(tmp_path: Path, spaces: int, tokens: dict[str, int], town: int,
                  paths: list[tuple[int, int, int]]) -> str:
    """The bundled components with a small board of our own (a map fragment)."""
    text = DEFAULT_DATA_FILE.read_text()
    for kind in TOKEN_KINDS:
        text = re.sub(rf"(?m)^{kind} = \d+$", f"{kind} = {tokens.get(kind, 0)}", text)
    text = text[:text.index("\n[map]\n") + 1] + (
        f"[map]\nspaces = {spaces}\ntown = {town}\ncentral = [{town}]\n"
        f"source = \"test fragment\"\npaths = {[list(p) for p in paths]}\n")
    file = tmp_path / "fragment.toml"
    file.write_text(text)
    return str(file)
