"""MaskablePPO environment steps per second on each game, beside PettingZoo's
``connect_four_v3`` against a random opponent, in one run (one process, same settings).

    python experiments/bench_train.py [--steps 8192] [--envs 8] [--rounds 3] [--threads 1]
                                      [--games skagway:4,dawson_city_barbers:6] [--vanilla]

For each env it reports *collection* fps (env steps per second of rollout collection:
the policy's forward pass, masks and the games, no gradient updates), overall fps
(collection plus PPO updates) and the envs' share of collection (the time inside the
vec env's ``step`` and its ``action_masks``; the rest is SB3 and torch: the forward
pass, the masked distribution over the game's actions, the rollout buffer). Our games
run through ``skagway_agents.rl.make_vec_env`` (the learner's seat against random
opponents), by default every registered game at its default player count; the peer,
connect_four_v3, through the usual hand-written single-agent wrapper (the standard
wrapped ``connect_four_v3.env()``; the opponent plays uniformly at random inside
``step`` from the env's ``np_random``) in SB3's ``DummyVecEnv``. The ratio column
divides by connect_four's collection fps. Each env has one warm-up rollout first, then
the envs take turns for ``--rounds`` rounds, and each keeps its best round.

Both sides learn with the same ``MaskablePPO`` classes: by default the ones ``skagway
train --algo ppo`` uses (``skagway_agents.rl.masked_ppo.ppo_classes()``: the masked
categorical that normalises once, bool masks in the rollout buffer), connect_four's peer
included, so the ratio measures the envs and not a difference in trainers;
``--vanilla`` runs both on sb3-contrib's own ``MlpPolicy`` and rollout buffer instead
(the figures before issue 21's trainer changes, for comparison).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces


class ConnectFourVsRandom(gym.Env):
    """connect_four_v3 as one seat against a uniformly random opponent (the peer)."""

    def __init__(self) -> None:
        from pettingzoo.classic import connect_four_v3

        self.env = connect_four_v3.env()
        self.env.reset(seed=0)
        self.observation_space = spaces.Box(0, 1, shape=(84,), dtype=np.float32)
        self.action_space = spaces.Discrete(7)
        self.me = "player_0"
        self._mask = np.ones(7, dtype=bool)

    def _observe(self) -> np.ndarray:
        obs = self.env.observe(self.me)
        self._mask = obs["action_mask"].astype(bool)
        return obs["observation"].reshape(-1).astype(np.float32)

    def _opponent(self) -> None:
        env = self.env
        while env.agents and env.agent_selection != self.me:
            _, _, term, trunc, _ = env.last()
            if term or trunc:
                return
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(self.np_random.choice(np.flatnonzero(mask))))

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.env.reset(seed=int(self.np_random.integers(2**31)))
        self.me = self.env.possible_agents[int(self.np_random.integers(2))]
        self._opponent()
        return self._observe(), {}

    def step(self, action):
        self.env.step(int(action))
        self._opponent()
        done = not self.env.agents or any(self.env.terminations.values())
        reward = float(self.env._cumulative_rewards.get(self.me, 0.0)) if done else 0.0
        return self._observe(), reward, done, False, {}

    def action_masks(self) -> np.ndarray:
        return self._mask


def measure(vec, steps: int, n_steps: int, seed: int,
            vanilla: bool = False) -> tuple[float, float, float]:
    """(collection fps, overall fps, the envs' share of collection) of MaskablePPO
    learning ``steps`` on ``vec``, with our training's policy and buffer classes (or
    sb3-contrib's own, ``vanilla``)."""
    from sb3_contrib import MaskablePPO
    from skagway_agents.rl import ppo_classes
    from stable_baselines3.common.callbacks import BaseCallback

    in_env = [0.0]

    def timed(method):
        def call(*args, **kwargs):
            begun = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                in_env[0] += time.perf_counter() - begun
        return call

    vec.step_wait, vec.env_method = timed(vec.step_wait), timed(vec.env_method)

    class Clock(BaseCallback):
        collecting = 0.0

        def _on_rollout_start(self) -> None:
            self.start = time.perf_counter()

        def _on_rollout_end(self) -> None:
            Clock.collecting += time.perf_counter() - self.start

        def _on_step(self) -> bool:
            return True

    classes = {"policy": "MlpPolicy"} if vanilla else ppo_classes()
    model = MaskablePPO(env=vec, n_steps=n_steps, batch_size=512, n_epochs=4,
                        seed=seed, device="cpu", verbose=0, **classes)
    started = time.perf_counter()
    in_env[0] = 0.0  # the first reset is not collection
    model.learn(steps, callback=Clock())
    total = time.perf_counter() - started
    return (model.num_timesteps / Clock.collecting, model.num_timesteps / total,
            in_env[0] / Clock.collecting)


Rates = tuple[float, float, float]  # measure's: collection fps, overall fps, env share


def best_collection(makers: dict[str, Callable[[], Any]], steps: int, rounds: int,
                    n_steps: int = 256, vanilla: bool = False) -> dict[str, Rates]:
    """``measure`` of every vec env ``makers`` builds, best of ``rounds`` (by collection
    fps), the envs taking turns within a round so that each saw the same load, after
    one warm-up rollout of each (torch's first passes, the games' first compiled
    tables: the first env measured would otherwise pay for everyone's)."""
    for make in makers.values():
        measure(make(), n_steps, n_steps, 0, vanilla)
    best: dict[str, Rates] = {}
    for _ in range(rounds):
        for name, make in makers.items():
            got = measure(make(), steps, n_steps, 0, vanilla)
            if name not in best or got[0] > best[name][0]:
                best[name] = got
    return best


def peer_vec_env(envs: int):
    """The peer: ``envs`` connect_four_v3 games against random, in SB3's DummyVecEnv."""
    from stable_baselines3.common.vec_env import DummyVecEnv

    peer = DummyVecEnv([ConnectFourVsRandom] * envs)
    peer.seed(0)
    return peer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=8192)
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--n-steps", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--games", default=None,
                        help="game:seats,... (default: every game at its default count)")
    parser.add_argument("--vanilla", action="store_true",
                        help="sb3-contrib's own policy and rollout buffer, on both sides")
    args = parser.parse_args()
    from skagway_agents.rl import configure_threads, make_vec_env

    import skagway_env
    from skagway_env.core import game_class

    games = args.games or ",".join(f"{name}:{game_class(name).params_class().num_players}"
                                   for name in skagway_env.list_games())

    configure_threads(args.threads)  # torch and numpy BLAS (agents/threads.py)
    makers: dict[str, Callable[[], Any]] = {
        "connect_four_v3 (PettingZoo) vs random": lambda: peer_vec_env(args.envs)}
    seats = {"connect_four_v3 (PettingZoo) vs random": 2}
    for item in games.split(","):
        name, players = item.split(":")
        key = f"{name} vs random"
        seats[key] = int(players)
        makers[key] = (lambda name=name, n=int(players):
                       make_vec_env(name, args.envs, opponents=["random"], seed=0,
                                    num_players=n))
    best = best_collection(makers, args.steps, args.rounds, args.n_steps, args.vanilla)
    base = best["connect_four_v3 (PettingZoo) vs random"][0]
    print(f"MaskablePPO, {args.envs} envs, n_steps={args.n_steps}, {args.steps} steps, best of "
          f"{args.rounds} rounds, torch threads={args.threads}, "
          f"{'vanilla sb3-contrib classes' if args.vanilla else 'ppo_classes()'} on both sides")
    print(f"{'env':40} {'seats':>5} {'collect fps':>12} {'overall fps':>12} {'x c4':>6} "
          f"{'env share':>9}")
    for name, (collect, overall, share) in best.items():
        print(f"{name:40} {seats[name]:>5} {collect:>12.0f} {overall:>12.0f} "
              f"{collect / base:>6.2f} {share:>9.0%}")


if __name__ == "__main__":
    main()
