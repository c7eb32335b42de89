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


def encoded_legal(s, player: int) -> list[int] | None:
    """The legal actions of the stages whose lists ``dispatch`` builds from ids looked
    up once (``ActionIds``), encoded by the codec at the position (None: another stage)."""
    codec, comp = s.game.codec, s.game.components
    faces = comp.gold.faces
    if s.stage == Stage.TURN_IN:
        return [codec.turn_in(v) for v, c in zip(faces, s.gold_held[player], strict=True)
                if c] + [codec.turn_in(None)]
    if s.stage == Stage.KEEP_GOLD:
        return [codec.keep_gold_return(v)
                for v, c in zip(faces, s.gold_held[player], strict=True) if c]
    if s.stage == Stage.GOODS_CASH:
        return [codec.cash_goods(t) for t, c in enumerate(s.goods_held[player]) if c] + [
            codec.cash_goods(None)]
    if s.stage == Stage.BUY:
        return ([codec.buy_nothing()]
                + [codec.buy_building(x, side) for x in range(3)
                   if buildings.can_buy_building(s, player, x) for side in (0, 1)]
                + [codec.buy_prestige(p) for p in range(len(comp.prestige))
                   if buildings.can_buy_prestige(s, player, p)])
    return None


@pytest.mark.parametrize("config", CONFIGS[1:3], ids=str)
def test_listed_ids_equal_encoded_ones(config):
    stages = set()
    for s in positions(config):
        player = s.current_player()
        expected = encoded_legal(s, player) if player >= 0 else None
        if expected is not None:
            stages.add(s.stage)
            assert s.legal_actions() == expected
    assert stages == {Stage.TURN_IN, Stage.KEEP_GOLD, Stage.GOODS_CASH, Stage.BUY}
