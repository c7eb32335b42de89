"""The warm start from a heuristic style (``init_from: heuristic:<style>``): before
generation 0 the network imitates a hand-written bot, as AlphaGo's supervised start
imitated human moves, so that expert iteration begins from a player that already
plays the game instead of from uniform moves.

1. **demonstrations**: ``bc_games`` games with every seat played by the style (or, for
   ``heuristic:a+b+...``, by the styles in turn: seat s of game k plays style
   ``(k + s) mod m``), through the tournament's ``play_game``, so each bot acts on
   its own seat's view only. Every decision with more than one legal action (at a
   simultaneous node, every seat's) gives (the seat's observation, its legal mask, the
   style's action, the final rank returns observer-relative as the value head
   predicts them). Game k is seeded ``derive_seed(seed, BC_GAMES, k)``: one seed, the
   same demonstrations;
2. **fit**: ``bc_epochs`` passes over them in minibatches of ``batch_size`` (shuffled
   by a generator seeded from the run's seed), Adam at ``learning_rate``: the
   cross-entropy of the style's action under the masked softmax plus ``value_weight``
   times the squared error of every seat's value, the losses of expert iteration with
   a one-hot target (``network.losses``). After each epoch, the *agreement*: the share
   of the positions where the network's most probable legal action is the style's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from skagway_agents.heuristics import HeuristicAgent

from skagway_env.core import SIMULTANEOUS, Game, State

from ..play import derive_seed, play_game

PREFIX = "heuristic:"
BC_GAMES = 2_000_003
"""The seed path of the demonstration games (apart from self-play's and the gates')."""


def is_heuristic_start(init_from: str | None) -> bool:
    return init_from is not None and init_from.startswith(PREFIX)


def parse_styles(init_from: str, game: Game) -> tuple[str, ...]:
    """``heuristic:trapper`` -> ``("trapper",)``; ``heuristic:a+b`` -> ``("a", "b")``.
    A name that is not one of the game's styles raises ``ValueError`` naming them."""
    names = tuple(s.strip() for s in init_from.removeprefix(PREFIX).split("+"))
    for name in names:
        if not name or "," in name or "=" in name:
            raise ValueError(f"{init_from!r}: expected heuristic:<style> or "
                             "heuristic:<style>+<style>... (style parameters are not taken)")
        HeuristicAgent(game, 0, name)  # a style the game lacks: "<game> heuristic styles: ..."
    return names


@dataclass
class Demonstrations:
    """The style's decisions: one row a position."""

    observations: np.ndarray
    masks: np.ndarray
    actions: np.ndarray
    values: np.ndarray
    games: int
    games_index: np.ndarray | None = None
    """The game each position comes from (0 to ``games - 1``, in order)."""

    def __len__(self) -> int:
        return len(self.actions)

    @classmethod
    def stacked(cls, game: Game, observations: list, masks: list, actions: list,
                values: list, games: int, index: list) -> Demonstrations:
        """Rows gathered one position at a time as arrays (empty ones shaped for
        ``game``)."""
        size, players = game.observation_size(), game.num_players
        return cls(
            np.stack(observations) if observations else np.zeros((0, size), np.float32),
            np.stack(masks) if masks else np.zeros((0, game.num_distinct_actions()), bool),
            np.asarray(actions, dtype=np.int64),
            np.stack(values) if values else np.zeros((0, players), np.float32), games,
            np.asarray(index, dtype=np.int64))


def play_demonstrations(game: Game, styles: tuple[str, ...], games: int,
                        seed: int) -> Demonstrations:
    """``games`` games of the styles against each other, every decision recorded."""
    observations, masks, actions, seats, values, index = [], [], [], [], [], []
    for k in range(games):
        game_seed = derive_seed(seed, BC_GAMES, k)
        agents = [HeuristicAgent(game, derive_seed(game_seed, s), styles[(k + s) % len(styles)])
                  for s in range(game.num_players)]
        first = len(actions)

        def record(state: State, action: int | list[int]) -> None:
            if state.is_chance_node():
                return
            cur = state.current_player()
            chosen = action if cur == SIMULTANEOUS else [action]
            movers = range(game.num_players) if cur == SIMULTANEOUS else (cur,)
            for seat, move in zip(movers, chosen, strict=True):
                mask = state.legal_actions_mask(seat).astype(bool)
                if mask.sum() > 1:
                    observations.append(np.asarray(state.observation_tensor(seat), np.float32))
                    masks.append(mask)
                    actions.append(int(move))
                    seats.append(seat)

        result = play_game(game, agents, game_seed, on_step=record)
        returns = np.asarray(result.returns, dtype=np.float32)
        values += [np.roll(returns, -seat) for seat in seats[first:]]
        index += [k] * (len(actions) - first)
    return Demonstrations.stacked(game, observations, masks, actions, values, games, index)


def agreement(net, data: Demonstrations, batch: int = 4096) -> float:
    """The share of positions where ``net`` (torch) puts its highest legal logit on the
    style's action."""
    import torch

    if not len(data):
        return float("nan")
    hits = 0
    with torch.no_grad():
        for start in range(0, len(data), batch):
            device = next(net.parameters()).device
            obs = torch.from_numpy(data.observations[start:start + batch]).to(device)
            masks = torch.from_numpy(data.masks[start:start + batch]).to(device)
            logits, _ = net(obs)
            best = logits.masked_fill(~masks, -np.inf).argmax(dim=-1).cpu().numpy()
            hits += int((best == data.actions[start:start + batch]).sum())
    return hits / len(data)


def fit(net, data: Demonstrations, *, epochs: int, batch_size: int, learning_rate: float,
        weight_decay: float, value_weight: float, seed: int,
        on_epoch: Callable[[int, float, float, float], None]) -> list[dict[str, float]]:
    """Imitate the demonstrations (see the module docstring); a row an epoch."""
    import torch
    from skagway_agents.exit.network import losses

    device = next(net.parameters()).device
    torch.manual_seed(seed * 100_003 + BC_GAMES)

    def batch_losses(pick: np.ndarray) -> tuple[Any, Any]:
        one_hot = np.zeros(data.masks[pick].shape, np.float32)
        one_hot[np.arange(len(pick)), data.actions[pick]] = 1.0
        batch = [torch.from_numpy(a).to(device) for a in (
            data.observations[pick], data.masks[pick], one_hot, data.values[pick])]
        return losses(net, *batch)

    return fit_epochs(net.parameters(), len(data), batch_losses, epochs=epochs,
                      batch_size=batch_size, learning_rate=learning_rate,
                      weight_decay=weight_decay, value_weight=value_weight,
                      rng=np.random.default_rng([seed, BC_GAMES]), training=net.train,
                      agreement=lambda: agreement(net, data), on_epoch=on_epoch)


def fit_epochs(parameters: Any, positions: int,
               batch_losses: Callable[[np.ndarray], tuple[Any, Any]], *, epochs: int,
               batch_size: int, learning_rate: float, weight_decay: float,
               value_weight: float, rng: np.random.Generator,
               training: Callable[[bool], Any], agreement: Callable[[], float],
               on_epoch: Callable[[int, float, float, float], None] | None
               ) -> list[dict[str, float]]:
    """The imitation loop both warm starts share: ``epochs`` passes over ``positions``
    in minibatches of ``batch_size`` shuffled by ``rng``, Adam on ``policy loss +
    value_weight * value loss`` (``batch_losses(rows)``, torch scalars), ``training``
    switched on for the passes and off for ``agreement``; a row an epoch: ``epoch``,
    the mean ``policy_loss`` and ``value_loss``, ``agreement``."""
    import torch

    optimizer = torch.optim.Adam(parameters, lr=learning_rate, weight_decay=weight_decay)
    rows = []
    for epoch in range(1, epochs + 1):
        training(True)
        order = rng.permutation(positions)
        totals, steps = [0.0, 0.0], 0
        for start in range(0, len(order), batch_size):
            policy_loss, value_loss = batch_losses(order[start:start + batch_size])
            optimizer.zero_grad()
            (policy_loss + value_weight * value_loss).backward()
            optimizer.step()
            totals[0] += policy_loss.item()
            totals[1] += value_loss.item()
            steps += 1
        training(False)
        row = {"epoch": epoch, "policy_loss": totals[0] / max(steps, 1),
               "value_loss": totals[1] / max(steps, 1), "agreement": agreement()}
        rows.append(row)
        if on_epoch is not None:
            on_epoch(epoch, row["policy_loss"], row["value_loss"], row["agreement"])
    return rows
