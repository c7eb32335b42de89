"""The expert-iteration run's settings (``configs/train/<game>_exit.yaml``), checked
whole before anything is created: unknown names, types and ranges, the game and its
parameters, every evaluation opponent's spec and the ``init_from`` bot, each mistake in
one line naming the setting, the value and what is allowed."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from skagway_agents import make_agent
from skagway_agents.exit.net_file import NetFileError, is_net_file, read_net_header
from skagway_agents.specs import Option

from skagway_env.core import Game, GameParameterError, UnknownGameError, make_game

from .warm_start import is_heuristic_start, parse_styles


class ExitConfigError(ValueError):
    """A config that cannot describe an expert-iteration run (one clear line)."""


@dataclass(frozen=True)
class ExitConfig:
    game: str
    players: int
    algo: str = "exit"
    """Marks the run folder's config.yaml for ``skagway train --resume``."""
    exp: str = "exit"
    params: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    generations: int = 100
    """Self-play, learn, gate: this many times (``max_minutes`` may stop it sooner)."""
    max_minutes: float = 0
    """Stop after the generation that passes this much wall time (0: no limit)."""
    workers: int = 0
    """Self-play Ray actors (0: in the driver's process, no Ray)."""
    games_per_generation: int = 32
    concurrent_games: int = 8
    """Games a worker plays at once, their leaves evaluated in one forward pass."""
    simulations: int = 32
    c_puct: float = 1.5
    dirichlet_alpha: float = 0.3
    dirichlet_fraction: float = 0.25
    temperature_moves: int = 20
    """Each game's first this many decisions are sampled from the visits (temperature
    1); later ones take the most visited action."""
    selfplay_opponents: tuple[str, ...] = ()
    """Agent specs (heuristic styles) that fill the other seats of a share of the
    self-play games: each such game has one network seat (rotating) searching and
    recorded, and ``players - 1`` copies of one opponent (cycling); empty: pure
    self-play. The network then learns from games against what it must beat too."""
    opponent_share: float = 0.5
    """With ``selfplay_opponents``: the share of each generation's games that have them."""
    mix: float = 0.0
    """The share of a leaf's value from one random playout (``SearchSettings.mix``) in
    self-play and the gates; 0: the network alone (AlphaZero's leaves)."""
    hidden: tuple[int, ...] = (256, 256)
    value_hidden: tuple[int, ...] = ()
    """Widths of the value head's own MLP over the observation (empty: the value head
    reads the shared trunk), as a network ``exit.from_ppo`` made has."""
    activation: str = "relu"
    init_from: str | None = None
    """A PPO bot file whose actor starts the network (where shapes match), an exit
    network file of the same shape whose arrays all start it (e.g. ``exit.from_ppo``'s,
    an unhinted one), or ``heuristic:<style>`` (``heuristic:<style>+<style>...`` for a
    mix): before generation 0 the network imitates that style's moves
    (``warm_start.py``)."""
    bc_games: int = 400
    """With ``init_from: heuristic:...``: the style's games the network imitates."""
    bc_epochs: int = 20
    """With ``init_from: heuristic:...``: passes over those games' positions."""
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    batch_size: int = 256
    train_steps: int = 100
    """Minibatch steps of the learner a generation."""
    buffer_size: int = 50_000
    """The replay buffer keeps the newest this many positions."""
    value_weight: float = 1.0
    gate_games: int = 16
    """Candidate against the best network, seat-rotated (0: every candidate is taken)."""
    gate_threshold: float = 0.55
    gate_simulations: int = 16
    gate_anchor: str | None = None
    """An agent spec the gate also measures against: candidate and best each play
    ``gate_anchor_games`` seat-rotated games, one seat against ``players - 1`` copies of
    it, on the same seeds; the candidate is taken only if its score share there is at
    least the best's less ``gate_anchor_margin`` (None: the self-play gate alone)."""
    gate_anchor_games: int = 16
    gate_anchor_margin: float = 0.05
    eval_every: int = 5
    """Generations between evaluations against the anchors (0: only at the end)."""
    eval_opponents: tuple[str, ...] = ("random",)
    eval_games: int = 20
    eval_simulations: int = 0
    """The evaluated bot's budget (0: the plain policy, fast)."""
    final_eval_games: int = 0
    """Games per opponent in the evaluation at the end (0: ``eval_games``)."""
    torch_threads: int = 1
    device: str = "cpu"
    """Where the learner trains: ``cpu`` (bit-for-bit repeatable) or ``cuda`` (a GPU,
    faster for big networks, not bit-for-bit repeatable). Self-play stays on the CPU."""

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        for key in SPEC_LISTS + ("hidden", "value_hidden"):
            data[key] = list(data[key])
        return data


SPEC_LISTS = ("eval_opponents", "selfplay_opponents")
"""The settings that are lists of agent specs."""


SETTINGS: dict[str, Option] = {
    "game": Option(str), "players": Option(int, low=1), "algo": Option(str, choices=("exit",)),
    "exp": Option(str), "seed": Option(int, low=0), "generations": Option(int, low=0),
    "max_minutes": Option(float, low=0), "workers": Option(int, low=0),
    "games_per_generation": Option(int, low=1), "concurrent_games": Option(int, low=1),
    "simulations": Option(int, low=1), "c_puct": Option(float, low=0, above=True),
    "dirichlet_alpha": Option(float, low=0, above=True),
    "dirichlet_fraction": Option(float, low=0, high=1), "temperature_moves": Option(int, low=0),
    "mix": Option(float, low=0, high=1),
    "activation": Option(str, choices=("relu", "tanh")), "init_from": Option(str, none=True),
    "bc_games": Option(int, low=1), "bc_epochs": Option(int, low=1),
    "learning_rate": Option(float, low=0, above=True), "weight_decay": Option(float, low=0),
    "batch_size": Option(int, low=1), "train_steps": Option(int, low=0),
    "buffer_size": Option(int, low=1), "value_weight": Option(float, low=0),
    "gate_games": Option(int, low=0), "gate_threshold": Option(float, low=0, high=1),
    "gate_simulations": Option(int, low=1), "gate_anchor": Option(str, none=True),
    "gate_anchor_games": Option(int, low=1), "gate_anchor_margin": Option(float, low=0, high=1),
    "opponent_share": Option(float, low=0, high=1), "eval_every": Option(int, low=0),
    "eval_games": Option(int, low=1), "eval_simulations": Option(int, low=0),
    "final_eval_games": Option(int, low=0), "torch_threads": Option(int, low=1),
    "device": Option(str, choices=("cpu", "cuda")),
}


def _refuse(source: str, key: str, value: Any, allowed: str) -> ExitConfigError:
    shown = repr(value) if isinstance(value, str) else yaml.safe_dump(
        value, default_flow_style=True).strip().removesuffix("...").strip()
    return ExitConfigError(f"{source}: {key}: {shown} is not allowed: expected {allowed}")


def config_from_mapping(data: Any, source: str = "config") -> ExitConfig:
    """Build and check a config from plain data (YAML or flags); nothing is created."""
    if not isinstance(data, dict):
        raise ExitConfigError(f"{source}: expected a mapping of settings")
    known = {f.name for f in dataclasses.fields(ExitConfig)}
    unknown = sorted(map(str, set(data) - known))
    if unknown:
        raise ExitConfigError(f"{source}: unknown setting(s) {', '.join(unknown)}; "
                              f"valid: {', '.join(sorted(known))}")
    for key in ("game", "players"):
        if key not in data:
            raise ExitConfigError(f"{source}: missing '{key}'")
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key in SETTINGS:
            if not SETTINGS[key].accepts(value):
                raise _refuse(source, key, value, SETTINGS[key].allowed())
            values[key] = value
        elif key in ("hidden", "value_hidden"):
            layer = Option(int, low=1)
            if not isinstance(value, (list, tuple)) or (key == "hidden" and not value) or \
                    not all(map(layer.accepts, value)):
                raise _refuse(source, key, value, "a list of layer widths (integers >= 1), "
                              "e.g. [256, 256]")
            values[key] = tuple(value)
        elif key in SPEC_LISTS:
            if not isinstance(value, (list, tuple)) or not all(
                    isinstance(v, str) and v.strip() for v in value) or (
                    key == "eval_opponents" and not value):
                raise _refuse(source, key, value, "a list of agent specs, e.g. "
                              "[random, \"heuristic:prospector\"]")
            values[key] = tuple(v.strip() for v in value)
        elif key == "params":
            if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
                raise _refuse(source, key, value, "a mapping of game parameters")
            values[key] = dict(value)
    exp = values.get("exp", "exit")
    if not exp or any(c in exp for c in "/\\\0") or exp in (".", ".."):
        raise _refuse(source, "exp", exp, "a name for the run folder (no slashes)")
    if "num_players" in values.get("params", {}):
        raise ExitConfigError(f"{source}: set the player count with 'players', not "
                              "params.num_players")
    config = ExitConfig(**values)
    check_config(config, source)
    return config


def check_config(config: ExitConfig, source: str = "config") -> None:
    """The checks that need the game: player count, parameters, the reward (the value
    head is tanh and the gate reads rank returns), specs and ``init_from`` (a PPO bot's
    header, or the names of heuristic styles)."""
    try:
        game = make_game(config.game, num_players=config.players, **config.params)
    except (UnknownGameError, GameParameterError) as exc:
        raise ExitConfigError(f"{source}: {exc}") from None
    if config.device == "cuda":
        import torch

        if not torch.cuda.is_available():
            raise ExitConfigError(f"{source}: device: 'cuda' but torch sees no GPU here "
                                  "(device: cpu trains on the CPU)")
    if game.params.reward != "rank":
        raise ExitConfigError(f"{source}: expert iteration trains on rank returns; "
                              f"params.reward {game.params.reward!r} is not supported")
    specs = [("eval_opponents", s) for s in config.eval_opponents]
    specs += [("selfplay_opponents", s) for s in config.selfplay_opponents]
    specs += [("gate_anchor", config.gate_anchor)] if config.gate_anchor else []
    for key, spec in specs:
        try:
            make_agent(spec, game, 0)
        except ValueError as exc:
            raise ExitConfigError(f"{source}: {key}: {exc}") from None
    if config.init_from is not None and is_heuristic_start(config.init_from):
        try:
            parse_styles(config.init_from, game)
        except ValueError as exc:
            raise ExitConfigError(f"{source}: init_from: {exc}") from None
    elif config.init_from is not None and is_net_file(config.init_from):
        _check_init_net(config, game, source)
    elif config.init_from is not None:
        from skagway_agents.policy_file import PolicyFileError, read_header

        try:
            header = read_header(config.init_from)
        except PolicyFileError as exc:
            raise ExitConfigError(f"{source}: init_from: {exc}") from None
        if (header.game, header.observation_size) != (game.name, game.observation_size()):
            raise ExitConfigError(f"{source}: init_from: {config.init_from} is a bot for "
                                  f"{header.game} ({header.observation_size} features), "
                                  f"not {game.name} ({game.observation_size()})")
        if header.activation != config.activation:
            raise ExitConfigError(f"{source}: init_from: {config.init_from} uses "
                                  f"{header.activation}; set activation: {header.activation} "
                                  "(its trunk means nothing under another activation)")


def _check_init_net(config: ExitConfig, game: Game, source: str) -> None:
    """An exit network that starts the run: this game, unhinted, and the run's shape."""
    try:
        read_net_header(config.init_from).check_start(game, config.hidden,
                                                      config.value_hidden, config.activation)
    except NetFileError as exc:
        raise ExitConfigError(f"{source}: init_from: {config.init_from}: {exc}") from None


def load_exit_config(path: str | Path) -> ExitConfig:
    try:
        data = yaml.safe_load(Path(path).read_text())
    except FileNotFoundError:
        raise ExitConfigError(f"no such config file: {path}") from None
    except yaml.YAMLError as exc:
        raise ExitConfigError(f"{path}: not valid YAML ({exc})") from None
    return config_from_mapping(data, str(path))
