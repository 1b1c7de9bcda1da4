"""Worlds from a view: for each game, a state whose view for the seat is exactly the view received.

An online bot has its seat's view, not the state; a search bot samples full states consistent
with it (``obs.sample_world``).  A game's samples depend only on the seat's view and the generator
(docs/architecture.md, "Bots and search"), so any state showing that view samples what the true
state samples: each game's module here builds one such state, the *world*, from the view alone,
putting the hidden things anywhere they may be (a sample redraws them).  observe.py checks that
the world shows exactly the view before sampling from it.

A builder is ``world(game, view) -> State``, named ``world`` in the game's module below.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from ...core.protocol import Game, State

World = Callable[[Game[Any], Mapping[str, Any]], State[Any]]
MODULES: dict[str, str] = {  # a game's name: its module here
    "summon7": "summon7",
    "clan": "clan",
    "megalomania": "megalomania",
    "manasurge": "manasurge",
    "megacorps": "megacorps",
}


def world_builder(game: str) -> World | None:
    """The world builder of ``game``; None for a game without one."""
    module = MODULES.get(game)
    if module is None:
        return None
    found: World = importlib.import_module(f"{__name__}.{module}").world
    return found
