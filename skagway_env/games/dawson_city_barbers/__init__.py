"""
# Dawson City Barbers

Barbers in Dawson City train, work and pan over four rounds of five turns, get one
haircut a round from a rival, and score gold (rulebook:
`shared/rulebooks/dawson_city_barbers.txt`; interpretations and assumed component
data: `RULES_NOTES.md` beside this file).

| Creation            | `skagway_env.make_env("dawson_city_barbers", num_players=4)`          |
|---------------------|-----------------------------------------------------------------------|
| PettingZoo id       | `pettingzoo.make("aec", "skagway_env/dawson_city_barbers-v0")`       |
| Module              | `from skagway_env import dawson_city_barbers_v0`                      |
| Agents              | `player_0` .. `player_{n-1}`, n = 2..6 (default 4)                    |
| Actions             | Discrete(210) with the bundled cards: 21 + 6*21 + 3*21                |
| Observation         | Dict(observation=Box((184,), float32), action_mask=Box((210,), int8))  |
| Parallel API        | No (turns are sequential)                                             |
| Variants            | `data_file`: your own components TOML; `reward`: rank, win, score     |

## Actions (K = 21 card kinds, card kind k = index in `components.toml`)

| ids                 | meaning                                                           |
|---------------------|-------------------------------------------------------------------|
| `0 .. K-1`          | Schedule: play a card of kind k, moving train, work, pan markers   |
| `K + 6k + s`        | Get Haircut: discard kind k, sit in the shop of seat s (s != you) |
| `K + 6K + 3k + t`   | Plan Long Weekend (once a game): discard kind k, +4 on track t    |

Tracks t: 0 train, 1 work, 2 pan. A player who has one card left and no haircut
this round may only take the haircut.

## Observation (observer first, then clockwise; six seat blocks, zero padded)

| slice            | meaning                                                       |
|------------------|---------------------------------------------------------------|
| `0..3`           | round one-hot                                                 |
| `4..24`          | own hand: copies of each card kind                           |
| `25..45`         | face-up discards this round                                   |
| `46 + 23r ..`    | seat r (r = 0 observer, then clockwise), 23 values: present, |
|                  | train space/40, place box one-hot(3), work/24, pan/24,        |
|                  | haircut taken, its shop as seats clockwise from r one-hot(5), |
|                  | pawns in own shop/3, long weekend used, gold/50, hand size/5, |
|                  | start player, last Best Hair one-hot(4), last train place/5  |

Opponents' hands and the deck are hidden; `view(player, rng)` redeals them.

## Rewards

At the end only: `rank` (default) +1 first to -1 last, ties averaged; `win`: the
winners share 1; `score`: final gold. `infos[agent]["scores"]` holds the gold.

## Version history

* v0: first release.
"""

from .game import DawsonCityBarbersGame, DawsonCityBarbersParams
from .state import DawsonCityBarbersState

__all__ = ["DawsonCityBarbersGame", "DawsonCityBarbersParams", "DawsonCityBarbersState"]
