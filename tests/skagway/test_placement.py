"""Skagway setup [3.0] and Phases One and Two [4.1], [4.2] as move tables, and the
Extended Example's [8.0] Phase Two replayed placement by placement."""

from __future__ import annotations

import pytest

from skagway_env.core import CHANCE
from skagway_env.games.skagway.game import SkagwayGame
from skagway_env.games.skagway.placement import ASSAY, DEPUTY, DOCKS, MINES, RAILROAD
from skagway_env.games.skagway.workers import GUNFIGHTER_HAND, MINER_HAND, RAILROAD_HAND, STOOGE_A

FRED, MARINA, JOLENE, BOB = range(4)
CLARENCE, BILL, JANE, FRANK, JOE, BART, JIM, TED = range(8)


def started(players: int, first: int = 0):
    state = SkagwayGame(num_players=players).new_initial_state()
    assert state.current_player() == CHANCE
    state.apply_action(first)
    return state


@pytest.mark.parametrize("players, first, points", [
    (2, 0, [2, 3]), (2, 1, [3, 2]), (3, 1, [4, 2, 3]), (4, 2, [4, 5, 2, 3]),
])
def test_starting_points_clockwise_from_the_first_player(players, first, points):
    state = started(players, first)
    assert state.points == points  # [3.4] 2, 3, 4, 5 clockwise
    assert state.first_player == first and state.current_player() == first


@pytest.mark.parametrize("players, gold, rail", [
    (2, [5, 4, 3], [5, 2, 1]), (3, [5, 4, 3], [5, 2, 1]), (4, [5, 6, 3], [5, 3, 1]),
])
def test_counters_removed_for_two_or_three_players(players, gold, rail):
    state = started(players)
    assert state.gold_supply == gold  # [3.1] two $3 out with 2-3 players
    assert state.rail_supply == rail  # [3.1] one (2) out with 2-3 players


def spaces_for(state, worker):
    codec = state.game.codec
    return sorted(codec.decode(a).space for a in state.legal_actions()
                  if codec.decode(a).worker == worker)


@pytest.mark.parametrize("players, mine_spots", [(2, 2), (3, 2), (4, 3)])
def test_mine_spots_by_player_count(players, mine_spots):
    state = started(players)
    for k in range(mine_spots):
        state.mines.append(100 + k)
    state._legal = None
    assert MINES not in spaces_for(state, 0)  # [4.2.1] full
    state.mines.pop()
    state._legal = None
    assert MINES in spaces_for(state, 0)


def test_assay_takes_four_and_fills_in_order():
    state = started(4)
    codec = state.game.codec
    order = [(0, 0), (1, 2), (2, 4), (3, 6)]  # (seat, worker)
    for seat, worker in order:
        assert state.current_player() == seat
        state.apply_action(codec.place(worker, ASSAY))
    assert state.assay == [0, 2, 4, 6]  # [4.2.3] spots 1-4 in order
    assert ASSAY not in spaces_for(state, 1)


def test_docks_once_a_turn_deputy_only_when_empty_no_sheriff_space():
    state = started(2)
    codec = state.game.codec
    state.apply_action(codec.place(0, DOCKS))
    assert DOCKS not in spaces_for(state, 2)  # [4.2.4] one Worker a turn
    state.apply_action(codec.place(2, DEPUTY))
    assert DEPUTY not in spaces_for(state, 1)  # [4.2.5] already taken
    assert spaces_for(state, 1) == [MINES, RAILROAD, ASSAY]  # never the Sheriff


def test_everyone_must_place_and_the_railroad_is_always_open():
    state = started(3, first=2)
    seen = []
    while state.stage == "place":
        seen.append(state.current_player())
        legal = state.legal_actions()
        assert legal, "a player with Workers always has a space [4.2]"
        assert any(state.game.codec.decode(a).space == RAILROAD for a in legal)
        state.apply_action(legal[0])
    assert seen == [2, 0, 1, 2, 0, 1]  # clockwise from the First Player, one at a time
    assert all(state.loc[w] != "home" for w in range(6))


def example_turn_start():
    """[8.0] before Phase One: Jolene holds the Recruiter with the Railroad Hired Hand
    and a Stooge, Bob's Jim is Sheriff and Bob has the First Player marker."""
    state = started(4, first=FRED)
    state.first_player = BOB
    state.sheriff, state.loc[JIM] = JIM, "sheriff"
    state.recruiter = JOLENE
    for hand in (RAILROAD_HAND, STOOGE_A):
        state.hand_state[hand - 8] = "active"
        state.loc[hand] = "home"
    state.mines, state.railroad = [], []
    state.gold_supply[0] -= 1  # Fred "already has a $2 from a previous turn"
    state.gold_held[FRED][0] += 1
    state.turn = 5
    state.begin_turn()
    return state


def test_extended_example_phase_two():
    state = example_turn_start()
    codec = state.game.codec
    assert state.railroad == [RAILROAD_HAND]  # Phase One: the Railroad Hired Hand
    assert MINER_HAND not in state.mines
    plays = [  # [8.0] in the order the example gives them
        (BOB, TED, DOCKS), (FRED, CLARENCE, MINES), (MARINA, JANE, MINES),
        (JOLENE, JOE, RAILROAD), (FRED, BILL, ASSAY), (MARINA, FRANK, ASSAY),
        (JOLENE, BART, DEPUTY), (JOLENE, STOOGE_A, ASSAY),
    ]
    for seat, worker, space in plays:
        assert state.current_player() == seat  # Bob is out after Ted and is skipped
        state.apply_action(codec.place(worker, space))
    assert state.stage == "mine_pull"  # Phase Three begins at the Mines
    assert state.mines == [CLARENCE, JANE]  # the "1" and "2" spots
    assert state.railroad == [RAILROAD_HAND, JOE]  # Joe stacked on top of the hand
    assert state.assay == [BILL, FRANK, STOOGE_A, -1]
    assert (state.docks, state.deputy, state.sheriff) == (TED, BART, JIM)


def test_stooges_never_on_docks_or_deputy():
    state = example_turn_start()
    state.apply_action(state.game.codec.place(TED, RAILROAD))  # Bob keeps the Docks open
    state.apply_action(state.game.codec.place(CLARENCE, MINES))
    state.apply_action(state.game.codec.place(JANE, MINES))
    assert state.current_player() == JOLENE
    stooge_spaces = spaces_for(state, STOOGE_A)
    assert DOCKS not in stooge_spaces and DEPUTY not in stooge_spaces  # [4.2.4], [4.2.5]
    assert DOCKS in spaces_for(state, JOE) and DEPUTY in spaces_for(state, JOE)


def test_extended_example_mines():
    """[8.0] Fred draws a $2 and a $4 without help; Marina pulls Frank from the
    Mercantile so that Jane brings back two counters, both $3."""
    state = example_turn_start()
    codec = state.game.codec
    for worker, space in [(TED, DOCKS), (CLARENCE, MINES), (JANE, MINES), (JOE, RAILROAD),
                          (BILL, ASSAY), (FRANK, ASSAY), (BART, DEPUTY), (STOOGE_A, ASSAY)]:
        state.apply_action(codec.place(worker, space))
    assert state.current_player() == FRED
    assert state.legal_actions() == [codec.mine_pull(0), codec.mine_pull(None)]  # Bill
    state.apply_action(codec.mine_pull(None))
    assert state.current_player() == CHANCE
    state.apply_action(2)
    state.apply_action(4)
    assert state.gold_held[FRED] == [2, 0, 1]  # with the $2 he already had
    assert state.loc[CLARENCE] == "home"
    assert state.current_player() == MARINA
    state.apply_action(codec.mine_pull(1))  # Frank, on the "2" space
    assert state.assay == [BILL, -1, STOOGE_A, -1] and state.loc[FRANK] == "home"
    state.apply_action(3)
    state.apply_action(3)
    assert state.gold_held[MARINA] == [0, 2, 0] and state.loc[JANE] == "home"
    assert state.gold_supply == [5 - 2, 6 - 2, 3 - 1]
    assert state.stage == "rail_draw"  # next: Joe, on top of the Railroad stack


@pytest.mark.parametrize("spot, supply, drawn, points", [
    (0, [0, 0, 0], [0, 0, 0], 3),  # first spot, empty supply: 3 points
    (1, [0, 0, 0], [0, 0, 0], 1),  # other spots: 1 point
    (0, [0, 1, 0], [0, 1, 0], 0),  # owed two, finds one: takes it, no points (I7)
])
def test_mines_when_gold_runs_out(spot, supply, drawn, points):
    state = started(4, first=0)
    codec = state.game.codec
    state.gold_supply = supply
    if spot == 1:
        state.apply_action(codec.place(0, MINES))  # seat 0 takes the first spot
    state.apply_action(codec.place(2 if spot == 1 else 0, MINES))
    while state.stage == "place":
        legal = state.legal_actions()
        state.apply_action(next(a for a in legal if codec.decode(a).space == RAILROAD))
    while state.stage == "mine_draw":
        state.apply_action(state.legal_actions()[0])
    seat = 1 if spot == 1 else 0
    assert state.gold_held[seat] == drawn
    assert state.points[seat] == [2, 3, 4, 5][seat] + points
    assert state.stage == "rail_draw"


def test_only_stooges_among_hired_hands_are_placed_in_phase_two():
    """[4.1] Railroad and Miner hands go out in Phase One; [4.3.4] the Gunfighter is
    placed on the Street in Phase Four, never at work."""
    state = started(2, first=0)
    state.recruiter = 0
    for hand in (RAILROAD_HAND, MINER_HAND, GUNFIGHTER_HAND, STOOGE_A):
        state.hand_state[hand - 8] = "active"
        state.loc[hand] = "home"
    state.mines, state.railroad = [], []
    state.begin_turn()
    assert state.railroad == [RAILROAD_HAND] and state.mines == [MINER_HAND]
    placeable = {state.game.codec.decode(a).worker for a in state.legal_actions()}
    assert placeable == {0, 1, STOOGE_A}
    assert state.loc[GUNFIGHTER_HAND] == "home"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_mats_workers_and_hired_hands(players):
    """[3.2] markers at 0; [3.3] two Workers a player; [3.1] Hired Hands in the pool."""
    state = started(players)
    assert state.purchased_track == [0] * players and state.kills == [0] * players
    assert [state.loc[w] for w in range(8)] == ["home"] * (2 * players) + ["out"] * (
        8 - 2 * players)
    assert all(state.loc[w] == "pool" for w in range(8, 13))
    assert state.recruiter == state.recruited_by == -1
    assert state.building_side == [-1, -1, -1] and state.prestige == [[]] * players
    assert sum(state.goods_deck) == 14 and state.sheriff == -1
