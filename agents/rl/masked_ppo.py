"""MaskablePPO's policy and rollout buffer, made cheaper for wide action spaces.

sb3-contrib's ``MaskableCategorical`` normalises the logits three times a forward pass
(building the distribution, ``apply_masking(None)`` inside its constructor, then the
real masking), each a ``logsumexp`` over every action, and validates its arguments each
time; its rollout buffer keeps the masks as float32 (57 MB a rollout for the council's
6,950 actions, 8 envs, 256 steps) and turns them back into bool every minibatch. On the
council those made the SB3 side of a vector step four times connect_four's (issue 21).

Here the same distribution normalises once, lazily, after masking: the masked logits
are the raw logits where legal and ``-1e8`` elsewhere, normalised by one ``log_softmax``
(``logsumexp`` takes a slow ``exp`` path on ``-1e8`` entries: forward and backward over
the council's 6,950 actions were 8x slower). Every probability is the same up to float
rounding (``exp(-1e8 - x)`` is 0 in float32 either way). Sampling draws from the same
distribution by inverse transform (one uniform a row, from torch's generator, so a seed
still gives one run) instead of ``torch.multinomial``'s exponential an action, so the
actions a seed samples differ from vanilla's. ``tests/training/test_masked_ppo.py``
checks the sampler's frequencies against the probabilities, and, with the multinomial
put back, actions bit for bit and log-probs, values and weights after updates against
vanilla ``MaskablePPO``. Masks are stored as bool: a 0/1 mask loses nothing. The
rollout forward pass computes only the logits of the actions legal in some row of the
batch (``legal_pick``): on the council (a few dozen legal actions of 6,950) the pick
took 295 µs for 8 envs where the full head's took 1,230, and on Klondike 1896 265
against 367; the test checks its values, log-probabilities, greedy actions and draws
against the full distribution. For SB3's plain MLP layout the whole pass runs in
numpy on views of the same parameters (``rollout_numpy``), with the same actions.

``ppo_classes()`` is what ``skagway train --algo ppo`` and ``experiments/bench_train.py``
(for its connect_four peer too) pass to ``MaskablePPO``. Shipped bots keep loading into
the vanilla policy class (``network.build_policy``); the weights are the same modules.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from sb3_contrib.common.maskable.buffers import MaskableRolloutBuffer
from sb3_contrib.common.maskable.distributions import (
    MaskableCategorical,
    MaskableCategoricalDistribution,
)
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.buffers import RolloutBuffer
from torch.distributions import Distribution

from .rollout_numpy import numpy_layers, rollout_pass

HUGE_NEG = -1e8  # sb3-contrib's value for a masked-out logit
ONE_DRAW = torch.Size()  # a sample shape: one draw a row


class MaskedCategorical(MaskableCategorical):
    """``MaskableCategorical`` that normalises its logits once, when first read (after
    the policy has applied the masks), and skips argument validation (the logits come
    from a linear layer, the masks from the env's legal actions)."""

    def __init__(self, logits: torch.Tensor, masks: Any = None) -> None:
        self._raw_logits = logits
        self._num_events = logits.size(-1)
        Distribution.__init__(self, logits.size()[:-1], validate_args=False)
        self.apply_masking(masks)

    def apply_masking(self, masks: Any) -> None:
        raw = self._raw_logits
        self.masks = (None if masks is None else
                      torch.as_tensor(masks, dtype=torch.bool, device=raw.device)
                      .reshape(raw.shape))
        self._normalised: torch.Tensor | None = None
        self.__dict__.pop("probs", None)  # a cached softmax of the previous logits

    @property
    def logits(self) -> torch.Tensor:
        """The log-probabilities: raw logits where legal, ``HUGE_NEG`` elsewhere,
        normalised by one ``log_softmax`` (not ``logsumexp``: see the module docstring)."""
        if self._normalised is None:
            raw = self._raw_logits
            masked = raw if self.masks is None else torch.where(self.masks, raw, HUGE_NEG)
            self._normalised = torch.log_softmax(masked, dim=-1)
        return self._normalised

    @property
    def _param(self) -> torch.Tensor:
        return self.logits

    def log_prob(self, value: torch.Tensor) -> torch.Tensor:
        return self.logits.gather(-1, value.long().unsqueeze(-1)).squeeze(-1)

    def sample(self, sample_shape: torch.Size = ONE_DRAW) -> torch.Tensor:
        """One action a row by inverse transform sampling: one uniform draw from
        torch's generator, scaled by the row's total, located in the float64 running
        sum of the probabilities. ``torch.multinomial`` draws one exponential an action
        (its one-sample path divides the probabilities by them and takes the argmax),
        which over the council's 6,950 actions was 85% of sampling. An action of
        probability 0 (masked) is an empty interval of the running sum, never hit; a
        draw rounded up to the total is given the last action of positive probability."""
        if sample_shape != ONE_DRAW:
            return super().sample(sample_shape)
        return inverse_transform(self.probs.reshape(-1, self._num_events)).reshape(
            self._batch_shape)


def inverse_transform(probs: torch.Tensor) -> torch.Tensor:
    """A column index a row of ``probs`` (rows of nonnegative weights, each with one
    positive at least), drawn with those odds: one uniform from torch's generator,
    scaled by the row's total, located in the float64 running sum. A zero weight is an
    empty interval, never hit; a draw rounded up to the total gets the last positive."""
    cdf = probs.to(torch.float64).cumsum(-1)
    total = cdf[:, -1:].contiguous()
    u = torch.rand(total.shape, dtype=torch.float64, device=probs.device) * total
    return torch.minimum(torch.searchsorted(cdf, u, right=True),
                         torch.searchsorted(cdf, total, right=False)).squeeze(-1)


class MaskedCategoricalDistribution(MaskableCategoricalDistribution):
    """SB3's distribution wrapper around ``MaskedCategorical``."""

    def proba_distribution(self, action_logits: torch.Tensor) -> MaskedCategoricalDistribution:
        self.distribution = MaskedCategorical(action_logits.view(-1, self.action_dim))
        return self


class MaskedPolicy(MaskableActorCriticPolicy):
    """``MaskableActorCriticPolicy`` with ``MaskedCategoricalDistribution`` (Discrete
    action spaces only); same modules, same initial weights for a seed.

    Its rollout forward pass (``forward`` with masks, as ``collect_rollouts`` calls
    it) computes the logits of the actions legal in some row only (``legal_pick``):
    the council's positions have a few dozen legal actions of 6,950, Klondike 1896's
    a handful of 729, and the full action head, its masking, normalisation and
    sampling were most of the forward pass. For SB3's plain MLP layout that pass runs
    in numpy (``rollout_numpy``: torch's dispatch was most of its time); otherwise in
    torch. Training (``evaluate_actions``) and ``predict`` keep the full
    distribution."""

    def _build(self, lr_schedule: Any) -> None:
        if not isinstance(self.action_space, spaces.Discrete):
            raise ValueError(f"MaskedPolicy needs a Discrete action space, "
                             f"got {self.action_space}")
        self.action_dist = MaskedCategoricalDistribution(int(self.action_space.n))
        super()._build(lr_schedule)

    _KEPT = "_kept_numpy_layers"  # in __dict__, not a module attribute: no state dict

    def _numpy_layers(self) -> Any:
        """``numpy_layers(self)``, kept between passes: making the views costs some
        80 µs (a ``detach().numpy()`` a tensor), the pass itself about 170 for 8 envs
        (issue 21). The views share the parameters' memory, so optimiser steps and
        ``load_state_dict`` show in them; what could give the parameters new memory
        drops them: ``set_training_mode`` (every rollout and every ``train`` starts
        with it), a move (``_apply``: ``to``, ``float``...), a module set in place of
        one of the policy's own (``__setattr__``; one set deeper, or a ``.data``
        replaced, shows from the next ``set_training_mode``), and a copy or a pickle
        keeps none (``__getstate__``)."""
        if torch.is_grad_enabled():
            return None
        kept = self.__dict__.get(self._KEPT, self)
        if kept is self:  # nothing kept (None is a kept answer: not the plain layout)
            kept = self.__dict__[self._KEPT] = numpy_layers(self)
        return kept

    def _forget_numpy_layers(self) -> None:
        self.__dict__.pop(self._KEPT, None)

    def set_training_mode(self, mode: bool) -> None:
        self._forget_numpy_layers()
        super().set_training_mode(mode)

    def _apply(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        self._forget_numpy_layers()
        return super()._apply(fn, *args, **kwargs)

    def __getstate__(self) -> dict:  # a copy or a pickle makes its own views
        state = self.__dict__.copy()
        state.pop(self._KEPT, None)
        return state

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, torch.nn.Module):
            self.__dict__.pop(self._KEPT, None)
        super().__setattr__(name, value)

    def forward(self, obs: torch.Tensor, deterministic: bool = False,
                action_masks: np.ndarray | None = None
                ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        if action_masks is None:
            return super().forward(obs, deterministic, action_masks)
        masks = np.asarray(action_masks, dtype=bool).reshape(len(obs), -1)
        layers = self._numpy_layers()
        if layers is not None:
            return rollout_pass(layers, obs, masks, deterministic)
        features = self.extract_features(obs)
        if self.share_features_extractor:
            latent_pi, latent_vf = self.mlp_extractor(features)
        else:
            latent_pi = self.mlp_extractor.forward_actor(features[0])
            latent_vf = self.mlp_extractor.forward_critic(features[1])
        actions, log_prob = legal_pick(latent_pi, self.action_net, masks, deterministic,
                                       extra=self._extra_logits())
        return actions, self.value_net(latent_vf), log_prob

    def _extra_logits(self) -> torch.Tensor | None:
        """Added to the action head's logits in the pass just run (none here;
        ``hints.HintedPolicy`` adds its hint)."""
        return None


def legal_pick(latent: torch.Tensor, head: torch.nn.Linear, masks: np.ndarray,
               deterministic: bool, extra: torch.Tensor | None = None
               ) -> tuple[torch.Tensor, torch.Tensor]:
    """``(actions, log-probabilities)``, a row each, of the masked categorical over
    ``head(latent)``, computing only the logits of the actions legal in some row (the
    batch's union, in ascending order: one ``addmm`` over those rows of the head),
    each row's other actions masked to ``-inf``; the pick is the most probable (the
    lowest such action on a tie, as ``argmax`` over all actions) or drawn by
    ``inverse_transform``. The same distribution as masking the full logits, where a
    masked action's probability is 0 (``exp(HUGE_NEG - x)`` underflows), and, the
    union's running sum having only zeros between its legal actions, the same draw
    from the same uniform. ``extra`` (a row an observation, every action) is added to
    the logits (``hints.HintedPolicy``'s hint)."""
    if not masks.any(1).all():
        raise ValueError("a row of the action masks has no legal action")
    columns = np.flatnonzero(masks.any(0))
    union = torch.from_numpy(columns).to(latent.device)
    logits = torch.addmm(head.bias.index_select(0, union), latent,
                         head.weight.index_select(0, union).t())
    if extra is not None:
        logits = logits + extra.index_select(1, union)
    absent = torch.from_numpy(~masks[:, columns]).to(latent.device)
    log_probs = torch.log_softmax(logits.masked_fill_(absent, -torch.inf), dim=-1)
    picked = (log_probs.argmax(-1) if deterministic
              else inverse_transform(log_probs.exp()))
    return union[picked], log_probs.gather(1, picked.unsqueeze(1)).squeeze(1)


class BoolMaskRolloutBuffer(MaskableRolloutBuffer):
    """``MaskableRolloutBuffer`` keeping the action masks as bool, not float32
    (Discrete action spaces, as ``MaskedPolicy``)."""

    def reset(self) -> None:
        self.mask_dims = int(self.action_space.n)
        self.action_masks = np.ones((self.buffer_size, self.n_envs, self.mask_dims),
                                    dtype=bool)
        RolloutBuffer.reset(self)  # the base buffers, not the parent's float32 masks


def ppo_classes() -> dict[str, Any]:
    """``MaskablePPO`` keyword arguments selecting this module's policy and buffer."""
    return {"policy": MaskedPolicy, "rollout_buffer_class": BoolMaskRolloutBuffer}
