"""Environments for game-AI research: PettingZoo, Gymnasium and OpenSpiel, every game (docs/envs.md).

The encodings (numbers only, no extra needed) are :func:`encoding_for`; the environments need the
``rl`` extra (``pip install tabletop[rl]``) and import it when first made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .encoding import Encoding, UnknownAction
from .registry import ENCODINGS, encoding_for

__all__ = ["ENCODINGS", "Encoding", "UnknownAction", "encoding_for", "gymnasium_env", "pettingzoo_env"]


def pettingzoo_env(game: str, render_mode: str | None = None, **options: Any) -> Any:
    """A PettingZoo AEC environment of ``game`` (options as for ``tabletop.make``)."""
    from .aec import TabletopAEC

    return TabletopAEC(game, render_mode=render_mode, **options)


def gymnasium_env(
    game: str,
    seat: int = 0,
    opponents: str | Sequence[Any] = "heuristic",
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
    **options: Any,
) -> Any:
    """A Gymnasium environment of ``game`` where the learner plays ``seat`` against ``opponents``
    (a bot's name for every other seat, or one name or agent per other seat, in seat order); an
    action outside the mask ends the episode with ``illegal_reward``."""
    from .single import TabletopGym

    return TabletopGym(game, seat, opponents, render_mode, illegal_reward, **options)
