"""A game's own playout move (``_random_legal_action``, ``core.playout.random_legal``)
is the listed one: ``legal[below(len(legal))]`` of ``legal = _legal_actions(player)``;
its own chance outcome (``_chance_outcome_at``, ``core.playout.random_chance``) is
``pick_python(chance_outcomes(), r)``.

Playouts use the hook instead of listing the legal actions (Klondike 1896 counts its
bids and placements), so an IS-MCTS search stays the same search only if, at every
position, the hook asks ``below`` once for exactly ``len(legal)`` and returns the action
at the index drawn. Checked for every index, at positions of games walked by uniform,
heuristic and sensible-random play (``tests/walks.py``), for every configuration of
every game that has the hook; the generic fallback is checked on one that has not.
Chance outcomes are checked at uniform draws on and beside every boundary of the
running sum, where a sum in another order or of other numbers would show.
"""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env.core import CHANCE, SIMULTANEOUS, State
from skagway_env.core.playout import pick_python, random_chance, random_legal
from skagway_env.games.klondike1896.phases import AUCTION, EXTRA, EXTRA_PLACE, PLACE
from skagway_env.games.klondike1896_council.phases import RACE, TAKE
from skagway_env.games.klondike_rush.state import KlondikeRushState

from .conftest import CONFIGS, GameConfig
from .walks import walks

HOOKED = [c for c in CONFIGS
          if hasattr(c.make().state_class, "_random_legal_action")]
CHANCE_HOOKED = [c for c in CONFIGS
                 if hasattr(c.make().state_class, "_chance_outcome_at")]
STRIDE = 3  # every third position of each walk
# the phases where each hooked game's own draw differs from the listing's, which the
# walks must reach (the council's race: a seat's choices counted in a bit set; Klondike
# Rush's bids counted, not listed)
HOOKED_PHASES = {"klondike1896": {AUCTION, PLACE, EXTRA}, "klondike1896_council": {RACE, TAKE},
                 "klondike_rush": {KlondikeRushState.BID}}


def seats_to_move(state: State) -> list[int]:
    cur = state.current_player()
    if cur == SIMULTANEOUS:
        return list(range(state.num_players))
    return [cur] if cur >= 0 else []


def assert_listed_draws(state: State, player: int) -> None:
    legal = state._legal_actions(player)
    move = random_legal(state)
    for index in range(len(legal)):
        asked: list[int] = []

        def below(n: int, index: int = index, asked: list[int] = asked) -> int:
            asked.append(n)
            return index

        assert move(player, below) == legal[index], (state.history, player, index)
        assert asked == [len(legal)]


def test_some_game_has_the_hook():
    assert {c.name for c in HOOKED} == set(HOOKED_PHASES)


def test_the_walks_reach_the_last_bid():
    """Klondike Rush's hook counts a last bid's bids too (no pass): checked where the
    walks of the Last Bid variant reach one."""
    configs = [c for c in HOOKED if c.name == "klondike_rush" and dict(c.params).get("last_bid")]
    assert configs
    reached = [state for config in configs for played in walks(config)
               for state in played.positions(config.make())
               if state.phase == KlondikeRushState.LAST]
    assert reached
    for state in reached:
        assert_listed_draws(state, state.current_player())


def test_the_walks_reach_the_additional_claims_placement():
    """Its draw is checked where the walks reach it (some configurations do)."""
    config = next(c for c in HOOKED if c.name == "klondike1896" and c.num_players == 4
                  and not c.params)
    game = config.make()
    reached = [state for played in walks(config) for state in played.positions(game)
               if state.phase == EXTRA_PLACE]
    assert reached
    for state in reached:
        assert_listed_draws(state, state.current_player())


@pytest.mark.parametrize("config", HOOKED, ids=str)
def test_own_playout_moves_are_the_listed_draws(config: GameConfig):
    game = config.make()
    phases = set()
    for played in walks(config):
        for step, state in enumerate(played.positions(game)):
            if step % STRIDE and state.phase in phases:
                continue  # every third position, and the first of each phase
            for player in seats_to_move(state):
                assert_listed_draws(state, player)
                phases.add(state.phase)
    assert HOOKED_PHASES[config.name] <= phases, phases


def test_the_generic_move_is_the_listed_draw():
    config = next(c for c in CONFIGS if c.name == "dawson_city_barbers")
    game = config.make()
    assert not hasattr(game.state_class, "_random_legal_action")
    played = walks(config)[0]
    for state in played.positions(game, list(range(0, len(played.history), 7))):
        for player in seats_to_move(state):
            assert_listed_draws(state, player)


def assert_listed_outcome(state: State) -> None:
    outcomes = state.chance_outcomes()
    draws, acc = [0.0, 1.0 - 2**-53], 0.0
    for _, prob in outcomes:
        acc += prob
        draws += [acc, float(np.nextafter(acc, 0.0)), float(np.nextafter(acc, 1.0))]
    outcome = random_chance(state)
    for r in draws:
        if r < 1.0:
            assert outcome(r) == pick_python(outcomes, r), (state.history, r)


def test_some_games_have_the_chance_hook():
    assert {"dawson_city_barbers", "klondike1896", "klondike_rush"} <= {
        c.name for c in CHANCE_HOOKED}


@pytest.mark.parametrize("config", CHANCE_HOOKED, ids=str)
def test_own_chance_outcomes_are_the_listed_pick(config: GameConfig):
    game = config.make()
    checked = 0
    for played in walks(config):
        for state in played.positions(game):
            if state.current_player() == CHANCE:
                assert_listed_outcome(state)
                checked += 1
    assert checked > 100


def test_the_generic_chance_outcome_is_the_listed_pick():
    config = next(c for c in CONFIGS if c not in CHANCE_HOOKED)
    game = config.make()
    assert not hasattr(game.state_class, "_chance_outcome_at")
    played = walks(config)[0]
    for state in played.positions(game):
        if state.current_player() == CHANCE:
            assert_listed_outcome(state)
