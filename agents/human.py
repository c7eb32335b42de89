"""A person at the terminal: shows the seat's view, reads the index of a legal action.

Input and output are injectable (``input_fn``, ``output_fn``) so tests can script a
player. Bad input never crashes a game: the agent says why and asks again. End of
input (Ctrl-D) stops the program with ``SystemExit``, since a game cannot go on
without its player. A seat with one legal move plays it without asking, and says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skagway_env.core import Game, State

from .base import Agent


class HumanAgent(Agent):
    """Asks a person for each move; ``seed`` is unused (people bring their own)."""

    name = "human"
    options: dict = {}
    """A spec takes no options (``input_fn``/``output_fn`` are for Python callers)."""

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        input_fn: Callable[[str], str] | None = None,
        output_fn: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__(game, seed)
        # Looked up now rather than as default arguments, so a patched ``input`` counts.
        self.input_fn = input_fn if input_fn is not None else input
        self.output_fn = output_fn if output_fn is not None else print
        self.catch_up: Callable[[], None] | None = None

    def narrated_by(self, catch_up: Callable[[], None]) -> None:
        """Let a narrator (``skagway play``) tell the game's events and this seat's
        moves: ``catch_up`` is called before each screen, so every event is told once
        and in order; the screen then shows the position alone
        (``State.position_string``, no event log), and a forced move is left to the
        narrator to tell."""
        self.catch_up = catch_up

    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            if self.catch_up is None:
                self.output_fn(f"P{player} has one legal move, played without asking: "
                               f"{state.action_to_string(legal[0], player)}")
            return legal[0]
        if self.catch_up is not None:
            self.catch_up()
            screen = state.position_string(player)
        else:
            screen = state.observation_string(player)
        self.output_fn(f"\n--- P{player} to move ---")
        self.output_fn(screen)
        self.output_fn("legal actions:")
        for i, action in enumerate(legal):
            self.output_fn(f"  [{i}] {state.action_to_string(action, player)}")
        return legal[self._read_choice(player, len(legal))]

    def _read_choice(self, player: int, count: int) -> int:
        """Ask until the answer is an index ``0..count-1``."""
        prompt = f"P{player}, choose 0-{count - 1}: "
        while True:
            try:
                answer = self.input_fn(prompt).strip()
            except EOFError:
                raise SystemExit("skagway: input closed, game abandoned") from None
            try:
                index = int(answer)
            except ValueError:
                index = -1
            if 0 <= index < count:
                return index
            shown = repr(answer) if answer else "nothing"
            self.output_fn(f"got {shown}; type a number from 0 to {count - 1}")
