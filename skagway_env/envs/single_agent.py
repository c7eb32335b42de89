"""A Gymnasium single-agent view of any registered game, for one learning seat.

The other seats are played inside the env by *opponents*: any objects with
``act(state, seat) -> action`` (the agents of ``skagway_agents`` have it). This package
never imports the agents (the layering rule), so opponents arrive already built, or as
a *pool*: a callable ``pool(rng, num_opponents) -> opponents`` called at every reset,
which a trainer swaps or re-weights between episodes; a pool with a
``report(seat, opponents, returns)`` method hears how every game ended. Spec strings
(``"heuristic"``, ``"ppo:model.zip"``) are resolved one layer up, by
``skagway_agents.rl.make_single_agent_env``.

What the env does for the learner, so a trainer need not:

- the learner's seat is drawn from the env's RNG at every reset (``seat="random"``) or
  fixed (``seat=k``);
- chance nodes are resolved with the env's seeded ``np_random``; opponents see only
  ``state.view(seat, np_random)``, as in tournaments, never the true state (or, if
  they declare ``act_on_legal(legal_actions)``, only their legal actions; or, if they
  play uniformly at random and say so with ``uniform_below()``, nothing: their move
  is drawn by the game's ``_random_legal_action`` where it has one, the same single
  draw from their generator, without listing every legal move);
- opponents' turns are played out inside ``step`` until the learner is to move again,
  so the learner's consecutive turns are just consecutive steps;
- the reward is the learner's own return, given on the step that ends the game
  (whoever made the last move); a capped game (``State.is_truncated``) ends as a
  truncation with the same return;
- an illegal action raises ``IllegalActionError`` (``illegal_action="raise"``) or ends
  the episode with ``illegal_reward`` (``"terminate"``, PettingZoo classic's rule, which
  checkers that sample unmasked actions need); nothing is ever substituted;
- ``action_masks()`` gives sb3-contrib's ``MaskablePPO`` the learner's legal actions.

A game that ends before the learner's first turn is replayed (the learner never sees
it): every observation the learner gets is one where it has a legal move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..core import CHANCE, SIMULTANEOUS, TERMINAL, IllegalActionError, State, make_game
from ..core.playout import apply_joint_unchecked, apply_unchecked, draws, sample_chance
from .common import check_render_mode, observation_bounds, plain_seed


class Opponent(Protocol):
    def act(self, state: State, player: int) -> int: ...


OpponentPool = Callable[[np.random.Generator, int], Sequence[Opponent]]


class UniformRandomOpponent:
    """The default opponent: a uniformly random legal move (drawn from the env's RNG)."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def act(self, state: State, player: int) -> int:
        return self.act_on_legal(state._legal_for(player))  # read, never kept

    def act_on_legal(self, legal: list[int]) -> int:
        return legal[int(self.rng.integers(len(legal)))]

    def uniform_below(self) -> Callable[[int], int]:
        """``below(n)``, the draw ``act_on_legal`` makes (``int(rng.integers(n))``)."""
        return draws(self.rng)[0]


class SingleAgentEnv(gym.Env):
    """One seat of a game as a ``gymnasium.Env`` (observation: that seat's tensor)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game_name: str,
        opponents: Sequence[Opponent] | OpponentPool | None = None,
        seat: int | str = "random",
        render_mode: str | None = None,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        **params: Any,
    ) -> None:
        check_render_mode(render_mode)
        if illegal_action not in ("raise", "terminate"):
            raise ValueError(f"illegal_action must be 'raise' or 'terminate', "
                             f"got {illegal_action!r}")
        self.illegal_action, self.illegal_reward = illegal_action, float(illegal_reward)
        self.game = game = make_game(game_name, **params)
        self.render_mode = render_mode
        self.num_players = game.num_players
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < game.num_players):
            raise ValueError(f"seat must be 'random' or 0..{game.num_players - 1}, got {seat!r}")
        self.fixed_seat = seat
        self.pool = self._as_pool(opponents)
        low, high = observation_bounds(game)
        self.observation_space = spaces.Box(low=low, high=high, dtype=np.float32)
        self.action_space = spaces.Discrete(game.num_distinct_actions())
        self.metadata = {**self.metadata, "name": f"{game_name}_v{game.info.env_version}"}
        self.seat = 0
        self.opponents: list[Opponent | None] = []
        self.state: State = game.new_initial_state()
        self._no_actions = np.zeros(game.num_distinct_actions(), dtype=bool)
        self._illegal = False
        # The env applies moves itself (``_apply_as``) where the state keeps the core's
        # own ``apply_action`` and legal-action cache; a game overriding them is
        # stepped through its own methods instead.
        kind = type(self.state)
        self._direct = (kind.apply_action is State.apply_action
                        and kind.apply_actions is State.apply_actions
                        and kind._legal_for is State._legal_for)

    def _as_pool(self, opponents: Any) -> OpponentPool:
        count = self.num_players - 1
        if opponents is None:
            return lambda rng, n: [UniformRandomOpponent(rng) for _ in range(n)]
        if callable(opponents) and not hasattr(opponents, "act"):
            return opponents
        fixed = list(opponents)
        if any(isinstance(o, str) for o in fixed):
            raise TypeError("opponents are agent objects or a pool; build them from spec "
                            "strings with skagway_agents.rl.make_single_agent_env")
        if len(fixed) == 1:
            fixed *= count
        if len(fixed) != count:
            raise ValueError(f"{self.game.name} at {self.num_players} players needs {count} "
                             f"opponents (or one for every seat), got {len(fixed)}")
        return lambda rng, n: fixed

    # ------------------------------------------------------------------ episode
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=plain_seed(seed))
        rng = self.np_random
        while True:
            self.seat = (int(rng.integers(self.num_players)) if self.fixed_seat == "random"
                         else int(self.fixed_seat))
            drawn = list(self.pool(rng, self.num_players - 1))
            if len(drawn) != self.num_players - 1:
                raise ValueError(f"the opponent pool gave {len(drawn)} opponents, "
                                 f"expected {self.num_players - 1}")
            self.opponents = drawn[:self.seat] + [None] + drawn[self.seat:]
            self.state = self.game.new_initial_state()
            if self._play_others() != TERMINAL:
                break
        self._illegal = False
        return self._observe(), self._info(False)

    def step(self, action: int):
        state, seat = self.state, self.seat
        cur = state.current_player()
        if cur == TERMINAL or self._illegal:
            raise IllegalActionError(f"{self.game.name}: the game is over; call reset()")
        action = int(action)
        if self.illegal_action == "terminate" and action not in state._legal_for(seat):
            self._illegal = True
            return self._observe(), self.illegal_reward, True, False, {**self._info(False),
                                                                       "illegal": action}
        if cur == SIMULTANEOUS:
            joint, drawn = [], []
            for p in range(self.num_players):  # in seat order: opponents may share an rng
                hooked = None if p == seat else self._drawn_uniformly(p)
                drawn.append(hooked)
                joint.append(action if p == seat else hooked if hooked is not None
                             else self._opponent_action(p, joint=True))
            self._apply_joint(joint, drawn)
        else:
            self._apply_as(cur, action)
        done = self._play_others() == TERMINAL
        reward = float(state.returns()[seat]) if done else 0.0
        if done and hasattr(self.pool, "report"):
            self.pool.report(seat, self.opponents, state.returns())
        truncated = done and state.is_truncated()
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, done and not truncated, truncated, self._info(done)

    def _play_others(self) -> int:
        """Chance and opponents move until the learner is to move or the game ends;
        returns who is to move then (the learner, ``SIMULTANEOUS`` or ``TERMINAL``)."""
        state, rng, seat = self.state, self.np_random, self.seat
        direct = self._direct
        # the game's playout hook draws the outcome sample_chance would from the same
        # uniform, without listing the node's outcomes (core.playout.random_chance)
        outcome_at = getattr(state, "_chance_outcome_at", None) if direct else None
        while True:
            cur = state.current_player()
            if cur == TERMINAL or cur == seat or cur == SIMULTANEOUS:
                return cur
            if cur == CHANCE:
                if outcome_at is not None:
                    apply_unchecked(state, outcome_at(rng.random()))
                    continue
                outcome = sample_chance(state, rng)  # one of this node's outcomes
                if direct:
                    apply_unchecked(state, outcome)
                else:
                    state.apply_action(outcome)
            else:
                drawn = self._drawn_uniformly(cur)
                if drawn is None:
                    self._apply_as(cur, self._opponent_action(cur))
                elif direct:
                    apply_unchecked(state, drawn)
                else:
                    state.apply_action(drawn)

    def _drawn_uniformly(self, player: int) -> int | None:
        """A uniformly random opponent's move drawn by the game's
        ``_random_legal_action`` (legal by construction: each game tests its hook
        against its legal lists), the same draw as its ``act_on_legal``; None where the
        opponent or the game has no such path. (A game stepped through its own
        ``apply_action(s)`` still checks the move there.)"""
        below = getattr(self.opponents[player], "uniform_below", None)
        move = getattr(self.state, "_random_legal_action", None)
        if below is None or move is None:
            return None
        return move(player, below())

    def _legal_of(self, player: int, joint: bool = False) -> list[int]:
        """``state._legal_for(player)`` for a seat the env has just read as the one to
        move (``joint``: one of the seats at a simultaneous node), from the state's
        cache kept as the core keeps it, without asking the game again who is to move
        (the env would otherwise ask several times a move). Read, never kept."""
        state = self.state
        if not self._direct:
            return state._legal_for(player)
        return state._kept_legal(player, joint)

    def _apply_as(self, player: int, action: int) -> None:
        """``state.apply_action(action)`` by ``player``, just read as the one to move:
        the same legality check, error and bookkeeping."""
        if not self._direct:
            self.state.apply_action(action)
            return
        legal = self._legal_of(player)
        if action not in legal or isinstance(action, bool):
            raise self.state._illegal(action, player, legal)
        apply_unchecked(self.state, int(action))

    def _apply_joint(self, joint: list[int], drawn: Sequence[int | None] = ()) -> None:
        """``state.apply_actions(joint)`` at the simultaneous node just read: the same
        checks in seat order, error and bookkeeping (a part ``drawn`` by the game's
        own random-move hook is legal by construction, and not listed to check it)."""
        if not self._direct:
            self.state.apply_actions(joint)
            return
        for p, action in enumerate(joint):
            if drawn and drawn[p] is not None:
                continue
            legal = self._legal_of(p, joint=True)
            if action not in legal or isinstance(action, bool):
                raise self.state._illegal(action, p, legal)
        apply_joint_unchecked(self.state, joint)

    def _opponent_action(self, player: int, joint: bool = False) -> int:
        """The opponent's move on its view; one that declares it needs only the legal
        actions (``act_on_legal``, e.g. random play) is shown just those (a copy),
        which the seat may always see, and the cost of drawing a view is saved."""
        opponent = self.opponents[player]
        on_legal = getattr(opponent, "act_on_legal", None)
        if on_legal is not None:
            return on_legal(list(self._legal_of(player, joint)))
        return opponent.act(self.state.view(player, self.np_random), player)

    # ------------------------------------------------------------------ views
    def _observe(self) -> np.ndarray:
        return self.state.observation_tensor(self.seat).astype(np.float32, copy=False)

    def _info(self, over: bool) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": self.seat}
        if over:
            info["returns"] = list(self.state.returns())
            info["scores"] = list(self.state.scores())
        return info

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions (all False once the game is over)."""
        if self.state.is_terminal() or self._illegal:
            return self._no_actions.copy()
        return self.state.legal_actions_mask(self.seat).view(bool)  # 0 / 1 bytes: no copy

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "ansi":
            return text
        print(text + "\n")
        return None


def make_single_agent_env(
    game: str,
    opponents: Sequence[Opponent] | OpponentPool | None = None,
    seat: int | str = "random",
    render_mode: str | None = None,
    illegal_action: str = "raise",
    **params: Any,
) -> SingleAgentEnv:
    """``make_single_agent_env("skagway", num_players=4)``: the learner against random
    play; pass built agents or a pool callable as ``opponents`` (see the module doc)."""
    return SingleAgentEnv(game, opponents, seat, render_mode, illegal_action, **params)
