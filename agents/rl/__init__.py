"""Reinforcement learning: the trained-bot file, the policy network, MaskablePPO's
cheaper policy and rollout buffer (``masked_ppo``), training envs with agent specs, and
the self-play league. The trainer itself is
``skagway_experiments.train`` (it evaluates through the tournament runner).

Importing this package imports torch and Stable-Baselines3 (``make test`` installs them;
by hand, ``pip install -c constraints.txt -e '.[train]'`` keeps torch on its CPU build);
``skagway_agents`` alone does not.
"""

from ..policy_file import PolicyFileError, PolicyHeader, read_header, save_policy
from ..threads import configure_threads
from .envs import BatchVecEnv, make_single_agent_env, make_vec_env, spec_pool
from .league import Entry, League
from .masked_ppo import BoolMaskRolloutBuffer, MaskedPolicy, ppo_classes
from .network import export_policy, load_policy

__all__ = [
    "BatchVecEnv",
    "BoolMaskRolloutBuffer",
    "Entry",
    "League",
    "MaskedPolicy",
    "PolicyFileError",
    "PolicyHeader",
    "configure_threads",
    "export_policy",
    "load_policy",
    "make_single_agent_env",
    "make_vec_env",
    "ppo_classes",
    "read_header",
    "save_policy",
    "spec_pool",
]
