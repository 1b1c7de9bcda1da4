"""Limits on what one client address may do, so that nobody can take the server for themselves.

Per address: tables created in a minute, unfinished tables it created, bot-only ("watch bots
play") tables it created, WebSockets open at once, WebSockets opened to one table in a minute;
and on the whole server, bot-only tables.  (A WebSocket's own message rate is counted in
sockets.py.)  Each limit is a :class:`Settings` field, 0 turning it off; docs/server.md lists them.

The address is the connection's peer, or behind a reverse proxy the client the proxy names in
``X-Forwarded-For`` when `tabletop serve --forwarded-allow-ips` trusts that proxy (uvicorn
rewrites the peer; serving.py).  What a table's creator's address was is kept in memory only:
after a restart the tables resumed count toward the server-wide limit, not any address's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from starlette.requests import HTTPConnection

from .limits import Limiter
from .scheduler import bot_only

if TYPE_CHECKING:
    from .hub import Settings
    from .rooms import Room

MINUTE = 60.0
RETRY_OPEN = 60  # seconds suggested to wait when a limit on open tables is reached


class Limited(Exception):
    """A limit is reached: ``code`` names it (a WebSocket error code), ``wait`` is a suggestion of
    seconds before trying again (HTTP ``Retry-After``)."""

    def __init__(self, code: str, message: str, wait: float) -> None:
        super().__init__(message)
        self.code, self.message, self.wait = code, message, wait

    @property
    def retry_after(self) -> str:
        return str(max(1, math.ceil(self.wait)))


def client_address(conn: HTTPConnection) -> str:
    return conn.client.host if conn.client is not None else "unknown"


class Ticket:
    """A table being created: counted toward its address's limits until it exists or fails."""

    __slots__ = ("address", "watch")

    def __init__(self, address: str, watch: bool) -> None:
        self.address, self.watch = address, watch


class Traffic:
    def __init__(self, settings: Settings, rooms: Mapping[str, Room]) -> None:
        self.settings = settings
        self.rooms = rooms  # the hub's tables in memory (every unfinished one is)
        clock = settings.clock
        self.created = Limiter(settings.tables_per_minute, MINUTE, clock)
        self.joins = Limiter(settings.joins_per_minute, MINUTE, clock)
        self.owned: dict[str, set[str]] = {}  # address -> the tables it created (this run)
        self.pending: list[Ticket] = []  # tables being created
        self.sockets: dict[str, int] = {}  # address -> WebSockets open

    # -- tables -----------------------------------------------------------------------------
    def _open_tables(self, address: str) -> list[Room]:
        """The unfinished tables ``address`` created; forgets its finished ones."""
        mine = self.owned.get(address)
        if not mine:
            return []
        found = []
        for table in list(mine):
            room = self.rooms.get(table)
            if room is None or room.over:
                mine.discard(table)
            else:
                found.append(room)
        if not mine:
            del self.owned[address]
        return found

    def admit(self, address: str, watch: bool) -> Ticket:
        """May ``address`` create a table now (``watch``: one without a person seat)?  Raises
        :class:`Limited`; else counts it and returns its ticket, for :meth:`created` or
        :meth:`failed`."""
        s = self.settings
        wait = self.created.blocked(address)
        if wait:
            raise Limited(
                "rate-limit", f"too many tables created; at most {s.tables_per_minute} a minute", wait
            )
        mine = self._open_tables(address)
        pending = [t for t in self.pending if t.address == address]
        if s.open_tables and len(mine) + len(pending) >= s.open_tables:
            raise Limited(
                "too-many",
                f"you have {s.open_tables} unfinished tables; finish or leave some first",
                RETRY_OPEN,
            )
        if watch:
            own = sum(1 for r in mine if bot_only(r)) + sum(1 for t in pending if t.watch)
            if s.watch_tables_per_address and own >= s.watch_tables_per_address:
                raise Limited(
                    "too-many",
                    f"you are watching {s.watch_tables_per_address} bot-only tables; at most "
                    f"{s.watch_tables_per_address} at once (a table with a person seat is not limited so)",
                    RETRY_OPEN,
                )
            everyone = sum(1 for r in self.rooms.values() if not r.over and bot_only(r))
            everyone += sum(1 for t in self.pending if t.watch)
            if s.watch_tables and everyone >= s.watch_tables:
                raise Limited(
                    "too-many",
                    f"this server runs {s.watch_tables} bot-only tables already; try again later",
                    RETRY_OPEN,
                )
        self.created.note(address)
        ticket = Ticket(address, watch)
        self.pending.append(ticket)
        return ticket

    def created_table(self, ticket: Ticket, table_id: str) -> None:
        self.pending.remove(ticket)
        self.owned.setdefault(ticket.address, set()).add(table_id)

    def failed(self, ticket: Ticket) -> None:
        """The table was not created after all: it does not count."""
        self.pending.remove(ticket)
        self.created.forget(ticket.address)

    # -- WebSockets ---------------------------------------------------------------------------
    def socket_opened(self, address: str) -> None:
        """Count a WebSocket of ``address`` (raises :class:`Limited` beyond the limit); every
        socket counted is given back with :meth:`socket_closed`."""
        most = self.settings.sockets_per_address
        open_now = self.sockets.get(address, 0)
        if most and open_now >= most:
            raise Limited(
                "too-many", f"too many connections from your address ({most} at most); close some", 10.0
            )
        self.sockets[address] = open_now + 1

    def socket_closed(self, address: str) -> None:
        left = self.sockets.get(address, 0) - 1
        if left > 0:
            self.sockets[address] = left
        else:
            self.sockets.pop(address, None)

    def join(self, address: str, table_id: str) -> None:
        """A WebSocket of ``address`` asks to join ``table_id``: raises :class:`Limited` beyond
        ``joins_per_minute`` such attempts."""
        wait = self.joins.take(f"{address} {table_id[:32]}")
        if wait:
            most = self.settings.joins_per_minute
            raise Limited("rate-limit", f"too many connections to this table ({most} a minute)", wait)
