"""Fixed simple strategies against the best council-game style, and the race's shape.

    python experiments/council_strategies.py [--games 200] [--players 2 3 4] [--seed 0]
        [--param two_players=join ...]

Each simple strategy sits in one seat (rotated game by game) against the best style
in every other seat; a strategy that is no better than the style wins its fair share
1/n. Also counted over every game played: rounds with no last player (possible only
when every seat is checked on its own cover, i.e. with two players) and declarations
made at the same beat as another seat's.
"""

from __future__ import annotations

import argparse
import math

from skagway_experiments import play_game
from skagway_experiments.play import derive_seed, seat_agents

import skagway_env

BEST = "heuristic:racer"
STRATEGIES = {
    "declare at once": "heuristic:at_once",
    "never declare": "heuristic:never",
    "always join the first declarer": "heuristic:follow",
}


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


class RaceCounter:
    """Per round: was there a last player, and how many declarations shared a beat."""

    def __init__(self) -> None:
        self.rounds: dict[tuple[int, int], tuple[bool, list[int]]] = {}
        self.game = 0

    def __call__(self, state, action) -> None:
        if state.request < 0 or state.round >= state.game.rounds:
            return
        key = (self.game, state.round)
        had_last, _ = self.rounds.get(key, (False, []))
        self.rounds[key] = (had_last or state.last >= 0, list(state.declared))

    def no_last_rate(self) -> float:
        return sum(not last for last, _ in self.rounds.values()) / max(1, len(self.rounds))

    def shared_beat_rate(self) -> float:
        made = shared = 0
        for _, declared in self.rounds.values():
            beats = [d for d in declared if d >= 0]
            made += len(beats)
            shared += sum(beats.count(d) > 1 for d in beats)
        return shared / max(1, made)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--best", default=BEST)
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="a game parameter (repeatable), e.g. two_players=join")
    args = parser.parse_args(argv)
    params = dict(item.split("=", 1) for item in args.param)
    print(f"best style {args.best}; {args.games} games a row; seat of the strategy rotated"
          f"{'; ' + str(params) if params else ''}")
    print("| players | strategy | win rate [95% CI] | fair share | limit (+10 points) | holds |")
    print("|---|---|---|---|---|---|")
    race_rows = []
    for n in args.players:
        game = skagway_env.make_game("klondike1896_council", num_players=n, **params)
        counter = RaceCounter()
        for index, (name, spec) in enumerate(STRATEGIES.items()):
            wins = 0.0
            for g in range(args.games):
                seat = g % n
                specs = [args.best] * n
                specs[seat] = spec
                seed = derive_seed(args.seed, n, index, g)
                counter.game += 1
                result = play_game(game, seat_agents(specs, game, seed), seed, on_step=counter)
                wins += result.win_shares[seat]
            rate, (low, high) = wins / args.games, wilson(wins, args.games)
            limit = 1 / n + 0.10
            print(f"| {n} | {name} | {rate:.3f} [{low:.3f}, {high:.3f}] | {1 / n:.3f} | "
                  f"{limit:.3f} | {'yes' if rate <= limit else 'NO'} |", flush=True)
        race_rows.append((n, len(counter.rounds), counter.no_last_rate(),
                          counter.shared_beat_rate()))
    print("\n| players | rounds | no last player | declarations sharing a beat |")
    print("|---|---|---|---|")
    for n, rounds, no_last, shared in race_rows:
        print(f"| {n} | {rounds} | {no_last:.3f} | {shared:.3f} |")


if __name__ == "__main__":
    main()
