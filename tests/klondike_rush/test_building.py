"""[Playing the Game 2] building mines, and the rulebook's example (Mary's $5 mine)."""

from __future__ import annotations

import pytest

from skagway_env import IllegalActionError
from skagway_env.games.klondike_rush.actions import END_BUILDING, KEEP_PROFIT, PASS
from skagway_env.games.klondike_rush.building import EMPTY, connection_costs

from .helpers import BLUE, FISH, GREEN, RED, after_setup, draw, fragment_file, names, put

# The example's board: town 0 far away; a green mine on 1 and a red mine on 2 joined
# by a $4 path; then $3 to space 3 and $1 to space 4, which holds a fish.
MARY_PATHS = [(0, 1, 4), (1, 2, 4), (2, 3, 3), (3, 4, 1), (0, 5, 4), (5, 4, 4)]


def marys_table(tmp_path):
    data = fragment_file(tmp_path, spaces=6, town=0, paths=MARY_PATHS,
                         tokens={"fish": 2, "pelt": 1, "emerald": 1, "moose": 1})
    state = after_setup(3, data_file=data)
    draw(state, 0)
    for _ in range(3):
        state.apply_action(PASS)
    mines = state.space_mine[:]
    mines[1], mines[2] = GREEN, RED
    tokens = state.space_token[:]
    tokens[4] = FISH
    unused = [[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    return put(state, space_mine=mines, space_token=tokens, unused=unused,
               track=[2, 2, 1, 1], phase=state.BUILD, to_move=0)


def test_marys_green_mine_costs_five(tmp_path):
    """[Playing the Game 2] Example: the $4 path between a green and a red mine costs
    $1, then $3 and $1: "$1 + $3 + $1 = $5". The town's way round costs $8."""
    state = marys_table(tmp_path)
    assert connection_costs(state, GREEN)[4] == 5
    assert "build green on space 4" in names(state)
    state.apply_action(state.game.codec.build(GREEN, 4))
    assert state.money[0] == 30 - 5
    assert state.tokens[0][FISH] == 1 and state.space_token[4] == EMPTY  # takes the fish
    assert state.track[GREEN] == 3  # advances the green marker one space
    assert state.space_mine[4] == GREEN and state.unused[0][GREEN] == 0


def test_only_empty_spaces_own_unused_mines_and_affordable_costs(tmp_path):
    state = marys_table(tmp_path)
    codec = state.game.codec
    legal = set(state.legal_actions())
    assert codec.build(GREEN, 1) not in legal and codec.build(GREEN, 0) not in legal
    assert codec.build(RED, 3) not in legal  # no unused red mine
    assert END_BUILDING in legal
    state.money[0] = 4
    state._legal = None
    assert codec.build(GREEN, 4) not in state.legal_actions()  # $5 is beyond $4
    with pytest.raises(IllegalActionError):
        state.apply_action(codec.build(GREEN, 4))


def test_reduction_applies_to_any_colours_at_both_ends(tmp_path):
    state = marys_table(tmp_path)
    mines = state.space_mine[:]
    mines[3] = BLUE
    put(state, space_mine=mines)
    # green 1 -(4 reduced to 1)- red 2 -(3 reduced to 1)- blue 3 -(1)- 4
    assert connection_costs(state, GREEN)[4] == 3


def test_building_any_number_then_the_profit_card():
    state = after_setup(4, seed=3)
    draw(state, 8)  # red: one investment, two mines
    state.apply_action(state.game.codec.bid(1))
    for _ in range(3):
        state.apply_action(PASS)
    assert state.phase == state.BUILD and state.unused[0][RED] == 2
    codec = state.game.codec
    space = next(x for x in range(36) if codec.build(RED, x) in state.legal_actions())
    state.apply_action(codec.build(RED, space))
    assert state.phase == state.BUILD and state.unused[0][RED] == 1
    state.apply_action(END_BUILDING)
    assert state.phase == state.PROFIT
    assert names(state)[:2] == ["use profit card", "keep profit card"]


def test_only_the_active_player_builds():
    state = after_setup(4, seed=3)
    draw(state, 8)
    state.apply_action(PASS)
    state.apply_action(state.game.codec.bid(2))  # seat 1 wins two red mines
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert state.unused[1][RED] == 2
    # seat 0, active, has no mine to build: straight to its profit card decision
    assert state.phase == state.PROFIT and state.current_player() == 0
    state.apply_action(KEEP_PROFIT)
    assert state.active == 1 and state.phase == state.DRAW


def bellman_ford(state, company):
    """The costs by plain relaxation over every path until nothing changes."""
    mines = state.space_mine
    dist = [0 if m in (company, 4) else 1 << 30 for m in mines]
    changed = True
    while changed:
        changed = False
        for a, b, cost in state.game.components.paths:
            c = 1 if mines[a] != EMPTY and mines[b] != EMPTY else cost
            for x, y in ((a, b), (b, a)):
                if dist[x] + c < dist[y]:
                    dist[y], changed = dist[x] + c, True
    return dist


def test_connection_costs_match_plain_relaxation_along_random_games():
    import numpy as np

    from skagway_env.core.playout import random_playout

    from .helpers import game

    rng = np.random.default_rng(8)
    checked = 0

    def check(state) -> None:
        nonlocal checked
        if state.phase == state.BUILD:
            for c in range(4):
                assert connection_costs(state, c) == bellman_ford(state, c)
            checked += 1

    for _ in range(4):
        random_playout(game(4).new_initial_state(), rng, visit=check)
    assert checked > 20


def test_the_profit_card_pays_each_investment_its_track_value_once_a_game():
    """[Playing the Game 3] each investment symbol pays its company's track value."""
    from skagway_env.games.klondike_rush.actions import USE_PROFIT

    state = after_setup(3, seed=2)
    draw(state, 6)  # red: three investments
    state.apply_action(state.game.codec.bid(3))
    state.apply_action(PASS)
    state.apply_action(PASS)
    put(state, track=[5, 1, 1, 1])  # red at space 5: $5 an investment
    assert state.phase == state.PROFIT
    state.apply_action(USE_PROFIT)
    assert state.money[0] == 27 + 3 * 5 and state.profit_used[0]
    # "A profit card may only be used once in the game": no such decision again
    for _ in range(3):
        draw(state, state.legal_actions()[0])
        while state.phase == state.BID:
            state.apply_action(PASS)
        assert state.phase != state.PROFIT or state.active != 0
        if state.phase == state.PROFIT:
            state.apply_action(KEEP_PROFIT)
