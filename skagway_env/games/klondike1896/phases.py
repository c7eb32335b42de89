"""The phases of a round ([Playing a round] 1-4), as ``State.phase`` holds them."""

SETUP, DEAL, AUCTION, PLACE, EXTRA, EXTRA_PLACE, OVER = range(7)
PHASE_NAMES = ("setup", "deal", "auction", "place", "additional auction",
               "additional place", "over")
