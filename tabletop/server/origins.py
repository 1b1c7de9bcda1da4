"""Other sites' pages may not use this server through their visitors' browsers.

A browser names the page that makes a request in its ``Origin`` header: always on a WebSocket
and on a cross-site ``POST``, ``PUT``, ``PATCH`` or ``DELETE``.  Every WebSocket and every such
request whose ``Origin`` is present and is neither this server (the ``Host`` it was sent to) nor
one of ``Settings.allowed_origins`` is refused: a WebSocket before it opens (HTTP 403; close code
4403 in the ASGI sense), a request with 403 and a JSON ``detail``.  A request without ``Origin``
is not a browser page's (scripts, the tests, bench/load.py, curl): it cannot be a visitor's
browser used against them, and it goes through (the limits still hold; traffic.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from .messages import dumps

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
FORBIDDEN = 4403


def normal(origin: str) -> str:
    """``scheme://host[:port]`` in lower case, for comparing origins ("null" stays "null")."""
    parts = urlsplit(origin.strip())
    if not parts.scheme or not parts.netloc:
        return origin.strip().lower()
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def allowed_origin(origin: str, host: str | None, allowed: Iterable[str]) -> bool:
    """Whether a page at ``origin`` may act on this server, reached at ``host``: its own pages
    (the same host and port, whatever the scheme: behind a TLS proxy the server sees http), or a
    configured origin."""
    parts = urlsplit(origin.strip())
    if host is not None and parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower():
        return True
    return normal(origin) in {normal(a) for a in allowed}


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class OriginCheck:
    """Refuses WebSockets and state-changing requests from other sites' pages (see above)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = tuple(allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        checked = kind == "websocket" or (kind == "http" and scope["method"] not in SAFE_METHODS)
        origin = header(scope, b"origin") if checked else None
        if origin is None or allowed_origin(origin, header(scope, b"host"), self.allowed):
            await self.app(scope, receive, send)
            return
        if kind == "websocket":
            message = await receive()  # websocket.connect; refused before it is accepted
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.close", "code": FORBIDDEN, "reason": "foreign origin"})
            return
        body = dumps({"detail": f"requests from pages at {origin} are not accepted here"}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 403, "headers": headers})
        await send({"type": "http.response.body", "body": body})
