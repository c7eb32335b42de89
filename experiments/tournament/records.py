"""One tournament game as stored: finished (read back for statistics) or failed
(kept apart, with its error, so a tournament goes on past a game that raises)."""

from __future__ import annotations

from dataclasses import dataclass, field

from skagway_env.core.returns import win_shares


@dataclass(frozen=True)
class GameRecord:
    """A finished game of a tournament.

    ``seats[k]`` is the entrant (by name) in seat ``k``; ``ranks`` are 1 for first
    place with tied players sharing the average of their places; ``actions`` is the
    full action list (chance outcomes included), enough to replay the game exactly.
    """

    game_index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[float, ...]
    returns: tuple[float, ...]
    length: int
    duration: float = 0.0
    actions: list = field(default_factory=list, compare=False, repr=False)
    truncated: bool = False
    """Stopped by a cap (``max_turns``) rather than ended by the rules."""

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def win_shares(self) -> tuple[float, ...]:
        """1 to the winner; players tied for first split it."""
        return tuple(win_shares(self.ranks))

    def outcome(self) -> tuple:
        """Everything that must match between two runs of the same game (no timing)."""
        return (self.game_index, self.seed, self.seats, self.scores, self.ranks,
                self.returns, self.length, tuple(map(str, self.actions)), self.truncated)


@dataclass(frozen=True)
class FailedGame:
    """A tournament game that raised instead of finishing (an engine or agent error).

    Stored apart from finished games, so ratings and statistics never see it, with
    what it takes to reproduce it: ``seed`` and ``seats`` replay it exactly
    (``skagway play --seed``), and ``actions`` lists the entries chosen before the error,
    chance included; when applying an action raised, that action is the last one.
    """

    game_index: int
    seed: int
    seats: tuple[str, ...]
    error_type: str
    """The exception's class, module-qualified unless it is a builtin (``ValueError``)."""
    error_message: str
    traceback: str
    actions: list = field(default_factory=list, compare=False, repr=False)
    duration: float = 0.0
    attempts: int = 1
    """How many times the game has been played and failed (``--retry-failed`` adds one)."""

    @property
    def error(self) -> str:
        """``Type: message`` on one line, as the command line prints it."""
        message = " ".join(self.error_message.split())
        return f"{self.error_type}: {message}" if message else self.error_type
