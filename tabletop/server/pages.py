"""The site's pages: each a Jinja2 template in tabletop/web/pages/ on one layout (layout.html:
the head every page shares, its style sheets and script, the header bar), with its part of the head
in :data:`HEADS`.  A page has nothing per request (its script asks the API for what it shows), so
each is rendered once, when the app is made, and served as it is."""

from __future__ import annotations

from dataclasses import asdict, dataclass
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


@dataclass(frozen=True)
class Head:
    """A page's part of what every page shares (layout.html): the head, the body tag, a skip link."""

    title: str
    script: str  # its module: js/<script>.js
    sheets: tuple[str, ...]  # its style sheets after style.css, in order: css/<sheet>.css
    body: str  # the body's classes
    skip: tuple[str, str] | None = None  # a skip link first in the body: the id it goes to, and to what


# page (its template's name) -> its head
HEADS: dict[str, Head] = {
    "index": Head("tabletop · play online", "lobby", ("screens", "lobby"), "lobby-page"),
    "table": Head(
        "Table · tabletop",
        "table",
        ("summon7", "manasurge", "megacorps", "megacorps-offers", "chat", "screens", "rules", "tutorial"),
        "table-page",
        skip=("board", "the table"),
    ),
    "replay": Head(
        "Replay · tabletop",
        "replay",
        ("summon7", "manasurge", "megacorps", "screens"),
        "table-page replay-page",
    ),
    "leaderboard": Head("Leaderboard · tabletop", "leaderboard", ("screens", "players"), "players-page"),
    "player": Head("Player · tabletop", "player", ("screens", "players"), "players-page"),
    "rules": Head(
        "Rules · tabletop",
        "rules",
        ("screens", "manasurge", "rules"),
        "rules-page",
        skip=("rules", "the rules"),
    ),
    "account": Head(
        "Your account · tabletop", "settings", ("screens", "players", "account"), "players-page account-page"
    ),
}


def render_all(web: Path) -> dict[str, str]:
    """Every page of ``web``/pages as HTML, by name (the layout is no page).  A page with no head in
    :data:`HEADS` fails here, not in a visitor's browser."""
    env = Environment(
        loader=FileSystemLoader(web / "pages"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,  # a page that names what it is not given fails here, not quietly
        trim_blocks=True,
        lstrip_blocks=True,
    )
    pages = [path.stem for path in sorted((web / "pages").glob("*.html")) if path.stem != "layout"]
    if missing := [name for name in pages if name not in HEADS]:
        raise LookupError(f"no head in pages.HEADS for the page {', '.join(missing)}")
    return {name: env.get_template(f"{name}.html").render(asdict(HEADS[name])) for name in pages}


def add_pages(app: Starlette, web: Path) -> None:
    """Serve each page at its addresses (not in the API's schema)."""
    html = render_all(web)
    for address, name in PAGES.items():

        async def page(request: Request, text: str = html[name]) -> HTMLResponse:
            return HTMLResponse(text)

        app.add_route(address, page, include_in_schema=False)
