"""
# Dawson City Barbers

Barbers in Dawson City train, work and pan over four rounds of five turns, get one
haircut a round from a rival, and score gold (rulebook:
the published rulebook; interpretations and assumed component
data: `RULES_NOTES.md` beside this file).

| Creation            | `skagway_env.make_env("dawson_city_barbers", num_players=4)`          |
|---------------------|-----------------------------------------------------------------------|
| PettingZoo id       | `pettingzoo.make("aec", "skagway_env/dawson_city_barbers-v2")`       |
| Module              | `from skagway_env import dawson_city_barbers_v2`                      |
| Agents              | `player_0` .. `player_{n-1}`, n = 2..6 (default 4)                    |
| Actions             | Discrete(210) with the bundled cards: 21 + 6*21 + 3*21                |
| Observation         | Dict(observation=Box((229,), float32), action_mask=Box((210,), int8))  |
| Parallel API        | No (turns are sequential)                                             |
| Variants            | readings `head_start`, `pan_count`, `discards` (below); `data_file`   |
|                     | (your own components TOML); `reward`: rank, win, score                |

## Rule readings (RULES_NOTES.md), default first; each other one is a preset

| parameter    | values                        | preset                  |
|--------------|-------------------------------|-------------------------|
| `head_start` | `first_on_3`, `first_on_1`    | `head_start_first_on_1` |
| `pan_count`  | `spaces`, `numbers`           | `pan_count_numbers`     |
| `discards`   | `face_up`, `face_down`        | `discards_face_down`    |

`first_on_3`: last round's 1st/2nd/3rd count their first train move from spaces
3/2/1 (`first_on_1`: 1/2/3). `spaces`: a pan move counts spaces, a wide bend being
one, as the rulebook writes ("moves only the pan marker 5 spaces"; `numbers`: printed
numbers). `face_down`: the card spent on a haircut or long
weekend is seen by its owner only.

## Actions (K = 21 card kinds, card kind k = index in `components.toml`)

| ids                 | meaning                                                           |
|---------------------|-------------------------------------------------------------------|
| `0 .. K-1`          | Schedule: play a card of kind k, moving train, work, pan markers   |
| `K + 6k + s`        | Get Haircut: discard kind k, sit in the shop of seat s (s != you) |
| `K + 6K + 3k + t`   | Plan Long Weekend (once a game): discard kind k, +4 on track t    |

Tracks t: 0 train, 1 work, 2 pan. A player who has one card left and no haircut
this round may only take the haircut. Chance outcomes reuse the ids: the start player
(seat s) once, then the kind of each card dealt or flipped.

## Observation (observer first, then clockwise; six seat blocks, zero padded)

| slice            | meaning                                                       |
|------------------|---------------------------------------------------------------|
| `0..3`           | round one-hot                                                 |
| `4..8`           | phase one-hot: start player draw, deal, play, flips, over     |
| `9`              | panning flips still due / 3                                   |
| `10..30`         | own hand: copies of each card kind                           |
| `31..51`         | face-up discards this round                                   |
| `52..72`         | own face-down discards this round (`discards="face_down"`)    |
| `73 + 26r ..`    | seat r (r = 0 observer, then clockwise), 26 values: present, |
|                  | train space/28, place box one-hot(3), work/20, pan/20,        |
|                  | haircut taken, its shop as seats clockwise from r one-hot(5), |
|                  | its chair in that shop one-hot(3), pawns in own shop/3, long  |
|                  | weekend used, gold/50, hand size/5, start player, last Best   |
|                  | Hair one-hot(4), last train place/5                           |

Opponents' hands, the deck and others' face-down discards are hidden;
`view(player, rng)` redraws them and rewrites `history` to match.

## Rewards

At the end only: `rank` (default) +1 first to -1 last, ties averaged; `win`: the
winners share 1; `score`: final gold. `infos[agent]["scores"]` holds the gold.

## Version history

* v2: a pan move counts spaces by default (`pan_count="spaces"`, the rulebook's "moves
  only the pan marker 5 spaces"; preset `pan_count_numbers` for the old default); the
  tensor gains the phase one-hot and the panning flips still due (size 223 -> 229),
  so a flip still due and the game over differ; a chance outcome's public string
  shows only its public part (who receives a dealt card, never the card).
* v1: each pawn's chair in the tensor; own face-down discards block (the `discards`
  reading); the start player drawn by chance (round-1 train ties in turn order from
  it); tracks trimmed to the reachable (train 28, work and pan 20: new normalisers);
  the readings `head_start`, `pan_count`, `discards` as parameters and presets.
* v0: first release.
* v1, later: the observation space states finite bounds where the rules bound a
  feature (`Game.observation_bounds`); the tensor's values and layout are
  unchanged, so the version and trained policies stand.
"""

from .game import DawsonCityBarbersGame, DawsonCityBarbersParams
from .state import DawsonCityBarbersState

__all__ = ["DawsonCityBarbersGame", "DawsonCityBarbersParams", "DawsonCityBarbersState"]
