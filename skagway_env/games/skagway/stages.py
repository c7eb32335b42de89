"""Names of the decision points and of the places a Worker can be.

``StrEnum`` values equal the strings the engine has always stored, so serialized
states keep their layout and a deserialized plain string compares (and hashes) equal
to its member. The order of each enum is the order of its one-hot block in the
observation tensor (``observation.py``): append, never reorder, without bumping
``env_version``.
"""

from __future__ import annotations

from enum import StrEnum


class Stage(StrEnum):
    """What the state waits for: a seat's decision or a chance outcome (DESIGN.md)."""

    SETUP = "setup"  # [3.4] the starting player, at random
    PLACE = "place"  # [4.2]
    MINE_PULL = "mine_pull"  # [4.3.1] pull an own Assay Worker for an extra counter
    MINE_DRAW = "mine_draw"
    RAIL_DRAW = "rail_draw"  # [4.3.2]
    GOODS_DRAW = "goods_draw"
    GOODS_ROLL = "goods_roll"
    GOODS_CASH = "goods_cash"
    TURN_IN = "turn_in"  # [4.3.3]
    BUY = "buy"  # [4.3.3], [6.0]
    HAND_DRAW = "hand_draw"  # [4.3.4]
    SHERIFF_FLIP = "sheriff_flip"  # [4.3.5]
    STEP_DOWN = "step_down"
    STREET_CHOICE = "street_choice"  # [4.5.1]
    DUEL_ROLL = "duel_roll"
    BRIBE_OFFER = "bribe_offer"  # [7.0]
    BRIBE_ANSWER = "bribe_answer"
    CATCH_ROLL = "catch_roll"
    KEEP_GOLD = "keep_gold"  # [4.6]
    DECAY_ROLL = "decay_roll"
    OVER = "over"  # [5.0], or stopped by ``max_turns``
    STREET_ORDER = "street_order"  # [4.5] an owner orders its own tied Workers (I5)
    BRIBE_DEMAND = "bribe_demand"  # [7.0] the leader answers the Sheriff's counter-offer
    CHASE = "chase"  # [7.0] "If the Sheriff chooses to try to catch the bandits"
    DECAY_PICK = "decay_pick"  # [4.6] which card a die showing 1 was rolled for (H3)


class Location(StrEnum):
    """Where a Worker is (``SkagwayState.loc``)."""

    OUT = "out"  # a seat beyond the player count: not in the game
    HOME = "home"  # in front of its player
    MINES = "mines"  # [4.2.1]
    RAILROAD = "railroad"  # [4.2.2]
    ASSAY = "assay"  # [4.2.3]
    DOCKS = "docks"  # [4.2.4]
    DEPUTY = "deputy"  # [4.2.5]
    SHERIFF = "sheriff"  # [4.3.5]
    RESIDENCY = "residency"  # [4.4.1] the building spaces, in SPACES order
    GRUB = "grub"
    ENRICHMENT = "enrichment"
    RESIDENCY_FREE = "residency_free"  # [4.4.1] the empty Residency space, no charge
    STREET = "street"  # [4.5]
    BANK = "bank"  # [4.5.1] robbing it
    JAIL = "jail"  # [7.0]
    CEMETERY = "cemetery"  # [4.5.1]
    POOL = "pool"  # a Hired Hand face down at the Docks [3.1]
    RECRUITED = "recruited"  # a Hired Hand drawn face down, waiting for Phase Six [4.3.4]


class HandState(StrEnum):
    """A Hired Hand's standing (``SkagwayState.hand_state``) [4.3.4], [4.6]."""

    POOL = "pool"
    RECRUITED = "recruited"  # drawn face down this turn
    ACTIVE = "active"  # works for the Recruiter this turn


PLACE_LOCATIONS = (Location.MINES, Location.RAILROAD, Location.ASSAY, Location.DOCKS,
                   Location.DEPUTY)  # in the order of ``actions.PLACE_SPACES``
NIGHT_LOCATIONS = (Location.RESIDENCY, Location.GRUB, Location.ENRICHMENT)  # SPACES order

# Python 3.11 reads an enum member off its class slowly (about 0.7 µs, ten times a
# module global): the rules' hot paths (``current_player``, the legal-action and
# apply dispatch, loops over the Workers) use these module-level names for the same
# members. ``tests/skagway/test_stages.py`` checks each name is its member.
(SETUP, PLACE, MINE_PULL, MINE_DRAW, RAIL_DRAW, GOODS_DRAW, GOODS_ROLL, GOODS_CASH, TURN_IN,
 BUY, HAND_DRAW, SHERIFF_FLIP, STEP_DOWN, STREET_CHOICE, DUEL_ROLL, BRIBE_OFFER, BRIBE_ANSWER,
 CATCH_ROLL, KEEP_GOLD, DECAY_ROLL, OVER, STREET_ORDER, BRIBE_DEMAND, CHASE, DECAY_PICK) = Stage
(OUT, HOME, MINES, RAILROAD, ASSAY, DOCKS, DEPUTY, SHERIFF, RESIDENCY, GRUB, ENRICHMENT,
 RESIDENCY_FREE, STREET, BANK, JAIL, CEMETERY, POOL, RECRUITED) = Location
HAND_POOL, HAND_RECRUITED, HAND_ACTIVE = HandState
