"""A PPO bot turned into an ``exit:`` network (``skagway_experiments.exit.from_ppo``):
its plain policy is the bot's, move by move, hinted bots included; the value head is
fitted (better than a constant guess on held-out games) and the search plays whole
games with it; one seed gives the same file with 1 and 2 workers; and bad input is
refused in one line before any game is played. An unhinted one starts an expert-
iteration run (``init_from``), whose torch network computes what play computes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from skagway_agents import make_agent
from skagway_agents.exit.net_file import NetFileError, read_net_header, read_net_weights
from skagway_agents.policy_file import read_weights
from skagway_experiments.exit import from_ppo
from skagway_experiments.play import play_game

from skagway_env.core import make_game

from ..bot_helpers import style_positions

RESULTS = (Path(__file__).resolve().parents[2] / "agents" / "rl" / "results").as_posix()
PLAIN = f"{RESULTS}/dawson_city_barbers_2p.zip"  # no hint
HINTED = f"{RESULTS}/dawson_city_barbers_4p.zip"  # the barber's move as a hint


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    folder = tmp_path_factory.mktemp("from_ppo")
    out = {}
    for name, bot in (("plain", PLAIN), ("hinted", HINTED)):
        path, figures = from_ppo.convert(bot, folder / f"{name}.zip", games=60, seed=5,
                                         epochs=3, keep=20, progress=False)
        out[name] = (bot, path, figures)
    return out


@pytest.mark.parametrize("name", ["plain", "hinted"])
def test_the_plain_policy_is_the_ppo_bots(converted, name):
    bot, path, _ = converted[name]
    header = read_net_header(path)
    game = header.make_game()
    ppo = make_agent(f"ppo:{bot}", game, 11)
    exit_ = make_agent(f"exit:{path},simulations=0", game, 11)
    for state, seat in style_positions(game, 3, 150):
        mine, theirs = exit_.action_probabilities(state, seat), ppo.action_probabilities(state,
                                                                                         seat)
        np.testing.assert_allclose(mine, theirs, atol=2e-5)
        assert exit_.act(state, seat) == ppo.act(state, seat)


def test_the_file_records_the_bot_the_hint_and_the_fit(converted):
    _, path, figures = converted["hinted"]
    header = read_net_header(path)
    assert header.hint == "heuristic:barber" and header.extra["hint_weight"] == 5.0
    assert header.value_hidden == header.hidden == [256, 256]
    assert header.params["reward"] == "rank" and header.num_players == 4
    assert header.extra["from_ppo"] == HINTED
    assert header.extra["value_fit"] == figures and figures["games"] == 60
    ppo = read_weights(HINTED)
    mine = read_net_weights(path)
    np.testing.assert_array_equal(mine["policy.weight"], ppo["action_net.weight"])
    np.testing.assert_array_equal(mine["trunk.1.weight"], ppo["mlp_extractor.policy_net.2.weight"])


def test_the_value_head_beats_a_constant_guess_on_held_out_games(tmp_path):
    _, figures = from_ppo.convert(PLAIN, tmp_path / "v.zip", games=150, seed=2, epochs=4,
                                  keep=20, progress=False)
    assert figures["held_out_positions"] > 100
    assert figures["held_out_mse"] < 0.9 * figures["constant_guess_mse"]


def test_one_seed_gives_the_same_file_with_one_and_two_workers(tmp_path):
    one, _ = from_ppo.convert(PLAIN, tmp_path / "1.zip", games=20, seed=9, epochs=1, keep=5,
                              workers=1, progress=False)
    two, _ = from_ppo.convert(PLAIN, tmp_path / "2.zip", games=20, seed=9, epochs=1, keep=5,
                              workers=2, progress=False)
    a, b = read_net_weights(one), read_net_weights(two)
    assert set(a) == set(b)
    for key in a:
        np.testing.assert_array_equal(a[key], b[key])


@pytest.mark.parametrize("spec", ["exit:{path},simulations=6", "exit:{path},simulations=6,mix=0.5",
                                  "mcts:iterations=6,value={path}"])
def test_searches_play_whole_games_with_a_hinted_network(converted, spec):
    _, path, _ = converted["hinted"]
    game = make_game("dawson_city_barbers", num_players=4)
    agents = [make_agent(spec.format(path=path), game, 1), make_agent("heuristic:barber", game, 2),
              make_agent("heuristic:shopkeeper", game, 3), make_agent("random", game, 4)]
    result = play_game(game, agents, 7)
    assert len(result.ranks) == 4 and not result.truncated


def test_the_trainer_refuses_such_a_network(converted):
    from skagway_agents.exit.network import PolicyValueNet

    with pytest.raises(NetFileError, match="for play"):
        PolicyValueNet(read_net_header(converted["hinted"][1]))


def test_bad_input_is_refused_in_one_line(tmp_path, capsys):
    out = tmp_path / "x.zip"
    assert from_ppo.main([PLAIN, "--out", str(out), "--games", "20", "--pool", "heuristic:nope",
                          "--no-progress"]) == 2
    assert "heuristic styles" in capsys.readouterr().err and not out.exists()
    with pytest.raises(SystemExit):
        from_ppo.main([PLAIN, "--out", str(out), "--games", "5"])
    assert from_ppo.main([f"{RESULTS}/skagway_2p_exit.zip", "--out", str(out)]) == 2
    assert "not a skagway policy file" in capsys.readouterr().err and not out.exists()


def test_a_hinted_network_refuses_rows_without_the_hint(converted):
    from skagway_agents.exit.net_file import load_net

    net = load_net(converted["hinted"][1])
    game = net.header.make_game()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    with pytest.raises(NetFileError, match="then its hint"):
        net.evaluate(state.observation_tensor(seat)[None])
    assert net.values(state.observation_tensor(seat)[None]).shape == (1, 4)


def test_the_trainer_reads_an_unhinted_network_and_computes_what_play_computes(converted):
    import torch
    from skagway_agents.exit.net_file import load_net
    from skagway_agents.exit.network import PolicyValueNet, init_from_net

    path = converted["plain"][1]
    header = read_net_header(path)
    net = PolicyValueNet(header)
    assert set(init_from_net(net, path, header)) == set(read_net_weights(path))
    played = load_net(path)
    rows = np.stack([s.observation_tensor(seat) for s, seat in
                     style_positions(header.make_game(), 2, 40)]).astype(np.float32)
    logits, values = played.evaluate(rows)
    with torch.no_grad():
        t_logits, t_values = net(torch.from_numpy(rows))
    np.testing.assert_allclose(t_logits.numpy(), logits, atol=1e-4)
    np.testing.assert_allclose(t_values.numpy(), values, atol=1e-5)


def _run_settings(path, **more):
    return {"game": "dawson_city_barbers", "players": 2, "exp": "from_net", "seed": 4,
            "generations": 1, "games_per_generation": 3, "concurrent_games": 3,
            "simulations": 6, "mix": 0.5, "hidden": [256, 256], "value_hidden": [256, 256],
            "activation": "tanh", "init_from": str(path), "train_steps": 0, "gate_games": 0,
            "eval_games": 2, "eval_opponents": ["random"], **more}


def test_a_run_starts_from_a_converted_network_and_searches_with_mixed_leaves(converted,
                                                                               tmp_path):
    from skagway_experiments.exit import trainer
    from skagway_experiments.exit.config import config_from_mapping

    path = converted["plain"][1]
    run = trainer.train(config_from_mapping(_run_settings(path)), tmp_path, progress=False)
    assert "initialised 12 arrays from" in (run.run_dir / "train.log").read_text()
    header = read_net_header(run.final_model)
    assert header.value_hidden == [256, 256] and header.generation == 1
    start, final = read_net_weights(path), read_net_weights(run.final_model)
    assert set(start) == set(final)
    for key in start:  # no learning steps: the start network, unchanged
        np.testing.assert_array_equal(start[key], final[key])
    buffer = np.load(run.run_dir / "checkpoints" / "buffer.npz")
    assert len(buffer["policies"]) > 20 and np.allclose(buffer["policies"].sum(1), 1.0)


@pytest.mark.parametrize("change, says", [
    ({"value_hidden": []}, r"has value_hidden \[256, 256\]; set value_hidden"),
    ({"activation": "relu"}, "has activation tanh; set activation"),
    ({"players": 3}, "trained for 2 players, not 3"),
])
def test_a_network_of_another_shape_or_table_cannot_start_a_run(converted, change, says):
    from skagway_experiments.exit.config import ExitConfigError, config_from_mapping

    with pytest.raises(ExitConfigError, match=says):
        config_from_mapping(_run_settings(converted["plain"][1], **change))


def test_a_hinted_network_cannot_start_a_run(converted):
    from skagway_experiments.exit.config import ExitConfigError, config_from_mapping

    settings = _run_settings(converted["hinted"][1], players=4)
    with pytest.raises(ExitConfigError, match="heuristic:barber's moves .a hinted network."):
        config_from_mapping(settings)


def test_the_network_loader_refuses_what_the_config_refuses(converted):
    from dataclasses import replace

    from skagway_agents.exit.network import PolicyValueNet, init_from_net

    path = converted["plain"][1]
    header = replace(read_net_header(path), value_hidden=[])
    with pytest.raises(NetFileError, match=r"plain.zip: this network has value_hidden"):
        init_from_net(PolicyValueNet(header), path, header)
