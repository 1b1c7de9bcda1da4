"""Helpers shared by the browser tests: tables made over HTTP, pages opened, waits on the DOM."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from .conftest import Live

CLICKABLE = ".card.playable, button.action"


def create(
    live: Live,
    seats: list[str],
    game: str = "megalomania",
    table: dict[str, Any] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """A new table over the lobby API: ``seats`` are "person" or a bot level; ``table`` holds the
    request's other fields (a clock...)."""
    body = {"game": game, "options": {"players": len(seats), **options}, "seats": seats, **(table or {})}
    request = urllib.request.Request(
        f"{live.base}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    data: dict[str, Any] = json.load(urllib.request.urlopen(request, timeout=10))
    return data


def open_page(browser: Any, url: str, viewport: dict[str, int], ready: str) -> tuple[Any, Any, list[str]]:
    """A fresh context on ``url``, once ``ready`` shows; and the list its console errors go to."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(f"page error: {err}"))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.goto(url)
    page.wait_for_selector(ready)
    return context, page, problems


def until(page: Any, expression: str, seconds: float = 20) -> None:
    """Wait for a JavaScript expression to be true (polled: the page's CSP forbids eval)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"still false after {seconds} s: {expression}"
        page.wait_for_timeout(20)


def step(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.step || '0'"))


def pending(page: Any) -> bool:
    return bool(page.evaluate("document.body.classList.contains('pending')"))


def click(page: Any, target: Any) -> bool:
    """Click ``target`` unless there is none or an action is on its way; False when not clicked."""
    if target is None or pending(page):
        return False
    try:
        target.click(timeout=1000)
    except Exception:  # re-drawn under the mouse: look again
        return False
    return True
