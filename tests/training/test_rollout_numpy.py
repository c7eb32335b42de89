"""``skagway_agents.rl.rollout_numpy``: the numpy rollout pass of ``MaskedPolicy``
gives the torch pass's actions (drawn from the same uniforms, and greedy), values and
log-probabilities, along rollouts it plays itself, after updates too (its parameter
views see the optimiser's steps); a policy it cannot compute keeps the torch pass."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from sb3_contrib import MaskablePPO
from skagway_agents.rl import make_vec_env, ppo_classes
from skagway_agents.rl.masked_ppo import legal_pick
from skagway_agents.rl.rollout_numpy import numpy_layers, rollout_pass
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor


def torch_pass(policy, obs: torch.Tensor, masks: np.ndarray, deterministic: bool):
    """The torch rollout pass (``MaskedPolicy.forward`` without the numpy path)."""
    latent_pi, latent_vf = policy.mlp_extractor(policy.extract_features(obs))
    actions, log_probs = legal_pick(latent_pi, policy.action_net, masks, deterministic)
    return actions, policy.value_net(latent_vf), log_probs


def model_for(game: str, players: int, **policy_kwargs) -> MaskablePPO:
    vec = make_vec_env(game, 4, opponents=["random"], seed=3, num_players=players)
    return MaskablePPO(env=vec, n_steps=32, batch_size=64, n_epochs=2, seed=5,
                       device="cpu", verbose=0, policy_kwargs=policy_kwargs or None,
                       **ppo_classes())


def assert_same_passes(model: MaskablePPO, steps: int) -> None:
    vec, policy = model.env, model.policy
    obs = vec.reset()
    for step in range(steps):
        masks = np.stack(vec.env_method("action_masks")).astype(bool)
        tensor = torch.as_tensor(obs)
        with torch.no_grad():
            layers = numpy_layers(policy)
            assert layers is not None
            torch.manual_seed(step)
            ours = rollout_pass(layers, tensor, masks, deterministic=False)
            torch.manual_seed(step)
            theirs = torch_pass(policy, tensor, masks, deterministic=False)
            greedy = rollout_pass(layers, tensor, masks, deterministic=True)[0]
            assert torch.equal(greedy, torch_pass(policy, tensor, masks, True)[0])
        assert torch.equal(ours[0], theirs[0])
        assert masks[np.arange(len(masks)), ours[0].numpy()].all()
        assert ours[1].shape == theirs[1].shape and ours[2].shape == theirs[2].shape
        assert torch.allclose(ours[1], theirs[1], atol=1e-5)
        assert torch.allclose(ours[2], theirs[2], atol=1e-5)
        obs = vec.step(ours[0].numpy())[0]


@pytest.mark.parametrize("game,players,kwargs", [
    ("klondike1896_council", 3, {}),
    ("klondike_rush", 4, {}),
    ("skagway", 2, {"net_arch": [32, 16], "activation_fn": torch.nn.ReLU}),
    ("klondike1896", 2, {"net_arch": {"pi": [16], "vf": []}}),
])
def test_the_numpy_pass_is_the_torch_pass(game, players, kwargs):
    model = model_for(game, players, **kwargs)
    assert_same_passes(model, 40)
    before = model.policy.action_net.weight.detach().clone()
    model.learn(2 * 4 * 32)  # updates in place: the views must see them
    assert not torch.equal(before, model.policy.action_net.weight)
    assert_same_passes(model, 10)


def test_the_policys_rollout_forward_takes_the_numpy_pass():
    model = model_for("klondike_rush", 4)
    obs = torch.as_tensor(model.env.reset())
    masks = np.stack(model.env.env_method("action_masks"))
    with torch.no_grad():
        torch.manual_seed(9)
        actions, values, log_probs = model.policy(obs, action_masks=masks)
        torch.manual_seed(9)
        expected = rollout_pass(numpy_layers(model.policy), obs, masks.astype(bool), False)
    for got, want in zip((actions, values, log_probs), expected, strict=True):
        assert torch.equal(got, want)


class Doubled(BaseFeaturesExtractor):
    """A features extractor the numpy pass does not know."""

    def __init__(self, observation_space):
        super().__init__(observation_space, int(np.prod(observation_space.shape)))

    def forward(self, obs):
        return obs.flatten(1) * 2


def test_a_policy_it_cannot_compute_keeps_the_torch_pass():
    model = model_for("klondike_rush", 4, features_extractor_class=Doubled)
    policy = model.policy
    obs = torch.as_tensor(model.env.reset())
    masks = np.stack(model.env.env_method("action_masks")).astype(bool)
    with torch.no_grad():
        assert numpy_layers(policy) is None
        torch.manual_seed(4)
        actions, values, log_probs = policy(obs, action_masks=masks)
        torch.manual_seed(4)
        want = torch_pass(policy, obs, masks, False)
    assert torch.equal(actions, want[0]) and torch.equal(values, want[1])
    assert numpy_layers(model_for("klondike_rush", 4).policy) is None  # gradients on


def test_a_row_without_a_legal_action_is_refused():
    model = model_for("klondike_rush", 4)
    obs = torch.as_tensor(model.env.reset())
    masks = np.stack(model.env.env_method("action_masks")).astype(bool)
    masks[2] = False
    with torch.no_grad(), pytest.raises(ValueError, match="no legal action"):
        rollout_pass(numpy_layers(model.policy), obs, masks, False)


def rollout_actions(policy, obs: torch.Tensor, masks: np.ndarray, seed: int = 11):
    with torch.no_grad():
        torch.manual_seed(seed)
        return policy(obs, action_masks=masks)


def test_the_kept_views_follow_the_parameters_the_policy_has_now():
    """The policy keeps its numpy views between passes; they must never answer for
    parameters it no longer has: a new head, a move, a copy, weights loaded."""
    import copy

    model = model_for("klondike_rush", 4)
    policy = model.policy
    obs = torch.as_tensor(model.env.reset())
    masks = np.stack(model.env.env_method("action_masks")).astype(bool)
    rollout_actions(policy, obs, masks)  # views kept
    # a new value head on the policy itself: the next pass reads it
    head = torch.nn.Linear(policy.value_net.in_features, 1)
    torch.nn.init.constant_(head.weight, 0.0)
    torch.nn.init.constant_(head.bias, 7.0)
    policy.value_net = head
    assert torch.allclose(rollout_actions(policy, obs, masks)[1], torch.full((len(obs), 1), 7.0))
    # weights loaded in place (the same memory): the kept views show them
    other = model_for("klondike_rush", 4)
    other.policy.value_net = torch.nn.Linear(policy.value_net.in_features, 1)
    with torch.no_grad():
        for p in other.policy.parameters():
            p.add_(0.5)
    policy.load_state_dict(other.policy.state_dict())
    for got, want in zip(rollout_actions(policy, obs, masks),
                         rollout_actions(other.policy, obs, masks), strict=True):
        assert torch.allclose(got.double(), want.double(), atol=1e-5)
    # a copy computes with its own parameters, not the original's views
    twin = copy.deepcopy(policy)
    with torch.no_grad():
        twin.value_net.bias.fill_(-3.0)
    assert not torch.allclose(rollout_actions(twin, obs, masks)[1],
                              rollout_actions(policy, obs, masks)[1])
    assert torch.allclose(rollout_actions(twin, obs, masks)[1],
                          torch_pass(twin, obs, masks, False)[1], atol=1e-5)
    # a layer deeper replaced, or new memory under a parameter: from the next rollout
    policy.mlp_extractor.policy_net[0] = torch.nn.Linear(
        policy.mlp_extractor.policy_net[0].in_features,
        policy.mlp_extractor.policy_net[0].out_features)
    policy.set_training_mode(False)  # collect_rollouts starts with it
    with torch.no_grad():
        torch.manual_seed(11)
        want = torch_pass(policy, obs, masks, False)
    got = rollout_actions(policy, obs, masks)
    assert torch.equal(got[0], want[0])
    assert torch.allclose(got[2], want[2], atol=1e-5)
