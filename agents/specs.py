"""Agent spec strings: ``kind`` or ``kind:key=value,key=value`` or ``kind:path``.

Examples: ``random``, ``flatmc:playouts=64``, ``human``, ``ppo:runs/model.zip``,
``heuristic:landlord,assay=4``, ``my_bots.py:GreedyBot,depth=2`` (``registry.py``).
Every agent records its canonical spec (kind plus the options it was built with),
so a stored result says exactly which agent played.
"""

from __future__ import annotations

import inspect
from typing import Any


class AgentSpecError(ValueError):
    """An agent spec that names no known agent or passes options it does not take."""


def parse_value(text: str) -> Any:
    """``"3"`` -> 3, ``"0.5"`` -> 0.5, ``"true"`` -> True, ``"none"`` -> None, else text."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", "null"):
        return None
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text.strip()


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a spec into its kind and options (a bare argument becomes ``path``)."""
    kind, _, rest = spec.strip().partition(":")
    kind = kind.strip()
    if not kind:
        raise AgentSpecError(f"empty agent spec {spec!r}")
    options: dict[str, Any] = {}
    if rest and "=" not in rest:
        options["path"] = rest.strip()
    elif rest:
        parts = rest.split(",")
        if "=" not in parts[0]:  # a leading bare argument: heuristic:barber,cut_turn=2
            options["path"] = parts.pop(0).strip()
        for part in parts:
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise AgentSpecError(f"agent spec {spec!r}: expected key=value, got {part!r}")
            options[key.strip()] = parse_value(value)
    return kind, options


def split_spec_list(text: str) -> list[str]:
    """Split a comma-separated list of specs, where options also use commas.

    A piece ``key=value`` (an ``=`` before any ``:``) continues the spec before it, so
    ``random,heuristic:landlord,assay=4,mcts:iterations=20,rollout=heuristic`` is three
    specs. Any other piece starts a new spec: the grammar only allows a bare argument
    right after ``kind:``, so the split is unambiguous.
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        head = piece.split(":", 1)[0]
        if "=" in head and specs:
            specs[-1] += "," + piece
        elif "=" in head:
            raise AgentSpecError(f"agent list {text!r} starts with an option, {piece!r}")
        else:
            specs.append(piece)
    return specs


def check_options(factory: Any, kind: str, options: dict[str, Any]) -> None:
    """Name the valid options when ``options`` has one the agent does not take.

    ``factory`` is an agent class (its ``__init__`` is read) or any callable.
    """
    target = factory.__init__ if isinstance(factory, type) else factory
    params = inspect.signature(target).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return  # the agent checks its own open-ended options
    valid = [p for p in params if p not in ("self", "game", "seed")]
    unknown = sorted(set(options) - set(valid))
    if unknown:
        takes = f"valid: {', '.join(valid)}" if valid else "it takes no options"
        raise AgentSpecError(f"agent {kind!r} has no option {', '.join(unknown)} ({takes})")


def format_spec(kind: str, options: dict[str, Any], positional: str = "path") -> str:
    """The canonical spec string of an agent: its bare argument, then sorted options."""
    rest = {k: v for k, v in options.items() if k != positional}
    parts = [str(options[positional])] if positional in options else []
    parts += [f"{k}={rest[k]}" for k in sorted(rest)]
    return kind + (":" + ",".join(parts) if parts else "")
