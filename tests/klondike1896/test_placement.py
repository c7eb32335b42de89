"""[2) Placing the claim] and [Connecting claims]."""

from __future__ import annotations

import pytest

from skagway_env import SIMULTANEOUS, IllegalActionError
from skagway_env.games.klondike1896.phases import PLACE
from skagway_env.games.klondike1896.placement import legal_placements

from .helpers import I3, I4, SQUARE, L, V, Z, bid, game, mask, place_at, start


def placing(claim: int, n: int = 2, **params):
    """Seat 0 to place ``claim`` (seat 1 won the next claim of the row)."""
    other = SQUARE if claim != SQUARE else L
    s = start(game(n, **params), rows=[[claim, other]])
    bid(s, 0)
    bid(s, 1)
    assert s.phase == PLACE and s.current_player() == SIMULTANEOUS
    return s


def cells_of(s, action: int, seat: int = 0) -> set[tuple[int, int]]:
    place = s.game.grid.by_action[s.won[seat]][action - s.game.codec.place(0, 0)]
    cols = s.game.grid.cols
    return {divmod(c, cols) for c in place.cells}


def test_first_claim_covers_a_middle_space_of_the_left_column():
    s = placing(I4)
    legal = s.legal_actions(0)
    assert legal
    for a in legal:
        assert cells_of(s, a) & {(2, 0), (3, 0)}
    assert place_at(s, 0, 2, 0) in legal  # lying along row 2 from the start
    assert place_at(s, 1, 0, 0) in legal  # standing in column 0, rows 0-3
    assert place_at(s, 0, 1, 0) not in legal  # misses both start spaces


def test_claims_turn_but_never_flip():
    s = placing(Z)
    shapes = {frozenset((r - min(x for x, _ in c), k - min(y for _, y in c)) for r, k in c)
              for c in (cells_of(s, a) for a in s.legal_actions(0))}
    assert frozenset({(0, 0), (0, 1), (1, 1), (1, 2)}) in shapes  # Z as printed
    assert frozenset({(0, 1), (1, 0), (1, 1), (2, 0)}) in shapes  # Z turned
    assert frozenset({(0, 1), (0, 2), (1, 0), (1, 1)}) not in shapes  # S: flipped Z
    assert len(shapes) == 2  # a Z has two distinct turns


def test_symmetric_claims_offer_each_turn_once():
    s = placing(SQUARE)
    rotations = {(a - s.game.codec.place(0, 0)) // 144 for a in s.legal_actions(0)}
    assert rotations == {0}


def test_next_claim_touches_the_last_by_side_or_corner_inside_no_overlap():
    s = placing(V)
    s.covered[0] = mask(s, [(2, 0), (2, 1), (2, 2)])  # an I3 along row 2 was the last
    s.halo[0] = s.game.grid.halo_of(s.covered[0])
    s.paths[0] = [s.covered[0]]
    s._legal = None
    legal = s.legal_actions(0)
    corner = place_at(s, 0, 3, 3)  # V at (3,3),(4,3),(4,4): touches (2,2) by a corner
    side = place_at(s, 0, 3, 0)  # V at (3,0),(4,0),(4,1): below the I3
    apart = place_at(s, 0, 4, 5)  # two rows away
    over = place_at(s, 0, 1, 2)  # V at (1,2),(2,2),(2,3): overlaps
    assert corner in legal and side in legal
    assert apart not in legal and over not in legal
    for a in legal:
        c = cells_of(s, a)
        assert all(0 <= r < 6 and 0 <= k < 24 for r, k in c)
        assert not c & {(2, 0), (2, 1), (2, 2)}
    with pytest.raises(IllegalActionError):
        s.apply_actions([apart, s.legal_actions(1)[0]])


def test_a_claim_with_no_place_is_lost_and_only_then():
    s = placing(I4)
    assert s.game.codec.lose not in s.legal_actions(0)
    # boxed in: everything around the last claim is covered
    last = mask(s, [(0, 0)])
    s.covered[0] = last | s.game.grid.halo_of(last)
    s.halo[0] = s.game.grid.halo_of(last)
    s.paths[0] = [last]
    s._legal = None
    assert s.legal_actions(0) == [s.game.codec.lose]
    gold = s.gold[0]
    s.apply_actions([s.game.codec.lose, s.legal_actions(1)[0]])
    assert s.gold[0] == gold and s.paths[0] == [last] and s.won == [-1, -1]


def test_top_and_bottom_of_the_second_and_third_boards():
    """Illustration 4: the path touches both sides of boards 2 and 3 before leaving."""
    s = placing(I3)
    path = [(2, c) for c in range(6, 11)]  # along row 2 into board 2, no edge touched
    s.covered[0] = mask(s, [(2, c) for c in range(11)])
    s.halo[0] = s.game.grid.halo_of(mask(s, path[-3:]))
    s.paths[0] = [s.covered[0]]
    s._legal = None
    into_board_3 = place_at(s, 0, 2, 11)  # (2,11),(2,12),(2,13)
    assert into_board_3 not in s.legal_actions(0)
    # touched the top of board 2 only: still not past it
    s.covered[0] |= mask(s, [(0, 8)])
    s._legal = None
    assert into_board_3 not in s.legal_actions(0)
    s.covered[0] |= mask(s, [(5, 9)])  # and the bottom: the way is open
    s._legal = None
    assert into_board_3 in s.legal_actions(0)
    assert legal_placements(s, 0) == s.legal_actions(0)


def test_the_rounds_claims_are_placed_at_once():
    """[2)] every player places its claim on its own landscape: one simultaneous node,
    so nobody places knowing where another's claim went (RULES_NOTES P6)."""
    s = placing(I4)
    assert s.current_player() == SIMULTANEOUS and s.game.info.simultaneous_moves
    mine, theirs = s.legal_actions(0), s.legal_actions(1)
    assert mine == legal_placements(s, 0) and theirs == legal_placements(s, 1)
    seen = s.observation_string(1)
    s.apply_actions([place_at(s, 0, 2, 0), theirs[0]])
    assert s.history[-1] == [place_at(s, 0, 2, 0), theirs[0]]
    assert s.won == [-1, -1] and len(s.paths[0]) == len(s.paths[1]) == 1
    assert seen != s.observation_string(1)  # both claims show only once both are down
    with pytest.raises(IllegalActionError):
        s.apply_actions([0, 0])  # not a placement node any more
