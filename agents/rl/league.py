"""The self-play league: the opponent pool a learner trains against.

Entries are agent specs: fixed ones (``random``, heuristic styles) and snapshots of the
learner (``ppo:<run>/models/snapshot_<steps>.zip``) that join every K steps; past
``max_snapshots`` the oldest snapshot leaves. The league is the env's opponent *pool*
(``pool(rng, count)``), called at every reset, and hears every result (``report``).

Sampling rule (prioritised fictitious self-play, after AlphaStar's ``f_hard``): each
opponent seat independently draws entry ``i`` with probability proportional to
``(1 - s_i)**2 + floor``, where ``s_i`` is the learner's share of finishing ahead of
entry ``i`` (an exponential moving average over the games they met, 1/2 when tied;
it starts at 1/2). Entries the learner already beats are drawn rarely but never
starve (``floor``); entries that beat it are drawn most.

Envs in other processes (SB3's ``SubprocVecEnv``) each hold a *replica* of the league
(``replica()``): it samples by the weights it was given and keeps the results it hears
in ``events``; the trainer merges those into the league (``merge``) after every rollout,
in env order, and hands every env a fresh replica, so snapshots reach them too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from skagway_env.core import Game

from .. import make_agent


@dataclass
class Entry:
    spec: str
    share: float = 0.5
    """The learner's moving-average share of finishing ahead of this entry."""
    games: int = 0
    snapshot: bool = False


@dataclass
class League:
    game: Game
    fixed: Sequence[str]
    max_snapshots: int = 8
    decay: float = 0.05
    """Weight of the newest result in each entry's moving average."""
    floor: float = 0.05
    entries: list[Entry] = field(default_factory=list)
    events: list[tuple[str, float]] | None = None
    """A replica's results not merged yet, ``(spec, result)``; ``None`` in the league."""

    def __post_init__(self) -> None:
        if not self.entries:
            self.entries = [Entry(spec) for spec in self.fixed]
        if self.events is None:
            for entry in self.entries:
                make_agent(entry.spec, self.game, 0)  # a bad spec fails before training

    def weights(self) -> np.ndarray:
        shares = np.array([e.share for e in self.entries])
        raw = (1.0 - shares) ** 2 + self.floor
        return raw / raw.sum()

    def add_snapshot(self, spec: str) -> None:
        make_agent(spec, self.game, 0)
        self.entries.append(Entry(spec, snapshot=True))
        snapshots = [e for e in self.entries if e.snapshot]
        if len(snapshots) > self.max_snapshots:
            self.entries.remove(snapshots[0])

    # ------------------------------------------------------------ the env's pool
    def __call__(self, rng: np.random.Generator, count: int) -> list[Any]:
        picks = rng.choice(len(self.entries), size=count, p=self.weights())
        opponents = []
        for i in picks:
            agent = make_agent(self.entries[i].spec, self.game, int(rng.integers(2**63)))
            agent.league_spec = self.entries[i].spec
            opponents.append(agent)
        return opponents

    def report(self, seat: int, opponents: Sequence[Any], returns: Sequence[float]) -> None:
        """A finished game: move each met entry's share toward this result."""
        mine = returns[seat]
        for q, agent in enumerate(opponents):
            spec = getattr(agent, "league_spec", None)
            if q == seat or spec is None:
                continue
            result = 1.0 if mine > returns[q] else 0.5 if mine == returns[q] else 0.0
            self._record(spec, result)
            if self.events is not None:
                self.events.append((spec, result))

    def _record(self, spec: str, result: float) -> None:
        entry = next((e for e in self.entries if e.spec == spec), None)
        if entry is not None:  # a snapshot may have left the league since
            entry.share += self.decay * (result - entry.share)
            entry.games += 1

    # ------------------------------------------------------------ replicas
    def replica(self) -> League:
        """A copy for an env in another process: same entries, an empty ``events``."""
        copy = League(self.game, self.fixed, self.max_snapshots, self.decay, self.floor,
                      events=[])
        copy.load(self.to_dict())
        return copy

    def merge(self, events: Sequence[tuple[str, float]]) -> None:
        """Apply a replica's results, in the order it heard them."""
        for spec, result in events:
            self._record(spec, result)

    # ------------------------------------------------------------ checkpoints
    def to_dict(self) -> dict[str, Any]:
        return {"entries": [vars(e).copy() for e in self.entries]}

    def load(self, data: dict[str, Any]) -> None:
        self.entries = [Entry(**e) for e in data["entries"]]
