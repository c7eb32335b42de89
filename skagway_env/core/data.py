"""Reading a game's component data file (TOML) with one-line errors naming the file."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from .errors import GameParameterError


def data_error(game: str, path: str | Path, message: str) -> GameParameterError:
    return GameParameterError(f"{game} data file {path}: {message}")


def read_data_file(game: str, path: str | Path | None, default: Path) -> tuple[str, dict[str, Any]]:
    """(the file's name, its parsed TOML): ``default`` when ``path`` is None."""
    file = Path(path) if path else default
    try:
        with open(file, "rb") as fh:
            return str(file), tomllib.load(fh)
    except FileNotFoundError:
        raise data_error(game, file, "no such file") from None
    except IsADirectoryError:
        raise data_error(game, file, "is a folder, not a file") from None
    except tomllib.TOMLDecodeError as exc:
        raise data_error(game, file, f"not valid TOML ({exc})") from None
