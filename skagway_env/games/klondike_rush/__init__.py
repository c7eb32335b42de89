"""
# Klondike Rush

Mining investors bid for company cards with secret money, build mines over a map
of paths, hunt the tokens the mines uncover to fill secret orders, and collect
profits on the value track (the published rulebook, errata
included; assumed component data and readings of open rules: `components.toml` and
`RULES_NOTES.md` beside this file).

| Creation            | `skagway_env.make_env("klondike_rush", num_players=4)`               |
|---------------------|----------------------------------------------------------------------|
| PettingZoo id       | `pettingzoo.make("aec", "skagway_env/klondike_rush-v1")`            |
| Module              | `from skagway_env import klondike_rush_v1`                           |
| Agents              | `player_0` .. `player_{n-1}`, n = 2..5 (default 4)                   |
| Actions             | Discrete(369) with the bundled data (see below)                      |
| Observation         | Dict(observation=Box((682,), float32), action_mask=Box((369,), int8)) |
| Parallel API        | No (every decision is one seat's)                                    |
| Variants            | `last_bid` (preset `last_bid`, 3-5 players), `town` (its space),     |
|                     | `data_file` (your own components TOML), `reward`                     |

## Actions (S = 36 spaces, K = 12 order card kinds, bundled)

| ids         | decision                                                             |
|-------------|----------------------------------------------------------------------|
| 0           | pass (the auction)                                                   |
| 1           | end building                                                         |
| 2 / 3       | use the profit card / keep it                                        |
| 4 / 5       | declare the Last Bid card / decline it                               |
| 6           | finish (the last window for free actions)                            |
| 7..156      | bid $1..$150 (`6 + b`)                                               |
| 157..300    | build a mine of company c (red, green, blue, yellow) on space s:     |
|             | `157 + 36c + s`                                                      |
| 301..312    | free action: complete an order card of kind k (`301 + k`)            |
| 313..368    | free action: turn in three tokens, the t-th multiset of token kinds  |
|             | (fish, pelt, emerald, moose, wild, snow beast), `313 + t`           |

Free actions are offered at every decision of their owner. Who is asked to decide
rests on public facts only: a seat is skipped where the table can see it has
nothing to do, and otherwise asked, with a pass, even if its secret order cards give
it nothing to use (RULES_NOTES F1). Chance outcomes (hunt
tokens, company cards, order cards) reuse the low ids. The codec (`actions.py`)
decodes every id once into a named tuple.

## Observation (observer first, then clockwise; five seat blocks, zero padded)

| slice      | meaning                                                                |
|------------|------------------------------------------------------------------------|
| 0..77      | phase, seat to decide, active seat, round and deck counters, the cards |
|            | on auction (investments, mines, crates), high bid and bidder, each     |
|            | seat's auction status, the value track, order cards still to draw      |
| 78..473    | per space (36 x 11): mine (4 companies, town), hunt token (6 kinds)    |
| 474..485   | own order cards, by kind                                               |
| 486..645   | per seat (5 x 32): present, money, investments, unbuilt mines, tokens, |
|            | completed orders by kind, order cards held, profit card used, Last     |
|            | Bid card held, company cards won                                       |
| 646..681   | company cards turned up so far, one flag a card (the rest: the deck)   |

Opponents' order cards and the order deck are hidden; `view(player, rng)` redraws
them with the exact odds given the completed (face-up) orders, and rewrites their
draws in the history (RULES_NOTES H2). Money is secret at the table but every
change to it is public, so every seat's money is in the observation (RULES_NOTES H1).
Layout details and the Box's finite bounds (money up to every payment the rules
make): `observation.py`.

## Rewards

At the end only: `rank` (default) +1 first to -1 last, ties averaged after the
tie-breaks (unused tokens, then investments); `win`: the winners share 1; `score`:
final money. `infos[agent]["scores"]` holds the money.

## Version history

* v0: first release.
* v0, later: the observation space states finite bounds where the rules bound a
  feature (`Game.observation_bounds`); the tensor's values and layout are
  unchanged, so the version and trained policies stand.
* v1: who is asked to decide no longer depends on secret order cards (a seat that
  may hold a usable order is asked, with a pass, where v0 skipped it on its hand);
  no Last Bid is offered over a $150 high bid (v0 could strand the declarer with no
  legal move); views redraw order cards with the exact posterior; the tensor gains
  the company cards turned up so far (646 -> 682 features); the public string of an
  order card draw names only its receiver.
"""

from .game import KlondikeRushGame, KlondikeRushParams
from .state import KlondikeRushState

__all__ = ["KlondikeRushGame", "KlondikeRushParams", "KlondikeRushState"]
