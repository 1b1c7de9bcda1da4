"""How the server runs under uvicorn: the same settings for `tabletop serve`, tests and bench/load.py.

Client addresses (the limits count per address: traffic.py) are the connections' peers.  Behind a
reverse proxy every peer is the proxy; ``forwarded_allow_ips`` (`tabletop serve
--forwarded-allow-ips`) names the proxies trusted to tell the client's address in
``X-Forwarded-For`` (and the scheme in ``X-Forwarded-Proto``); nobody else may, so by default
those headers are ignored.

Stopping (SIGTERM, or Ctrl-C): uvicorn stops accepting, closes the WebSockets (1012) and waits up
to ``GRACE`` seconds for requests under way; then the app's shutdown (Hub.close) drops the bot
decisions waiting, ends the worker processes and closes the database.
"""

from __future__ import annotations

import gc

import uvicorn
from fastapi import FastAPI
from uvicorn.config import LOGGING_CONFIG

GRACE = 5  # seconds the requests under way have to finish when the server stops


def uvicorn_config(
    app: FastAPI,
    host: str = "127.0.0.1",
    port: int = 8000,
    forwarded_allow_ips: str | None = None,
    json_logs: bool = False,
) -> uvicorn.Config:
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        log_config=None if json_logs else LOGGING_CONFIG,  # JSON: its lines go to logs.py's handler
        loop="auto",  # uvloop where it is installed
        ws="websockets-sansio",
        ws_max_size=64 * 1024,  # bigger frames close the socket; over 4 KB gets an error message
        ws_per_message_deflate=False,  # views are small; compressing each one costs more than it saves
        ws_ping_interval=20,
        ws_ping_timeout=20,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
        timeout_graceful_shutdown=GRACE,
    )


def serve(
    app: FastAPI, host: str, port: int, forwarded_allow_ips: str | None = None, json_logs: bool = False
) -> None:
    # Fewer, cheaper garbage collections: a server's garbage is mostly freed by reference counts,
    # and a full collection walking every table's history stalls every table for milliseconds.
    gc.set_threshold(50_000, 50, 100)
    app.state.hub.settings.freeze_after_start = True
    uvicorn.Server(uvicorn_config(app, host, port, forwarded_allow_ips, json_logs)).run()
