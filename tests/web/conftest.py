"""A live server (uvicorn in a thread, on a free loopback port) and Debian's Chromium."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@dataclass
class Live:
    base: str
    app: Any

    def room(self, table: str) -> Any:
        return self.app.state.hub.rooms[table]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    import uvicorn

    from tabletop.server import Settings, create_app
    from tabletop.server.serving import uvicorn_config

    db = tmp_path_factory.mktemp("web") / "tabletop.db"
    # a bot program polls every 0.3 s for the length of a module (outside_bot): more requests than
    # a token's default 120 a minute (its limit is tests/server/test_bot_accounts.py's to test)
    app = create_app(f"sqlite:///{db}", Settings(bot_delay=0.0, token_requests=100_000))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield Live(f"http://127.0.0.1:{port}", app)
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no {CHROMIUM}: make test installs Debian's chromium when it can")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: docs/screenshots with TABLETOP_SCREENSHOTS=1, else a temporary folder."""
    if os.environ.get("TABLETOP_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        return SHOTS
    return tmp_path


@pytest.fixture(scope="module")
def outside_bot(live: Live, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A bot account of the module's server whose program (`tabletop bot run`, the heuristic)
    accepts every challenge, for the module's tests (tests/web/outside_bot.py)."""
    import secrets

    from .outside_bot import OutsideBot, bot_account, running_bot

    name = f"bot_{secrets.token_hex(3)}"
    token = bot_account(live, name)
    with running_bot(live, tmp_path_factory.mktemp("bot"), token) as process:
        yield OutsideBot(name, process)
