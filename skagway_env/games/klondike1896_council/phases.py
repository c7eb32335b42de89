"""The phases of a council round (``CouncilState.phase``), in their own module so that
the observation can read them at import time (the state imports the observation)."""

FILL, REQUEST, RACE, ORDER, TAKE, JOIN, OVER, PACE = range(8)
PHASE_NAMES = ("lay out cards", "turn request", "race", "order declarations",
               "take card", "join up", "over", "draw a move's pace")
