"""The server's log lines: plain text by default, one JSON object a line with `tabletop serve
--log-format json` (docs/server.md, "Logs").

Each line says which request, table and seat it is about when that is known: a request's id is
set for every HTTP request and WebSocket (:class:`RequestLog`, taken from a proxy's
``X-Request-ID`` when it is a plain one, and sent back in the answer's ``X-Request-ID``), a
table's and a seat's once a WebSocket has joined (sockets.py) and for a table's bots (rooms.py).
They are context variables, so work started on behalf of a request (a table's bots after a
person's move) is logged with that request's id.

No line holds a secret: the server never logs a seat's token, a password, a session or an email
address, and the JSON lines are scrubbed besides (:func:`scrub`): an email address becomes
``<email>`` and whatever follows ``token=``, ``password=`` and the like becomes ``<hidden>``.
A request's line has its path without the query (where links put tokens), never its body.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import sys
import time
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import metrics

log = logging.getLogger("tabletop.http")
REQUEST: ContextVar[str | None] = ContextVar("tabletop_request", default=None)
TABLE: ContextVar[str | None] = ContextVar("tabletop_table", default=None)
SEAT: ContextVar[int | None] = ContextVar("tabletop_seat", default=None)

EMAIL = re.compile(r"[\w.%+-]+@[\w-]+(?:\.[\w-]+)*")
SECRET = re.compile(
    r"(?i)((?:token|password|passwd|secret|session|cookie|authorization)[\"']?\s*[=:]\s*[\"']?)"
    r"(?:Bearer\s+)?[^\s\"'&,;)}]+"
)
GIVEN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
FIELDS = ("method", "path", "status", "ms", "client")  # a request line's own fields
FORMAT = "TABLETOP_LOG_FORMAT"  # the server's choice, for its bot worker processes


def bind(table: str | None, seat: int | None = None) -> None:
    """The table and seat the lines logged from here on (in this context) are about."""
    TABLE.set(table)
    SEAT.set(seat)


def scrub(text: str) -> str:
    """``text`` without email addresses or what follows a secret's name."""
    return EMAIL.sub("<email>", SECRET.sub(r"\1<hidden>", text))


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, message, the request, table
    and seat ids when known, a request line's fields, and an exception's traceback."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": scrub(record.getMessage()),
        }
        for name, var in (("request", REQUEST), ("table", TABLE), ("seat", SEAT)):
            value = getattr(record, name, None)
            value = var.get() if value is None else value
            if value is not None:
                line[name] = value
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exception"] = scrub(self.formatException(record.exc_info))
        elif record.stack_info:
            line["stack"] = scrub(record.stack_info)
        return orjson.dumps(line, default=str).decode()


def use_json(level: int = logging.INFO) -> None:
    """Every log line of this process to standard error as JSON (uvicorn's too: serving.py then
    gives uvicorn no logging configuration of its own), and of its bot worker processes."""
    os.environ[FORMAT] = "json"  # inherited by the worker processes: :func:`as_server`
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)  # Python's warnings too, as lines like the others
    logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)  # a line per plugin, each start


def as_server() -> None:
    """In a bot worker process (bots.py): log as the server does."""
    if os.environ.get(FORMAT) == "json":
        use_json()


class RequestLog:
    """Every HTTP request and WebSocket gets an id (in the context, and in the answer's
    ``X-Request-ID``), and a line when it ends (at INFO: shown by `--log-format json`); answers 429
    are counted as rate-limit refusals (metrics.py)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
        request = given if GIVEN_ID.fullmatch(given) else secrets.token_hex(8)
        REQUEST.set(request)
        bind(None)
        begun = time.perf_counter()
        status = 0

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", []), (b"x-request-id", request.encode())]
            await send(message)

        try:
            await self.app(scope, receive, sending if kind == "http" else send)
        finally:
            route = getattr(scope.get("route"), "path", None)
            if status == 429:
                metrics.limited("http", route or "other")
            if log.isEnabledFor(logging.INFO):
                self._line(scope, kind, status, begun)

    @staticmethod
    def _line(scope: Scope, kind: str, status: int, begun: float) -> None:
        path: str = scope.get("path", "")
        client = scope.get("client")
        table = scope.get("path_params", {}).get("table_id")
        if TABLE.get() is None and isinstance(table, str):
            TABLE.set(table)
        method = scope.get("method", "WS") if kind == "http" else "WS"
        extra = {
            "method": method,
            "path": path,
            "status": status or None,
            "ms": round((time.perf_counter() - begun) * 1000, 2),
            "client": client[0] if client else None,
        }
        if kind == "http":
            log.info("%s %s %d", method, path, status, extra=extra)
        else:
            log.info("WebSocket %s closed", path, extra=extra)
