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
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from skagway_agents.rl import BoolMaskRolloutBuffer, MaskedPolicy, make_vec_env, ppo_classes
from skagway_agents.rl.masked_ppo import MaskedCategorical, legal_pick


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
    """Our categorical sampling as vanilla's does (``torch.multinomial``, over the
    full logits), so a seed gives the same actions on both sides and everything else
    can be compared."""
    monkeypatch.setattr(MaskedCategorical, "sample", MaskableCategorical.sample)
    monkeypatch.setattr(MaskedPolicy, "forward", MaskableActorCriticPolicy.forward)


def picks(actions: int, legal_share: float, seed: int):
    """A latent batch, a head and masks, and the full masked distribution over them."""
    torch.manual_seed(seed)
    head = torch.nn.Linear(8, actions)
    latent = torch.randn(12, 8) * 3
    _, masks = logits_and_masks(12, actions, legal_share, seed)
    masks[0] = False
    masks[0, actions - 1] = True  # a row with only the last action legal
    full = MaskedCategorical(head(latent), masks)
    return latent, head, masks, full


@pytest.mark.parametrize("actions,legal_share", [(7, 0.6), (300, 0.1), (6950, 0.005)])
def test_legal_pick_is_the_masked_distribution(actions, legal_share):
    latent, head, masks, full = picks(actions, legal_share, actions)
    with torch.no_grad():
        best, best_logp = legal_pick(latent, head, masks, deterministic=True)
        assert torch.equal(best, full.logits.argmax(-1))
        assert torch.allclose(best_logp, full.log_prob(best), atol=1e-5)
        drawn, logp = legal_pick(latent, head, masks, deterministic=False)
    assert torch.as_tensor(masks)[torch.arange(12), drawn].all()
    assert torch.allclose(logp, full.log_prob(drawn).detach(), atol=1e-5)
    assert int(drawn[0]) == actions - 1


def test_legal_pick_draws_with_the_distributions_odds():
    latent, head, masks, full = picks(30, 0.4, 1)
    rows = 50_000
    latent, masks = latent[1:2].repeat(rows, 1), np.repeat(masks[1:2], rows, 0)
    with torch.no_grad():
        drawn, _ = legal_pick(latent, head, masks, deterministic=False)
    p = full.probs[1].detach().double()
    freq = torch.bincount(drawn, minlength=30).double() / rows
    assert ((freq - p).abs() <= 4.5 * (p * (1 - p) / rows).sqrt() + 1e-12).all()


def test_legal_pick_refuses_a_row_without_a_legal_action():
    latent, head, masks, _ = picks(7, 0.5, 2)
    masks[3] = False
    with pytest.raises(ValueError, match="no legal action"):
        legal_pick(latent, head, masks, deterministic=True)


def test_the_rollout_forward_pass_is_the_full_policys(monkeypatch):
    """``MaskedPolicy.forward`` with masks: the values of the full pass, and the
    log-probabilities the full distribution gives its actions."""
    vec = make_vec_env("klondike1896_council", 4, opponents=["random"], seed=1,
                       num_players=3)
    model = MaskablePPO(env=vec, n_steps=16, seed=2, device="cpu", verbose=0,
                        **ppo_classes())
    obs = torch.as_tensor(vec.reset())
    masks = np.stack(vec.env_method("action_masks"))
    with torch.no_grad():
        actions, values, logp = model.policy(obs, action_masks=masks)
        full_values, full_logp, _ = model.policy.evaluate_actions(obs, actions,
                                                                  action_masks=masks)
        greedy, _, _ = model.policy(obs, deterministic=True, action_masks=masks)
        dense, _, _ = MaskableActorCriticPolicy.forward(model.policy, obs, True, masks)
    assert torch.allclose(values, full_values, atol=1e-6)
    assert torch.allclose(logp, full_logp, atol=1e-5)
    assert torch.equal(greedy, dense)


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
