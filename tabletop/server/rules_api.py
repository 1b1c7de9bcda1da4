"""The players' rules and glossaries over HTTP (tabletop/words/rules): what the rules pages
(``/rules/GAME``), the table's rules panel and the terms explained on the table read.

``GET /api/rules`` lists the games that have rules; ``GET /api/rules/GAME`` is one game's rules
(:meth:`~tabletop.words.rules.Rules.to_json`), 404 with a sentence for a game without any.  The
files are read and checked once per process; nothing here depends on a table or a seat.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from ..core.errors import InvalidOptions
from ..core.protocol import JSON
from ..core.registry import names
from ..words.rules import games, rules
from .contract import Game, declare


def rules_json(game: str) -> dict[str, JSON]:
    """The rules of ``game`` as the API sends them (HTTPException 404 when it has none)."""
    if game not in games():
        known = ", ".join(g for g in names() if g in games())
        if game in names():
            raise HTTPException(404, f"{game} has no rules page yet; there are rules for {known}")
        raise HTTPException(404, f"there is no game called {game[:40]!r}; there are rules for {known}")
    try:
        return rules(game).to_json()
    except InvalidOptions as err:  # a broken file: the tests catch it, a server says so
        raise HTTPException(500, f"the rules of {game} cannot be read: {err}") from None


def router() -> APIRouter:
    api = APIRouter()

    @api.get("/api/rules")
    async def list_rules() -> dict[str, JSON]:
        """The registered games with rules, in the registry's order: ``{"games": [{"game",
        "title", "pitch", "players"}]}``."""
        listed: list[JSON] = []
        for game in names():
            if game in games():
                data = rules_json(game)
                listed.append({key: data[key] for key in ("game", "title", "pitch", "players")})
        return {"games": listed}

    @api.get("/api/rules/{game}", **declare({404: "no such game, or no rules page for it yet"}))
    async def game_rules(game: Game) -> dict[str, JSON]:
        return rules_json(game)

    return api
