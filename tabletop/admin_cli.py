"""``tabletop admin``: moderation on the server's database (issue 31; docs/server.md, "Moderation").

Every command works on the database given with ``--db`` (the one ``tabletop serve`` uses), while
servers run or not: a change is written with an event that every running server process applies
at its next clock tick, about a second later (tabletop/server/moderation.py).  The admin role is
given and taken only here; an admin then also has the admin API (``/api/admin/...``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .cli_common import DEFAULT_DB, Db, fail

if TYPE_CHECKING:
    from .server.storage import Storage

admin_app = typer.Typer(
    help="Moderation: the admin role, tables, players, suspensions, chat reports.", no_args_is_help=True
)
BY = "cli"
console = Console(highlight=False, soft_wrap=True)


@contextmanager
def database(db: str) -> Iterator[Storage]:
    """The server's database, at the schema this code knows (else: run `tabletop db upgrade`)."""
    try:
        from .server.storage import Storage, head_revision
    except ImportError as err:
        fail(f"the server needs its dependencies (pip install -e .): {err}")
    storage = Storage(db)
    try:
        if storage.revision() != head_revision():
            fail(f"the database {db} is not at the latest schema: run `tabletop db upgrade --db {db}` first")
        yield storage
    finally:
        storage.close()


def when(seconds: float | None) -> str:
    return "" if seconds is None else time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


# -- the admin role ---------------------------------------------------------------------------
@admin_app.command("grant")
def grant(name: str, db: Db = DEFAULT_DB) -> None:
    """Give the account NAME the admin role (the only way to give it)."""
    _role(name, db, True)


@admin_app.command("revoke")
def revoke(name: str, db: Db = DEFAULT_DB) -> None:
    """Take the admin role from the account NAME."""
    _role(name, db, False)


def _role(name: str, db: str, on: bool) -> None:
    from .server import moderation_store as store

    with database(db) as storage:
        if not store.set_admin(storage, name, on):
            fail(f"no account is named {name!r}")
    console.print(f"{escape(name)} is {'an admin' if on else 'no longer an admin'}")


# -- lists --------------------------------------------------------------------------------------
@admin_app.command("tables")
def tables(
    db: Db = DEFAULT_DB,
    everything: Annotated[bool, typer.Option("--all", help="Finished tables too.")] = False,
) -> None:
    """The unfinished tables, newest first: id, game, status (playing, paused), seats."""
    from .server import moderation_store as store

    with database(db) as storage:
        found = store.tables(storage, everything)
    out = Table("table", "game", "status", "created", "seats")
    for t in found:
        seats = ", ".join(f"{s['seat']}: {s['name'] or 'open'}" for s in t["seats"])
        out.add_row(t["id"], t["game"], t["status"], when(t["created"]), escape(seats))
    console.print(out)


@admin_app.command("players")
def players(
    db: Db = DEFAULT_DB,
    like: Annotated[str, typer.Option(help="Only names containing this.")] = "",
) -> None:
    """The accounts: name, created, admin, suspended, games sat in."""
    from .server import moderation_store as store

    with database(db) as storage:
        found = store.players(storage, like)
    out = Table("name", "created", "admin", "suspended", "games")
    for p in found:
        admin = "admin" if p["admin"] else ""
        out.add_row(escape(p["name"]), when(p["created"]), admin, when(p["suspended"]), str(p["games"]))
    console.print(out)


@admin_app.command("reports")
def reports(
    db: Db = DEFAULT_DB,
    everything: Annotated[bool, typer.Option("--all", help="Those marked read too.")] = False,
) -> None:
    """The chat reports not marked read, oldest first, each with the lines around it."""
    from .server import moderation_store as store

    with database(db) as storage:
        found = store.reports(storage, everything)
    if not found:
        console.print("no reports")
    for r in found:
        state = f" (read {when(r['resolved'])})" if r["resolved"] is not None else ""
        console.print(
            f"[bold]report {r['id']}[/]{state}: table {r['table']}, line {r['line']} by "
            f"{escape(r['name'])} (seat {r['seat']}), reported by seat {r['reporter_seat']} "
            f"at {when(r['at'])}: {escape(r['reason']) or '(no reason given)'}"
        )
        for line in r["context"]:
            mark = ">" if line["line"] == r["line"] else " "
            console.print(f"  {mark} {escape(line['name'])}: {escape(line['text'])}")


@admin_app.command("resolve")
def resolve(report: int, db: Db = DEFAULT_DB) -> None:
    """Mark the report REPORT read."""
    from .server import moderation_store as store

    with database(db) as storage:
        if not store.resolve(storage, report, time.time()):
            fail(f"no report {report}")
    console.print(f"report {report} is marked read")


# -- tables -------------------------------------------------------------------------------------
@admin_app.command("pause")
def pause(table: str, db: Db = DEFAULT_DB) -> None:
    """Pause the table TABLE: every move is refused, no clock runs out, until `resume`."""
    _halt(table, "pause", db)


@admin_app.command("resume")
def resume(table: str, db: Db = DEFAULT_DB) -> None:
    """Resume a paused table."""
    _halt(table, "resume", db)


@admin_app.command("end")
def end(table: str, db: Db = DEFAULT_DB) -> None:
    """End the table TABLE: finished with no result and no rating; its players are sent away."""
    _halt(table, "end", db)


def _halt(table: str, kind: str, db: str) -> None:
    from .server import moderation_store as store

    with database(db) as storage:
        why = store.halt(storage, table, kind, BY, time.time())
    if why is not None:
        fail(why)
    done = {"pause": "paused", "resume": "resumed", "end": "ended"}[kind]
    console.print(f"table {table} is {done} (running servers apply it within a few seconds)")


# -- suspensions ----------------------------------------------------------------------------------
@admin_app.command("suspend")
def suspend(name: str, db: Db = DEFAULT_DB) -> None:
    """Suspend the account NAME: its sessions end, it cannot log in or act."""
    _suspend(name, db, True)


@admin_app.command("unsuspend")
def unsuspend(name: str, db: Db = DEFAULT_DB) -> None:
    """Lift the suspension of the account NAME."""
    _suspend(name, db, False)


def _suspend(name: str, db: str, on: bool) -> None:
    from .server import moderation_store as store

    with database(db) as storage:
        if not store.suspend(storage, name, on, BY, time.time()):
            fail(f"no account is named {name!r}")
    console.print(f"{escape(name)} is {'suspended' if on else 'no longer suspended'}")


@admin_app.command("suspend-address")
def suspend_address(address: str, db: Db = DEFAULT_DB) -> None:
    """Suspend the client address ADDRESS (as the server sees it): every request from it is refused."""
    _ban(address, db, True)


@admin_app.command("unsuspend-address")
def unsuspend_address(address: str, db: Db = DEFAULT_DB) -> None:
    """Lift the suspension of the address ADDRESS."""
    _ban(address, db, False)


def _ban(address: str, db: str, on: bool) -> None:
    from .server import moderation_store as store

    if not 0 < len(address) <= 64:
        fail("an address has 1 to 64 characters")
    with database(db) as storage:
        changed = store.ban(storage, address, on, BY, time.time())
    state = "suspended" if on else "not suspended"
    console.print(f"{escape(address)} is {state}" + ("" if changed else " (it was already)"))


@admin_app.command("addresses")
def addresses(db: Db = DEFAULT_DB) -> None:
    """The suspended addresses."""
    from .server import moderation_store as store

    with database(db) as storage:
        found = sorted(store.banned(storage))
    console.print("\n".join(found) if found else "no suspended address")
