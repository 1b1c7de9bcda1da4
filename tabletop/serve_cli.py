"""``tabletop serve`` and ``tabletop db``: the online platform's server and its database."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from .cli_common import DEFAULT_DB, USAGE, Db, fail, limit


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (127.0.0.1: this machine only).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    db: Db = DEFAULT_DB,
    bot_delay: Annotated[
        float, typer.Option(min=0.0, help="Seconds a bot waits before it acts, so people can follow.")
    ] = 0.6,
    bot_workers: Annotated[
        str, typer.Option(help="Where bots think: 'process' (other cores) or 'thread'.")
    ] = "process",
    bot_count: Annotated[
        int,
        typer.Option(min=1, max=256, help="How many bot workers (one is kept for tables people play at)."),
    ] = 2,
    tables_per_minute: Annotated[int, limit("Tables one address may create in a minute")] = 30,
    open_tables: Annotated[int, limit("Unfinished tables one address may have created")] = 60,
    watch_tables: Annotated[int, limit("Bot-only tables open on the server")] = 20,
    watch_tables_per_address: Annotated[int, limit("Bot-only tables one address may have open")] = 2,
    sockets_per_address: Annotated[int, limit("WebSockets open at once from one address")] = 60,
    joins_per_minute: Annotated[int, limit("WebSockets one address may open to one table in a minute")] = 30,
    socket_messages: Annotated[int, limit("Messages a WebSocket may send in 10 seconds")] = 100,
    token_requests: Annotated[int, limit("Requests and sockets one bot's API token may make a minute")] = 120,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(help="Another site whose pages may use this server (https://host[:port]); repeatable."),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Behind a reverse proxy: the proxy addresses (comma-separated, or '*') trusted to "
            "give the client's address in X-Forwarded-For; limits count per address."
        ),
    ] = None,
    smtp: Annotated[
        str | None,
        typer.Option(
            help="The SMTP server mail goes through: smtp+starttls://USER@HOST:587, smtps://USER@HOST:465 "
            "or smtp://HOST:25 (password in TABLETOP_SMTP_PASSWORD). Without it, mail is off."
        ),
    ] = None,
    mail_from: Annotated[
        str, typer.Option(help="The sender of the mails.")
    ] = "tabletop <tabletop@localhost>",
    public_url: Annotated[
        str, typer.Option(help="This server's address as players reach it, for the links in mails.")
    ] = "",
    vapid_key: Annotated[
        str | None,
        typer.Option(help="Web Push's VAPID key file (PEM, made if missing; default: in the database)."),
    ] = None,
    log_format: Annotated[
        str,
        typer.Option(help="Log lines: 'text', or 'json' (one object a line, with request, table, seat ids)."),
    ] = "text",
) -> None:
    """Serve the lobby, the tables and the browser client: play online with friends and bots."""
    if log_format not in ("text", "json"):
        fail("--log-format takes 'text' or 'json'", USAGE)
    metrics_directory(bot_workers == "process")  # before anything imports prometheus-client
    try:
        from .server import Settings, create_app
        from .server.serving import serve as run_server
    except ImportError as err:
        fail(f"the server needs its dependencies (pip install -e .): {err}")
    if bot_workers not in ("process", "thread"):
        fail("--bot-workers takes 'process' or 'thread'", USAGE)
    settings = Settings(
        bot_delay=bot_delay,
        bot_workers=bot_workers,
        bot_threads=bot_count,
        tables_per_minute=tables_per_minute,
        open_tables=open_tables,
        watch_tables=watch_tables,
        watch_tables_per_address=watch_tables_per_address,
        sockets_per_address=sockets_per_address,
        joins_per_minute=joins_per_minute,
        socket_messages=socket_messages,
        token_requests=token_requests,
        allowed_origins=tuple(allow_origin or ()),
        public_url=public_url or f"http://{local_name(host)}:{port}",
        vapid_key_file=vapid_key,
    )
    if smtp:  # mail (issue 30: tabletop/server/mail.py)
        from os import environ

        from .server.mail import parse_smtp

        try:
            settings.smtp = parse_smtp(smtp, mail_from, environ.get("TABLETOP_SMTP_PASSWORD"))
        except ValueError as err:
            fail(f"--smtp: {err}", USAGE)
    if log_format == "json":
        from .server.logs import use_json

        use_json()
    application = create_app(db, settings)
    shown = local_name(host)
    Console(highlight=False, soft_wrap=True).print(
        f"tabletop is serving on [bold]http://{shown}:{port}/[/] (database {escape(db)}); Ctrl-C stops it"
    )
    run_server(application, host, port, forwarded_allow_ips, json_logs=log_format == "json")


def metrics_directory(workers: bool) -> None:
    """Prometheus' multi-process mode when bots think in worker processes (``workers``) (or the environment
    asks for it), so that their metrics reach /metrics (server/metrics.py): a directory of this
    server's own (inside PROMETHEUS_MULTIPROC_DIR when that is set), named in PROMETHEUS_MULTIPROC_DIR
    for it and its workers, and removed when it stops (docs/server.md, "Metrics")."""
    import atexit
    import os
    import shutil
    import signal
    import tempfile
    from types import FrameType

    if not workers and "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
        return
    folder = tempfile.mkdtemp(prefix="tabletop-metrics-", dir=os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
    atexit.register(shutil.rmtree, folder, True)

    def stopped(number: int, _: FrameType | None) -> None:  # uvicorn raises SIGTERM again once stopped
        shutil.rmtree(folder, True)
        signal.signal(number, signal.SIG_DFL)
        signal.raise_signal(number)

    signal.signal(signal.SIGTERM, stopped)


def local_name(host: str) -> str:
    return "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host


db_app = typer.Typer(help="The server's database: its schema migrations.", no_args_is_help=True)


@db_app.command("upgrade")
def db_upgrade(
    db: Db = DEFAULT_DB,
) -> None:
    """Bring a database's schema up to date (`tabletop serve` does it too when it starts)."""
    try:
        from .server.storage import Storage
    except ImportError as err:
        fail(f"the server needs its dependencies (pip install -e .): {err}")
    storage = Storage(db)
    try:
        before, after = storage.create_schema()
    finally:
        storage.close()
    Console(highlight=False).print(f"database {escape(db)}: schema revision {before} -> {after}")
