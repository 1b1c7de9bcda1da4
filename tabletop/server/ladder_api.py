"""What the levels mean (issue 34): each game's ladder, as ``tabletop ladder GAME --out`` wrote it
(sim/ladder.py) and the package ships it (tabletop/server/ladder/GAME.json), served at
``GET /api/ladder/{game}`` for the leaderboard page.  A game with no file is not measured yet:
its answer's ``ladder`` is null."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from ..core.registry import names
from .contract import NO_GAME, Game, declare

FOLDER = Path(__file__).with_name("ladder")  # package data (pyproject.toml)

Interval = Annotated[list[float], Field(min_length=2, max_length=2, description="95% interval: low, high")]


class LadderLevel(BaseModel):
    """One level's (one bot's) figures in the ladder."""

    model_config = ConfigDict(extra="ignore")
    bot: str = Field(description="the bot: random, heuristic, or a level (easy, normal, hard)")
    games: int = Field(ge=0, description="games it played")
    decisions: int = Field(ge=0, description="decisions it made")
    rating: float = Field(description="Bradley-Terry strength, Elo scale, the entrants' mean 1500")
    rating_95: Interval
    win_share: float = Field(ge=0, le=1, description="first places per game played (a shared first split)")
    win_share_95: Interval
    seconds_per_decision: float = Field(ge=0, description="mean seconds a decision, on the ladder's machine")


class Ladder(BaseModel):
    """One ladder run of a game: the command that made it, when, where, and each level's figures."""

    model_config = ConfigDict(extra="ignore")
    players: int = Field(ge=1, description="players at a table")
    games: int = Field(ge=1)
    deals: int = Field(ge=1)
    seed: int
    command: str = Field(description="the command that made it")
    date: str = Field(description="the day it was run (UTC), YYYY-MM-DD")
    machine: str = Field(description="the machine it ran on (seconds a decision depend on it)")
    reading: str = Field(description="how to read the figures")
    levels: list[LadderLevel]


class LadderAnswer(BaseModel):
    game: str
    ladder: Ladder | None = Field(description="null: the game's levels are not measured yet")


def load(game: str) -> Ladder | None:
    """The ladder the package ships for ``game``, or None."""
    found = FOLDER / f"{game}.json"
    if not found.is_file():
        return None
    return Ladder.model_validate_json(found.read_text(encoding="utf-8"))


def add_ladder(api: APIRouter) -> None:
    """``GET /api/ladder/{game}`` on ``api`` (prefix /api)."""

    @api.get("/ladder/{game}", response_model=LadderAnswer, **declare(NO_GAME))
    async def ladder(game: Game) -> LadderAnswer:
        """What the levels mean: the game's ladder of random, heuristic, easy, normal and hard
        rated against each other in one run (null when not measured yet)."""
        if game not in names():
            raise HTTPException(404, f"no game {game!r}")
        return LadderAnswer(game=game, ladder=load(game))
