"""Expert iteration (issue 22): a policy-value network, PUCT search over determinised
views guided by it, and the ``exit:<file>`` agent that plays with both.

- ``net_file``: the pickle-free network file (JSON header + ``.npz`` weights) and a
  numpy forward pass, so playing a bot needs neither torch nor the ``train`` extra;
- ``network``: the same network in torch, for training (imported by the trainer only);
- ``search``: PUCT over views, written as generators so that many searches hand
  their leaves to one batched forward pass (``run_batched``);
- ``agent``: ``ExitAgent``, registered as the spec kind ``exit``.

The trainer is ``skagway_experiments.exit`` (``skagway train --algo exit``).
"""
