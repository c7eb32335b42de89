"""What agents *did*: action statistics per entrant, replayed from stored games.

Outcome tables say who won; these say how. Every stored game is replayed from its
action list and each decision is credited to the entrant in that seat:

- the share of each action kind: by default the first word of the action's name,
  or a game's own labels (Dawson City Barbers: schedule, haircut, and the long
  weekend by track);
- per game, optional numeric features of a decision (for Dawson City Barbers the
  train, work and pan moves it scheduled and the turn of the round of the haircut),
  averaged per entrant with a standard error.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from skagway_env.core import SIMULTANEOUS, State, make_game

from .config import TournamentConfig
from .records import GameRecord

Features = Callable[[State, int, int], tuple[str, dict[str, float]]]


def _dawson_city_barbers(state: Any, player: int, action: int) -> tuple[str, dict]:
    from skagway_env.games.dawson_city_barbers.actions import Haircut, LongWeekend

    move = state.game.codec.decode(action)
    if isinstance(move, Haircut):
        return "haircut", {"haircut turn": 6 - sum(state.hands[player])}
    if isinstance(move, LongWeekend):
        return f"weekend-{('train', 'work', 'pan')[move.track]}", {}
    train, work, pan = state.game.components.cards[move.card].moves()
    return "schedule", {"train/card": train, "work/card": work, "pan/card": pan}


def _skagway(state: Any, player: int, action: int) -> tuple[str, dict]:
    from skagway_env.games.skagway.actions import PLACE_SPACES

    move = state.game.codec.decode(action)
    if move.kind == "place":
        return f"place-{PLACE_SPACES[move.arg2]}", {}
    if move.kind == "buy":
        kind = "nothing" if move.arg == 0 else "building" if move.arg <= 6 else "prestige"
        return f"buy-{kind}", {}
    return move.kind, {}


FEATURES: dict[str, Features] = {"dawson_city_barbers": _dawson_city_barbers,
                                 "skagway": _skagway}


def action_statistics(config: TournamentConfig, records: Sequence[GameRecord]) -> dict:
    """Per entrant: decisions, action-kind shares and mean features (with counts)."""
    game = make_game(config.game, num_players=config.players, **config.params)
    features = FEATURES.get(config.game)
    kinds: dict[str, Counter] = defaultdict(Counter)
    values: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for record in records:
        state = game.new_initial_state()
        for action in record.actions:
            cur = state.current_player()
            if isinstance(action, list) or cur == SIMULTANEOUS:
                state.apply_actions(action)
                continue
            if not state.is_chance_node():
                entrant = record.seats[cur]
                if features is None:
                    kinds[entrant][state.action_to_string(action).split()[0]] += 1
                else:
                    kind, numbers = features(state, cur, action)
                    kinds[entrant][kind] += 1
                    for name, value in numbers.items():
                        values[entrant][name].append(float(value))
            state.apply_action(action)
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
