"""Bots.  They see an Observation (a view, the legal actions, a world sampler), never a state."""

from .base import AGENTS, Agent, Observation, RandomAgent, make_agent, observe

__all__ = ["AGENTS", "Agent", "Observation", "RandomAgent", "make_agent", "observe"]
