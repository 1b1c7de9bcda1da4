"""MegaCorps, the game of economic domination for 3-6 players (Z-Man Games, 2009)."""

from .game import MegaCorps

__all__ = ["MegaCorps"]
