"""The server's HTTP API as a bot account sees it: who am I, which seats do I hold, which
challenges wait for my answer (accept one: a table is made with me seated; or decline it).

Requests go through the standard library (``urllib``, in a worker thread so that the event loop
never waits): a bot asks these rarely, and the client needs nothing beyond what the server itself
installs.  Every request shows the API token in ``Authorization: Bearer``; the token is never
logged or put in a URL.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ..core.errors import TabletopError

TIMEOUT = 15.0  # seconds an HTTP request may take


class ClientError(TabletopError):
    """The server refused a request or could not be reached."""


class Unauthorized(ClientError):
    """The token is not (or no longer) valid: revoked, or never made.  Retrying cannot help."""


class Forbidden(ClientError):
    """The server refuses this for good (a table's seat the bot does not hold, a foreign origin...)."""


class RateLimited(ClientError):
    """Too many requests with this token: try again after ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Unreachable(ClientError):
    """No answer (the network, or the server restarting): worth trying again later."""


class Gone(ClientError):
    """What was asked is no longer possible: a challenge answered, taken back or expired (409)."""


@dataclass(frozen=True)
class SeatInfo:
    """A seat the bot account holds at an unfinished table (``GET /api/bot/seats``)."""

    table: str
    game: str
    seat: int
    status: str  # "open" (waiting for players) or "running"
    step: int
    asked: bool  # the game asks this seat now


@dataclass(frozen=True)
class Challenge:
    """A person's challenge waiting for the bot's answer (``GET /api/bot/challenges``)."""

    id: int
    challenger: str  # the person's account
    game: str
    options: dict[str, Any]
    seats: list[str]  # "person" (the challenger's), "@NAME" (the bot's), built-in levels
    seat: int  # the bot's seat
    clock: dict[str, Any]  # the time control: {"mode", "move", "reserve", "window"}
    rated: bool
    expires: float  # the server's time when it expires unanswered


def _challenge(c: dict[str, Any]) -> Challenge:
    return Challenge(
        id=int(c["id"]),
        challenger=str(c["challenger"]),
        game=str(c["game"]),
        options=dict(c["options"]),
        seats=[str(s) for s in c["seats"]],
        seat=int(c["seat"]),
        clock=dict(c["clock"]),
        rated=bool(c["rated"]),
        expires=float(c["expires"]),
    )


def socket_base(server: str) -> str:
    """The WebSocket address of a server's ``http(s)://`` address."""
    parts = urlsplit(server)
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    return urlunsplit((scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def _detail(body: bytes, status: int) -> str:
    try:
        found = json.loads(body)
    except ValueError:
        return f"HTTP {status}"
    detail = found.get("detail") if isinstance(found, dict) else None
    return f"HTTP {status}: {detail}" if isinstance(detail, str) else f"HTTP {status}"


class Api:
    """The HTTP API of the server at ``server`` (``http://host:port``), as the token's bot."""

    def __init__(self, server: str, token: str, timeout: float = TIMEOUT) -> None:
        if urlsplit(server).scheme not in ("http", "https"):
            raise ClientError(f"the server's address starts with http:// or https://, not {server!r}")
        self.server = server.rstrip("/")
        self._token = token
        self.timeout = timeout

    def headers(self) -> dict[str, str]:
        """What every request and WebSocket of the bot shows: its token."""
        return {"Authorization": f"Bearer {self._token}"}

    def _get(self, path: str) -> Any:
        return self._request("GET", path)

    def _request(self, method: str, path: str, body: Any = None) -> Any:
        headers = {**self.headers(), "Accept": "application/json"}
        data = None
        if body is not None:
            data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
        request = urllib.request.Request(self.server + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as err:
            body, status = err.read(), err.code
            message = _detail(body, status)
            if status == 401:
                raise Unauthorized(message) from None
            if status == 429:
                raise RateLimited(message, float(err.headers.get("Retry-After") or 60)) from None
            if status in (403, 404):
                raise Forbidden(message) from None
            if status == 409:
                raise Gone(message) from None
            if status in (400, 422):
                raise ClientError(message) from None  # the request is wrong: sending it again cannot help
            raise Unreachable(message) from None  # 5xx: the server's trouble, perhaps passing
        except (OSError, ValueError) as err:
            raise Unreachable(f"{self.server} did not answer: {err}") from None

    async def get(self, path: str) -> Any:
        """``GET path`` as JSON, in a worker thread; raises a :class:`ClientError`."""
        return await asyncio.to_thread(self._get, path)

    async def post(self, path: str, body: Any = None) -> Any:
        """``POST path`` (with ``body`` as JSON), its answer as JSON, in a worker thread; raises a
        :class:`ClientError`."""
        return await asyncio.to_thread(self._request, "POST", path, body)

    async def me(self) -> str:
        """The bot account's name."""
        found = await self.get("/api/bot/me")
        return str(found["name"])

    async def seats(self) -> list[SeatInfo]:
        """The seats the bot holds at unfinished tables, the oldest table first."""
        found = await self.get("/api/bot/seats")
        return [
            SeatInfo(
                table=str(s["table"]),
                game=str(s["game"]),
                seat=int(s["seat"]),
                status=str(s["status"]),
                step=int(s["step"]),
                asked=bool(s["asked"]),
            )
            for s in found["seats"]
        ]

    async def challenges(self) -> list[Challenge]:
        """The challenges waiting for the bot's answer, the oldest first."""
        found = await self.get("/api/bot/challenges")
        return [_challenge(c) for c in found["challenges"]]

    async def accept(self, challenge: int) -> SeatInfo:
        """Accept a challenge: the table is made, the bot seated; its seat, to play at once.
        Raises :class:`Gone` when the challenge is no longer open."""
        made = await self.post(f"/api/bot/challenges/{challenge}/accept")
        return SeatInfo(
            table=str(made["table"]),
            game=str(made["challenge"]["game"]),
            seat=int(made["seat"]),
            status="running",
            step=0,
            asked=False,
        )

    async def decline(self, challenge: int, reason: str | None = None) -> None:
        """Decline a challenge, saying why to the challenger (``reason``, up to 200 characters).
        Raises :class:`Gone` when the challenge is no longer open."""
        await self.post(f"/api/bot/challenges/{challenge}/decline", {"reason": reason})
