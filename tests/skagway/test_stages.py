"""The module-level names in ``stages.py`` are the enum members of the same name."""

from __future__ import annotations

from skagway_env.games.skagway import stages
from skagway_env.games.skagway.stages import HandState, Location, Stage


def test_fast_names_are_the_members():
    for enum, prefix in ((Stage, ""), (Location, ""), (HandState, "HAND_")):
        for name, member in enum.__members__.items():
            assert getattr(stages, prefix + name) is member


def test_values_are_the_stored_strings():
    """Serialized states keep their layout: a member equals (and hashes as) its value."""
    assert Stage.PLACE == "place" and hash(Location.HOME) == hash("home")
    assert {Stage.BUY: 1}["buy"] == 1
