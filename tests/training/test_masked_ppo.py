"""``skagway_agents.rl.masked_ppo`` against vanilla sb3-contrib (issue 21): the masked
categorical that normalises once gives the same distribution; its inverse-transform
sampler draws from it (frequencies against probabilities, masked actions never); and
MaskablePPO with our policy and bool-mask buffer, with ``torch.multinomial`` put back
as the sampler, samples the same actions bit for bit, with the same log-probs, values
and weights after updates to float tolerance, as with sb3-contrib's own ``MlpPolicy``
and ``MaskableRolloutBuffer``."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.distributions import MaskableCategorical
from skagway_agents.rl import BoolMaskRolloutBuffer, MaskedPolicy, make_vec_env, ppo_classes
from skagway_agents.rl.masked_ppo import MaskedCategorical


def logits_and_masks(rows: int, actions: int, legal_share: float, seed: int):
    rng = np.random.default_rng(seed)
    logits = torch.tensor(rng.normal(0, 3, (rows, actions)), dtype=torch.float32)
    masks = rng.random((rows, actions)) < legal_share
    masks[np.arange(rows), rng.integers(actions, size=rows)] = True  # one legal at least
    return logits, masks


@pytest.mark.parametrize("actions,legal_share", [(7, 0.6), (300, 0.1), (6950, 0.01)])
def test_masked_categorical_is_sb3_contribs_distribution(actions, legal_share):
    raw, masks = logits_and_masks(16, actions, legal_share, actions)
    ours_raw, theirs_raw = raw.clone().requires_grad_(), raw.clone().requires_grad_()
    ours, theirs = MaskedCategorical(ours_raw), MaskableCategorical(logits=theirs_raw)
    assert torch.allclose(ours.probs, theirs.probs, atol=1e-6)  # unmasked first
    ours.apply_masking(masks)
    theirs.apply_masking(masks)
    legal = torch.as_tensor(masks)
    assert torch.allclose(ours.logits[legal], theirs.logits[legal], atol=1e-5)
    assert torch.allclose(ours.probs, theirs.probs, atol=1e-6)
    assert float(ours.probs.detach()[~legal].max()) == 0.0
    sampled = ours.sample()
    assert sampled.shape == (16,) and legal[torch.arange(16), sampled].all()
    assert torch.allclose(ours.log_prob(sampled), theirs.log_prob(sampled), atol=1e-5)
    assert torch.allclose(ours.entropy(), theirs.entropy(), atol=1e-5)
    (ours.log_prob(sampled).sum() + ours.entropy().sum()).backward()
    (theirs.log_prob(sampled).sum() + theirs.entropy().sum()).backward()
    assert torch.allclose(ours_raw.grad, theirs_raw.grad, atol=1e-5)
    ours.apply_masking(None)  # unmasking restores the unmasked distribution
    assert torch.allclose(ours.probs, torch.softmax(raw, -1), atol=1e-6)


def test_the_sampler_draws_each_action_with_its_probability():
    """200,000 draws of one row: every legal action's frequency within 4.5 standard
    errors of its probability, no masked action ever drawn, the last legal action (at
    the end of the running sum) included."""
    raw, masks = logits_and_masks(1, 40, 0.5, 5)
    masks[0, -1], masks[0, 0] = True, False
    dist = MaskedCategorical(raw.repeat(200_000, 1), masks.repeat(200_000, 0))
    torch.manual_seed(0)
    drawn = dist.sample()
    counts = torch.bincount(drawn, minlength=40).double()
    p = dist.probs[0].double()
    assert counts[~torch.as_tensor(masks[0])].sum() == 0
    se = (p * (1 - p) / 200_000).sqrt()
    assert ((counts / 200_000 - p).abs() <= 4.5 * se + 1e-12).all()
    assert counts[-1] > 0
    torch.manual_seed(0)
    assert torch.equal(dist.sample(), drawn)  # a seed gives the same draws


def test_a_draw_rounded_up_to_the_total_takes_the_last_legal_action(monkeypatch):
    raw, masks = logits_and_masks(3, 12, 0.5, 2)
    masks[:, -3:] = False  # trailing masked actions: the running sum is flat there
    dist = MaskedCategorical(raw, masks)
    monkeypatch.setattr(torch, "rand", lambda shape, **kw: torch.ones(shape, **kw))
    last_legal = torch.tensor([int(np.flatnonzero(row)[-1]) for row in masks])
    assert torch.equal(dist.sample(), last_legal)


@pytest.fixture
def multinomial(monkeypatch):
    """Our categorical sampling as vanilla's does (``torch.multinomial``), so a seed
    gives the same actions on both sides and everything else can be compared."""
    monkeypatch.setattr(MaskedCategorical, "sample", MaskableCategorical.sample)


def learned(game: str, players: int, classes: dict) -> MaskablePPO:
    """MaskablePPO after two rollouts and two updates on ``game``."""
    vec = make_vec_env(game, 4, opponents=["random"], seed=7, num_players=players)
    model = MaskablePPO(env=vec, n_steps=32, batch_size=64, n_epochs=2, seed=11,
                        device="cpu", verbose=0, **classes)
    model.initial_action_net = model.policy.action_net.weight.detach().clone()
    model.learn(2 * 4 * 32)
    return model


@pytest.mark.parametrize("game,players", [("klondike1896_council", 4), ("klondike1896", 3),
                                          ("dawson_city_barbers", 2)])
def test_training_matches_vanilla_maskable_ppo(game, players, multinomial):
    vanilla = learned(game, players, {"policy": "MlpPolicy"})
    ours = learned(game, players, ppo_classes())
    assert isinstance(ours.policy, MaskedPolicy)
    assert isinstance(ours.rollout_buffer, BoolMaskRolloutBuffer)
    theirs, mine = vanilla.rollout_buffer, ours.rollout_buffer  # the rollout after an update
    assert mine.action_masks.dtype == bool
    assert np.array_equal(mine.action_masks, theirs.action_masks.astype(bool))
    assert np.array_equal(mine.actions, theirs.actions)
    assert np.array_equal(mine.rewards, theirs.rewards)
    assert np.allclose(mine.log_probs, theirs.log_probs, atol=1e-5)
    assert np.allclose(mine.values, theirs.values, atol=1e-5)
    assert np.allclose(mine.advantages, theirs.advantages, atol=1e-5)
    weights, vanilla_weights = ours.policy.state_dict(), vanilla.policy.state_dict()
    assert weights.keys() == vanilla_weights.keys()
    for name, tensor in weights.items():
        assert torch.allclose(tensor, vanilla_weights[name], atol=1e-5), name
    assert not torch.allclose(weights["action_net.weight"], ours.initial_action_net,
                              atol=1e-5), "the updates changed nothing: the test compares nothing"
