"""``exit:path/to/net.zip[,simulations=N|seconds=S,c_puct=C,mix=M,greedy=...]``: a bot
trained by expert iteration (``skagway train --algo exit``), or a PPO bot turned into a
network (``skagway_experiments.exit.from_ppo``).

With ``simulations >= 1`` (default 64) it runs the PUCT search of ``search.py`` over
views of its seat and plays the most visited action (no root noise, temperature 0:
ties broken by its rng). ``seconds=S`` searches for that long a decision instead (as
``mcts:seconds=S``, for matches at an equal time per move; such a game is not
repeatable from its seed), one simulation at least. ``mix=M`` (0 to 1, default 0) values
each leaf by ``1 - M`` of the value head and ``M`` of a random playout's returns
(``search.py``). With ``simulations=0`` it plays
the network's plain policy, the masked softmax over the legal actions: its most
probable action (``greedy=true``, the default) or one sampled from it
(``greedy=false``). The file's header is checked against the game before any weight
is read; inference is numpy, so no torch is needed; numpy's BLAS is set to one
thread in the process (``agents/threads.py``: for these small products its default threads
made the search 60x slower on a busy machine).
``action_probabilities`` is the policy (MCTS can take it as a prior). A hinted network
(a hinted PPO bot turned into one, ``features.py``) asks its style for a move wherever it
evaluates a seat.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from skagway_env.core import Game, State

from ..base import Agent
from ..specs import AgentSpecError, Option
from ..threads import limit_blas_threads
from .features import network_features
from .net_file import NumpyNet, load_net, read_net_header
from .search import Search, SearchSettings, choose_action, run_search, softmax


@lru_cache(maxsize=16)
def _load(path: str, stamp: tuple[int, int]) -> NumpyNet:
    """One network per file version, shared by every agent playing it (read-only)."""
    return load_net(path)


class ExitAgent(Agent):
    """PUCT search guided by a policy-value network (see the module docstring)."""

    name = "exit"
    options = {"path": Option(str, none=True), "simulations": Option(int, low=0, none=True),
               "seconds": Option(float, low=0, above=True, none=True),
               "c_puct": Option(float, low=0, above=True), "greedy": Option(bool),
               "mix": Option(float, low=0, high=1)}
    DEFAULT_SIMULATIONS = 64

    def __init__(self, game: Game, seed: int | None = None, path: str | None = None,
                 simulations: int | None = None, seconds: float | None = None,
                 c_puct: float = 1.5, greedy: bool = True, mix: float = 0.0) -> None:
        super().__init__(game, seed)
        if not path:
            raise ValueError("exit needs a network file: exit:path/to/net.zip")
        if simulations is not None and seconds is not None:
            raise AgentSpecError(f"give simulations or seconds, not both (got "
                                 f"simulations={simulations}, seconds={seconds})")
        for key, value in (("simulations", simulations), ("seconds", seconds),
                           ("c_puct", c_puct), ("greedy", greedy), ("mix", mix)):
            self.options[key].check(key, value)  # Python callers too, not only specs
        if simulations is None:
            simulations = self.DEFAULT_SIMULATIONS
        read_net_header(path).check(game)
        limit_blas_threads(1)
        info = Path(path).stat()
        self.path = str(path)
        self.net = _load(str(Path(path).resolve()), (info.st_mtime_ns, info.st_size))
        self.simulations, self.c_puct, self.greedy = int(simulations), float(c_puct), \
            bool(greedy)
        self.seconds = seconds
        self.mix = float(mix)
        self.settings = SearchSettings(simulations=self.simulations, c_puct=self.c_puct,
                                       seconds=seconds, mix=self.mix)
        self.features = network_features(self.net.header, game, self.rng)

    def params(self) -> dict[str, Any]:
        budget: dict[str, Any] = ({"seconds": self.seconds} if self.seconds is not None
                                  else {"simulations": self.simulations})
        return {**budget, "c_puct": self.c_puct, "greedy": self.greedy,
                **({"mix": self.mix} if self.mix else {})}

    def action_probabilities(self, state: State, player: int) -> np.ndarray:
        """The network's policy over every action (zero off the legal ones)."""
        legal = state.legal_actions(player)
        logits, _ = self.net.evaluate(self.features(state, player)[None])
        probs = np.zeros(self.game.num_distinct_actions())
        probs[legal] = softmax(np.asarray(logits[0], dtype=np.float64)[legal])
        return probs

    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        if self.simulations == 0 and self.seconds is None:
            probs = self.action_probabilities(state, player)
            if self.greedy:
                return int(np.argmax(probs))
            return int(self.rng.choice(len(probs), p=probs))
        search = Search(self.settings, self.game.num_players, self.rng, self.features)
        return choose_action(run_search(search.run(state, player), self.net.evaluate), 0.0,
                             self.rng)
