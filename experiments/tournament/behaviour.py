"""What agents *did*: action statistics per entrant, replayed from stored games.

Outcome tables say who won; these say how. Every stored game is replayed from its
action list and each decision is credited to the entrant in that seat:

- the share of each action kind and, per game, numeric features of a decision,
  averaged per entrant with a standard error: both from the game's own
  ``State.action_features`` (by default the first word of the action's name).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence

from skagway_env.core import make_game
from skagway_env.core.playout import replay_steps

from .config import TournamentConfig
from .records import GameRecord


def action_statistics(config: TournamentConfig, records: Sequence[GameRecord]) -> dict:
    """Per entrant: decisions, action-kind shares and mean features (with counts)."""
    game = make_game(config.game, num_players=config.players, **config.params)
    kinds: dict[str, Counter] = defaultdict(Counter)
    values: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for record in records:
        for state, action in replay_steps(game, record.actions):
            cur = state.current_player()
            if cur < 0:  # chance, or a joint move at a simultaneous node
                continue
            entrant = record.seats[cur]
            kind, numbers = state.action_features(action)
            kinds[entrant][kind] += 1
            for name, value in numbers.items():
                values[entrant][name].append(float(value))
    return {"kinds": kinds, "values": values}


def format_action_statistics(stats: dict) -> str:
    kinds, values = stats["kinds"], stats["values"]
    entrants = sorted(kinds)
    all_kinds = sorted({k for c in kinds.values() for k in c})
    lines = ["Action kinds (share of each entrant's decisions)"]
    header = f"{'entrant':<14}{'decisions':>10}" + "".join(f"{k:>15}" for k in all_kinds)
    lines.append(header)
    for e in entrants:
        total = sum(kinds[e].values())
        lines.append(f"{e:<14}{total:>10}" + "".join(
            f"{kinds[e][k] / total:>15.4f}" for k in all_kinds))
    names = sorted({n for v in values.values() for n in v})
    if names:
        lines.append("")
        lines.append("Mean features (± standard error; n decisions)")
        for name in names:
            cells = []
            for e in entrants:
                xs = values[e].get(name, [])
                if not xs:
                    cells.append(f"{e}: -")
                    continue
                mean = sum(xs) / len(xs)
                var = sum((x - mean) ** 2 for x in xs) / max(1, len(xs) - 1)
                cells.append(f"{e}: {mean:.2f}±{math.sqrt(var / len(xs)):.2f} (n={len(xs)})")
            lines.append(f"  {name:<18}" + "   ".join(cells))
    return "\n".join(lines)
