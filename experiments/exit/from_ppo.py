"""A shipped PPO bot as an ``exit:`` network: its policy exactly, and a value head
fitted to games, so the PUCT search (``agents/exit/search.py``) can play it at any
budget (issue 22: every game's bot "playable as ``exit:<file>`` and as a plain policy").

    python -m skagway_experiments.exit.from_ppo agents/rl/results/klondike1896_4p.zip \\
        --out agents/rl/results/search/klondike1896_4p.zip --games 1000 --seed 1 --workers 2

What the file holds (``agents/exit/net_file.py``, format version 2):

- **the policy**: the PPO actor's layers as the trunk and its action layer as the policy
  head, unchanged, and a hinted bot's hint (``hint``, ``hint_weight``), so
  ``exit:<file>,simulations=0`` plays the same moves as ``ppo:<bot>``
  (``tests/training/test_exit_from_ppo.py`` checks it move by move);
- **the value head**: its own MLP (``value_hidden``), started from the PPO critic's hidden
  layers, with one output a seat (observer-relative, as every exit network), fitted by
  squared error to the final returns of ``--games`` games. PPO's critic cannot serve as
  it is: it has one output (the learner's discounted return), and the search needs every
  seat's value.

The games: every seat draws its player from ``--pool`` (by default the bot itself,
sampling its policy, and every heuristic style of the game), so the positions are those
the bot meets against the styles and itself; ``--positions`` of each game's decisions
(at random, every seat's) are kept with the returns seen from that seat. The returns are
the game's ``--reward`` (``rank`` by default: +1 first to -1 last, what ``returns()`` gives
a searched game's end in a default table), whatever reward the bot was trained on; the
header records the game's parameters with that reward, and the fit (games, positions,
held-out error against a constant guess) under ``extra.value_fit``. One game in ten is
held out; the epoch with the lowest held-out error is kept. Torch runs on one thread
(``torch.set_num_threads(1)``: small layers, and the workers hold the other cores).
Same seed, same file.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from skagway_agents import make_agent
from skagway_agents.exit.net_file import NetHeader, save_net
from skagway_agents.heuristics import styles_module
from skagway_agents.policy_file import PolicyHeader, read_header, read_weights
from tqdm import tqdm

from skagway_env.core import SIMULTANEOUS, Game, State, make_game

from ..play import derive_seed, play_game

BOT = "bot"
"""The pool's name for the PPO bot being turned (it samples its policy there)."""
GAMES, FIT = 1, 2  # derive_seed streams


@dataclass
class Positions:
    observations: np.ndarray  # [N, size] float32, the game tensor only
    values: np.ndarray  # [N, players] observer-relative returns
    games: np.ndarray  # [N] the game each came from


def default_pool(game: Game) -> list[str]:
    return [BOT, *(f"heuristic:{style}" for style in styles_module(game.name).STYLES)]


def target_game(bot: str, reward: str) -> Game:
    header = read_header(bot)
    return make_game(header.game, **{**header.params, "reward": reward})


def play_positions(bot: str, reward: str, pool: list[str], seed: int, first: int,
                   count: int, keep: int) -> Positions:
    """Games ``first .. first + count - 1`` of the run; ``keep`` positions of each."""
    game = target_game(bot, reward)
    spec = {BOT: f"ppo:{bot},greedy=false"}
    observations, values, games = [], [], []
    for k in range(first, first + count):
        game_seed = derive_seed(seed, GAMES, k)
        rng = np.random.default_rng(derive_seed(game_seed, 0))
        picks = [pool[int(rng.integers(len(pool)))] for _ in range(game.num_players)]
        agents = [make_agent(spec.get(p, p), game, derive_seed(game_seed, 1 + s))
                  for s, p in enumerate(picks)]
        seen: list[tuple[np.ndarray, int]] = []

        def record(state: State, action: Any, seen: list = seen) -> None:
            if state.is_chance_node():
                return
            cur = state.current_player()
            for seat in range(game.num_players) if cur == SIMULTANEOUS else (cur,):
                if len(state.legal_actions(seat)) > 1:
                    seen.append((np.asarray(state.observation_tensor(seat), np.float32), seat))

        returns = np.asarray(play_game(game, agents, game_seed, on_step=record).returns,
                             dtype=np.float32)
        chosen = rng.choice(len(seen), size=min(keep, len(seen)), replace=False) \
            if seen else []
        for i in sorted(int(c) for c in chosen):
            observation, seat = seen[i]
            observations.append(observation)
            values.append(np.roll(returns, -seat))
            games.append(k)
    size = game.observation_size()
    return Positions(np.stack(observations) if observations else np.zeros((0, size), np.float32),
                     np.stack(values) if values else np.zeros((0, game.num_players), np.float32),
                     np.asarray(games, dtype=np.int64))


def collect(bot: str, reward: str, pool: list[str], seed: int, games: int, keep: int,
            workers: int, progress: bool = True) -> Positions:
    """Every game's positions, in game order (chunks over ``workers`` processes), with a
    progress bar of the games played on stderr."""
    chunk = max(1, min(50, -(-games // max(1, workers * 4))))
    starts = list(range(0, games, chunk))
    counts = [min(chunk, games - s) for s in starts]
    columns = ([bot] * len(starts), [reward] * len(starts), [pool] * len(starts),
               [seed] * len(starts), starts, counts, [keep] * len(starts))
    with ProcessPoolExecutor(workers) if workers > 1 else nullcontext() as executor, \
            tqdm(total=games, desc="games", unit="game", file=sys.stderr,
                 disable=not progress) as bar:
        mapper = executor.map if executor is not None else map
        parts = []
        for part, count in zip(mapper(play_positions, *columns), counts, strict=True):
            parts.append(part)
            bar.update(count)
    return Positions(*(np.concatenate([getattr(p, f) for p in parts])
                       for f in ("observations", "values", "games")))


def fit_value(header: PolicyHeader, weights: dict[str, np.ndarray], data: Positions,
              players: int, epochs: int, seed: int, batch: int = 256,
              lr: float = 3e-4) -> tuple[dict[str, np.ndarray], dict]:
    """The value MLP (from the PPO critic's hidden layers, ``weights``) and head, fitted to
    ``data``; the held-out games are those with index % 10 == 0. Returns the arrays and
    the fit's figures."""
    import torch

    torch.set_num_threads(1)
    torch.manual_seed(derive_seed(seed, FIT))
    sizes = [header.observation_size, *header.net_arch]
    layers = torch.nn.ModuleList(torch.nn.Linear(a, b) for a, b in zip(sizes, sizes[1:],
                                                                         strict=False))
    head = torch.nn.Linear(sizes[-1], players)
    act = torch.tanh if header.activation == "tanh" else torch.relu
    with torch.no_grad():
        for i, layer in enumerate(layers):
            layer.weight.copy_(torch.from_numpy(weights[f"mlp_extractor.value_net.{2 * i}.weight"]))
            layer.bias.copy_(torch.from_numpy(weights[f"mlp_extractor.value_net.{2 * i}.bias"]))
        head.weight.zero_()
        head.bias.zero_()

    def forward(x: torch.Tensor) -> torch.Tensor:
        for layer in layers:
            x = act(layer(x))
        return torch.tanh(head(x))

    held = data.games % 10 == 0
    train_x, train_y = (torch.from_numpy(a[~held]) for a in (data.observations, data.values))
    test_x, test_y = (torch.from_numpy(a[held]) for a in (data.observations, data.values))
    params = [*layers.parameters(), *head.parameters()]
    optimiser = torch.optim.Adam(params, lr=lr)
    rng = np.random.default_rng(derive_seed(seed, FIT, 1))

    def error(x: torch.Tensor, y: torch.Tensor) -> float:
        with torch.no_grad():
            return float(((forward(x) - y) ** 2).sum(dim=-1).mean()) if len(x) else float("nan")

    baseline = float(((test_y - train_y.mean(dim=0)) ** 2).sum(dim=-1).mean())
    best = (error(test_x, test_y), 0, [p.detach().clone() for p in params])
    for epoch in range(1, epochs + 1):
        order = torch.from_numpy(rng.permutation(len(train_x)))
        for start in range(0, len(order), batch):
            rows = order[start:start + batch]
            loss = ((forward(train_x[rows]) - train_y[rows]) ** 2).sum(dim=-1).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        held_out = error(test_x, test_y)
        print(f"epoch {epoch}: train {error(train_x, train_y):.4f}, held out {held_out:.4f} "
              f"(constant guess {baseline:.4f})", file=sys.stderr, flush=True)
        if held_out < best[0]:
            best = (held_out, epoch, [p.detach().clone() for p in params])
    with torch.no_grad():
        for p, kept in zip(params, best[2], strict=True):
            p.copy_(kept)
    arrays = {f"value_trunk.{i}.{part}": getattr(layer, part).detach().numpy().copy()
              for i, layer in enumerate(layers) for part in ("weight", "bias")}
    arrays.update({"value.weight": head.weight.detach().numpy().copy(),
                   "value.bias": head.bias.detach().numpy().copy()})
    figures = {"positions": int(len(data.games)), "held_out_positions": int(held.sum()),
               "held_out_mse": round(best[0], 5), "constant_guess_mse": round(baseline, 5),
               "epoch": best[1], "epochs": epochs}
    return arrays, figures


def convert(bot: str | Path, out: str | Path, games: int, seed: int, reward: str = "rank",
            pool: list[str] | None = None, keep: int = 40, epochs: int = 20,
            workers: int = 1, progress: bool = True) -> tuple[Path, dict]:
    """Write ``out``: ``bot``'s policy and a value head fitted to ``games`` games."""
    bot = str(bot)
    header, weights = read_header(bot), read_weights(bot)
    game = target_game(bot, reward)
    pool = pool or default_pool(game)
    for spec in pool:  # every spec checked before a game is played
        if spec != BOT:
            make_agent(spec, game, 0)
    began = time.perf_counter()
    data = collect(bot, reward, pool, seed, games, keep, workers, progress)
    played = time.perf_counter() - began
    value, figures = fit_value(header, weights, data, game.num_players, epochs, seed)
    layers = len(header.net_arch)
    arrays = {f"trunk.{i}.{part}": weights[f"mlp_extractor.policy_net.{2 * i}.{part}"]
              for i in range(layers) for part in ("weight", "bias")}
    arrays.update({"policy.weight": weights["action_net.weight"],
                   "policy.bias": weights["action_net.bias"], **value})
    hint = {k: header.extra[k] for k in ("hint", "hint_weight") if header.extra.get("hint")}
    figures = {"games": games, "seed": seed, "pool": pool, "positions_per_game": keep,
               "games_seconds": round(played, 1), **figures}
    net_header = NetHeader.for_game(game, list(header.net_arch), header.activation,
                                    run=header.run, value_hidden=list(header.net_arch),
                                    extra={**hint, "from_ppo": bot,
                                           "trained_steps": header.trained_steps,
                                           "value_fit": figures})
    return save_net(out, net_header, arrays), figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m skagway_experiments.exit.from_ppo",
        description="Turn a PPO bot into an exit: network (its policy, a fitted value head).")
    parser.add_argument("bot", help="a PPO bot file (agents/rl/results/*.zip)")
    parser.add_argument("--out", required=True, help="the network file to write")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reward", default="rank", choices=("rank", "win"))
    parser.add_argument("--pool", action="append", default=None, metavar="SPEC",
                        help="a player the seats draw from, repeatable ('bot' is the bot; "
                             "default: the bot and every style of the game)")
    parser.add_argument("--positions", type=int, default=40, help="kept from each game")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 10:
        parser.error("--games must be 10 or more (one game in ten is held out)")
    try:
        path, figures = convert(args.bot, args.out, args.games, args.seed, args.reward, args.pool,
                                args.positions, args.epochs, args.workers,
                                not args.no_progress)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {path}: {figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
