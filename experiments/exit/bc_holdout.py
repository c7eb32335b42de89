"""How well the warm start imitates a style on games it did not see: fits fresh
networks to the first ``games`` of a set of the style's games (``warm_start.fit``) and
prints, after every epoch, the losses, the agreement on its own positions and on
``--held-out`` other games (``--held-out-seed``). A measurement, not part of training::

    python -m skagway_experiments.exit.bc_holdout --game klondike_rush --players 4 \\
        --style trapper --fit 400:20 --fit 1600:6
"""

from __future__ import annotations

import argparse

import numpy as np


def main(argv: list[str] | None = None) -> None:
    import torch
    from skagway_agents.exit.net_file import NetHeader
    from skagway_agents.exit.network import PolicyValueNet
    from skagway_agents.threads import configure_threads

    from skagway_env.core import make_game

    from .warm_start import Demonstrations, agreement, fit, play_demonstrations

    parser = argparse.ArgumentParser(description=__doc__.split("::")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--style", required=True)
    parser.add_argument("--fit", action="append", required=True, metavar="GAMES:EPOCHS")
    parser.add_argument("--held-out", type=int, default=150, help="games held out")
    parser.add_argument("--hidden", type=int, nargs="+", default=[256, 256])
    parser.add_argument("--seed", type=int, default=1, help="the fitted games' seed")
    parser.add_argument("--held-out-seed", type=int, default=99)
    args = parser.parse_args(argv)
    configure_threads(1)
    game = make_game(args.game, num_players=args.players)
    plans = [tuple(int(x) for x in f.split(":")) for f in args.fit]
    most = max(games for games, _ in plans)
    train = play_demonstrations(game, (args.style,), most, args.seed)
    held = play_demonstrations(game, (args.style,), args.held_out, args.held_out_seed)
    ends = np.cumsum([0] + [int(k) for k in np.bincount(train.games_index, minlength=most)])
    print(f"{len(train)} positions from {most} games, {len(held)} held out", flush=True)
    for games, epochs in plans:
        n = ends[games]
        part = Demonstrations(train.observations[:n], train.masks[:n], train.actions[:n],
                              train.values[:n], games)
        torch.manual_seed(args.seed)
        net = PolicyValueNet(NetHeader.for_game(game, args.hidden, "relu"))

        def show(epoch: int, policy: float, value: float, own: float,
                 games: int = games, net: PolicyValueNet = net) -> None:
            print(f"{games} games, epoch {epoch}: loss {policy:.3f} + {value:.3f}, "
                  f"agreement {own:.3f} own, {agreement(net, held):.3f} held out", flush=True)

        fit(net, part, epochs=epochs, batch_size=256, learning_rate=1e-3,
            weight_decay=1e-4, value_weight=1.0, seed=args.seed, on_epoch=show)


if __name__ == "__main__":
    main()
