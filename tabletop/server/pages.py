"""The site's pages: each a Jinja2 template in tabletop/web/pages/ on one layout (layout.html:
the head every page shares, its style sheets and script, the header bar).  A page has nothing
per request (its script asks the API for what it shows), so each is rendered once, when the app
is made, and served as it is."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse

# address -> page (its template's name); the scripts read the rest of the address themselves
PAGES: dict[str, str] = {
    "/": "index",
    "/table/{table_id}": "table",
    "/replay/{table_id}": "replay",
    "/leaderboard": "leaderboard",
    "/players/{name}": "player",
    "/rules": "rules",
    "/rules/{game}": "rules",  # js/rules.js reads the game from the address
    "/account": "account",
}


def render_all(web: Path) -> dict[str, str]:
    """Every page of ``web``/pages as HTML, by name (the layout is no page)."""
    env = Environment(
        loader=FileSystemLoader(web / "pages"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,  # a page that forgets its title or script fails here, not quietly
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return {
        path.stem: env.get_template(path.name).render()
        for path in sorted((web / "pages").glob("*.html"))
        if path.stem != "layout"
    }


def add_pages(app: Starlette, web: Path) -> None:
    """Serve each page at its addresses (not in the API's schema)."""
    html = render_all(web)
    for address, name in PAGES.items():

        async def page(request: Request, text: str = html[name]) -> HTMLResponse:
            return HTMLResponse(text)

        app.add_route(address, page, include_in_schema=False)
