"""Issue 21: a racing seat's choices come from bit sets and are kept in the state from
one position to the next (``race.race_choices``); they must equal the plain listing
(``reference_race.py``), and the race's masks (``CouncilState.legal_actions_mask``)
the generic mask of those lists, along one state object living through whole games
(as the envs keep one), in views, and after a seat's cover is changed by hand."""

from __future__ import annotations

import numpy as np
import pytest

import skagway_env
from skagway_env.core import SIMULTANEOUS
from skagway_env.core.playout import apply_entry, random_playout
from skagway_env.games.klondike1896_council import race

from ..conftest import GameConfig
from ..walks import walk
from .helpers import GAME, tick
from .reference_race import reference_offsets, reference_race_actions
from .test_race import racing_state


def _assert_same(state, label: str) -> None:
    size = state.game.num_distinct_actions()
    for seat in range(state.num_players):
        legal = state.legal_actions(seat)
        if state.current_player() == SIMULTANEOUS and state.free(seat):
            assert legal == reference_race_actions(state, seat), f"{label} seat {seat}"
        if state.landscape[seat]:  # what views and bots ask of every claim slot
            for slot in race.slots_of(state, seat):
                assert race.legal_offsets(state, seat, slot) == reference_offsets(
                    state, seat, slot), f"{label} seat {seat} slot {slot}"
        mask = state.legal_actions_mask(seat)
        plain = np.zeros(size, dtype=np.int8)
        plain[legal] = 1
        assert mask.dtype == np.int8 and mask.tobytes() == plain.tobytes(), (
            f"{label} seat {seat}")


@pytest.mark.parametrize("players", [3, 4])
def test_one_state_object_through_a_game_where_players_go(players):
    config = GameConfig(GAME, players)
    played = walk(config, "sensible", 1, 2251 + players, max_steps=700)
    state = config.make().new_initial_state()
    for at, entry in enumerate(played.history):
        _assert_same(state, f"{played} step {at}")
        apply_entry(state, entry)


@pytest.mark.parametrize("players", [2, 4])
def test_random_play_and_views(players):
    game = skagway_env.make_game(GAME, num_players=players, children="0")
    rng = np.random.default_rng(2260 + players)
    seen: list = []
    random_playout(game.new_initial_state(), rng, lambda s, into=seen: into.append(s.clone()))
    for at in range(0, len(seen), 2):
        _assert_same(seen[at], f"random game, step {at}")
    for at in sorted(rng.choice(len(seen), size=8, replace=False)):
        _assert_same(seen[at].view(int(rng.integers(players)), rng), f"view at step {at}")


def test_a_mask_handed_out_is_the_callers_own():
    """A free seat's mask and a busy seat's come from stores; writing on one handed
    out changes nothing the state hands out next."""
    state = racing_state()
    free = state.legal_actions_mask(0)
    free[:] = 0
    assert state.legal_actions_mask(0).sum() == len(state.legal_actions(0)) > 1
    tick(state, {0: state.game.codec.lay(0, 0)})
    assert not state.free(0)
    busy = state.legal_actions_mask(0)
    busy[:] = 1
    assert state.legal_actions_mask(0).sum() == 1


def test_the_games_store_of_choices_stays_bounded_and_right(monkeypatch):
    """The game keeps the choices of at most ``LEGAL_KEPT`` covers, then starts again;
    what it hands out from the store equals the plain listing."""
    monkeypatch.setattr(race, "LEGAL_KEPT", 3)
    game = skagway_env.make_game(GAME, num_players=3)
    rng = np.random.default_rng(2281)
    seen: list = []
    random_playout(game.new_initial_state(), rng, lambda s, into=seen: into.append(s.clone()))
    assert 0 < len(game.legal_kept) <= 3
    for state in seen[::5]:
        _assert_same(state.clone(), "from the store")
        assert len(game.legal_kept) <= 3


def test_the_games_store_of_halo_reaches_stays_bounded_and_right(monkeypatch):
    """The game keeps the anchors near at most ``REACH_KEPT`` halos (``race.reach``),
    then starts again; choices searched from kept and fresh reaches equal the plain
    listing, and a kept reach is each turn's fit touching the halo. The Python search
    (``legal_python``) is the one that reads the store: the C twin is off here."""
    monkeypatch.setattr(race, "REACH_KEPT", 3)
    monkeypatch.setattr(race, "_COMPILED", None)
    game = skagway_env.make_game(GAME, num_players=4)
    rng = np.random.default_rng(2282)
    seen: list = []
    random_playout(game.new_initial_state(), rng, lambda s, into=seen: into.append(s.clone()))
    assert 0 < len(game.reach_kept) <= 3
    for state in seen[::4]:
        _assert_same(state.clone(), "with a bounded store of reaches")
        assert len(game.reach_kept) <= 3
    halo = next(iter(game.reach_kept))
    for turns, near in zip(game.slot_turns, race.reach(game, halo), strict=True):
        for (_, offsets, fit, _), anchors in zip(turns, near, strict=True):
            assert anchors == fit & sum(1 << a for a in range(game.grid.cells)
                                        if any(halo >> (a + o) & 1 for o in offsets))
