"""PPO with a style's move as a hint (``agents/rl/hints.py``, ``hint:`` in a training
config): the env appends the style's move on the learner's view, the policy adds it to
its logits, an untrained policy plays the style, a trained bot file plays the same
policy through ``ppo:``, and the configs that cannot work are refused in one line."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from skagway_agents import make_agent
from skagway_agents.base import Agent
from skagway_agents.policy_file import read_header
from skagway_agents.rl import make_single_agent_env
from skagway_agents.rl.hints import HintedEnv, HintedPolicy
from skagway_agents.rl.network import load_policy
from skagway_experiments import train as training
from skagway_experiments.tournament import config_from_dict, run_tournament

from skagway_env.core import make_game

HERE = __file__


class HighestLegal(Agent):
    """A deterministic style for the tests: the highest legal action id. It keeps the
    states it was handed, to check it was handed the learner's view."""

    name = "highest"
    handed: list = []

    def act(self, state, player):
        HighestLegal.handed.append(state)
        return max(state.legal_actions(player))


SPEC = f"{HERE}:HighestLegal"


def walk(env, steps, rng):
    """(observation, env state at that observation) along uniform play of the learner."""
    obs, _ = env.reset(seed=3)
    for _ in range(steps):
        yield obs, env.state
        legal = np.flatnonzero(env.action_masks())
        obs, _, done, truncated, _ = env.step(int(rng.choice(legal)))
        if done or truncated:
            obs, _ = env.reset()


@pytest.mark.parametrize("game,players", [("dawson_city_barbers", 4), ("klondike1896", 2),
                                          ("klondike_rush", 3)])
def test_the_hint_is_the_styles_move_on_the_learners_view(game, players):
    env = make_single_agent_env(game, ["random"], hint=SPEC, num_players=players)
    size = make_game(game, num_players=players).observation_size()
    n = env.action_space.n
    assert isinstance(env, HintedEnv) and env.observation_space.shape == (size + n,)
    rng = np.random.default_rng(0)
    handed = type(env._hint_agent).handed  # the class as the spec loaded it
    for obs, state in walk(env, 120, rng):
        hint = obs[size:]
        np.testing.assert_array_equal(obs[:size], state.observation_tensor(env.seat))
        assert sorted(np.unique(hint)) == [0.0, 1.0] and hint.sum() == 1
        legal = state.legal_actions(env.seat)
        assert int(np.argmax(hint)) == max(legal)
        if len(legal) > 1:  # asked: on a view of the learner's seat, never the game
            assert handed[-1] is not state
    handed.clear()


def test_the_same_seed_gives_the_same_hinted_observations():
    def observations():
        env = make_single_agent_env("klondike1896", ["heuristic:digger"], num_players=2,
                                    hint="heuristic:digger")
        return [obs.copy() for obs, _ in walk(env, 60, np.random.default_rng(1))]

    assert all(np.array_equal(a, b) for a, b in zip(observations(), observations(),
                                                    strict=True))


def untrained_policy(size, n, weight=5.0):
    from gymnasium import spaces

    box = spaces.Box(-np.inf, np.inf, shape=(size + n,), dtype=np.float32)
    torch.manual_seed(0)
    return HintedPolicy(box, spaces.Discrete(n), lambda _: 3e-4, hint_weight=weight,
                        net_arch=[16])


def test_the_policy_adds_the_weighted_hint_to_its_logits():
    size, n, rows = 7, 12, 5
    policy = untrained_policy(size, n)
    rng = np.random.default_rng(2)
    obs = rng.normal(size=(rows, size)).astype(np.float32)
    masks = rng.random((rows, n)) < 0.6
    masks[:, 0] = True
    hinted = [int(rng.choice(np.flatnonzero(m))) for m in masks]
    hints = np.zeros((rows, n), np.float32)
    hints[np.arange(rows), hinted] = 1
    x = torch.from_numpy(np.concatenate([obs, hints], 1))
    with torch.no_grad():
        latent = policy.mlp_extractor.forward_actor(torch.from_numpy(obs))
        logits = policy.action_net(latent) + 5.0 * torch.from_numpy(hints)
        expected = torch.log_softmax(logits.masked_fill(~torch.from_numpy(masks), -torch.inf), 1)
        dist = policy.get_distribution(x, action_masks=masks)
        np.testing.assert_allclose(dist.distribution.logits[torch.from_numpy(masks)],
                                   expected[torch.from_numpy(masks)], rtol=1e-5, atol=1e-6)
        actions, _, log_prob = policy(x, deterministic=True, action_masks=masks)
        assert actions.tolist() == hinted  # untrained: the style's move wins
        _, train_log_prob, _ = policy.evaluate_actions(x, actions, action_masks=masks)
        np.testing.assert_allclose(log_prob, train_log_prob, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(log_prob, expected[np.arange(rows), hinted], rtol=1e-5,
                                   atol=1e-6)
        no_hint = policy(torch.from_numpy(np.concatenate([obs, 0 * hints], 1)),
                         deterministic=True, action_masks=masks)[0]
        assert no_hint.tolist() != hinted  # the hint, not the network, chose them


SMALL = {
    "game": "klondike1896", "players": 2, "exp": "hintci", "seed": 4,
    "total_steps": 512, "num_envs": 2, "opponents": ["random"],
    "snapshot_every": 256, "eval_every": 512, "eval_games": 4, "checkpoint_every": 256,
    "hint": "heuristic:digger", "hint_weight": 6.0,
    "ppo": {"n_steps": 128, "batch_size": 128, "n_epochs": 1, "net_arch": [16]},
}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("hint")
    return training.train(training.config_from_mapping(SMALL), out, progress=False)


def test_a_hinted_run_exports_a_bot_that_plays_its_policy(run, tmp_path):
    header = read_header(run.final_model)
    assert header.extra == {"hint": "heuristic:digger", "hint_weight": 6.0}
    assert header.observation_size == make_game("klondike1896", num_players=2).observation_size()
    _, policy = load_policy(run.final_model)
    assert isinstance(policy, HintedPolicy) and policy.hint_weight == 6.0
    game = make_game("klondike1896", num_players=2)
    bot = make_agent(f"ppo:{run.final_model}", game, 1)
    digger = make_agent("heuristic:digger", game, 9)
    state, rng = game.new_initial_state(), np.random.default_rng(5)
    from skagway_env.core.playout import sample_chance

    seen = 0
    while not state.is_terminal() and seen < 30:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        players = (range(2) if state.is_simultaneous_node() else [state.current_player()])
        moves = []
        for p in players:
            view = state.view(p, rng)
            probs = bot.action_probabilities(view, p)
            assert probs[~view.legal_actions_mask(p).astype(bool)].sum() == 0
            assert abs(probs.sum() - 1) < 1e-6
            moves.append(bot.act(view, p) if p == 0 else digger.act(view, p))
            seen += 1
        if state.is_simultaneous_node():
            state.apply_actions(moves)
        else:
            state.apply_action(moves[0])
    tournament = config_from_dict({
        "name": "hinted", "game": "klondike1896", "players": 2,
        "entrants": [{"name": "bot", "spec": f"ppo:{run.final_model}"},
                     {"name": "digger", "spec": "heuristic:digger"}],
        "repeats": 1, "seed": 2})
    result = run_tournament(tournament, tmp_path / "t.db", progress=False)
    assert (result.played, result.total) == (2, 2) and not result.failed


def test_a_hinted_run_resumes(run):
    config = training.load_train_config(run.run_dir / "config.yaml")
    assert config.hint == "heuristic:digger"
    more = training.resume(run.run_dir, total_steps=768, progress=False)
    assert more.steps == 768 and read_header(more.final_model).extra["hint"]


@pytest.mark.parametrize("change,message", [
    ({"init_from": "heuristic:digger"}, "give hint or init_from: heuristic:..., not both"),
    ({"hint": "heuristic:barber"}, "hint:"),
    ({"hint_weight": -1.0}, "hint_weight"),
])
def test_bad_hint_settings_are_refused_in_one_line(change, message):
    with pytest.raises(training.TrainConfigError, match=message):
        training.config_from_mapping({**SMALL, **change})


def test_a_hinted_bot_cannot_start_an_exit_network(run):
    from skagway_agents.exit.net_file import NetFileError, NetHeader
    from skagway_agents.exit.network import PolicyValueNet, init_from_ppo

    game = make_game("klondike1896", num_players=2)
    header = NetHeader.for_game(game, [16])
    with pytest.raises(NetFileError, match="hinted PPO bot"):
        init_from_ppo(PolicyValueNet(header), run.final_model, header)
