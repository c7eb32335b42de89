"""Rewrite the golden playthrough files: ``python -m tests.golden.regenerate``.

Writes one file per registered game (and rewrites any other committed file from
the spec on its first line). Review ``git diff tests/golden`` before committing.
"""

from __future__ import annotations

import skagway_env

from .playthrough import FOLDER, default_spec, path_for, read_spec, render


def main() -> None:
    specs = {path_for(default_spec(n)): default_spec(n) for n in skagway_env.list_games()}
    for path in FOLDER.glob("*.txt"):
        specs.setdefault(path, read_spec(path))
    for path, spec in sorted(specs.items()):
        path.write_text(render(spec))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
