"""``python -m skagway_env.cli``."""

from . import main

raise SystemExit(main())
