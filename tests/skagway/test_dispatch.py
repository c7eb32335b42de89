"""The tables behind Skagway's ``current_player``, legal actions and move rules
(``dispatch.py``), and the shortcuts the rules' hot paths take, against the plain
definitions they replace, at the positions players reach (``tests/walks.py``)."""

from __future__ import annotations

import pytest

from skagway_env.games.skagway import buildings, dispatch, placement
from skagway_env.games.skagway.stages import Location, Stage
from skagway_env.games.skagway.workers import STOOGE_A, STOOGE_B, controller

from ..conftest import GameConfig
from ..walks import walks

CONFIGS = [GameConfig("skagway", n) for n in (2, 3, 4)] + [
    GameConfig("skagway", 4, (("data_file", "components_night_spots_engine1.toml"),))]


def positions(config: GameConfig):
    game = config.make()
    for walked in walks(config):
        yield from walked.positions(game)


def test_every_stage_is_routed_once():
    """A decision stage has a seat and legal actions; a chance stage has outcomes."""
    stages = set(Stage)
    assert set(dispatch.TO_MOVE) == stages
    chance = set(dispatch.CHANCE_STAGES)
    assert set(dispatch.OUTCOMES) == chance
    assert set(dispatch.LEGAL) == stages - {Stage.OVER}
    assert all(dispatch.LEGAL[s] is dispatch._legal_chance for s in chance)


def test_move_rules_route_each_action_to_its_kind():
    game = GameConfig("skagway", 4).make()
    codec = game.codec
    assert len(game.move_rules) == codec.size
    for action, (rule, args) in enumerate(game.move_rules):
        move = codec.decode(action)
        assert rule is dispatch.RULES[type(move)] and args == tuple(move)


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_shortcuts_equal_their_definitions(config):
    """Placements: every (Worker, open space) sorted; purchases: ``can_buy_*`` asked of
    each building and card; the next placer: the first seat with a Worker to place."""
    seen, bought = set(), 0
    for s in positions(config):
        seen.add(s.stage)
        n = s.num_players
        for seat in range(n):
            codec = s.game.codec
            assert placement.workers_to_place(s, seat) == [
                w for w in (2 * seat, 2 * seat + 1, STOOGE_A, STOOGE_B)
                if s.loc[w] == Location.HOME and controller(s, w) == seat]
            expected = sorted(codec.place(w, space) for w in placement.workers_to_place(s, seat)
                              for space in placement.open_spaces(s, w))
            assert placement.legal_placements(s, seat) == expected
            spaces, prestige = buildings.buyable(s, seat)
            assert spaces == [x for x in range(3) if buildings.can_buy_building(s, seat, x)]
            assert prestige == [p for p in range(len(s.game.components.prestige))
                                if buildings.can_buy_prestige(s, seat, p)]
            bought += bool(prestige)
        if s.first_player >= 0:
            for after in [None, *range(n)]:
                start = s.first_player if after is None else (after + 1) % n
                first = next((q for q in ((start + k) % n for k in range(n))
                              if placement.workers_to_place(s, q)), None)
                assert placement.next_placer(s, after) == first
    assert {Stage.PLACE, Stage.BUY, Stage.TURN_IN} <= seen and bought
