"""How the server runs under uvicorn: the same settings for `tabletop serve`, tests and bench/load.py."""

from __future__ import annotations

import gc

import uvicorn
from fastapi import FastAPI


def uvicorn_config(app: FastAPI, host: str = "127.0.0.1", port: int = 8000) -> uvicorn.Config:
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        loop="auto",  # uvloop where it is installed
        ws="websockets-sansio",
        ws_max_size=64 * 1024,  # bigger frames close the socket; over 4 KB gets an error message
        ws_per_message_deflate=False,  # views are small; compressing each one costs more than it saves
        ws_ping_interval=20,
        ws_ping_timeout=20,
    )


def serve(app: FastAPI, host: str, port: int) -> None:
    # Fewer, cheaper garbage collections: a server's garbage is mostly freed by reference counts,
    # and a full collection walking every table's history stalls every table for milliseconds.
    gc.set_threshold(50_000, 50, 100)
    app.state.hub.settings.freeze_after_start = True
    uvicorn.Server(uvicorn_config(app, host, port)).run()
