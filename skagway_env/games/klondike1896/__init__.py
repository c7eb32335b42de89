"""
# Klondike 1896 (Game 1, the family game)

Gold diggers auction claims with rubies and lay them as a path of polyominoes across
their landscape, from the start on the left to the finish on the right, covering gold
and rubies on the way (the published rulebook, Game 1;
readings and assumed component data: `RULES_NOTES.md` and `components.toml` beside
this file, shared with Game 2).

| Creation            | `skagway_env.make_env("klondike1896", num_players=4)`                |
|---------------------|----------------------------------------------------------------------|
| PettingZoo id       | `pettingzoo.make("aec", "skagway_env/klondike1896-v1")`             |
| Module              | `from skagway_env import klondike1896_v1`                            |
| Agents              | `player_0` .. `player_{n-1}`, n = 2..4 (default 4)                   |
| Actions             | Discrete(729): 124 bids + 28 additional-claim + 576 placements + 1   |
| Observation         | Dict(observation=Box((2765,), float32), action_mask=Box((729,), int8))|
| Parallel API        | Yes: each round's placement is one joint step of every seat          |
| Variants            | `identical_boards` ([Tips] 1), `secret_rubies` ([Tips] 2), `layout`: |
|                     | `line` or `square` ([Tips] 3), `data_file`, `reward`; presets        |
|                     | `identical_boards`, `secret_rubies`, `square`                        |

## Actions (R = 4 claims a row, bids 0..30 rubies, C = 144 grid cells)

| ids          | decision                                                                |
|--------------|-------------------------------------------------------------------------|
| 0..123       | pawn to claim k of the row with b rubies: `31k + b` (on one's own claim |
|              | it is a raise; on another's it must beat that pawn by at least one)     |
| 124          | not interested in the additional two-space claim                        |
| 125..151     | bid b = 4..30 rubies on the additional claim: `125 + b - 4`             |
| 152..727     | place the won claim: `152 + 144t + anchor`, turned t quarter turns      |
|              | clockwise (never flipped), bounding box top-left on cell `anchor` =     |
|              | `row * cols + col` (6 x 24 in a line, 12 x 12 in the square)            |
| 728          | lose the claim: offered only when it has no legal place                 |

Placements are encoded rotation x anchor (4 x 144 = 576): the shape is the claim the
seat won, so it is not part of the id. Symmetric claims offer each distinct turn once.
The claims won in a row auction are placed at once: `current_player()` is
`SIMULTANEOUS` and every seat gives its placement (`apply_actions`); the additional
claim is placed by its buyer alone. Chance (boards laid, claims dealt face up) reuses
ids 0..15 and is played by the env.

## Observation (observer first, then clockwise; four seat blocks, zero padded)

Phase, seat to move and round's first player (relative one-hots), round; every pawn
and its rubies in the auction (kept while the won claims are placed: the prices
paid); the additional claim's high bid and passes; each seat's claim still to place;
the supply and the up to seven claim rows on the table by slot and type; per seat
gold, rubies, rubies usable next round, goal reached, deduction, rubies paid so far,
the fewest and most rubies (usable, and next round's) it may hold, and four planes
over the 144 cells: covered, last claim, gold pieces / 3, ruby spaces. With
`secret_rubies` another seat's rubies and landscape read zero (a flag says hidden),
its payments and ruby bounds stay (what the observer knows), and `view(player, rng)`
redraws its board arrangement consistently with its scored gold, its bids and its
payments (all public), rewriting the setup outcomes in `history`.

## Rewards

At the end only: `rank` (default) +1 first to -1 last, ties on gold broken by rubies,
still-tied averaged; `win`; `score`: gold minus the end-of-game deductions.

## Version history

* v1: the round's placements are one simultaneous node (`GameInfo.simultaneous_moves`);
  the bids that end a row auction stay on view while the claims are placed; the
  tensor gains, per seat, the rubies paid and the fewest and most rubies it may hold
  (2765 long); `public_chance_string` shows the deals, and of a secret board only its
  slot.
* v0: first release.
* v0, later: the observation space states finite bounds where the rules bound a
  feature (`Game.observation_bounds`); the tensor's values and layout are
  unchanged, so the version and trained policies stand.
* v1, later (issue 19): the observation string numbers each landscape's rows and
  columns, adds a legend and names the claim rows; a placement's action string says
  the cells it covers and what it gains on the seat's own landscape (its public string
  under `secret_rubies` only the cells). Information-state strings and the golden file
  change with them; the tensor and the rules do not, so the version and trained
  policies stand.
"""

from .game import Klondike1896Game, Klondike1896Params
from .state import Klondike1896State

__all__ = ["Klondike1896Game", "Klondike1896Params", "Klondike1896State"]
