"""
# Klondike Rush

(env docs table: filled in below)
"""

from .game import KlondikeRushGame, KlondikeRushParams
from .state import KlondikeRushState

__all__ = ["KlondikeRushGame", "KlondikeRushParams", "KlondikeRushState"]
