"""IS-MCTS with ``value=<exit net file>``: leaves valued by the network's value head
(observer-relative values mapped to seats), no playouts, and the option's refusals."""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents import AgentSpecError, make_agent
from skagway_agents.exit.net_file import NetFileError, NetHeader, save_net, weight_names
from skagway_agents.mcts import MCTSAgent

import skagway_env
from tests.test_mcts_same_search import position

GAME = "klondike_rush"


def bias_net(path, game, observer_value: float) -> str:
    """A zero-trunk network whose value head is its bias alone: ``observer_value`` for
    the observer (the seat to move at the leaf), its negation for every other seat."""
    header = NetHeader.for_game(game, [4])
    n, size, actions = game.num_players, game.observation_size(), game.num_distinct_actions()
    shapes = {"trunk.0.weight": (4, size), "trunk.0.bias": (4,),
              "policy.weight": (actions, 4), "policy.bias": (actions,),
              "value.weight": (n, 4), "value.bias": (n,)}
    weights = {k: np.zeros(shapes[k], np.float32) for k in weight_names(1)}
    weights["value.bias"][:] = -observer_value
    weights["value.bias"][0] = observer_value
    return str(save_net(path, header, weights))


def test_leaves_are_valued_by_the_network_not_by_playouts(tmp_path, monkeypatch):
    game = skagway_env.make_game(GAME, num_players=2)
    state, seat = position(game)
    path = bias_net(tmp_path / "net.zip", game, 3.0)
    agent = make_agent(f"mcts:iterations=30,value={path}", game, seed=0)
    monkeypatch.setattr(MCTSAgent, "_playout", lambda self, world: pytest.fail("a playout"))
    root = agent.search(state, seat)
    win = float(np.tanh(3.0))
    assert sum(c.visits for c in root.children.values()) == 30
    for child in root.children.values():
        # each leaf says its mover wins (+win) or the other seat does (-win), or the
        # game ended (returns in [-1, 1]): a mean of those, never a playout's mix
        assert -1.0 - 1e-9 <= child.total / child.visits <= 1.0 + 1e-9
    # the value head, not its sign convention, decides: the opposite net backs up
    # the opposite values wherever no terminal was reached
    flipped = make_agent(f"mcts:iterations=30,value={bias_net(tmp_path / 'f.zip', game, -3.0)}",
                         game, seed=0).search(state, seat)
    assert {a: c.visits for a, c in root.children.items()} != {} and any(
        abs(root.children[a].total + flipped.children[a].total) < 1e-6 and
        abs(root.children[a].total) > 1e-6 for a in root.children if a in flipped.children)
    assert win > 0.99


def test_a_net_that_says_the_mover_wins_makes_each_seat_value_its_own_moves(tmp_path):
    """With ``observer wins``, a leaf where seat s is to move gives s +1: the root
    seat's backed-up value through an edge is +win exactly when it moves again next."""
    game = skagway_env.make_game(GAME, num_players=2)
    state, seat = position(game)
    agent = MCTSAgent(game, seed=1, iterations=20, value=bias_net(tmp_path / "n.zip", game, 3.0))
    root = agent.search(state, seat)
    win = float(np.tanh(3.0))
    for action, child in root.children.items():
        world = state.clone()
        world.apply_action(action)
        if not world.is_chance_node() and not world.is_terminal() and not child.children:
            expected = win if world.current_player() == seat else -win
            assert child.total / child.visits == pytest.approx(expected, abs=1e-5)


def test_value_option_refusals(tmp_path):
    game = skagway_env.make_game(GAME, num_players=2)
    with pytest.raises(AgentSpecError, match="no such network file"):
        make_agent(f"mcts:value={tmp_path / 'missing.zip'}", game)
    other = skagway_env.make_game("dawson_city_barbers", num_players=2)
    path = bias_net(tmp_path / "other.zip", other, 1.0)
    with pytest.raises(AgentSpecError, match="trained for dawson_city_barbers"):
        make_agent(f"mcts:value={path}", game)
    with pytest.raises(NetFileError, match="trained for 2 players, not 3"):
        MCTSAgent(skagway_env.make_game(GAME, num_players=3), value=bias_net(
            tmp_path / "two.zip", game, 1.0))
    with pytest.raises(AgentSpecError, match="rollout or value, not both"):
        make_agent(f"mcts:rollout=heuristic,value={bias_net(tmp_path / 'v.zip', game, 1)}",
                   game)
