"""``python -m skagway_experiments.cli``."""

from . import main

raise SystemExit(main())
