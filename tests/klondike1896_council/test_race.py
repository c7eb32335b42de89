"""[Playing the game] the race as ticks: the landscape of one to four boards in any
order, claims by Game 1's rules, declarations once a claim is down (ordered by chance
when simultaneous), cards taken in declaration order, the last player's card and
joining up (the one behind in a tie of the final racers)."""

from __future__ import annotations

import pytest

from skagway_env.core import IllegalActionError
from skagway_env.games.klondike1896.geometry import bits
from skagway_env.games.klondike1896_council.actions import Lay, Place
from skagway_env.games.klondike1896_council.state import JOIN, ORDER, RACE, TAKE

from .helpers import first_place, kind, lay_and_place, make, start_round, tick

CARDS3 = [("red", 4), ("blue", 2), ("green", 1)]


def racing_state(players: int = 3, **params):
    game = make(players, **params)
    cards = CARDS3 if players == 3 else CARDS3[:2] + [("black", 3), ("green", 1)][:players - 2]
    if players == 2:
        cards = CARDS3
    return start_round(game.new_initial_state(), cards, (10, 1))


def decoded(state, p):
    codec = state.game.codec
    return [codec.decode(a) for a in state.legal_actions(p)]


def test_a_tick_offers_boards_and_waiting_but_no_declaring_with_nothing_laid():
    """[Playing the game] the declarer "precisely covers (or thinks that they have
    covered)" the request: a seat with no claim down cannot think so."""
    state = racing_state()
    codec = state.game.codec
    for p in range(3):
        legal = state.legal_actions(p)
        assert legal == list(range(16)) + [codec.wait]  # 4 designs x 4 turns
    tick(state, {p: codec.lay(0, 0) for p in range(3)})
    assert codec.declare not in state.legal_actions(0)  # a board laid, no claim yet
    tick(state, {p: first_place(state, p) for p in range(3)})
    assert codec.declare in state.legal_actions(0)  # any cover, exact or not


def test_landscape_one_to_four_boards_each_design_once_before_the_first_claim():
    state = racing_state()
    codec = state.game.codec
    tick(state, {0: codec.lay(2, 1), 1: codec.lay(0, 0), 2: codec.lay(3, 0)})
    assert state.landscape[0] == [codec.lay(2, 1)] and state.clock == 60
    lays = [m for m in decoded(state, 0) if isinstance(m, Lay)]
    assert {m.design for m in lays} == {0, 1, 3}
    state = racing_state()
    tick(state, {p: codec.lay(1, 0) for p in range(3)})
    place = next(a for a in state.legal_actions(0) if isinstance(codec.decode(a), Place))
    tick(state, {p: place for p in range(3)})
    assert not any(isinstance(m, Lay) for m in decoded(state, 0))  # the landscape is set


def test_four_boards_at_most():
    state = racing_state()
    codec = state.game.codec
    for design in range(4):
        tick(state, {p: codec.lay(design, 0) for p in range(3)})
    assert len(state.landscape[0]) == 4
    assert not any(isinstance(m, Lay) for m in decoded(state, 0))


def test_first_claim_covers_a_start_space_then_each_touches_the_last():
    state = racing_state()
    codec, grid = state.game.codec, state.game.grid
    tick(state, {p: codec.lay(0, 0) for p in range(3)})
    places = [a for a in state.legal_actions(0) if isinstance(codec.decode(a), Place)]
    assert places
    for a in places:
        move = codec.decode(a)
        claim = state.game.components.slot_claim(move.slot)
        cells = grid.by_action[claim][move.rotation * grid.cells + move.anchor].cells
        assert {(c // 24, c % 24) for c in cells} & {(2, 0), (3, 0)}
        assert all(c % 24 < 6 for c in cells)  # inside the one board laid
    first = places[0]
    tick(state, {p: first for p in range(3)})
    last = state.last_claim[0]
    around = 0
    for c in bits(last):
        around |= grid.around[c]
    for a in state.legal_actions(0):
        move = codec.decode(a)
        if isinstance(move, Place):
            claim = state.game.components.slot_claim(move.slot)
            mask = grid.by_action[claim][move.rotation * grid.cells + move.anchor].mask
            assert mask & around and not mask & state.covered[0]
            assert move.slot != codec.decode(first).slot  # each claim once a round


def test_children_hold_an_extra_claim():
    state = racing_state(children="1")
    codec = state.game.codec
    tick(state, {p: codec.lay(0, 0) for p in range(3)})
    extra = state.game.components.slots - 1
    slots = {p: {m.slot for m in decoded(state, p) if isinstance(m, Place)} for p in range(3)}
    assert extra in slots[1] and extra not in slots[0]


def test_simultaneous_declarations_are_ordered_by_chance_then_take_in_order():
    state = racing_state(4)
    codec = state.game.codec
    lay_and_place(state, range(4))
    tick(state, {1: codec.declare, 2: codec.declare})
    assert state.phase == ORDER
    assert state.chance_outcomes() == [(1, 0.5), (2, 0.5)]
    state.apply_action(2)  # chance: seat 2 was first
    assert state.order == [2, 1] and state.phase == TAKE and state.current_player() == 2
    assert state.legal_actions(0) == [] and state.legal_actions(2)
    with pytest.raises(IllegalActionError):
        state.apply_action(codec.take(kind(state.game, "black", 4)))  # not on the table
    state.apply_action(codec.take(kind(state.game, "red", 4)))
    assert state.current_player() == 1
    state.apply_action(codec.take(kind(state.game, "green", 1)))
    assert state.phase == RACE and state.legal_actions(1) == [codec.wait]


def test_the_last_player_takes_the_remaining_card_and_joins_up():
    state = racing_state(3)
    codec = state.game.codec
    lay_and_place(state, range(3))
    tick(state, {0: codec.declare})
    assert state.current_player() == 0
    state.apply_action(codec.take(kind(state.game, "red", 4)))
    assert state.phase == RACE
    tick(state, {1: codec.declare})
    state.apply_action(codec.take(kind(state.game, "blue", 2)))
    # seat 2 is last: it takes the green card without a choice and does not finish
    assert state.last == 2 and state.card[2] == kind(state.game, "green", 1)
    assert state.phase == JOIN and state.current_player() == 2
    assert state.legal_actions() == [codec.join(0), codec.join(1)]
    state.apply_action(codec.join(0))
    assert state.round == 1 and state.partner == [-1, -1, -1]  # next round began
    # boards picked up (a new landscape next round), the used cards discarded
    assert state.landscape == [[], [], []] and state.used == [0, 0, 0]
    for colour, value in CARDS3:
        assert state.discard[kind(state.game, colour, value)] == 1


def test_two_players_the_second_finishes_and_takes_one_of_two():
    """RULES_NOTES R5: with two players nobody is left with "the remaining card"; the
    second seat races on, declares, and chooses one of the two cards left."""
    state = racing_state(2)
    codec = state.game.codec
    assert sum(state.table) == 3
    lay_and_place(state, range(2))
    tick(state, {0: codec.declare})
    state.apply_action(codec.take(kind(state.game, "red", 4)))
    assert state.last == -1 and state.phase == RACE and state.racing(1)
    tick(state, {1: codec.declare})
    assert state.current_player() == 1
    state.apply_action(codec.take(kind(state.game, "green", 1)))
    # checked on its own cover; the untaken card stays on the table
    assert state.round == 1 and state.table[kind(state.game, "blue", 2)] == 1
    assert state.checked == [1, 1]


def test_two_players_join_reading_the_last_chooses_between_two_and_joins_the_winner():
    state = racing_state(2, two_players="join")
    codec = state.game.codec
    lay_and_place(state, range(2))
    tick(state, {0: codec.declare})
    state.apply_action(codec.take(kind(state.game, "red", 4)))
    assert state.last == 1 and state.current_player() == 1
    state.apply_action(codec.take(kind(state.game, "green", 1)))
    # joined up with the only other player; the untaken card stays on the table
    assert state.round == 1 and state.table[kind(state.game, "blue", 2)] == 1
    assert state.checked == [1, 0]


def test_in_a_tie_of_the_final_racers_the_one_drawn_last_is_the_last_player():
    """RULES_NOTES R3: "The player who is last takes the remaining card": seats that
    finish at the same beat reach the table in the order drawn, and the one behind
    is the last player (it joins up; its own cover is not checked)."""
    state = racing_state(3)
    codec = state.game.codec
    lay_and_place(state, range(3))
    tick(state, {p: codec.declare for p in range(3)})
    assert state.phase == ORDER
    state.apply_action(1)
    state.apply_action(0)
    assert state.order == [1, 0, 2] and state.last == 2
    state.apply_action(codec.take(kind(state.game, "red", 4)))
    state.apply_action(codec.take(kind(state.game, "blue", 2)))
    assert state.phase == JOIN and state.current_player() == 2


def test_a_racing_seat_always_has_a_move_and_others_only_wait():
    state = racing_state(3)
    codec = state.game.codec
    lay_and_place(state, range(3))
    tick(state, {0: codec.declare})
    state.apply_action(codec.take(kind(state.game, "red", 4)))
    assert state.legal_actions(0) == [codec.wait]
    assert codec.declare in state.legal_actions(1) and codec.wait in state.legal_actions(1)
    with pytest.raises(IllegalActionError):
        tick(state, {0: codec.declare, 1: codec.declare, 2: codec.declare})


def test_the_second_board_keeps_the_path_until_it_touched_top_and_bottom():
    """Game 1's rule: the path touches the top and bottom of the second board before it
    goes on to the third."""
    state = racing_state()
    codec, grid = state.game.codec, state.game.grid
    for design in range(3):
        tick(state, {p: codec.lay(design, 0) for p in range(3)})
    square = grid.mask_of(((2, 10), (3, 10), (2, 11), (3, 11)))  # middle of board 2
    state.covered[0] = state.last_claim[0] = square
    state.halo[0] = grid.halo_of(square)
    state.used[0] = 1 << 1  # the square claim
    state._race_legal = state._legal = None  # the race's and the State's kept choices

    def reach() -> set[int]:
        cols = set()
        for a in state.legal_actions(0):
            move = codec.decode(a)
            if isinstance(move, Place):
                claim = state.game.components.slot_claim(move.slot)
                cells = grid.by_action[claim][move.rotation * grid.cells + move.anchor].cells
                cols |= {c % 24 for c in cells}
        return cols

    assert max(reach()) == 11  # nothing reaches the third board yet
    # the path touched the top and the bottom of the second board earlier
    state.covered[0] |= grid.mask_of(((0, 10), (1, 10), (5, 9)))
    state._race_legal = state._legal = None  # the race's and the State's kept choices
    assert max(reach()) >= 12
