"""Small checks shared by the Skagway rules tests."""

from __future__ import annotations

from skagway_env.games.skagway import street
from skagway_env.games.skagway.stages import Stage


def assert_phase_five(state) -> None:
    """Phase Four is over: nobody waits at home to come to town, and Phase Five (the
    Street, or the next step when the Street is empty) is under way [4.4], [4.5]."""
    from skagway_env.games.skagway.home import coming_home

    if state.stage == Stage.PLACE:  # the turn ran to its end [4.6]: the next placements
        assert state.placer >= 0 and not (state.mines or state.railroad or state.bandits)
        return
    assert coming_home(state) == []
    if street.on_street(state):
        assert state.stage == Stage.STREET_CHOICE
    else:  # on through Phase Six: a decision there, or the next turn's placements
        assert state.stage in (Stage.KEEP_GOLD, Stage.DECAY_ROLL, Stage.PLACE)
