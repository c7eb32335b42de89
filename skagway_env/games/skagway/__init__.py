"""
# Skagway: The Last Great Gold Rush

Worker placement in the gold-rush port (the published rulebook).
Players send Workers to the Mines, the Railroad, the Assay & Mercantile, the Docks
and the Deputy's office; convert hidden Gold into points and buildings; pay to sleep
in town; and shoot it out or rob the Bank on the Street. Assumed component data and
readings of unclear rules: `components.toml` and `RULES_NOTES.md` beside this file;
engine plan and status: `DESIGN.md`.

| Creation            | `skagway_env.make_env("skagway", num_players=4)`                    |
|---------------------|---------------------------------------------------------------------|
| PettingZoo id       | `pettingzoo.make("aec", "skagway_env/skagway-v2")`                 |
| Module              | `from skagway_env import skagway_v2`                                |
| Agents              | `player_0` .. `player_{n-1}`, n = 2..4 (default 4)                  |
| Actions             | Discrete(231) with the bundled data (see below)                     |
| Observation         | Dict(observation=Box((568,), float32), action_mask=Box((231,), int8))|
| Parallel API        | No (every decision is one seat's)                                   |
| Variants            | `data_file`, `max_turns` (cap, 200: a truncation), `reward`         |

## Actions (W = 13 worker ids: 0..7 the players' Workers, seat*2+k; 8..12 the Hired
## Hands Railroad, Miner, Gunfighter, Stooge A, Stooge B; T = 4 Goods types)

| ids        | decision                                                                 |
|------------|--------------------------------------------------------------------------|
| 0..64      | [4.2] place worker w on mines/railroad/assay/docks/deputy: `5w + space`   |
| 65..69     | [4.3.1] pull own Assay Worker from spot k (65+k), or no pull (69)         |
| 70..73     | [4.3.3] turn in a $2 / $3 / $4 Gold counter, or stop (73)                 |
| 74..90     | buy nothing (74), a Player Building (75 + 2*space + side), a Prestige     |
|            | Building (81 + p)                                                         |
| 91..95     | [4.3.2] cash a Goods card of type t (91+t), or keep the rest (95)         |
| 96..99     | [4.3.5] Sheriff flips nothing (96) or the building on space s (97+s),     |
|            | on the final turn too                                                     |
| 100..101   | stay Sheriff / step down                                                  |
| 102..117   | [4.5.1] rob (102), duel worker w (103+w), challenge the Sheriff (116),    |
|            | sleep it off (117)                                                        |
| 118..130   | [4.5] worker w acts first among its owner's tied Workers (118+w)          |
| 131..192   | [7.0] bribe offer (or paying a demand): from points (131+x) or from the   |
|            | offering player's own share (162+x), x 0..30                              |
| 193..194   | [7.0] the Sheriff accepts / refuses (and rolls)                           |
| 195..224   | [7.0] the Sheriff demands x = 1..30 instead (194+x)                       |
| 225        | [7.0] the bandits decline the demand                                      |
| 226..227   | [7.0] the Sheriff lets the bandits go / gives chase                       |
| 228..230   | [4.6] return a $2 / $3 / $4 counter when holding more than two            |

Chance outcomes (the starting player, counters, cards, Hired Hands, dice, which card
a decay die took) reuse low ids and are played by the env. Spaces: 0 Residency
(Hotel/Brothel), 1 Grub (Restaurant/Saloon), 2 Enrichment (Church/Gambling Hall);
sides 0 GOOD, 1 BAD.

## Observation (observer first, then clockwise; four seat blocks, zero padded)

| offset  | size | what                                                                 |
|---------|------|----------------------------------------------------------------------|
| 0       | 6    | final turn, end triggered, truncated, turn / 100, `max_turns` / 100,  |
|         |      | turns left / 100                                                     |
| 6       | 25   | the stage, one-hot (`stages.Stage` order)                            |
| 31      | 108  | per seat (27 each): present, points, Buildings Purchased marker,     |
|         |      | kills, Prestige Buildings owned (10), First Player, Recruiter,       |
|         |      | recruiting, counts of Gold, Railroad counters and Goods held,        |
|         |      | buildings (3), Railroad and Docks owned, to move, face-down recruits |
| 139     | 10   | the observer's own Gold by face, Railroad counters by value, Goods   |
|         |      | by type                                                              |
| 149     | 9    | each building space's side (none / GOOD / BAD)                       |
| 158     | 390  | per worker (30 each): location one-hot (another seat's fresh         |
|         |      | recruits and the Hands left from the pool they came from show as     |
|         |      | "unseen"), face down, controlling seat (relative), Mines / Railroad  |
|         |      | / Assay spot, bandit order, acting                                   |
| 548     | 20   | Bank and robbed Gold by face, supply / deck / bottom counts, the     |
|         |      | Goods die (during the cashing only), the bribe offered (during the   |
|         |      | robbery only), gunfight dice (during the gunfight only), bought this |
|         |      | turn (3), $4 counters not yet turned in, the Sheriff's demand        |

Bounds (the Box's low and high, `observation.bounds`): finite for every feature but
the points, which grow without a clean cap (low 0, high infinite).

Hidden: other seats' Gold and Goods by face, their Railroad counters until the
Railroad is scored, and which Hired Hands another seat recruited (how many shows);
`view(player, rng)` redraws all of it consistently.

## Rewards

At the end only: `rank` (default) +1 first to -1 last, ties by most Player
Buildings then Nuggets Hockey [5.0], still-tied averaged; `win`; `score` (points).
A game stopped by `max_turns` is a truncation (PettingZoo `truncations`, the info's
`truncated`), ranked on the points as they stand, with no final-turn scoring.

## Version history

* v1: the final-turn Sheriff flip, the chase choice, own tied Workers ordered by their
  owner, the bribe from one's own share with a counter-offer round (actions 118..130
  and 193..227 new, later ids moved); truncation at `max_turns`; the tensor gains the
  turn and the cap, $4 counters left, this turn's purchases, face-down recruits, the
  seat to move and a spot per list (567 long).
* v0: first release.
* v1, later: the observation space states finite bounds where the rules bound a
  feature (`Game.observation_bounds`); the tensor's values and layout are
  unchanged, so the version and trained policies stand.
* v2 (issue 18): the Workers' night spots give every Worker one Residency icon
  (RULES_NOTES A4; engine 1's ship as `components_night_spots_engine1.toml`, pass it
  as `data_file`); a decay die names no card, a chance node `decay_pick` picks it
  (H3; the stage one-hot grows to 25, the tensor to 568); the Goods die, the bribe,
  the demand and the gunfight dice are cleared when their step is over; a Hired Hand
  known to be in the pool no longer reads "unseen" (H4); a seat cannot buy its own
  Player Building (I14); public strings of chance outcomes show only their public
  part; a view no longer raises when the last placement resolves the Railroad from
  under the Goods deck.
* v2, later (issue 19): the observation and position strings name every holding
  (Gold by face, Railroad counters, Goods cards, the Buildings Purchased track, Gunfight
  Kills), say what the stage asks in the rulebook's phases, and show only the Workers
  still on a space; the display log opens each turn and phase. Information-state
  strings and the golden file change with them; the tensor, the rules and the action
  strings do not, so the version and trained policies stand.
"""

from .game import SkagwayGame, SkagwayParams
from .state import SkagwayState

__all__ = ["SkagwayGame", "SkagwayParams", "SkagwayState"]
