"""Tournament configuration: a typed dataclass, from YAML or from flags.

Everything that decides *which games are played* (game, parameters, seats, entrants,
seed) goes into the fingerprint stored with the results, so a database can only ever be
resumed by the tournament that wrote it. ``repeats`` is left out: games are scheduled
repeat by repeat, so a larger ``repeats`` only appends games, and ``--resume`` with it
extends a finished tournament.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from skagway_agents import make_agent

from skagway_env.core import GameParameterError, make_game


class TournamentConfigError(ValueError):
    """A configuration that cannot describe a tournament (one clear line)."""


@dataclass(frozen=True)
class Entrant:
    name: str
    spec: str


@dataclass(frozen=True)
class TournamentConfig:
    game: str
    players: int
    entrants: tuple[Entrant, ...]
    name: str = "tournament"
    params: dict[str, Any] = field(default_factory=dict)
    repeats: int = 1
    """How many times every line-up plays its full set of seat permutations."""
    seed: int = 0
    lineups: tuple[tuple[str, ...], ...] = ()
    """Explicit line-ups (entrant names, one per seat); empty: the full round robin."""

    def fingerprint(self, with_repeats: bool = False) -> str:
        """Hash of what decides each game played (not the name, nor ``repeats``: more
        repeats only append games, so a finished tournament can be extended).
        ``with_repeats`` gives the hash that schema-1 databases stored."""
        skip = {"name"} if with_repeats else {"name", "repeats"}
        data = {k: v for k, v in self.to_dict().items() if k not in skip}
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "game": self.game,
            "players": self.players,
            "params": dict(self.params),
            "entrants": [{"name": e.name, "spec": e.spec} for e in self.entrants],
            "repeats": self.repeats,
            "seed": self.seed,
            **({"lineups": [list(lu) for lu in self.lineups]} if self.lineups else {}),
        }

    def spec_of(self, entrant: str) -> str:
        return next(e.spec for e in self.entrants if e.name == entrant)


DEFAULT_CONFIG: dict[str, Any] = {
    # `make run` and a bare `skagway tournament`: Skagway, the flagship, with its two
    # heuristic styles, IS-MCTS steered by the stronger one, and random play; 24 games
    # (every seat order once), about a minute on 2 cores with 2 workers.
    "name": "default",
    "game": "skagway",
    "players": 4,
    "entrants": [
        {"name": "random", "spec": "random"},
        {"name": "prospector", "spec": "heuristic:prospector"},
        {"name": "landlord", "spec": "heuristic:landlord"},
        {"name": "mcts-landlord", "spec": "mcts:iterations=10,prior=heuristic:landlord"},
    ],
    "repeats": 1,
    "seed": 0,
}

KNOWN_KEYS = {"name", "game", "players", "params", "entrants", "repeats", "seed", "lineups"}


def config_from_dict(data: dict[str, Any], source: str = "config") -> TournamentConfig:
    """Build and check a config from plain data (YAML or flags)."""
    if not isinstance(data, dict):
        raise TournamentConfigError(f"{source}: expected a mapping of settings")
    unknown = sorted(set(data) - KNOWN_KEYS)
    if unknown:
        raise TournamentConfigError(
            f"{source}: unknown setting(s) {', '.join(unknown)}; valid: "
            f"{', '.join(sorted(KNOWN_KEYS))}"
        )
    for key in ("game", "players", "entrants"):
        if key not in data:
            raise TournamentConfigError(f"{source}: missing '{key}'")
    if not isinstance(data["entrants"], list):
        raise TournamentConfigError(f"{source}: entrants must be a list of specs")
    entrants = []
    for item in data["entrants"]:
        if isinstance(item, str):
            item = {"spec": item}
        if not isinstance(item, dict) or "spec" not in item:
            raise TournamentConfigError(f"{source}: each entrant needs a spec, got {item!r}")
        entrants.append(Entrant(str(item.get("name", item["spec"])), str(item["spec"])))
    names = [e.name for e in entrants]
    if len(set(names)) != len(names):
        raise TournamentConfigError(
            f"{source}: entrant names must be unique ({', '.join(names)}); "
            "give repeated specs a name"
        )
    if not entrants:
        raise TournamentConfigError(f"{source}: no entrants")
    for key in ("players", "repeats", "seed"):
        if key in data and (not isinstance(data[key], int) or data[key] < 0):
            raise TournamentConfigError(f"{source}: {key} must be a non-negative integer")
    if data.get("repeats", 1) < 1:
        raise TournamentConfigError(f"{source}: repeats must be at least 1")
    lineups = tuple(tuple(str(n) for n in lu) for lu in data.get("lineups") or ())
    for lineup in lineups:
        if len(lineup) != data["players"] or not set(lineup) <= set(names):
            raise TournamentConfigError(
                f"{source}: line-up {list(lineup)} must name {data['players']} entrants "
                f"from {', '.join(names)}"
            )
    return TournamentConfig(
        name=str(data.get("name", "tournament")),
        game=str(data["game"]),
        players=int(data["players"]),
        params=dict(data.get("params") or {}),
        entrants=tuple(entrants),
        repeats=int(data.get("repeats", 1)),
        seed=int(data.get("seed", 0)),
        lineups=lineups,
    )


def load_config(path: str | Path) -> TournamentConfig:
    """Read a YAML tournament file (see ``configs/tournament/``)."""
    try:
        data = yaml.safe_load(Path(path).read_text())
    except FileNotFoundError:
        raise TournamentConfigError(f"no such config file: {path}") from None
    except yaml.YAMLError as exc:
        raise TournamentConfigError(f"{path}: not valid YAML ({exc})") from None
    return config_from_dict(data, str(path))


def config_from_flags(
    game: str, players: int, agents: Sequence[str], repeats: int = 1, seed: int = 0,
    name: str | None = None, params: dict[str, Any] | None = None,
) -> TournamentConfig:
    """A config from command-line flags: one entrant per spec given, named by its spec
    (``random``, then ``random#2`` for the same spec given again)."""
    entrants, seen = [], {}
    for spec in (s.strip() for s in agents if s.strip()):
        seen[spec] = seen.get(spec, 0) + 1
        entrant = spec if seen[spec] == 1 else f"{spec}#{seen[spec]}"
        entrants.append({"name": entrant, "spec": spec})
    return config_from_dict(
        {"name": name or f"{game}-{players}p", "game": game, "players": players,
         "params": params or {}, "entrants": entrants, "repeats": repeats, "seed": seed},
        "flags",
    )


def check_config(config: TournamentConfig) -> None:
    """Build the game and every agent once, so bad input fails before anything runs."""
    if "num_players" in config.params:
        raise TournamentConfigError("set the seat count with 'players', not params.num_players")
    try:
        game = make_game(config.game, num_players=config.players, **config.params)
    except (GameParameterError, KeyError) as exc:
        raise TournamentConfigError(str(exc).strip("'\"")) from None
    for entrant in config.entrants:
        agent = make_agent(entrant.spec, game, seed=0)
        if agent.name == "human":
            raise TournamentConfigError("tournaments cannot seat a human agent")
