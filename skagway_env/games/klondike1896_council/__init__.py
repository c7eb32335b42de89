"""
# Klondike 1896 (Game 2, the council game)

Gold diggers race to satisfy the celebrities' requests: every round a request card
asks for an exact number of gold pieces and rubies, every player lays a landscape of
one to four boards and covers it with claims from their own set, all at once, on a
clock where each board and claim takes its time, and the fastest take the best
popularity cards; what another player covered is seen only at the check (the
published rulebook, Game 2; readings and assumed card values: `RULES_NOTES.md` beside
this file; boards, claims and cards: `klondike1896/components.toml`, shared
with Game 1).

| Creation            | `skagway_env.make_parallel_env("klondike1896_council", num_players=4)`|
|---------------------|-----------------------------------------------------------------------|
| PettingZoo id       | `pettingzoo.make("parallel", "skagway_env/klondike1896_council-v1")` |
|                     | (and `"aec"`: a tick's seats act one after another, applied at once)  |
| Module              | `from skagway_env import klondike1896_council_v1` (`parallel_env`,    |
|                     | `env`, `raw_env`)                                                     |
| Agents              | `player_0` .. `player_{n-1}`, n = 2..4 (default 4)                    |
| Actions             | Discrete(6950): 16 lay, 12 x 576 place, declare, wait, 16 take, 4 join|
| Observation         | Dict(observation=Box((2886,), float32), action_mask=Box((6950,), int8))|
| Parallel API        | Yes: each tick of the race is one joint step of every seat            |
| Variants            | `children`: seats playing by the children's rules (`"0"`, `"1,3"`);   |
|                     | `covers`: hidden (default) or open; `two_players`: own_cover (default)|
|                     | or join; `board_beats`, `claim_beats`, `space_beats`, `pace_beats`:    |
|                     | the clock; `data_file`; `reward`: rank, win, score; presets          |
|                     | `children` (seat 0), `open_covers`, `two_players_join` (2 players)    |

## Actions (S = 12 claim slots: the 11 of a set, then a child's extra claim)

| ids          | decision                                                                 |
|--------------|--------------------------------------------------------------------------|
| 0..15        | lay board design d turned t (`4d + t`) at the right end of the landscape |
|              | (before the first claim; each design once; at most four boards)          |
| 16..6927     | place claim slot s: `16 + 576s + 144t + anchor`, turned t quarter turns  |
|              | clockwise (never flipped), bounding box top-left on cell `row*24 + col`  |
| 6928         | declare: the cover is done (exact or not: "or thinks that they have");   |
|              | only once a claim is down                                                |
| 6929         | wait: a free racer pauses (10 beats); the only action of a seat busy     |
|              | with its move or out of the race                                         |
| 6930..6945   | take a popularity card of kind k (colour x value) from the table        |
| 6946..6949   | the last player joins up with seat q                                     |

A tick comes at each beat of the race's clock when some racing seat's move has ended:
that seat has lay/place/declare/wait actions, every other seat only `wait`; the
Parallel env needs all seats' actions. A board takes 60 beats, a claim 10 + 10 a
space, and each 0-9 beats more by chance (drawn by the env, public), so seats seldom
finish at the same beat. Taking cards and joining up
are one seat's decisions (the others' masks are all zero; they may be omitted).
Chance (cards laid out, the request turned, each move's extra beats, the order of
simultaneous declarations) is played by the env.

## Observation (observer first, then clockwise; four seat blocks, zero padded)

Round, phase, the race's clock; the request (gold, rubies, back), the requests
already turned and the cards still to turn per back; popularity cards on the table,
in the pile and discarded by kind; per seat: present, child, four popularity levels,
boards laid, the landscape (board piece per place), claim slots used, four planes
over the 144 cells (covered, last claim, gold pieces / 3, rubies), gold and rubies
covered, racing / declared / last player / declaration beat, the beat its move ends,
rounds checked and exact so far, place in the declaration order, card taken,
partner, and whether it is to act. Another seat's landscape, planes and cover are
zero (and absent from the text) until the check uncovers them (`covers="hidden"`),
so `view(player, rng)` redraws the other seats' boards and claim positions of the
round, consistent with the boards counted and claims taken, and rewrites the history
to match.

## Rewards

At the end only: `rank` (default) +1 first to -1 last by points (8/6/4/2 per
celebrity, 4-3-2-1 by total popularity), ties broken by total popularity, still-tied
averaged; `win`; `score`: the points.

## Version history

* v0: first release.
* v0, later: the observation space states finite bounds where the rules bound a
  feature (`Game.observation_bounds`); the tensor's values and layout are
  unchanged, so the version and trained policies stand.
* v1: the race as the table plays it (issue 20): declaring needs a claim down; a
  clock in beats where a board, a claim by its size, a wait each take their time,
  plus chance beats, so ties are rare; a free racer may wait; in a tie of the final
  racers the one drawn last is the last player; another seat's cover is hidden until
  the check (preset `open_covers` shows it); with two players the second seat is
  checked on its own cover (preset `two_players_join`: the v0 reading); the
  popularity discard is reshuffled when a card is to be drawn, not one round early.
  New phase (pace), seat features (boards laid, move's end, checks) and sizes.
"""

from .game import CouncilGame, CouncilParams
from .state import CouncilState

__all__ = ["CouncilGame", "CouncilParams", "CouncilState"]
