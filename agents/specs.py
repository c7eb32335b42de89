"""Agent spec strings: ``kind`` or ``kind:key=value,key=value`` or ``kind:path``.

Examples: ``random``, ``flatmc:playouts=64``, ``human``, ``ppo:runs/model.zip``,
``heuristic:landlord,assay=4``, ``my_bots.py:GreedyBot,depth=2`` (``registry.py``).
Every agent records its canonical spec (kind plus the options it was built with),
so a stored result says exactly which agent played.
"""

from __future__ import annotations

import inspect
import math
from dataclasses import dataclass
from typing import Any

import numpy as np


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


@dataclass(frozen=True)
class Option:
    """What one agent option accepts: its type (``int``, ``float``, ``bool`` or
    ``str``), an inclusive range for numbers, the allowed words for text, and whether
    ``none`` is allowed. Agent classes declare theirs in ``options`` (a mapping of name
    to ``Option``), so a bad value is refused when the agent is built, in one line that
    names the option, the value and what is allowed, never mid-game as a traceback."""

    kind: type
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] | None = None
    none: bool = False
    above: bool = False
    """``low`` itself is excluded (a rate or a time budget must be more than 0)."""

    def allowed(self) -> str:
        """What the option takes, in words (``an integer >= 1``, ``one of good, bad``)."""
        if self.choices is not None:
            text = "one of " + ", ".join(self.choices)
        elif self.kind is bool:
            text = "true or false"
        elif self.kind is str:
            text = "a word or spec"
        else:
            text = "an integer" if self.kind is int else "a number"
            if self.low is not None and self.high is not None:
                text += f" from {_plain(self.low)} to {_plain(self.high)}"
                text += " (more than the first)" if self.above else ""
            elif self.low is not None:
                text += f" {'>' if self.above else '>='} {_plain(self.low)}"
            elif self.high is not None:
                text += f" <= {_plain(self.high)}"
        return text + (" (or none)" if self.none else "")

    def accepts(self, value: Any) -> bool:
        if isinstance(value, np.generic):  # np.int64(5) from Python callers
            value = value.item()
        if value is None:
            return self.none
        if self.kind is bool:
            return isinstance(value, bool)
        if self.kind is str:
            return isinstance(value, str) and (self.choices is None or value in self.choices)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if self.kind is int and not isinstance(value, int):
            return False
        if not math.isfinite(value):
            return False
        return ((self.low is None or value > self.low or (value == self.low and not self.above))
                and (self.high is None or value <= self.high))

    def check(self, key: str, value: Any) -> Any:
        """``value`` if allowed (as given: an int stays an int in a ``float`` option,
        so canonical specs keep their spelling), else ``AgentSpecError`` naming the
        key, the value and what is allowed."""
        if not self.accepts(value):
            raise AgentSpecError(f"{key}={_shown(value)} is not allowed: expected "
                                 f"{self.allowed()}")
        return value


def _plain(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else str(number)


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    return repr(value) if isinstance(value, str) else str(value)


def option_from_default(default: Any) -> Option | None:
    """The ``Option`` a default value implies (its type, any range), or ``None`` when
    the default says nothing (``None``, a list, an object): such options go unchecked."""
    for kind in (bool, int, float, str):
        if type(default) is kind:
            return Option(kind)
    return None


def declared_options(factory: Any) -> dict[str, Option | None] | None:
    """The options an agent factory takes: its ``options`` declaration, else one
    ``Option`` per keyword of its signature, typed by the default value (``None``:
    not checked). ``None`` when the factory takes open-ended ``**options``."""
    declared = _own_declaration(factory)
    if declared is not None:
        return dict(declared)
    target = factory.__init__ if isinstance(factory, type) else factory
    params = inspect.signature(target).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return None  # the agent checks its own open-ended options
    return {name: (None if p.default is inspect.Parameter.empty
                   else option_from_default(p.default))
            for name, p in params.items() if name not in ("self", "game", "seed")}


def _own_declaration(factory: Any) -> dict[str, Option | None] | None:
    """``factory.options`` when it describes the ``__init__`` that will run: a subclass
    that writes its own ``__init__`` (a user's ``FailingAgent(RandomAgent)``) takes the
    options of its own signature, not those its base declared."""
    if not isinstance(factory, type):
        declared = getattr(factory, "options", None)
        return declared if isinstance(declared, dict) else None
    owner = next((c for c in factory.__mro__ if "options" in vars(c)), None)
    if owner is None or not isinstance(vars(owner)["options"], dict):
        return None
    init_owner = next(c for c in factory.__mro__ if "__init__" in vars(c))
    if init_owner is not owner and issubclass(init_owner, owner):
        return None  # __init__ overridden below the declaration
    return vars(owner)["options"]


def check_values(kind: str, options: dict[str, Any], valid: dict[str, Option | None],
                 spec: str | None = None) -> dict[str, Any]:
    """Refuse an unknown option or a value its ``Option`` does not allow (one line,
    naming ``spec`` when given); returns the options."""
    unknown = sorted(set(options) - set(valid))
    if unknown:
        takes = f"valid: {', '.join(valid)}" if valid else "it takes no options"
        raise AgentSpecError(f"agent {kind!r} has no option {', '.join(unknown)} ({takes})")
    checked = dict(options)
    for key, value in options.items():
        option = valid[key]
        if option is not None:
            try:
                checked[key] = option.check(key, value)
            except AgentSpecError as exc:
                if spec is None:
                    raise
                raise AgentSpecError(f"agent {spec!r}: {exc}") from None
    return checked


def check_options(factory: Any, kind: str, options: dict[str, Any],
                  spec: str | None = None) -> dict[str, Any]:
    """Check ``options`` against what ``factory`` declares (``declared_options``):
    unknown names are refused naming the valid ones, bad values naming what is allowed.
    Returns the checked options. ``factory`` is an agent class or any callable."""
    valid = declared_options(factory)
    if valid is None:
        return options
    return check_values(kind, options, valid, spec)


def format_spec(kind: str, options: dict[str, Any], positional: str = "path") -> str:
    """The canonical spec string of an agent: its bare argument, then sorted options."""
    rest = {k: v for k, v in options.items() if k != positional}
    parts = [str(options[positional])] if positional in options else []
    parts += [f"{k}={rest[k]}" for k in sorted(rest)]
    return kind + (":" + ",".join(parts) if parts else "")
