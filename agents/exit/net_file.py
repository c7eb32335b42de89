"""The policy-value network file, and its forward pass in numpy.

A file is a zip of one JSON header (``skagway_exit_net.json``) and the weights as
``.npz``, read with ``numpy.load(allow_pickle=False)``: like ``policy_file.py``'s PPO
bots, opening one runs no code. The format has its own name (``skagway-exit-net``),
so a PPO file is refused here and an exit file by ``ppo:``. The header names the
game, its parameters (the player count among them), the env version, the observation
size, the action count and the network's shape; a file of another game, version, size
or player count is refused with one line before any weight is read.

The network (``NumpyNet`` here, ``network.PolicyValueNet`` in torch, the same arrays):
an MLP trunk over the seat's observation tensor, then

- a policy head: one logit per action of ``num_distinct_actions`` (the search and the
  agent take the softmax over the legal actions only, i.e. a masked softmax);
- a value head: ``num_players`` outputs through ``tanh``, output ``k`` the expected
  final ``State.returns()`` of the seat ``k`` places after the observer (the
  observations list seats observer first, then clockwise, so the value is too).
  The returns are those of the game's ``reward`` parameter; the trainer accepts
  ``rank`` (the default: +1 first to -1 last, ties averaged) and ``win`` (winners
  share 1), both inside tanh's range.

Two optional parts (format version 2; version 1 files have neither and still load),
both written by ``skagway_experiments.exit.from_ppo``, which turns a shipped PPO bot into a
network the search can use:

- ``value_hidden``: the value head reads its own MLP over the observation (``value_trunk``
  arrays) instead of the shared trunk, as SB3's critic does beside its actor;
- a hint (``extra``: ``hint``, ``hint_weight``, as a hinted PPO bot's header,
  ``agents/rl/hints.py``): the network's input is ``[game tensor, the style's move
  one-hot]`` and the logits add ``hint_weight`` times the hint; the trunks read the game
  tensor only. ``features.py`` builds that input for a seat.

Inference runs in numpy (float32), so Ray workers and tournament bots need no torch.
"""

from __future__ import annotations

import zipfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from skagway_env.core import Game, make_game

from ..policy_file import PolicyFileError, read_archive_meta, read_archive_weights, write_archive

FORMAT = "skagway-exit-net"
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
HEADER = "skagway_exit_net.json"
WEIGHTS = "weights.npz"
ACTIVATIONS = ("relu", "tanh")


class NetFileError(PolicyFileError):
    """A network file that is missing, damaged, or made for another game."""


@dataclass(frozen=True)
class NetHeader:
    game: str
    params: dict[str, Any]
    observation_size: int
    num_actions: int
    env_version: int
    hidden: list[int]
    activation: str = "relu"
    generation: int = 0
    """The trainer's generation that produced these weights (0: untrained)."""
    run: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    value_hidden: list[int] = field(default_factory=list)
    """Widths of the value head's own MLP (empty: it reads the shared trunk)."""

    @staticmethod
    def for_game(game: Game, hidden: list[int], activation: str = "relu",
                 **more: Any) -> NetHeader:
        return NetHeader(game.name, dict(game.parameters()), game.observation_size(),
                         game.num_distinct_actions(), game.info.env_version,
                         list(hidden), activation, **more)

    @property
    def num_players(self) -> int:
        return int(self.params["num_players"])

    @property
    def hint(self) -> str | None:
        """The style whose move the network reads beside the observation, if any."""
        return self.extra.get("hint") or None

    @property
    def input_size(self) -> int:
        """Features a row of ``NumpyNet.evaluate`` holds: the game tensor, and the
        hint's one-hot over the actions for a hinted network."""
        return self.observation_size + (self.num_actions if self.hint else 0)

    def check(self, game: Game) -> None:
        """Refuse (one line) a network of another game, version, size or player count
        (the value head has one output a seat, and the odds differ)."""
        mine = f"{self.game} v{self.env_version}"
        theirs = f"{game.name} v{game.info.env_version}"
        if (self.game, self.env_version) != (game.name, game.info.env_version):
            raise NetFileError(f"this network was trained for {mine}, not {theirs}")
        if self.num_players != game.num_players:
            raise NetFileError(f"this network was trained for {self.num_players} players, "
                               f"not {game.num_players}")
        if (self.observation_size, self.num_actions) != (game.observation_size(),
                                                         game.num_distinct_actions()):
            raise NetFileError(
                f"this network sees {self.observation_size} features and "
                f"{self.num_actions} actions; {theirs} with {game.parameters()} has "
                f"{game.observation_size()} and {game.num_distinct_actions()}")

    def check_start(self, game: Game, hidden: list[int], value_hidden: list[int],
                    activation: str) -> None:
        """Refuse (one line) a network that cannot start a training run of ``game`` with
        this shape: a hinted one (self-play does not build the hint), one of another
        game or count (``check``), or other widths or activation."""
        if self.hint:
            raise NetFileError(f"this network reads {self.hint}'s moves (a hinted network); "
                               "self-play does not build the hint, so it cannot start a run")
        self.check(game)
        wanted = {"hidden": list(hidden), "value_hidden": list(value_hidden),
                  "activation": activation}
        for key, mine in wanted.items():
            theirs = getattr(self, key)
            if theirs != mine:
                raise NetFileError(f"this network has {key} {theirs}; set {key}: {theirs} "
                                   f"to start from it (the run has {mine})")

    def make_game(self) -> Game:
        return make_game(self.game, **self.params)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def weight_names(layers: int, value_layers: int = 0) -> list[str]:
    """The arrays of a network with ``layers`` hidden layers (torch's state_dict keys),
    and ``value_layers`` in the value head's own MLP."""
    names = [f"trunk.{i}.{part}" for i in range(layers) for part in ("weight", "bias")]
    names += [f"value_trunk.{i}.{part}" for i in range(value_layers)
              for part in ("weight", "bias")]
    return names + ["policy.weight", "policy.bias", "value.weight", "value.bias"]


def save_net(path: str | Path, header: NetHeader, weights: dict[str, np.ndarray]) -> Path:
    """Write a network file atomically (beside, then renamed over the old one)."""
    missing = set(weight_names(len(header.hidden), len(header.value_hidden))) - set(weights)
    if missing:
        raise ValueError(f"weights lack {', '.join(sorted(missing))}")
    meta = {"format": FORMAT, "format_version": FORMAT_VERSION, **asdict(header)}
    return write_archive(path, HEADER, meta,
                         {k: np.asarray(v, dtype=np.float32) for k, v in weights.items()})


def read_net_header(path: str | Path) -> NetHeader:
    """The header alone (no weights)."""
    meta = read_archive_meta(path, HEADER, NetFileError, "network file",
                             f"an exit network file (no {HEADER}; a ppo: bot file is "
                             "played by ppo:)")
    if meta.pop("format", None) != FORMAT or \
            meta.pop("format_version", None) not in READABLE_VERSIONS:
        raise NetFileError(f"{path}: unsupported network file format (this code reads "
                           f"{FORMAT} versions {', '.join(map(str, READABLE_VERSIONS))})")
    try:
        return NetHeader(**meta)
    except TypeError as exc:
        raise NetFileError(f"{path}: damaged network header ({exc})") from None


def is_net_file(path: str | Path) -> bool:
    """Whether ``path`` is a zip holding a network header (an exit file, not a PPO bot)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return HEADER in archive.namelist()
    except (OSError, zipfile.BadZipFile):
        return False


def read_net_weights(path: str | Path) -> dict[str, np.ndarray]:
    return read_archive_weights(path)


class NumpyNet:
    """The forward pass in numpy: ``evaluate(rows)`` gives the logits of every action
    and each seat's value, observer-relative (see the module docstring); a row is
    ``header.input_size`` features (``features.py``).

    ``evaluations`` counts the observations evaluated (for the benchmarks)."""

    def __init__(self, header: NetHeader, weights: dict[str, np.ndarray]) -> None:
        if header.activation not in ACTIVATIONS:
            raise NetFileError(f"unknown activation {header.activation!r}")
        self.header = header
        self.trunk = self._layers(weights, "trunk", len(header.hidden))
        self.value_trunk = self._layers(weights, "value_trunk", len(header.value_hidden))
        self.policy = self._layer(weights, "policy")
        self.value = self._layer(weights, "value")
        self.relu = header.activation == "relu"
        self.size = header.observation_size
        self.hint_weight = float(header.extra.get("hint_weight", 0.0)) if header.hint else 0.0
        self.evaluations = 0

    @staticmethod
    def _layer(weights: dict[str, np.ndarray], name: str) -> tuple[np.ndarray, np.ndarray]:
        return (np.ascontiguousarray(weights[f"{name}.weight"].T, dtype=np.float32),
                weights[f"{name}.bias"].astype(np.float32))

    def _layers(self, weights: dict[str, np.ndarray], name: str,
                count: int) -> list[tuple[np.ndarray, np.ndarray]]:
        return [self._layer(weights, f"{name}.{i}") for i in range(count)]

    def _mlp(self, x: np.ndarray, layers: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
        for weight, bias in layers:
            x = x @ weight + bias
            x = np.maximum(x, 0.0) if self.relu else np.tanh(x)
        return x

    def evaluate(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(logits [B, actions], values [B, players])`` for ``rows [B, input_size]``."""
        rows = np.asarray(rows, dtype=np.float32)
        if rows.shape[-1] != self.header.input_size:
            raise NetFileError(f"this network reads {self.header.input_size} features a row "
                               f"(the observation{', then its hint' if self.hint_weight else ''}"
                               f"), got {rows.shape[-1]}: build rows with exit.features")
        observations = rows[:, :self.size]
        hidden = self._mlp(observations, self.trunk)
        self.evaluations += len(rows)
        logits = hidden @ self.policy[0] + self.policy[1]
        if self.hint_weight:
            logits = logits + self.hint_weight * rows[:, self.size:]
        if self.value_trunk:
            hidden = self._mlp(observations, self.value_trunk)
        return logits, np.tanh(hidden @ self.value[0] + self.value[1])

    def values(self, observations: np.ndarray) -> np.ndarray:
        """The value head alone (``[B, players]``) from the game tensors (no hint: the
        trunks never read it), for MCTS leaves (``mcts:...,value=``)."""
        observations = np.asarray(observations, dtype=np.float32)[:, :self.size]
        hidden = self._mlp(observations, self.value_trunk or self.trunk)
        self.evaluations += len(observations)
        return np.tanh(hidden @ self.value[0] + self.value[1])


def load_net(path: str | Path, game: Game | None = None) -> NumpyNet:
    """A network file for playing (checked against ``game`` when given)."""
    header = read_net_header(path)
    if game is not None:
        header.check(game)
    return NumpyNet(header, read_net_weights(path))
