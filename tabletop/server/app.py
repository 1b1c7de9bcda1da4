"""The FastAPI application: the lobby API, the tables' WebSockets and the browser client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, HTTPException, WebSocket
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import (
    accounts,
    bot_api,
    challenges,
    contract,
    health,
    mail_api,
    metrics,
    moderation_api,
    people,
    players,
    reviews,
    rules_api,
    tutorials,
    ws_schema,
)
from .hub import Hub, Settings
from .lobby import router
from .logs import RequestLog
from .moderation import BannedAddresses
from .origins import OriginCheck
from .pages import add_pages
from .sockets import table_socket
from .storage import Storage

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 16 * 1024

HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        b"style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; "
        b"frame-ancestors 'none'; form-action 'self'",
    ),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-cache"),
]


class Guard:
    """Security headers on every response, and no request bodies over MAX_BODY bytes."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        length = headers.get(b"content-length", b"0")
        if b"transfer-encoding" in headers or not length.isdigit() or int(length) > MAX_BODY:
            body = b'{"detail":"request body too large (16 KB at most)"}'
            sized = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
            await send({"type": "http.response.start", "status": 413, "headers": [*sized, *HEADERS]})
            await send({"type": "http.response.body", "body": body})
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


def create_app(db_url: str = "sqlite:///tabletop.db", settings: Settings | None = None) -> FastAPI:
    """The server for the database at ``db_url`` (``sqlite:///FILE`` or ``postgresql://...``)."""
    hub = Hub(Storage(db_url), settings)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.close()

    app = FastAPI(
        title="tabletop",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.hub = hub
    contract.document(app)  # the exact OpenAPI document: middleware answers, security (contract.py)
    app.include_router(router(hub))
    app.include_router(accounts.router(hub, hub.settings.clock))
    app.include_router(players.router(hub))
    app.include_router(reviews.router(hub))  # a finished game's review (issue 28)
    app.include_router(rules_api.router())  # the players' rules and glossaries
    app.include_router(tutorials.router(hub))  # guided first games (issue 28)
    app.include_router(health.router(hub))  # /healthz, /readyz (issue 31)
    app.include_router(metrics.router(hub))  # /metrics for Prometheus (issue 31)
    app.include_router(mail_api.router(hub))  # email, password resets, notifications (issue 30)
    app.include_router(moderation_api.router(hub))  # admins, blocks (issue 31)
    app.include_router(people.router(hub))  # a player's data: download, delete (issue 31)
    app.include_router(bot_api.router(hub))  # bot accounts, API tokens, /api/bot (issue 32)
    app.include_router(ws_schema.router())  # the WebSocket messages' JSON Schema (issue 32)
    app.include_router(challenges.router(hub))  # people challenge bot accounts (issue 32)

    @app.websocket("/ws/tables/{table_id}")
    async def table_ws(websocket: WebSocket, table_id: str) -> None:
        await table_socket(hub, websocket, table_id)

    add_pages(app, WEB)  # the site's pages, on one layout (pages.py)

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        if not (WEB / "favicon.svg").is_file():
            raise HTTPException(404)
        return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    app.add_middleware(OriginCheck, allowed=hub.settings.allowed_origins)  # origins.py
    app.add_middleware(BannedAddresses, hub=hub)  # suspended addresses refused (moderation.py)
    app.add_middleware(Guard)  # outermost: its headers go on every answer
    app.add_middleware(RequestLog)  # around all: request ids, a log line each, 429s counted (logs.py)
    return app
