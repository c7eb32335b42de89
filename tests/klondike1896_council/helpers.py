"""Driving a council game to chosen positions: chance outcomes picked by name."""

from __future__ import annotations

import skagway_env
from skagway_env.games.klondike1896_council.actions import Place
from skagway_env.games.klondike1896_council.state import FILL, PACE, REQUEST, CouncilState

GAME = "klondike1896_council"


def twin_configs() -> list:
    """The tables the C twins' tests walk: every player count, the 2-player join-up,
    open covers, no and several children."""
    from ..conftest import GameConfig

    return [GameConfig(GAME, 2), GameConfig(GAME, 2, (("two_players", "join"),)),
            GameConfig(GAME, 3, (("covers", "open"),)), GameConfig(GAME, 3, (("children", "0"),)),
            GameConfig(GAME, 4), GameConfig(GAME, 4, (("children", "1,3"), ("covers", "open")))]


def make(num_players: int = 3, **params) -> skagway_env.Game:
    return skagway_env.make_game(GAME, num_players=num_players, **params)


def kind(game, colour: str, value: int) -> int:
    comp = game.components
    return next(i for i, k in enumerate(comp.kinds)
                if comp.colours[k.colour] == colour and k.value == value)


def request_index(game, gold: int, rubies: int) -> int:
    return next(i for i, r in enumerate(game.components.requests)
                if (r.gold, r.rubies) == (gold, rubies))


def start_round(state: CouncilState, cards: list[tuple[str, int]],
                request: tuple[int, int]) -> CouncilState:
    """Lay out ``cards`` (colour, value) and turn the request (gold, rubies)."""
    game = state.game
    for colour, value in cards:
        assert state.phase == FILL
        state.apply_action(kind(game, colour, value))
    assert state.phase == REQUEST
    state.apply_action(request_index(game, *request))
    return state


def tick(state: CouncilState, moves: dict[int, int], pace: int = 0) -> None:
    """One race tick: ``moves`` by seat; seats not named wait. Each board or claim
    then takes ``pace`` beats more (the chance draws after the tick)."""
    codec = state.game.codec
    state.apply_actions([moves.get(p, codec.wait) for p in range(state.num_players)])
    while state.phase == PACE:
        state.apply_action(pace)


def first_place(state: CouncilState, p: int) -> int:
    """The first legal claim placement of seat ``p``."""
    codec = state.game.codec
    return next(a for a in state.legal_actions(p) if isinstance(codec.decode(a), Place))


def lay_and_place(state: CouncilState, seats: range | list[int]) -> None:
    """Every seat in ``seats`` lays board A, then places its first legal claim (the
    same moves, so they stay in step)."""
    codec = state.game.codec
    tick(state, {p: codec.lay(0, 0) for p in seats})
    tick(state, {p: first_place(state, p) for p in seats})
