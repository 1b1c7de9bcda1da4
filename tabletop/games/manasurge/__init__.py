"""ManaSurge, the spell-passing card game for 3-5 wizards (print-and-play edition)."""

from .game import ManaSurge

__all__ = ["ManaSurge"]
