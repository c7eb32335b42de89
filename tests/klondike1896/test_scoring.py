"""[3) Counting points]: gold and rubies at once; rubies usable next round."""

from __future__ import annotations

from skagway_env.games.klondike1896.actions import EXTRA_PASS
from skagway_env.games.klondike1896.phases import EXTRA

from .helpers import SQUARE, L, bid, data_file, game, place_all, place_at, start

# board A with illustration 6's spaces where an L stands on the start spaces:
# (1,0) three gold pieces, (2,0) a ruby, (3,0) one gold piece, (3,1) a ruby
ILLUSTRATION_6 = ["......", "3.....", "R.....", "1R....", "......", "......"]


def test_illustration_6_four_points_and_two_rubies(tmp_path):
    g = game(2, data_file=data_file(tmp_path, {0: ILLUSTRATION_6}))
    s = start(g, rows=[[L, SQUARE]])
    bid(s, 0)
    bid(s, 1)
    place_all(s, {0: place_at(s, 0, 1, 0)})  # L over (1,0),(2,0),(3,0),(3,1)
    assert s.gold[0] == 4  # "the player receives four points
    assert s.fresh[0] == 2  # and two rubies"
    assert s.rubies[0] == 3  # kept apart: not usable in this round's auctions
    assert "gold 4 | rubies 3 (+2 next round)" in s.observation_string(1)
    while s.phase == EXTRA:
        assert s.legal_actions() == [EXTRA_PASS]  # 3 usable rubies: the 2 new ones wait
        s.apply_action(EXTRA_PASS)
    assert s.rubies[0] == 5 and s.fresh[0] == 0  # usable from the next round
