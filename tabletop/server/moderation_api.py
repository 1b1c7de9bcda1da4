"""The moderation API (issue 31): admins' requests under ``/api/admin`` (403 for anybody else), and
a player's blocks.  An admin's change is written with its event (moderation_store.py) and applied
here at once; the other server processes apply it at their next clock tick (moderation.py).  No
request gives or takes the admin role: only ``tabletop admin grant`` does."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Request

from . import moderation_store as store
from .accounts import logged_in
from .contract import (
    ACCOUNT,
    BOT_COOKIE,
    LOGIN,
    OWNER,
    PERSON,
    TOKEN,
    AccountName,
    RowId,
    TableId,
    checked,
    declare,
    link,
)
from .hub import Hub
from .schema import Account

ADMIN = {**TOKEN, **LOGIN, 403: "for admins only"}
ACTS = {**ADMIN, **BOT_COOKIE}


NO_OTHER = {404: "no other account is so named"}
HaltKind = Annotated[str, Path(json_schema_extra=checked("any other: 404", enum=["pause", "resume", "end"]))]
SuspendKind = Annotated[str, Path(json_schema_extra=checked("any other: 404", enum=["suspend", "unsuspend"]))]
Address = Annotated[str, Path(json_schema_extra=checked("a client address", minLength=1, maxLength=64))]


def router(hub: Hub) -> APIRouter:
    api = APIRouter()
    call, storage, clock = hub.writer.call, hub.storage, hub.settings.clock

    async def admin(request: Request) -> Account:
        account = await logged_in(hub, request)
        if not await call(store.is_admin, storage, account.id):
            raise HTTPException(403, "for admins only")
        return account

    def by(account: Account) -> str:
        return f"admin:{account.name}"

    # -- admins ------------------------------------------------------------------------------
    @api.get("/api/admin/tables", **declare(ADMIN, security=PERSON))
    async def tables(request: Request, everything: bool = False) -> dict[str, Any]:
        await admin(request)
        return {"tables": await call(store.tables, storage, everything)}

    @api.get("/api/admin/players", **declare(ADMIN, security=PERSON))
    async def players(request: Request, like: str = "") -> dict[str, Any]:
        await admin(request)
        return {"players": await call(store.players, storage, like[:32])}

    @api.post(
        "/api/admin/tables/{table_id}/{kind}",
        **declare(
            ACTS,
            {404: "no such table", 409: "the table is finished, paused already or not paused"},
            security=PERSON,
        ),
    )
    async def halt(table_id: TableId, kind: HaltKind, request: Request) -> dict[str, Any]:
        """``kind``: pause, resume or end."""
        account = await admin(request)
        if kind not in ("pause", "resume", "end"):
            raise HTTPException(404, "a table is paused, resumed or ended")
        why = await call(store.halt, storage, table_id[:16], kind, by(account), clock())
        if why is not None:
            raise HTTPException(409 if why.startswith("table") else 404, why)
        await hub.moderation.poll()  # here at once; the other processes at their next tick
        return {"table": table_id, "status": hub.moderation.halt(table_id) or "playing"}

    @api.post(
        "/api/admin/accounts/{name}/{kind}",
        **declare(ACTS, {404: "no such account", 409: "an admin does not suspend themself"}, security=PERSON),
    )
    async def suspend(name: AccountName, kind: SuspendKind, request: Request) -> dict[str, Any]:
        """``kind``: suspend or unsuspend."""
        account = await admin(request)
        if kind not in ("suspend", "unsuspend"):
            raise HTTPException(404, "an account is suspended or unsuspended")
        if name.lower() == account.name.lower():
            raise HTTPException(409, "an admin does not suspend themself")
        if not await call(store.suspend, storage, name[:64], kind == "suspend", by(account), clock()):
            raise HTTPException(404, f"no account is named {name!r}")
        await hub.moderation.poll()
        return {"name": name, "suspended": kind == "suspend"}

    @api.post(
        "/api/admin/addresses/{address}/{kind}",
        **declare(ACTS, {404: "an address is suspended or unsuspended"}, security=PERSON),
    )
    async def ban(address: Address, kind: SuspendKind, request: Request) -> dict[str, Any]:
        """``kind``: suspend or unsuspend a client address."""
        account = await admin(request)
        if kind not in ("suspend", "unsuspend") or not 0 < len(address) <= 64:
            raise HTTPException(404, "an address is suspended or unsuspended")
        changed = await call(store.ban, storage, address, kind == "suspend", by(account), clock())
        await hub.moderation.poll()
        return {"address": address, "suspended": kind == "suspend", "changed": changed}

    @api.get("/api/admin/reports", **declare(ADMIN, security=PERSON))
    async def reports(request: Request, everything: bool = False) -> dict[str, Any]:
        await admin(request)
        return {"reports": await call(store.reports, storage, everything)}

    @api.post(
        "/api/admin/reports/{report_id}/resolve", **declare(ACTS, {404: "no such report"}, security=PERSON)
    )
    async def resolve(report_id: RowId, request: Request) -> dict[str, bool]:
        await admin(request)
        if not await call(store.resolve, storage, report_id, clock()):
            raise HTTPException(404, "no such report")
        return {"ok": True}

    # -- a player's blocks ---------------------------------------------------------------------
    @api.get("/api/account/blocks", **declare(ACCOUNT, security=OWNER))
    async def blocks(request: Request) -> dict[str, list[str]]:
        account = await logged_in(hub, request)
        return {"blocked": await call(store.blocked_names, storage, account.id)}

    @api.put(
        "/api/account/blocks/{name}",
        **declare(
            ACCOUNT,
            NO_OTHER,
            security=OWNER,
            links={200: {"unblock": link("delete", "/api/account/blocks/{name}", name="$request.path.name")}},
        ),
    )
    async def block(name: AccountName, request: Request) -> dict[str, Any]:
        """Block an account: neither may sit with the other at a table from now on."""
        return await set_block(name, request, True)

    @api.delete("/api/account/blocks/{name}", **declare(ACCOUNT, NO_OTHER, security=OWNER))
    async def unblock(name: AccountName, request: Request) -> dict[str, Any]:
        return await set_block(name, request, False)

    async def set_block(name: str, request: Request, on: bool) -> dict[str, Any]:
        account = await logged_in(hub, request)
        changed = await call(store.block, storage, account.id, name[:64], on, clock())
        if changed is None:
            raise HTTPException(404, f"no other account is named {name!r}")
        return {"name": name, "blocked": on}

    return api
