"""Playing in the browser: a game between people at the page and bots on the server.

A game is played as tournaments play it (``skagway_experiments.play.play_game``): chance
from a generator seeded by the game's seed, each bot acting on ``state.view(seat, rng)``
and seeded ``derive_seed(seed, seat)``, and a person's seat draws the view
``play_game`` would hand it (unused), so the same seats, seed and choices play the same
game as ``skagway play --seed`` (the finished page prints that line). At a simultaneous
node the bots choose when the people have, and the joint move is applied once every
seat's part is in.

**A person's page receives only what its seat may see.** Each human seat has its own
unguessable token (``secrets.token_urlsafe``), and everything sent for it is built from
``state.view(seat, rng)`` (``seat_view.position_payload``) with its moves read as that
seat read them: the seat's board, observation string, legal moves with their strings,
the public log, who is to decide, and the scores at the end. Never the true state,
another seat's hand, or ``str(state)``. The page's view is drawn with a generator of its
own, seeded by the position, so asking for a page never changes how the bots play.
"""

from __future__ import annotations

import re
import secrets
import shlex
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import skagway_agents
from flask import Blueprint, jsonify, redirect, render_template, request, url_for
from skagway_agents import Agent, make_agent
from skagway_experiments.play import derive_seed

from skagway_env.core import (
    SIMULTANEOUS,
    Game,
    GameParameterError,
    State,
    UnknownGameError,
    game_class,
    list_games,
    make_game,
)
from skagway_env.core.playout import sample_chance

from .errors import WebError
from .seat_view import MAX_LOG_LINES, compact, describe_entry, position_payload, turn_text

blueprint = Blueprint("play", __name__)

HUMAN = "human"
MAX_SEATS = 256
"""Human seats (pages) kept in memory; past this, the one unused longest is forgotten."""
TOKEN = re.compile(r"^[A-Za-z0-9_-]{22}$")
"""A seat's token: ``secrets.token_urlsafe(16)``, 128 random bits."""
RESULTS = Path(skagway_agents.__file__).resolve().parent / "rl" / "results"
"""The shipped policies (``agents/rl/results/*.zip``), offered as ``ppo:<file>``."""


@dataclass
class PlaySession:
    """One game in progress: the truth, the bots, and each seat's log."""

    game: Game
    seed: int
    specs: list[str]
    agents: list[Agent | None]
    """``None`` at a human seat."""
    state: State = field(init=False)
    chance_rng: np.random.Generator = field(init=False)
    view_rng: np.random.Generator = field(init=False)
    pending: dict[int, int] = field(default_factory=dict)
    """At a simultaneous node: the parts chosen so far, by seat."""
    logs: dict[int, list[str]] = field(init=False)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        # The same generators as play_game: chance first, the agents' views second.
        self.chance_rng, self.view_rng = (
            np.random.default_rng(s) for s in np.random.SeedSequence(self.seed).spawn(2))
        self.state = self.game.new_initial_state()
        self.logs = {seat: [] for seat in range(self.game.num_players)}
        self.advance()

    @property
    def humans(self) -> list[int]:
        return [seat for seat, agent in enumerate(self.agents) if agent is None]

    def waiting_for(self) -> list[int]:
        """The human seats whose decision the game waits for now."""
        player = self.state.current_player()
        if player == SIMULTANEOUS:
            return [seat for seat in self.humans if seat not in self.pending]
        return [player] if player in self.humans else []

    def _apply(self, entry: Any) -> None:
        for seat in self.logs:
            self.logs[seat] += describe_entry(self.state, entry, seat)
        if isinstance(entry, list):
            self.state.apply_actions(entry)
        else:
            self.state.apply_action(entry)

    def advance(self) -> None:
        """Play chance and the bots until a person must decide or the game ends."""
        state = self.state
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                self._apply(sample_chance(state, self.chance_rng))
            elif player == SIMULTANEOUS:
                if any(seat not in self.pending for seat in self.humans):
                    return
                # Every seat's view in seat order once the people have chosen, as
                # play_game draws them (a person's is drawn and left unused), so the
                # bots see what they would see in `skagway play --seed`.
                joint = []
                for seat in range(state.num_players):
                    view = state.view(seat, self.view_rng)
                    agent = self.agents[seat]
                    joint.append(self.pending[seat] if agent is None else agent.act(view, seat))
                self.pending = {}
                self._apply(joint)
            elif self.agents[player] is None:
                return
            else:
                agent = self.agents[player]
                self._apply(agent.act(state.view(player, self.view_rng), player))

    def play(self, seat: int, action: Any) -> None:
        """The person at ``seat`` plays ``action``; refused (nothing changes) unless legal."""
        if not isinstance(action, int) or isinstance(action, bool):
            raise WebError(400, f"an action is a whole number, got {action!r}")
        if seat not in self.waiting_for():
            raise WebError(409, f"P{seat} is not asked to decide now "
                                f"({turn_text(self.state, seat, self.waiting_for())})")
        legal = self.state.legal_actions(seat)
        if action not in legal:
            raise WebError(400, f"action {action} is not a legal move of P{seat} now "
                                f"(legal: {len(legal)} moves, see the list)")
        if self.state.current_player() == SIMULTANEOUS:
            self.pending[seat] = action
        else:
            self.state.view(seat, self.view_rng)  # the view play_game would hand this seat
            self._apply(action)
        self.advance()

    def seat_payload(self, seat: int) -> dict[str, Any]:
        """Everything the page of ``seat`` receives, built from the seat's view."""
        waiting = self.waiting_for()
        # Seeded by what the seat knows (its log's length), never by hidden history.
        rng = np.random.default_rng([self.seed, seat, len(self.logs[seat])])
        view = self.state.view(seat, rng)
        asked = seat in waiting
        legal = view.legal_actions(seat) if asked else []
        payload = position_payload(view, seat, legal)
        payload.update({
            "game": self.game.name, "players": self.game.num_players, "seat": seat,
            "seats": [HUMAN if agent is None else agent.spec for agent in self.agents],
            "turn": turn_text(view, seat, waiting), "your_turn": asked,
            "legal": [{"action": a, "text": view.action_to_string(a, seat)} for a in legal],
            "moves": compact(self.logs[seat])[-MAX_LOG_LINES:],
        })
        if view.is_terminal():  # the seed decides every draw: told only when all is shown
            payload["seed"] = self.seed
            payload["play_again"] = play_command(self.game, self.specs, self.seed)
        return payload


def play_command(game: Game, specs: list[str], seed: int) -> str:
    """The ``skagway play`` line that plays this game again (people's seats included)."""
    params = {k: v for k, v in game.parameters().items()
              if k not in ("num_players", "reward")}
    defaults = make_game(game.name, num_players=game.num_players).parameters()
    flags = [f"--param {k}={v}" for k, v in params.items() if defaults.get(k) != v]
    agents = " ".join(f"--agent {shlex.quote(spec)}" for spec in specs)
    return " ".join(["skagway play", game.name, f"--players {game.num_players}", agents,
                     f"--seed {seed}", *flags])


class Sessions:
    """Games in memory, each human seat under its own token."""

    def __init__(self, limit: int = MAX_SEATS) -> None:
        self.limit = limit
        self.seats: OrderedDict[str, tuple[PlaySession, int]] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, session: PlaySession) -> dict[int, str]:
        tokens = {seat: secrets.token_urlsafe(16) for seat in session.humans}
        with self.lock:
            for seat, token in tokens.items():
                self.seats[token] = (session, seat)
            while len(self.seats) > self.limit:
                self.seats.popitem(last=False)
        return tokens

    def get(self, token: str) -> tuple[PlaySession, int]:
        if not TOKEN.match(token):
            raise WebError(400, f"malformed game id {token[:40]!r}")
        with self.lock:
            found = self.seats.get(token)
            if found is not None:
                self.seats.move_to_end(token)  # in use: forgotten last
        if found is None:
            raise WebError(404, "no game with this id (games live in the server's memory: "
                                "a restarted server has forgotten them); start a new one")
        return found


SESSIONS = Sessions()


# ------------------------------------------------------------------ starting a game
def game_choices() -> list[dict[str, Any]]:
    """Every registered game with its player counts, presets and suggested agents."""
    choices = []
    for name in list_games():
        info = game_class(name).info
        choices.append({
            "name": name, "long_name": info.long_name,
            "min": info.min_players, "max": info.max_players,
            "presets": [{"name": v.name, "min": v.min_players or info.min_players,
                         "max": v.max_players or info.max_players} for v in info.presets],
            "agents": agent_choices(name),
            "agents_by_players": {n: agent_choices(name, n)
                                  for n in range(info.min_players, info.max_players + 1)},
        })
    return choices


def agent_choices(game: str, players: int | None = None) -> list[str]:
    """Specs offered for ``game``: random, each heuristic style, search, and the shipped
    bots of that game (``ppo:<file>`` policies, ``exit:<file>`` networks), only those
    trained at ``players`` seats when it is given."""
    from skagway_agents.heuristics import styles_module

    specs = [HUMAN, "random"]
    try:
        specs += [f"heuristic:{style}" for style in styles_module(game).STYLES]
    except ValueError:
        pass
    specs += ["flatmc:playouts=16", "mcts:iterations=50"]
    for path in sorted(RESULTS.glob("*.zip")):
        found = shipped_bot(path)
        if found is not None and found[1] == game and players in (None, found[2]):
            specs.append(f"{found[0]}:{shown_path(path)}")
    return specs


def shipped_bot(path: Path) -> tuple[str, str, int | None] | None:
    """``(kind, game, players)`` of a bot file (``ppo`` or ``exit``, by its header), or
    None for a file that is neither (a damaged one is simply not offered)."""
    from skagway_agents.exit.net_file import read_net_header
    from skagway_agents.policy_file import read_header

    for kind, read in (("ppo", read_header), ("exit", read_net_header)):
        try:
            header = read(path)
        except Exception:  # noqa: BLE001
            continue
        return kind, header.game, header.params.get("num_players")
    return None


def shown_path(path: Path) -> str:
    """A path as short as it can be from here (``agents/rl/results/x.zip`` at the root)."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def whole(text: str | None, what: str) -> int | None:
    if text is None or not text.strip():
        return None
    if not text.strip().isdigit():
        raise WebError(400, f"{what} must be a whole number, got {text!r}")
    return int(text)


def start_session(form: dict[str, str]) -> PlaySession:
    """A new game from the form's fields (``game``, ``players``, ``preset``, ``seed``,
    ``seat0``..): each refusal is a ``WebError`` naming what to change."""
    name = (form.get("game") or "").strip()
    if name not in list_games():
        raise WebError(400, f"unknown game {name!r}; known: {', '.join(list_games())}")
    info = game_class(name).info
    players = whole(form.get("players"), "the number of players")
    players = info.min_players if players is None else players
    params: dict[str, Any] = {"num_players": players}
    preset = (form.get("preset") or "").strip()
    if preset:
        found = [v for v in info.presets if v.name == preset]
        if not found:
            known = ", ".join(v.name for v in info.presets) or "none"
            raise WebError(400, f"{name} has no preset {preset!r} (presets: {known})")
        params.update(found[0].as_dict())
    try:
        game = make_game(name, **params)
    except (GameParameterError, UnknownGameError, ValueError) as exc:
        raise WebError(400, f"{name} with {players} players: {exc}") from None
    seed = whole(form.get("seed"), "the seed")
    seed = secrets.randbits(31) if seed is None else seed
    specs = [(form.get(f"seat{seat}") or "").strip() or "random" for seat in range(players)]
    if HUMAN not in specs:
        raise WebError(400, "no human seat: write 'human' as the agent of your seat(s)")
    agents: list[Agent | None] = []
    for seat, spec in enumerate(specs):
        if spec == HUMAN:
            agents.append(None)
            continue
        try:
            agents.append(make_agent(spec, game, seed=derive_seed(seed, seat)))
        except Exception as exc:  # noqa: BLE001  (AgentSpecError, or a policy file refused)
            raise WebError(400, f"seat P{seat}: bad agent spec {spec!r}: {exc}") from None
    return PlaySession(game, seed, specs, agents)


# ------------------------------------------------------------------ routes
@blueprint.get("/play")
def new_game_page():
    return render_template("new_game.html", games=game_choices(), form=request.args,
                           problem=None)


@blueprint.post("/play")
def start_game():
    try:
        session = start_session(request.form.to_dict())
    except WebError as exc:
        return render_template("new_game.html", games=game_choices(), form=request.form,
                               problem=exc.message), exc.status
    tokens = SESSIONS.add(session)
    if len(tokens) == 1:
        return redirect(url_for("play.game_page", token=next(iter(tokens.values()))), 303)
    return render_template("seats.html", session=session, tokens=tokens)


@blueprint.post("/api/play")
def start_game_api():
    """The same as the form, for scripts: JSON in, ``{"seats": {seat: url}}`` out."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise WebError(400, "send a JSON object: {\"game\": ..., \"players\": ..., "
                            "\"seat0\": \"human\", ...}")
    session = start_session({k: str(v) for k, v in body.items()})
    tokens = SESSIONS.add(session)
    return jsonify({"seats": {seat: url_for("play.game_api", token=token)
                              for seat, token in tokens.items()}}), 201


@blueprint.get("/play/<token>")
def game_page(token: str):
    session, seat = SESSIONS.get(token)
    with session.lock:
        payload = session.seat_payload(seat)
    return render_template("play.html", payload=payload,
                           api=url_for("play.game_api", token=token))


@blueprint.get("/api/play/<token>")
def game_api(token: str):
    session, seat = SESSIONS.get(token)
    with session.lock:
        return jsonify(session.seat_payload(seat))


@blueprint.post("/api/play/<token>/move")
def move_api(token: str):
    session, seat = SESSIONS.get(token)
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or "action" not in body:
        raise WebError(400, "send a JSON object {\"action\": <id>} (an id from the list)")
    with session.lock:
        session.play(seat, body["action"])
        return jsonify(session.seat_payload(seat))
