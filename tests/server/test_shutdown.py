"""Stopping the server (SIGTERM, or Ctrl-C in its terminal) with bots busy thinking: it stops
accepting, drops the decisions waiting, ends its worker processes and closes the database;
nothing keeps running after it, and nothing leaks."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.request
from pathlib import Path

import pytest

from .helpers import free_port, serve_process

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def group(pgid: int) -> dict[int, float]:
    """The live processes of process group ``pgid``: pid -> CPU seconds used so far."""
    found: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        state, pgrp = fields[0], int(fields[2])
        if pgrp == pgid and state != "Z":
            found[int(entry.name)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


def post(base: str, path: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    data: dict[str, object] = json.load(urllib.request.urlopen(request, timeout=10))
    return data


@pytest.mark.timeout(120)
@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C"])
def test_stopping_the_server_ends_every_bot_worker(tmp_path: Path, how: str) -> None:
    db, port = tmp_path / "stop.db", free_port()
    base = f"http://127.0.0.1:{port}"
    options = ["--bot-workers", "process", "--bot-count", "3", "--watch-tables-per-address", "6"]
    errors = tmp_path / "stderr.txt"  # bot-only tables get 2 of the 3 workers
    with serve_process(f"sqlite:///{db}", port, errors, *options) as server:
        # six bot-only tables of hard bots (about a second a decision): a backlog for their workers
        for _ in range(6):
            post(
                base, "/api/tables", {"game": "megalomania", "options": {"players": 4}, "seats": ["hard"] * 4}
            )
        deadline = time.monotonic() + 30
        while True:  # two workers are computing (besides them: multiprocessing's resource tracker)
            busy = {pid: cpu for pid, cpu in group(server.pid).items() if pid != server.pid and cpu > 1.0}
            if len(busy) >= 2:
                break
            assert time.monotonic() < deadline, f"the bot workers never got busy: {group(server.pid)}"
            time.sleep(0.2)
        if how == "SIGTERM":
            server.send_signal(signal.SIGTERM)
        else:  # its own process group, as a terminal gives a command: Ctrl-C goes to the whole group
            os.killpg(server.pid, signal.SIGINT)
        server.wait(15)
        deadline = time.monotonic() + 5
        while group(server.pid):
            assert time.monotonic() < deadline, f"still running after the server: {group(server.pid)}"
            time.sleep(0.1)
    said = errors.read_text()
    assert "leaked semaphore" not in said and "resource_tracker" not in said, said
    assert "Traceback" not in said, said
    assert not Path(f"{db}-wal").exists()  # the database was closed (its log checkpointed away)
