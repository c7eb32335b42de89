"""PUCT search over views (``agents/exit/search.py``), the network file and the
``exit:`` agent: a winning move found, chance and simultaneous nodes walked, batched
and one-at-a-time searches alike, the file round trip and its refusals."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from skagway_agents import AgentSpecError, make_agent
from skagway_agents.exit.net_file import (
    NetFileError,
    NetHeader,
    NumpyNet,
    load_net,
    read_net_header,
    save_net,
    weight_names,
)
from skagway_agents.exit.network import PolicyValueNet, init_from_ppo
from skagway_agents.exit.search import Search, SearchSettings, run_batched, run_search
from skagway_experiments.play import play_game

import skagway_env
from skagway_env.core.playout import resolve_chance
from tests.toy_games import ToyRpsGame


def zero_net(game) -> NumpyNet:
    """Uniform prior, zero value: the search alone decides."""
    header = NetHeader.for_game(game, [4])
    names = weight_names(1)
    shapes = {"trunk.0.weight": (4, game.observation_size()), "trunk.0.bias": (4,),
              "policy.weight": (game.num_distinct_actions(), 4),
              "policy.bias": (game.num_distinct_actions(),),
              "value.weight": (game.num_players, 4), "value.bias": (game.num_players,)}
    return NumpyNet(header, {k: np.zeros(shapes[k], np.float32) for k in names})


def random_net(game, hidden=(32,), seed=0) -> tuple[NetHeader, dict]:
    torch.manual_seed(seed)
    header = NetHeader.for_game(game, list(hidden))
    return header, PolicyValueNet(header).arrays()


def toy_second_round_decision():
    """Toy RPS: seat 0 won round 1 at stake 2 (kept: 2 points); seat 1 wins round 2 at
    stake 1 and decides. Keeping loses 1-2; doubling ties 2-2 (return 0 > -1)."""
    state = ToyRpsGame().new_initial_state()
    state.apply_action(2)  # stake 2
    state.apply_actions([1, 0])  # paper beats rock: seat 0 wins the round
    state.apply_action(0)  # keep
    state.apply_action(1)  # stake 1
    state.apply_actions([0, 1])  # seat 1 wins
    assert state.current_player() == 1 and state.legal_actions() == [0, 1]
    return state


def search(state, seat, net, simulations=40, seed=0, **settings):
    run = Search(SearchSettings(simulations=simulations, **settings),
                 state.num_players, np.random.default_rng(seed)).run(state, seat)
    return run_search(run, net.evaluate)


def test_puct_picks_the_winning_move():
    state = toy_second_round_decision()
    result = search(state, 1, zero_net(state.game))
    assert result.legal == [0, 1]
    assert result.visits[1] > 3 * result.visits[0], result.visits
    assert result.visits.sum() == 39  # the first simulation evaluates the root
    assert result.value[1] == pytest.approx(0.0, abs=0.2)


def test_a_simultaneous_root_with_chance_below_it():
    """Round 1's throw: every seat picks by its own statistics, the coin of round 2 is
    sampled below, and the root's visits are the searcher's own edges."""
    state = ToyRpsGame().new_initial_state()
    state.apply_action(1)
    assert state.is_simultaneous_node()
    net = zero_net(state.game)
    first = search(state, 0, net, simulations=60, seed=3)
    assert first.legal == [0, 1, 2] and first.visits.sum() == 59
    assert (first.visits > 0).all()
    again = search(state, 0, net, simulations=60, seed=3)
    assert (again.visits == first.visits).all(), "same rng, same search"


def test_root_noise_changes_the_search_but_not_its_budget():
    state = toy_second_round_decision()
    plain = search(state, 1, zero_net(state.game), simulations=30, seed=1)
    noisy = search(state, 1, zero_net(state.game), simulations=30, seed=1,
                   dirichlet_fraction=0.5)
    assert plain.visits.sum() == noisy.visits.sum() == 29


@pytest.mark.parametrize("name, players", [("dawson_city_barbers", 3), ("klondike1896", 2),
                                           ("skagway", 4)])
def test_batched_and_unbatched_searches_give_the_same_visits(name, players):
    game = skagway_env.make_game(name, num_players=players)
    net = NumpyNet(*random_net(game))
    state = game.new_initial_state()
    resolve_chance(state, np.random.default_rng(4))
    seat = max(state.current_player(), 0)
    settings = SearchSettings(simulations=24, dirichlet_fraction=0.25)
    alone = [run_search(Search(settings, players, np.random.default_rng(k)).run(state, seat),
                        net.evaluate) for k in range(3)]
    together = run_batched([Search(settings, players, np.random.default_rng(k)).run(
        state, seat) for k in range(3)], net.evaluate)
    for one, batched in zip(alone, together, strict=True):
        assert (one.visits == batched.visits).all()
        assert np.allclose(one.value, batched.value)


def test_network_file_round_trip_and_forward_pass(tmp_path):
    game = skagway_env.make_game("dawson_city_barbers", num_players=3)
    header, arrays = random_net(game, (16, 8))
    path = save_net(tmp_path / "net.zip", header, arrays)
    assert read_net_header(path) == header
    net = load_net(path, game)
    torch_net = PolicyValueNet(header)
    torch_net.load_arrays(arrays)
    obs = np.stack([game.new_initial_state().observation_tensor(p) for p in range(3)])
    logits, values = net.evaluate(obs)
    with torch.no_grad():
        t_logits, t_values = torch_net(torch.from_numpy(obs))
    assert np.allclose(logits, t_logits.numpy(), atol=1e-5)
    assert np.allclose(values, t_values.numpy(), atol=1e-5) and values.shape == (3, 3)


def test_network_file_refuses_other_games_counts_and_formats(tmp_path):
    game = skagway_env.make_game("dawson_city_barbers", num_players=3)
    path = save_net(tmp_path / "net.zip", *random_net(game))
    with pytest.raises(NetFileError, match="trained for dawson_city_barbers v.*, not skagway"):
        load_net(path, skagway_env.make_game("skagway", num_players=3))
    with pytest.raises(NetFileError, match="trained for 3 players, not 4"):
        load_net(path, skagway_env.make_game("dawson_city_barbers", num_players=4))
    with pytest.raises(AgentSpecError, match="trained for 3 players, not 2"):
        make_agent(f"exit:{path}", skagway_env.make_game("dawson_city_barbers", num_players=2))
    with pytest.raises(NetFileError, match="not an exit network file"):
        read_net_header("agents/rl/results/dawson_city_barbers_6p.zip")
    with pytest.raises(AgentSpecError, match="not a skagway policy file"):
        make_agent(f"ppo:{path}", game)
    import zipfile

    with zipfile.ZipFile(path) as archive:
        text = archive.read("skagway_exit_net.json").decode()
    other = tmp_path / "v99.zip"  # a version this code does not know (it reads 1 and 2)
    assert '"format_version": 2' in text
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("skagway_exit_net.json", text.replace('"format_version": 2',
                                                               '"format_version": 99'))
    with pytest.raises(NetFileError, match="unsupported network file format"):
        read_net_header(other)


def test_init_from_a_ppo_bot_copies_its_actor():
    game = skagway_env.make_game("dawson_city_barbers", num_players=6)
    header = NetHeader.for_game(game, [256, 256], "tanh")
    net = PolicyValueNet(header)
    copied = init_from_ppo(net, "agents/rl/results/dawson_city_barbers_6p.zip", header)
    assert set(copied) == set(weight_names(2)) - {"value.weight", "value.bias"}
    from skagway_agents.policy_file import read_weights

    ppo = read_weights("agents/rl/results/dawson_city_barbers_6p.zip")
    assert np.array_equal(net.arrays()["policy.weight"], ppo["action_net.weight"])


def test_exit_agent_plays_with_and_without_search(tmp_path):
    game = skagway_env.make_game("dawson_city_barbers", num_players=2)
    path = save_net(tmp_path / "net.zip", *random_net(game))
    searching = make_agent(f"exit:{path},simulations=4", game, seed=1)
    assert searching.spec == f"exit:{path},c_puct=1.5,greedy=True,simulations=4"
    plain = make_agent(f"exit:{path},simulations=0,greedy=false", game, seed=2)
    result = play_game(game, [searching, plain], seed=5)  # an illegal move would raise
    assert result.length > 0
    for bad, says in (("simulations=-1", "simulations=-1 is not allowed"),
                      ("c_puct=0", "c_puct=0 is not allowed"),
                      ("mix=1.5", "mix=1.5 is not allowed"), ("depth=2", "no option depth")):
        with pytest.raises(AgentSpecError, match=says):
            make_agent(f"exit:{path},{bad}", game)
    with pytest.raises(AgentSpecError, match="exit needs a network file"):
        make_agent("exit", game)


def test_a_time_budget_runs_simulations_until_the_clock_says_stop(monkeypatch):
    """``seconds``: as many simulations as fit (one at least), ``simulations`` ignored;
    a clock that ticks one second a reading makes the count exact."""
    import skagway_agents.exit.search as search_module

    ticks = iter(range(10**6))
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: float(next(ticks)))
    state = toy_second_round_decision()
    # the deadline is read at 0 (deadline 5.5); simulation k >= 1 runs after reading k
    timed = search(state, 1, zero_net(state.game), simulations=1000, seconds=5.5)
    assert timed.visits.sum() == 6 - 1  # 6 simulations, the first evaluates the root
    ticks = iter(range(10**6))
    once = search(state, 1, zero_net(state.game), simulations=1000, seconds=1e-9)
    assert once.visits.sum() == 0  # one simulation: the root's evaluation


def test_exit_agent_takes_a_time_budget(tmp_path):
    game = skagway_env.make_game("dawson_city_barbers", num_players=2)
    path = save_net(tmp_path / "net.zip", *random_net(game))
    timed = make_agent(f"exit:{path},seconds=0.01", game, seed=1)
    assert timed.spec == f"exit:{path},c_puct=1.5,greedy=True,seconds=0.01"
    assert play_game(game, [timed, make_agent("random", game, 0)], seed=5).length > 0
    with pytest.raises(AgentSpecError, match="not both"):
        make_agent(f"exit:{path},seconds=0.01,simulations=8", game)
    with pytest.raises(AgentSpecError, match="seconds=0 is not allowed"):
        make_agent(f"exit:{path},seconds=0", game)


def test_mix_takes_the_leaf_value_from_random_playouts():
    """``mix=1`` values every leaf by a random playout alone, so two networks that differ
    only in their value heads search alike; with ``mix=0`` they do not; between, both
    count. The playouts play on to the end from each leaf: the values are returns."""
    game = skagway_env.make_game("dawson_city_barbers", num_players=2)
    header, arrays = random_net(game, seed=3)
    other = dict(arrays, **{"value.bias": arrays["value.bias"] + 0.9})
    nets = [NumpyNet(header, arrays), NumpyNet(header, other)]
    state = game.new_initial_state()
    resolve_chance(state, np.random.default_rng(1))
    seat = state.current_player()

    def visits(net, mix):
        return search(state, seat, net, simulations=60, seed=4, mix=mix).visits

    np.testing.assert_array_equal(visits(nets[0], 1.0), visits(nets[1], 1.0))
    assert not np.array_equal(visits(nets[0], 0.0), visits(nets[1], 0.0))
    assert not np.array_equal(visits(nets[0], 0.5), visits(nets[0], 0.0))
