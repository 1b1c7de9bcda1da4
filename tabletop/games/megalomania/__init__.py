"""Megalomania: trick-taking with card powers, cubes, missions and scrolls (BGERA Games, 2022)."""

from .actions import Action, parse_action
from .game import Megalomania
from .state import MegalomaniaState

__all__ = ["Action", "Megalomania", "MegalomaniaState", "parse_action"]
