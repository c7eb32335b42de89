"""Agent spec strings: ``kind`` or ``kind:key=value,key=value`` or ``kind:path``.

Examples: ``random``, ``flatmc:playouts=64``, ``human``, ``ppo:runs/model.zip``.
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
        for part in rest.split(","):
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise AgentSpecError(f"agent spec {spec!r}: expected key=value, got {part!r}")
            options[key.strip()] = parse_value(value)
    return kind, options


def check_options(cls: type, kind: str, options: dict[str, Any]) -> None:
    """Name the valid options when ``options`` has one the agent does not take."""
    params = inspect.signature(cls.__init__).parameters
    valid = [p for p in params if p not in ("self", "game", "seed")
             and params[p].kind is not inspect.Parameter.VAR_KEYWORD]
    unknown = sorted(set(options) - set(valid))
    if unknown:
        takes = f"valid: {', '.join(valid)}" if valid else "it takes no options"
        raise AgentSpecError(f"agent {kind!r} has no option {', '.join(unknown)} ({takes})")


def format_spec(kind: str, options: dict[str, Any]) -> str:
    """The canonical spec string of an agent (options sorted)."""
    if not options:
        return kind
    if set(options) == {"path"}:
        return f"{kind}:{options['path']}"
    return kind + ":" + ",".join(f"{k}={options[k]}" for k in sorted(options))
