"""Issue 9: a capped game is a truncation, and the tensor holds the public facts that
decide play (the turn and the cap, $4 counters left, this turn's purchases, face-down
recruits)."""

from __future__ import annotations

import time

import numpy as np
from skagway_agents.heuristics import skagway as bots

import skagway_env
from skagway_env.core.playout import random_playout, sample_chance
from skagway_env.envs.common import end_info
from skagway_env.games.skagway import endgame, work
from skagway_env.games.skagway.game import SkagwayGame
from skagway_env.games.skagway.stages import HandState, Location, Stage
from skagway_env.games.skagway.workers import HIRED_HANDS, STOOGE_A, STOOGE_B


def test_a_capped_game_is_truncated_without_final_scoring(monkeypatch):
    """I22: the end is [5.0]'s alone; ``max_turns`` stops the game after that turn,
    scoring nothing more (no final Sheriff, Docks, Skagway Today or Prestige points)."""
    def never(*_):
        raise AssertionError("a truncated game is not scored as an ending")

    monkeypatch.setattr(work, "final_scoring", never)
    monkeypatch.setattr(endgame, "final_scoring", never)
    game = SkagwayGame(num_players=2, max_turns=1)  # an end needs at least two turns
    for seed in range(5):
        state = game.new_initial_state()
        random_playout(state, np.random.default_rng(seed))
        assert state.is_terminal() and state.is_truncated()
        assert state.turn == 1 and not state.final_turn and state.docks_owner == -1
        assert state.stage == Stage.OVER and state.returns() != [0.0, 0.0]
        assert end_info(state)["truncated"]


def test_the_env_reports_a_truncation():
    env = skagway_env.make_env("skagway", num_players=2, max_turns=1)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    ended = []
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            ended.append((terminated, truncated))
            env.step(None)
            continue
        mask = env.observe(agent)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert ended == [(False, True)] * 2


def test_a_real_ending_is_not_a_truncation():
    state = SkagwayGame(num_players=4).new_initial_state()
    random_playout(state, np.random.default_rng(3))
    assert state.is_terminal() and state.final_turn and not state.is_truncated()


def test_the_two_player_landlord_mirror_ends_truncated():
    """Nobody mines, so the Gold Supply never empties [5.0]: the cap stops the game."""
    game = SkagwayGame(num_players=2)
    rng = np.random.default_rng(7)
    params = bots.STYLES["landlord"]
    state = game.new_initial_state()
    start = time.perf_counter()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(bots.choose(state, state.current_player(), params, rng))
    assert state.is_truncated() and state.turn == game.params.max_turns
    assert not state.end_triggered
    assert time.perf_counter() - start < 60


def _four_players():
    state = SkagwayGame(num_players=4).new_initial_state()
    state.apply_action(0)
    return state


def _differs(change) -> bool:
    a, b = _four_players(), _four_players()
    change(b)
    return not np.array_equal(a.observation_tensor(0), b.observation_tensor(0))


def test_the_tensor_carries_the_turn_and_the_cap():
    assert _differs(lambda s: setattr(s, "turn", 7))
    a = _four_players()
    b = SkagwayGame(num_players=4, max_turns=50).new_initial_state()
    b.apply_action(0)
    assert not np.array_equal(a.observation_tensor(0), b.observation_tensor(0))


def test_the_tensor_carries_top_gold_left_purchases_and_recruit_counts():
    def turned_in_a_four(s):
        s.top_gold_turned_in = 1

    def bought(s):
        s.bought_this_turn[1] = True

    assert _differs(turned_in_a_four)
    assert _differs(bought)

    def recruits(count):
        def change(s):
            s.recruited_by = 2
            for w in (STOOGE_A, STOOGE_B)[:count]:
                s.loc[w] = Location.RECRUITED
                s.hand_state[w - HIRED_HANDS[0]] = HandState.RECRUITED
        return change

    one, two = _four_players(), _four_players()
    recruits(1)(one)
    recruits(2)(two)
    # seat 0 cannot tell which hands seat 2 drew, but it can count them [4.3.4]
    assert not np.array_equal(one.observation_tensor(0), two.observation_tensor(0))
    assert "2 Hired Hands recruited face down" in two.position_string(0)
