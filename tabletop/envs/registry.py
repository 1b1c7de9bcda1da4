"""Which encoding each game has, made once per game and options (the tables are cached)."""

from __future__ import annotations

import importlib
from typing import Any

from ..core.errors import UnknownGame
from ..core.protocol import Game
from ..core.registry import make
from .encoding import Encoding

ENCODINGS: dict[str, str] = {
    "megalomania": "tabletop.envs.megalomania:MegalomaniaEncoding",
    "summon7": "tabletop.envs.summon7:Summon7Encoding",
    "clan": "tabletop.envs.clan:ClanEncoding",
    "manasurge": "tabletop.envs.manasurge:ManaSurgeEncoding",
    "megacorps": "tabletop.envs.megacorps:MegaCorpsEncoding",
}
_MADE: dict[tuple[str, tuple[tuple[str, Any], ...]], Encoding[Any]] = {}


def encoding_for(game: Game[Any] | str, **options: Any) -> Encoding[Any]:
    """The encoding of ``game`` (a game, or a name and options), shared by every environment of
    that game and options."""
    if isinstance(game, str):
        game = make(game, **options)
    key = (game.name, tuple(sorted(game.options.items())))
    found = _MADE.get(key)
    if found is None:
        try:
            module, _, cls = ENCODINGS[game.name].partition(":")
        except KeyError:
            raise UnknownGame(
                f"no encoding for {game.name!r}; encoded games: {', '.join(ENCODINGS)}"
            ) from None
        found = _MADE[key] = getattr(importlib.import_module(module), cls)(game)
    return found
