"""Health and readiness, for a load balancer or an orchestrator (docs/server.md, "Health").

``GET /healthz`` answers 200 while the process serves: it looks at nothing else.  ``GET /readyz``
answers 200 only when this process can play its tables: the database answers, its schema is at
the newest revision this code knows (a server whose database is behind, or ahead, waits for
`tabletop db upgrade` or for its own upgrade), the database thread runs, and on PostgreSQL the
process holds its share of the tables (its connection holding their locks answers, and it hears the
other processes' notifications: cluster.py).  Otherwise 503 with the reason.

Both are cheap: /readyz reads one row (the schema's revision) on a thread of its own, never on the
database thread behind the actions, with a time limit, and requests arriving while a check is
under way share it.  Neither is rate-limited (only creating tables, sockets and messages are:
traffic.py), and neither needs an ``Origin``.
"""

from __future__ import annotations

import asyncio
import logging
from functools import lru_cache
from typing import TYPE_CHECKING

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from .storage import head_revision

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("tabletop.server")
TIMEOUT = 3.0  # seconds the database has to answer a readiness check


@lru_cache(maxsize=1)
def newest() -> str:
    """The newest schema revision the code knows (read once)."""
    return head_revision()


class Readiness:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._checking: asyncio.Future[str | None] | None = None
        self._said: str | None = None  # the last reason logged (logged once, when it changes)

    async def reason(self) -> str | None:
        """Why this process is not ready (None: it is); one check at a time, shared."""
        if self._checking is None or self._checking.done():
            self._checking = asyncio.ensure_future(self._check())
        found = await asyncio.shield(self._checking)
        if found != self._said:
            if found is None:
                log.info("ready")
            else:
                log.warning("not ready: %s", found)
            self._said = found
        return found

    async def _check(self) -> str | None:
        hub = self.hub
        if hub.scheduler.closed:
            return "the server is stopping"
        thread = hub.writer._thread
        if thread is None or not thread.is_alive():
            return "the database thread is not running"
        try:
            revision = await asyncio.wait_for(asyncio.to_thread(hub.storage.revision), TIMEOUT)
        except TimeoutError:
            return f"the database did not answer within {TIMEOUT:g} s"
        except Exception as err:
            log.debug("the readiness check could not reach the database: %r", err)
            return f"the database cannot be reached ({type(err).__name__})"
        if revision != newest():
            return (
                f"the database's schema is at revision {revision or 'none'}, this server's is {newest()} "
                "(tabletop db upgrade, or this server's upgrade)"
            )
        if hub.cluster is not None:
            return await hub.cluster.trouble(TIMEOUT)
        return None


def router(hub: Hub) -> APIRouter:
    api = APIRouter()
    readiness = Readiness(hub)

    @api.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @api.get("/readyz", include_in_schema=False)
    async def readyz() -> JSONResponse:
        reason = await readiness.reason()
        if reason is None:
            return JSONResponse({"status": "ready"})
        return JSONResponse({"status": "not ready", "reason": reason}, status_code=503)

    return api
