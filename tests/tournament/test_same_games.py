"""A faster tournament plays the same games: the default ``make run`` line-up (random,
both Skagway heuristics, IS-MCTS with the landlord prior; the search cut to 3
iterations to keep the test short) must store, game for game, the scores, ranks and
actions it stored on main at d042404, before the views, heuristics and search were
made faster. ``experiments/bench_tournament.py --against DIR`` checks the full
default tournament the same way, against another checkout."""

from __future__ import annotations

import copy
import hashlib
import json

from skagway_experiments.tournament import config_from_dict, schedule
from skagway_experiments.tournament.config import DEFAULT_CONFIG
from skagway_experiments.tournament.runner import play_scheduled

RECORDED = [  # game index, seats, scores, ranks, length, sha256 of the actions (16 hex)
    (0, ("landlord", "mcts-landlord", "prospector", "random"), (0.0, 86.0, 78.0, 24.0),
     (4.0, 1.0, 2.0, 3.0), 242, "e15d7213c28c79a3"),
    (1, ("landlord", "mcts-landlord", "random", "prospector"), (64.0, 45.0, 25.0, 65.0),
     (2.0, 3.0, 4.0, 1.0), 265, "360947c19be29f56"),
    (2, ("landlord", "prospector", "mcts-landlord", "random"), (103.0, 64.0, 20.0, 31.0),
     (1.0, 2.0, 4.0, 3.0), 324, "54a0cbd733fc6b83"),
]


def test_the_default_lineup_plays_the_recorded_games():
    data = copy.deepcopy(DEFAULT_CONFIG)
    for entrant in data["entrants"]:
        if entrant["spec"].startswith("mcts"):
            entrant["spec"] = "mcts:iterations=3,prior=heuristic:landlord"
    config = config_from_dict(data)
    played = []
    for scheduled in schedule(config)[:len(RECORDED)]:
        record = play_scheduled(config, scheduled)
        digest = hashlib.sha256(json.dumps(record.actions).encode()).hexdigest()[:16]
        played.append((record.game_index, record.seats, record.scores, record.ranks,
                       record.length, digest))
    assert played == RECORDED
