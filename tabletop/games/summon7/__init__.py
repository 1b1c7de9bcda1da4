"""Summon 7, the push-your-luck card game, and the clan game played around it."""

from .game import Summon7

__all__ = ["Summon7"]
