"""Action statistics per entrant of a stored tournament (are the styles different?).

    python experiments/style_stats.py --db runs/bots/dcb-styles.db [--tournament NAME]
"""

from __future__ import annotations

import argparse

from skagway_experiments.tournament import Store
from skagway_experiments.tournament.behaviour import action_statistics, format_action_statistics


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--tournament")
    args = parser.parse_args(argv)
    store = Store(args.db, create=False)
    info = store.find(args.tournament)
    records = store.records(info.id)
    print(f"{info.name}: {len(records)} games of {info.config.game}")
    print(format_action_statistics(action_statistics(info.config, records)))


if __name__ == "__main__":
    main()
