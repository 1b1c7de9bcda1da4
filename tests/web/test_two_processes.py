"""Two `tabletop serve` processes on one PostgreSQL database, a browser on each (issue 14): the
players of one Summon 7 table, one page on each process, click a whole game to its end; each page
shows every step, and the database holds the whole game."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tabletop.core.record import Record
from tabletop.server.storage import Storage

from ..server.helpers import free_port, serve_process
from . import helpers
from .helpers import CLICKABLE, click, step

pytestmark = pytest.mark.timeout(300)


def test_a_browser_on_each_of_two_processes_plays_one_game(browser: Any, pg_url: str, tmp_path: Path) -> None:
    first, second = free_port(), free_port()
    with serve_process(pg_url, first, tmp_path / "a.log"), serve_process(pg_url, second, tmp_path / "b.log"):
        body = {
            "game": "summon7",
            "options": {"players": 3, "target": 60},
            "seats": ["person", "person", "easy"],
        }
        request = urllib.request.Request(
            f"http://127.0.0.1:{first}/api/tables",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        created: dict[str, Any] = json.load(urllib.request.urlopen(request, timeout=10))
        table = created["table"]["id"]
        links = [str(s["url"]) for s in created["links"]["seats"][:2]]
        assert links[0].startswith(f"http://127.0.0.1:{first}/")
        links[1] = links[1].replace(f":{first}/", f":{second}/")  # the second player uses the other process
        pages = [
            helpers.open_page(browser, url, {"width": 1280, "height": 800}, ".s7-table") for url in links
        ]
        deadline = time.monotonic() + 240
        while not all(page.query_selector("#end:not([hidden])") for _, page, _ in pages):
            assert time.monotonic() < deadline, "the game did not end"
            clicked = False
            for _, page, problems in pages:
                assert not problems, problems
                clicked |= click(page, page.query_selector(CLICKABLE))
            if not clicked:
                pages[0][1].wait_for_timeout(20)
        row = Storage(pg_url).load(table)
        assert row is not None and row.finished
        assert Record(row.game, row.options, row.seed, row.setup, row.actions).replay().is_terminal()
        for context, page, problems in pages:
            assert step(page) == len(row.actions)  # both pages saw the last step
            assert page.inner_text("#who") in ("You are in seat 0", "You are in seat 1")
            assert not problems, problems
            context.close()
