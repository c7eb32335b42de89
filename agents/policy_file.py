"""The trained-bot file: a zip of one JSON header and the policy's weights as ``.npz``.

Nothing in it is a pickle: the header is JSON and the weights are plain arrays read
with ``numpy.load(allow_pickle=False)``, so opening a bot someone sent you runs no code
of theirs. (SB3's own ``.zip`` checkpoints do hold pickles; the trainer keeps those in
its run folder for ``--resume`` and loads one only when asked to resume that run.)

The header names the game, its parameters, the observation size, the action count and
the env version the policy was trained on, and the network's shape; a bot of another
game, version or size is refused with one clear line (``PolicyFileError``) before any
weight is read.
"""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from skagway_env.core import Game, make_game

FORMAT = "skagway-policy"
FORMAT_VERSION = 1
HEADER = "skagway_policy.json"
WEIGHTS = "weights.npz"


class PolicyFileError(ValueError):
    """A trained-bot file that is missing, damaged, or made for another game."""


@dataclass(frozen=True)
class PolicyHeader:
    game: str
    params: dict[str, Any]
    observation_size: int
    num_actions: int
    env_version: int
    net_arch: list[int]
    activation: str = "tanh"
    trained_steps: int = 0
    run: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def for_game(game: Game, net_arch: list[int], activation: str = "tanh",
                 **more: Any) -> PolicyHeader:
        return PolicyHeader(game.name, dict(game.parameters()), game.observation_size(),
                            game.num_distinct_actions(), game.info.env_version,
                            list(net_arch), activation, **more)

    @property
    def num_players(self) -> int | None:
        """The player count the policy was trained at (in ``params``)."""
        return self.params.get("num_players")

    def check(self, game: Game, any_players: bool = False) -> None:
        """Refuse (one line) a policy made for another game, version or size, or for
        another player count unless ``any_players`` (the user's opt-in: the features
        may line up, but what they mean and the odds of the game do not)."""
        mine = f"{self.game} v{self.env_version}"
        theirs = f"{game.name} v{game.info.env_version}"
        if (self.game, self.env_version) != (game.name, game.info.env_version):
            raise PolicyFileError(f"this policy was trained for {mine}, not {theirs}")
        if not any_players and self.num_players not in (None, game.num_players):
            raise PolicyFileError(
                f"this policy was trained for {self.num_players} players, not "
                f"{game.num_players}; add any_players=true to its spec to seat it anyway")
        if (self.observation_size, self.num_actions) != (game.observation_size(),
                                                         game.num_distinct_actions()):
            raise PolicyFileError(
                f"this policy sees {self.observation_size} features and "
                f"{self.num_actions} actions; {theirs} with {game.parameters()} has "
                f"{game.observation_size()} and {game.num_distinct_actions()}")

    def make_game(self) -> Game:
        return make_game(self.game, **self.params)


def write_archive(path: str | Path, header_name: str, meta: dict[str, Any],
                  weights: dict[str, np.ndarray]) -> Path:
    """A JSON header and ``weights`` as ``.npz`` in one zip, written beside and renamed
    over ``path`` (atomic). Shared by policy files and ``agents/exit``'s network files."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    np.savez(buffer, **weights)
    tmp = path.with_name(path.name + ".part")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(header_name, json.dumps(meta, indent=1, sort_keys=True))
        archive.writestr(WEIGHTS, buffer.getvalue())
    tmp.replace(path)
    return path


def read_archive_meta(path: str | Path, header_name: str, error: type[Exception],
                      what: str, hint: str) -> dict[str, Any]:
    """The JSON header of an archive ``write_archive`` made; every failure is one
    ``error`` line naming ``what`` the file should be (``hint``: where a right one
    comes from)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return json.loads(archive.read(header_name))
    except FileNotFoundError:
        raise error(f"{path}: no such {what}") from None
    except KeyError:
        raise error(f"{path}: not {hint}") from None
    except (zipfile.BadZipFile, json.JSONDecodeError, IsADirectoryError) as exc:
        kind = hint.split(" (")[0]
        raise error(f"{path}: not {kind} ({exc})") from None


def read_archive_weights(path: str | Path) -> dict[str, np.ndarray]:
    """The arrays of an archive ``write_archive`` made (no pickle is ever loaded)."""
    with zipfile.ZipFile(path) as archive:
        data = archive.read(WEIGHTS)
    with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
        return {name: arrays[name] for name in arrays.files}


def save_policy(path: str | Path, header: PolicyHeader, weights: dict[str, np.ndarray]) -> Path:
    """Write a trained-bot file (weights: a policy ``state_dict`` as numpy arrays)."""
    meta = {"format": FORMAT, "format_version": FORMAT_VERSION, **asdict(header)}
    return write_archive(path, HEADER, meta, weights)


def read_header(path: str | Path) -> PolicyHeader:
    """The header alone (cheap: no weights, no torch)."""
    meta = read_archive_meta(path, HEADER, PolicyFileError, "policy file",
                             f"a skagway policy file (no {HEADER}; export one from a run "
                             "folder's models/)")
    if meta.pop("format", None) != FORMAT or meta.pop("format_version", None) != FORMAT_VERSION:
        raise PolicyFileError(f"{path}: unsupported policy file format")
    try:
        return PolicyHeader(**meta)
    except TypeError as exc:
        raise PolicyFileError(f"{path}: damaged policy header ({exc})") from None


def read_weights(path: str | Path) -> dict[str, np.ndarray]:
    return read_archive_weights(path)
