"""Errors raised by the game protocol."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that is not legal in the current state.

    Raised by ``State.apply_action`` *before* anything changes, so the state is
    exactly as it was. The message names the action and lists the legal ones.
    """


class UnknownGameError(KeyError):
    """A game name that is not in the registry."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0])


class GameParameterError(ValueError):
    """A game parameter that the game does not accept, or a bad value for one."""


class NoSuchSeatError(ValueError):
    """A seat number outside ``0..num_players-1`` (``legal_actions(9)`` at a table of
    four used to return ``[]``, and ``view(9)`` a state)."""


class DeserializationError(ValueError):
    """Serialized state that does not belong to this game or format version."""
