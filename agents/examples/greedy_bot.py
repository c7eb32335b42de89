"""A bot of your own, for any registered game: one step of greedy look-ahead.

For each legal action it samples worlds the seat cannot tell apart (``state.view``),
applies the action, lets chance happen, and keeps the action with the best mean score
for its seat. Play it without installing anything:

    skagway tournament --game dawson_city_barbers \\
        --agent agents/examples/greedy_bot.py:GreedyBot,samples=2 --agent random

(``agents/WRITE_YOUR_OWN_BOT.md`` walks through it.)
"""

from __future__ import annotations

from skagway_agents import Agent

from skagway_env import Game, State
from skagway_env.core.playout import resolve_chance


class GreedyBot(Agent):
    name = "greedy"

    def __init__(self, game: Game, seed: int | None = None, samples: int = 1) -> None:
        super().__init__(game, seed)  # sets self.game, self.seed and self.rng
        if not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a positive integer, got {samples!r}")
        self.samples = samples

    def params(self) -> dict:
        """Recorded with every result, and part of the agent's canonical spec."""
        return {"samples": self.samples}

    def act(self, state: State, player: int) -> int:
        """``state`` is already this seat's view: nothing hidden is true in it."""
        legal = state.legal_actions(player)
        if state.is_simultaneous_node():  # others move at once: no single next state
            return legal[int(self.rng.integers(len(legal)))]
        values = []
        for action in legal:
            total = 0.0
            for _ in range(self.samples):
                world = state.view(player, self.rng)  # another world the seat can't rule out
                world.apply_action(action)
                resolve_chance(world, self.rng)
                total += world.scores()[player]
            values.append(total / self.samples)
        best = max(values)
        ties = [a for a, v in zip(legal, values, strict=True) if v == best]
        return ties[int(self.rng.integers(len(ties)))]
