"""Self-play tournaments: seat rotation, parallel and Ray runs, a SQLite record of
every game, resumable runs, ratings and statistics."""

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
from .records import GameRecord
from .runner import TournamentRun, play_scheduled, run_tournament
from .schedule import ScheduledGame, lineups, schedule, seatings
from .store import Store, StoreError

__all__ = [
    "DEFAULT_CONFIG",
    "Entrant",
    "GameRecord",
    "ScheduledGame",
    "Store",
    "StoreError",
    "TournamentConfig",
    "TournamentConfigError",
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
