"""Self-play tournaments: seat rotation, parallel and Ray runs, a SQLite record of
every game (a game that raises is stored as failed, and the tournament goes on),
resumable runs, ratings and statistics."""

from .config import (
    DEFAULT_CONFIG,
    Entrant,
    TournamentConfig,
    TournamentConfigError,
    config_from_dict,
    config_from_flags,
    load_config,
)
from .frame import load_games, load_results
from .records import FailedGame, GameRecord
from .runner import BackendError, TournamentRun, play_scheduled, run_tournament
from .schedule import ScheduledGame, lineups, schedule, seatings
from .store import Store, StoreError
from .writer_lock import TournamentBusyError

__all__ = [
    "BackendError",
    "DEFAULT_CONFIG",
    "Entrant",
    "FailedGame",
    "GameRecord",
    "ScheduledGame",
    "Store",
    "StoreError",
    "TournamentConfig",
    "TournamentConfigError",
    "TournamentBusyError",
    "TournamentRun",
    "config_from_dict",
    "config_from_flags",
    "lineups",
    "load_games",
    "load_results",
    "load_config",
    "play_scheduled",
    "run_tournament",
    "schedule",
    "seatings",
]
