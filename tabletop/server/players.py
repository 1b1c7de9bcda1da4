"""The ratings' REST API: a leaderboard per game, a player's page and their rating plotted over time.

Answers carry names, ratings and games only: never a password hash, a session or a seat token.
The database is read on the writer thread; the plot (matplotlib, drawn without pyplot's global
state) is drawn in a worker thread and kept, per player and number of rated games, in a small
cache.
"""

from __future__ import annotations

import asyncio
import io
import threading
from typing import Any

from fastapi import APIRouter, HTTPException, Response

from ..core.errors import UnknownGame
from ..core.protocol import JSON
from ..core.registry import game_class, names
from . import ratings
from .hub import Hub

PLOTS_KEPT = 64  # rendered plots kept in memory
MAX_NAME = 64
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
        "url": None if row.bot else f"/players/{row.name}",
    }


def page_json(page: ratings.PlayerPage) -> dict[str, JSON]:
    return {
        "name": page.name,
        "ratings": [
            {
                "game": r.game,
                "title": title_of(r.game),
                "rating": r.rating,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "history": [{"at": p.at, "rating": p.rating, "table": p.table} for p in r.history],
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


DAY = 24 * 3600.0


def draw(page: ratings.PlayerPage) -> bytes:
    """The shown rating over time as SVG, one line per game (blocking: run it in a thread)."""
    import numpy as np
    from matplotlib import rc_context
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    text, muted, back = "#f1ead6", "#a7b3a9", "#15231c"
    with _draw_lock, rc_context({"date.converter": "concise", "svg.hashsalt": "tabletop"}):
        figure = Figure(figsize=(7.5, 3.4), dpi=100, facecolor=back, layout="constrained")
        FigureCanvasAgg(figure)
        axes = figure.add_subplot()
        axes.set_facecolor(back)
        lines = [r for r in page.ratings if r.history]
        for rating in lines:
            when = np.array([round(p.at) for p in rating.history], dtype="datetime64[s]")  # UTC
            axes.plot(
                when,
                [p.rating for p in rating.history],
                marker="o",
                markersize=3.5,
                label=title_of(rating.game),
            )
        if lines:
            times = [p.at for r in lines for p in r.history]
            if max(times) - min(times) < 2 * DAY:  # a day or two of games: hours, not years
                middle = (max(times) + min(times)) / 2
                span = np.array([round(middle - DAY), round(middle + DAY)], dtype="datetime64[s]")
                axes.set_xlim(span[0], span[1])
            axes.set_ylabel("Rating", color=text)
            legend = axes.legend(loc="best", frameon=False, fontsize=9)
            for label in legend.get_texts():
                label.set_color(text)
        else:
            axes.set_xticks([])
            axes.set_yticks([])
            axes.text(0.5, 0.5, "No rated games yet", ha="center", va="center", color=muted, fontsize=13)
        axes.set_title(f"{page.name}: rating over time", color=text, fontsize=11)
        axes.tick_params(colors=muted, labelsize=9)
        axes.grid(True, color="#2a3d33", linewidth=0.6)
        for spine in axes.spines.values():
            spine.set_color("#2a3d33")
        out = io.BytesIO()
        figure.savefig(out, format="svg", facecolor=back, metadata={"Date": None})
    return out.getvalue()


def router(hub: Hub) -> APIRouter:
    api = APIRouter(prefix="/api")
    plots: dict[tuple[str, int], bytes] = {}

    async def page_of(name: str) -> ratings.PlayerPage:
        found = None
        if len(name) <= MAX_NAME:
            found = await hub.writer.call(ratings.player, hub.storage, name)
        if found is None:
            raise HTTPException(404, f"no player {name!r}")
        return found

    @api.get("/ratings/{game}")
    async def leaderboard(game: str) -> dict[str, Any]:
        if game not in names():
            raise HTTPException(404, f"no game {game!r}")
        rows = await hub.writer.call(ratings.leaderboard, hub.storage, game)
        return {"game": game, "title": title_of(game), "players": [standing_json(r) for r in rows]}

    @api.get("/players/{name}")
    async def player(name: str) -> dict[str, JSON]:
        return page_json(await page_of(name))

    @api.get("/players/{name}/rating.svg")
    async def plot(name: str) -> Response:
        page = await page_of(name)
        key = (page.name.lower(), page.history_rows)
        svg = plots.get(key)
        if svg is None:
            svg = await asyncio.to_thread(draw, page)
            plots[key] = svg
            while len(plots) > PLOTS_KEPT:
                del plots[next(iter(plots))]  # the oldest drawn
        return Response(svg, media_type="image/svg+xml")

    return api
