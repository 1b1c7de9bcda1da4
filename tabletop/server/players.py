"""The ratings' REST API: a leaderboard per game (and which game to show first), a player's page
and their rating plotted over time.

Answers carry names, ratings and games only: never a password hash, a session or a seat token.
The database is read on the writer thread; the plot (matplotlib, drawn without pyplot's global
state) is drawn in a worker thread and kept, per player and number of rated games, in a small
cache.
"""

from __future__ import annotations

import asyncio
import io
import threading
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request, Response

from ..core.errors import UnknownGame
from ..core.protocol import JSON
from ..core.registry import game_class, names
from . import ratings
from .accounts import current_user
from .contract import NO_GAME, OPTIONAL, TOKEN, AccountName, Game, SvgResponse, declare
from .hub import Hub
from .ladder_api import add_ladder

PLOTS_KEPT = 64  # rendered plots kept in memory
MAX_NAME = 64
NO_PLAYER = {404: "no such player"}
SVG = SvgResponse.media_type
_draw_lock = threading.Lock()  # matplotlib's text layout and font cache are shared state


def title_of(game: str) -> str:
    try:
        return str(game_class(game).title)
    except UnknownGame:
        return game


def standing_json(row: ratings.Standing) -> dict[str, JSON]:
    return {
        "player": row.player,
        "name": row.name,
        "bot": row.bot,
        "rating": row.rating,
        "mu": row.mu,
        "sigma": row.sigma,
        "games": row.games,
        "url": None if row.player.startswith("bot:") else f"/players/{row.name}",  # a level has no page
    }


def page_json(page: ratings.PlayerPage) -> dict[str, JSON]:
    return {
        "name": page.name,
        "bot": page.bot,  # a bot account (issue 32)
        "ratings": [
            {
                "game": r.game,
                "title": title_of(r.game),
                "rating": r.rating,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "history": [{"at": p.at, "rating": p.rating, "table": p.table} for p in r.history],
                "start": {"at": r.started, "rating": ratings.start_rating()},
            }
            for r in page.ratings
        ],
        "games": [
            {
                "table": g.table,
                "game": g.game,
                "title": title_of(g.game),
                "finished_at": g.finished_at,
                "seat": g.seat,
                "rank": g.rank,
                "players": g.players,
                "left": g.left,
                "rated": g.rated,
                "change": g.change,
                "replay": f"/replay/{g.table}",
            }
            for g in page.games
        ],
    }


HOUR = 3600.0
DAY = 24 * HOUR


def line_of(rating: ratings.GameRating) -> tuple[list[float], list[int]]:
    """A game's plotted line: the start rating when its first rated table was made, then the
    rating after each rated game (so that one game is a line, not a lone dot)."""
    times, values = [p.at for p in rating.history], [p.rating for p in rating.history]
    if times:
        start = times[0] - 60 if rating.started is None else min(rating.started, times[0] - 60)
        times, values = [start, *times], [ratings.start_rating(), *values]
    return times, values


def draw(page: ratings.PlayerPage, narrow: bool = False) -> bytes:
    """The shown rating over time as SVG, one line per game (blocking: run it in a thread).
    ``narrow``: a phone's plot, nearly square, with larger text (it is shown about its own size).
    Its texts stay text (``svg.fonttype``), sized in the SVG's own units."""
    import numpy as np
    from matplotlib import dates, rc_context
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    text, muted, back = "#f1ead6", "#a7b3a9", "#15231c"
    size, small, large = ((4.0, 3.6), 11, 12) if narrow else ((7.5, 3.4), 9, 11)
    with (
        _draw_lock,
        rc_context(
            {
                "date.converter": "concise",
                "svg.hashsalt": "tabletop",
                "svg.fonttype": "none",  # texts stay text, sized in the SVG's units
                "xtick.labelsize": small,  # also the dates' offset ("2026-Nov-28")
                "ytick.labelsize": small,
            }
        ),
    ):
        figure = Figure(figsize=size, dpi=100, facecolor=back, layout="constrained")
        FigureCanvasAgg(figure)
        axes = figure.add_subplot()
        axes.set_facecolor(back)
        lines = [r for r in page.ratings if r.history]
        for rating in lines:
            times, values = line_of(rating)
            when = np.array([round(t) for t in times], dtype="datetime64[s]")  # UTC
            axes.plot(when, values, marker="o", markersize=4 if narrow else 3.5, label=title_of(rating.game))
        if lines:
            times = [t for r in lines for t in line_of(r)[0]]
            if max(times) - min(times) < 2 * DAY:  # a day or two of games: hours, not years
                pad = max((max(times) - min(times)) / 8, HOUR / 2)  # a game or two: a slope, not a wall
                span = np.array([round(min(times) - pad), round(max(times) + pad)], dtype="datetime64[s]")
                axes.set_xlim(span[0], span[1])
            locator = dates.AutoDateLocator(minticks=2, maxticks=4 if narrow else 8)  # type: ignore[no-untyped-call]
            axes.xaxis.set_major_locator(locator)
            axes.xaxis.set_major_formatter(dates.ConciseDateFormatter(locator))  # type: ignore[no-untyped-call]
            axes.set_ylabel("Rating", color=text, fontsize=small)
            legend = axes.legend(loc="best", frameon=False, fontsize=small)
            for label in legend.get_texts():
                label.set_color(text)
        else:
            axes.set_xticks([])
            axes.set_yticks([])
            axes.text(0.5, 0.5, "No rated games yet", ha="center", va="center", color=muted, fontsize=13)
        axes.set_title(f"{page.name}: rating over time", color=text, fontsize=large)
        axes.tick_params(colors=muted)
        axes.grid(True, color="#2a3d33", linewidth=0.6)
        for spine in axes.spines.values():
            spine.set_color("#2a3d33")
        out = io.BytesIO()
        figure.savefig(out, format="svg", facecolor=back, metadata={"Date": None})
    return out.getvalue()


def router(hub: Hub) -> APIRouter:
    api = APIRouter(prefix="/api")
    plots: dict[tuple[str, int, bool], bytes] = {}

    async def page_of(name: str) -> ratings.PlayerPage:
        found = None
        if len(name) <= MAX_NAME:
            found = await hub.writer.call(ratings.player, hub.storage, name)
        if found is None:
            raise HTTPException(404, f"no player {name!r}")
        return found

    @api.get("/ratings", **declare(TOKEN, security=OPTIONAL))
    async def rated(request: Request) -> dict[str, Any]:
        """Every game with its number of rated tables, and the game the leaderboard opens on: the
        logged-in account's last rated game, else the game with the most rated tables."""
        counts = await hub.writer.call(ratings.rated_games, hub.storage)
        account = await current_user(hub, request, hub.settings.clock)
        last = None if account is None else await hub.writer.call(ratings.last_rated, hub.storage, account.id)
        known = list(names())
        busiest = max(known, key=lambda g: counts.get(g, 0), default=None)  # the first of equals
        first = last if last in known else busiest if busiest is not None and counts.get(busiest) else None
        games = [{"game": g, "title": title_of(g), "rated": counts.get(g, 0)} for g in known]
        return {"games": games, "first": first, "last": last}

    @api.get("/ratings/{game}", **declare(NO_GAME))
    async def leaderboard(
        game: Game, board: Annotated[str, Query(pattern="^(people|bots)$")] = "people"
    ) -> dict[str, Any]:
        """A game's leaderboard: people's, or the bots' (bot accounts and the built-in levels)."""
        if game not in names():
            raise HTTPException(404, f"no game {game!r}")
        rows = await hub.writer.call(ratings.leaderboard, hub.storage, game, 100, board == "bots")
        players = [standing_json(r) for r in rows]
        return {"game": game, "title": title_of(game), "board": board, "players": players}

    @api.get("/players/{name}", **declare(NO_PLAYER))
    async def player(name: AccountName) -> dict[str, JSON]:
        return page_json(await page_of(name))

    @api.get("/players/{name}/rating.svg", response_class=SvgResponse, **declare(NO_PLAYER, media={200: SVG}))
    async def plot(
        name: AccountName, size: Annotated[str, Query(pattern="^(wide|narrow)$")] = "wide"
    ) -> Response:
        page = await page_of(name)
        narrow = size == "narrow"
        key = (page.name.lower(), page.history_rows, narrow)
        svg = plots.get(key)
        if svg is None:
            svg = await asyncio.to_thread(draw, page, narrow)
            plots[key] = svg
            while len(plots) > PLOTS_KEPT:
                del plots[next(iter(plots))]  # the oldest drawn
        return SvgResponse(svg)

    add_ladder(api)  # GET /api/ladder/{game}: what the levels mean (issue 34)
    return api
