"""Which agents a spec can name: the built-in kinds, kinds you register, and your own
classes named by module or file.

Spec forms (``specs.py`` parses them):

- ``kind``, ``kind:key=value,...``, ``kind:argument[,key=value...]``: a registered kind
  (``random``, ``flatmc``, ``heuristic``, ``mcts``, ``human``, ``ppo``, and yours);
- ``package.module:ClassName[,key=value...]``: a class importable from ``sys.path``;
- ``path/to/file.py:ClassName[,key=value...]``: a class in a file of your own.

``register_agent("greedy", GreedyBot)`` makes ``greedy`` a kind everywhere: the command
line, tournament YAML, MCTS ``prior=``/``rollout=``. The factory (a class, or any
callable) is called as ``factory(game, seed, **options)`` and must return an ``Agent``.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skagway_env.core import Game

from .base import Agent
from .specs import AgentSpecError, check_options, format_spec, parse_spec

AgentFactory = Callable[..., Agent]

AGENT_KINDS: dict[str, AgentFactory] = {}
"""Registered kinds -> factories; ``register_agent`` adds to it."""

def register_agent(kind: str, factory: AgentFactory | str) -> None:
    """Make ``kind`` name an agent: ``factory`` is a class or callable taking
    ``(game, seed, **options)``, or a ``"module:Class"`` string imported when needed."""
    if not kind or any(c in kind for c in ":,= "):
        raise ValueError(f"agent kind {kind!r} must be a plain word (no ':', ',', '=' or space)")
    AGENT_KINDS[kind] = _lazy(factory) if isinstance(factory, str) else factory


def unregister_agent(kind: str) -> None:
    AGENT_KINDS.pop(kind, None)


def _lazy(target: str) -> AgentFactory:
    def build(game: Game, seed: int | None = None, **options: Any) -> Agent:
        return _load_class(*target.split(":", 1))(game, seed, **options)

    build.__name__ = target
    build.lazy_target = target  # type: ignore[attr-defined]  (make_agent loads the class)
    return build


def _load_class(where: str, name: str) -> type:
    """``name`` from a module (``package.module``) or a file (``path/to/bot.py``)."""
    if where.endswith(".py") or "/" in where or "\\" in where:
        path = Path(where).expanduser().resolve()
        if not path.is_file():
            raise AgentSpecError(f"no agent file {where}")
        module_name = "skagway_user_agent_" + hashlib.sha1(str(path).encode()).hexdigest()[:12]
        module = sys.modules.get(module_name)
        if module is None:
            spec = importlib.util.spec_from_file_location(module_name, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module
            try:
                spec.loader.exec_module(module)
            except Exception as exc:
                del sys.modules[module_name]
                raise AgentSpecError(f"{where}: cannot load it ({type(exc).__name__}: "
                                     f"{exc})") from None
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise AgentSpecError(f"unknown agent {where!r}: not a registered kind, and not "
                                 f"an importable module ({exc}); known kinds: "
                                 f"{', '.join(sorted(AGENT_KINDS))}") from None
    cls = getattr(module, name, None)
    if not isinstance(cls, type) or not issubclass(cls, Agent):
        raise AgentSpecError(f"{where}:{name} is not an Agent class (subclass "
                             "skagway_agents.Agent)")
    return cls


def make_agent(spec: str, game: Game, seed: int | None = None) -> Agent:
    """Build an agent from a spec such as ``"random"``, ``"flatmc:playouts=64"`` or
    ``"my_bots.py:GreedyBot,depth=2"``.

    Raises ``AgentSpecError`` (a ``ValueError``) naming the known agents or the valid
    options. The agent's ``spec`` attribute is its canonical spec string.
    """
    kind, options = parse_spec(spec)
    if kind in AGENT_KINDS:
        factory = AGENT_KINDS[kind]
        if hasattr(factory, "lazy_target"):  # register_agent(kind, "module:Class")
            factory = _load_class(*factory.lazy_target.split(":", 1))
        positional = getattr(factory, "positional", "path")
    else:
        if "path" not in options:
            raise AgentSpecError(
                f"unknown agent {spec!r}; known: {', '.join(sorted(AGENT_KINDS))} "
                "(or name a class of your own: module:Class or file.py:Class)")
        factory = _load_class(kind, options["path"])
        positional = "path"
        options = {k: v for k, v in options.items() if k != "path"}
    if "path" in options and positional != "path":
        options[positional] = options.pop("path")
    options = check_options(factory, kind, options, spec)
    try:
        agent = factory(game, seed, **options)
    except (TypeError, ValueError) as exc:
        raise AgentSpecError(f"agent {spec!r}: {exc}") from None
    if not isinstance(agent, Agent):
        raise AgentSpecError(f"agent {spec!r}: its factory returned {type(agent).__name__}, "
                             "not an Agent")
    if kind in AGENT_KINDS:
        agent.spec = format_spec(kind, {**options, **agent.params()}, positional)
    else:
        agent.spec = format_spec(kind, {"path": factory.__name__, **options, **agent.params()})
    return agent


register_agent("exit", "skagway_agents.exit.agent:ExitAgent")  # imported when first named
