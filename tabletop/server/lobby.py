"""The lobby's REST API: games, creating and listing tables, rematches, replays and records."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Query, Request
from fastapi.responses import JSONResponse
from pydantic import ConfigDict, Field

from ..core.errors import TabletopError
from ..core.protocol import JSON
from ..core.registry import game_class, names
from .accounts import current_user, logged_in
from .bot_api import UNASKED, consented, named_seats
from .bots import levels
from .clocks import time_control
from .contract import (
    BOT_COOKIE,
    GAME,
    LOGIN,
    NO_TABLE,
    OPTIONAL,
    PERSON,
    SEAT_REFUSED,
    TABLE_LIMITS,
    TOKEN,
    Body,
    TableId,
    Whole,
    checked,
    declare,
    table_links,
)
from .hub import Hub, finished_summary
from .refused import Refused
from .replay import replay_step
from .rooms import Room
from .tokens import hash_token, new_token
from .traffic import Limited, Ticket, client_address

OptionValue = Whole | bool | str
Made = tuple[Room, dict[int, str]]  # a new table, and each person seat's token (Hub.create)


class Clock(Body):
    mode: str = Field("realtime", max_length=16)
    move: float | None = None
    reserve: float | None = None
    window: float | None = None


SEAT_KIND = checked(
    "'person', a bot level, or '@NAME': the bot account NAME",
    pattern=f"^(person|{'|'.join(levels())})$|^@",
)
TERMS = "terms the game refuses: its options, the number of seats, a seat, the clock, the takeover level"


class CreateTable(Body):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"game": "summon7", "options": {"players": 2}, "seats": ["person", "hard"]}]
        }
    )
    game: str = Field("megalomania", max_length=64, json_schema_extra=GAME)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=16)
    seats: list[Annotated[str, Field(max_length=33, json_schema_extra=SEAT_KIND)]] | None = Field(
        None, max_length=16
    )
    clock: Clock | None = None
    rated: bool = True
    private: bool = False
    takeover: str = Field(
        "normal", max_length=16, json_schema_extra=checked("a bot level", enum=list(levels()))
    )


class Take(Body):
    seat: Whole = Field(ge=0, le=64)


class Rematch(Body):
    token: str | None = Field(None, max_length=128)


def bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


def links(request: Request, room: Room, tokens: dict[int, str]) -> dict[str, JSON]:
    base = str(request.base_url).rstrip("/")
    seats: list[JSON] = []
    for s in room.seats:
        url = f"{base}/table/{room.id}#token={tokens[s.seat]}" if s.seat in tokens else None
        if url is not None and s.user_id is not None:
            url = f"{base}/table/{room.id}"  # an account's seat: its cookie opens it
        seats.append({"seat": s.seat, "kind": s.kind, "level": s.level, "url": url})
    return {"seats": seats, "spectator": f"{base}/table/{room.id}", "replay": f"{base}/replay/{room.id}"}


def admit(hub: Hub, request: Request, watch: bool) -> Ticket:
    """Count a table ``request``'s address creates (``watch``: one without a person seat), or
    answer 429 (traffic.py); the ticket goes to :func:`counted`."""
    try:
        return hub.traffic.admit(client_address(request), watch)
    except Limited as err:
        raise HTTPException(429, err.message, {"Retry-After": err.retry_after}) from None


async def counted(hub: Hub, ticket: Ticket, create: Callable[[], Awaitable[Made]]) -> Made:
    """The new table ``create`` makes, with its seats' tokens, counted with ``ticket`` toward its
    address's limits: one not made does not count, and one the game refuses (its terms) is a 400.
    The lobby's and a tutorial's tables are made so."""
    try:
        room, tokens = await create()
    except BaseException as err:
        hub.traffic.failed(ticket)
        if isinstance(err, TabletopError):
            raise HTTPException(400, str(err)) from None
        raise
    hub.traffic.created_table(ticket, room.id)
    return room, tokens


def router(hub: Hub) -> APIRouter:
    api = APIRouter(prefix="/api")

    async def table(table_id: str) -> Room:
        room = await hub.get(table_id)
        if room is None:
            raise HTTPException(404, f"no table {table_id!r}")
        if hub.cluster is not None:  # the actions other server processes took, if not read yet
            await hub.cluster.ready(room)
        if room.over:
            hub.forget_if_idle(room)
        return room

    @api.get("/games")
    async def games() -> dict[str, Any]:
        found = []
        for name in names():
            cls = game_class(name)
            specs = [
                {
                    "name": spec.name,
                    "type": spec.type.__name__,
                    "default": spec.default,
                    "help": spec.help,
                    "choices": list(spec.choices) if spec.choices is not None else None,
                    "minimum": spec.minimum,
                    "maximum": spec.maximum,
                    "advanced": spec.advanced,  # a designer's option: folded away in the lobby
                }
                for spec in cls.option_specs
                if not (spec.type is str and spec.choices is None)  # free text is not settable here
            ]
            found.append({"name": name, "title": cls.title, "options": specs})
        return {"games": found, "levels": list(levels())}

    @api.post(
        "/tables",
        status_code=201,
        **declare(
            TOKEN,
            BOT_COOKIE,
            UNASKED,
            TABLE_LIMITS,
            {400: TERMS},
            security=OPTIONAL,
            links={201: table_links()},
        ),
    )
    async def create(body: CreateTable, request: Request) -> dict[str, JSON]:
        """A new table; one without a person seat is a "watch bots play" table, of which an address
        and the server may have few (docs/server.md, "Limits")."""
        account = await current_user(hub, request, hub.settings.clock)
        held = await named_seats(hub, body.seats)  # bot accounts seated by name (issue 32)
        consented(held, body.seats, account)
        ticket = admit(hub, request, body.seats is not None and "person" not in body.seats)
        clock = None if body.clock is None else body.clock.model_dump(exclude_none=True)
        room, tokens = await counted(
            hub,
            ticket,
            lambda: hub.create(
                body.game,
                body.options,
                body.seats,
                creator=account,
                control=time_control(clock),
                rated=body.rated,
                private=body.private,
                takeover=body.takeover,
                accounts=held,
            ),
        )
        return {"table": room.summary(), "links": links(request, room, tokens)}

    @api.post(
        "/tables/{table_id}/take",
        **declare(
            TOKEN,
            BOT_COOKIE,
            NO_TABLE,
            SEAT_REFUSED,
            {
                403: "the table is by invitation only; a bot account takes no seat from the lobby",
            },
            security=OPTIONAL,
        ),
    )
    async def take(table_id: TableId, body: Take, request: Request) -> dict[str, str]:
        """Take an open person seat of a table in the lobby: an account's, or a guest's new link."""
        room = await table(table_id)
        if room.row.private:
            raise HTTPException(403, "this table is by invitation only")
        account = await current_user(hub, request, hub.settings.clock)
        if account is not None and account.bot:  # bots are seated by people (issue 32)
            raise HTTPException(403, "a bot account takes no seat from the lobby: a person challenges it")
        token = None if account is not None else new_token()
        try:
            await room.take(body.seat, account, None if token is None else hash_token(token))
        except Refused as err:  # no such person seat, taken, the game over, a block
            raise HTTPException(409, err.message) from None
        return {"url": f"/table/{room.id}" + ("" if token is None else f"#token={token}")}

    @api.get("/me/tables", **declare(TOKEN, LOGIN, security=PERSON))
    async def my_tables(request: Request) -> dict[str, list[dict[str, JSON]]]:
        """The tables of the logged-in user: where the table waits for them first."""
        account = await logged_in(hub, request)
        found: dict[str, list[dict[str, JSON]]] = {"turn": [], "playing": [], "waiting": [], "finished": []}
        for room in sorted(hub.rooms.values(), key=lambda r: -r.row.created):
            seat = room.seat_of(account)
            if seat is None or room.over:
                continue
            kind = "turn" if seat in room.prompts else "waiting" if room.status() == "open" else "playing"
            found[kind].append({**room.summary(), "my_seat": seat})
        for row in await hub.writer.call(hub.storage.user_tables, account.id, True, 20):
            mine = next(s.seat for s in row.seats if s.user_id == account.id)
            found["finished"].append({**finished_summary(row, hub.bot_accounts), "my_seat": mine})
        return found

    @api.get("/tables")
    async def listing() -> dict[str, list[dict[str, JSON]]]:
        return await hub.listing()

    @api.get("/tables/{table_id}", **declare(NO_TABLE))
    async def summary(table_id: TableId) -> dict[str, JSON]:
        return (await table(table_id)).summary()

    @api.post(
        "/tables/{table_id}/rematch",
        status_code=201,
        **declare(
            TOKEN,
            BOT_COOKIE,
            NO_TABLE,
            TABLE_LIMITS,
            {
                403: "only a seated player can ask for a rematch",
                409: "the game is not over, or two of its players have blocked each other",
            },
            security=OPTIONAL,
            links={201: table_links()},
        ),
    )
    async def rematch(table_id: TableId, body: Rematch, request: Request) -> dict[str, JSON]:
        room = await table(table_id)
        if not room.over:
            raise HTTPException(409, "a rematch is for a finished game")
        people = [s for s in room.seats if s.kind == "person"]
        account = await current_user(hub, request, hub.settings.clock)
        seated = (body.token is not None and room.seat_for(body.token) is not None) or (
            account is not None and room.seat_of(account) is not None
        )
        if people and not seated:
            raise HTTPException(403, "only a seated player can ask for a rematch")
        if room.row.rematch is None and await hub.moderation.blocked_seats(room):
            raise HTTPException(409, "no rematch: two players of this table have blocked each other")
        if room.row.rematch is not None:  # asked before: the same table
            new = await hub.rematch(room)
            return {"table": new.summary(), "links": links(request, new, {})}
        ticket = admit(hub, request, not people)  # a new table, counted like any other
        try:
            new = await hub.rematch(room)
        except BaseException:
            hub.traffic.failed(ticket)
            raise
        hub.traffic.created_table(ticket, new.id)
        return {"table": new.summary(), "links": links(request, new, {})}

    @api.get(
        "/tables/{table_id}/replay",
        **declare(
            NO_TABLE,
            {
                400: "no such step or seat at this table",
                403: "a seat's token not valid here; a seat's view before the end without its token",
            },
        ),
    )
    async def replay(
        table_id: TableId,
        step: Annotated[int, Query(ge=0)] = 0,
        seat: Annotated[int | None, Query(ge=0, le=64)] = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, JSON]:
        room = await table(table_id)
        token = bearer(authorization)
        token_seat = room.seat_for(token) if token else None
        if token and token_seat is None:
            raise HTTPException(403, "this token is not valid for this table")
        try:
            return replay_step(room, step, seat, token_seat)
        except Refused as err:
            raise HTTPException(403 if err.code == "forbidden" else 400, err.message) from None

    @api.get(
        "/tables/{table_id}/record",
        **declare(NO_TABLE, {409: "the record is published when the game is over"}),
    )
    async def record(table_id: TableId) -> JSONResponse:
        room = await table(table_id)
        if not room.over:
            raise HTTPException(409, "the record is published when the game is over")
        return JSONResponse(room.record.to_json())

    return api
