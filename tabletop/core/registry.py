"""Games by name.  A game registers a loader so that importing the package stays cheap."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import UnknownGame
from .protocol import Game

# name -> "module:Class"; a game package adds itself here.
_GAMES: dict[str, str] = {
    "megalomania": "tabletop.games.megalomania.game:Megalomania",
    "summon7": "tabletop.games.summon7.game:Summon7",
    "clan": "tabletop.games.summon7.clan.game:Clan",
    "manasurge": "tabletop.games.manasurge.game:ManaSurge",
    "megacorps": "tabletop.games.megacorps.game:MegaCorps",
}


def register(name: str, target: str) -> None:
    """Register ``target`` ("module:Class") under ``name``."""
    _GAMES[name] = target


def names() -> list[str]:
    return sorted(_GAMES)


def game_class(name: str) -> type[Game[Any]]:
    try:
        target = _GAMES[name.lower()]
    except KeyError:
        raise UnknownGame(f"no game called {name!r}; known games: {', '.join(names())}") from None
    module, _, cls = target.partition(":")
    found: type[Game[Any]] = getattr(importlib.import_module(module), cls)
    return found


def make(name: str, **options: Any) -> Game[Any]:
    """The game ``name`` with validated options, e.g. ``make("megalomania", players=3)``."""
    return game_class(name)(**options)
