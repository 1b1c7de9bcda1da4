"""The table's chat in Debian's Chromium: a line with HTML in it shows as text, never as HTML."""

from __future__ import annotations

from typing import Any

import pytest

from . import helpers
from .conftest import Live
from .helpers import create, until

pytestmark = pytest.mark.timeout(120)
VIEWPORT = {"width": 1360, "height": 860}
TEXT = '<img src=x onerror="window.__pwned=1">hello <b>bold</b>'


def open_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    return helpers.open_page(browser, url, VIEWPORT, ".mg-table")


def shows_the_line_as_text(page: Any) -> None:
    until(page, "document.querySelectorAll('#chat li').length === 1")
    assert page.eval_on_selector("#chat li .chat-text", "n => n.textContent") == TEXT
    assert page.eval_on_selector("#chat li", "n => n.textContent") == f"Seat 0: {TEXT}"
    assert page.eval_on_selector("#chat", "n => n.querySelectorAll('*').length") == 3  # li and 2 spans
    assert page.query_selector_all("#chat img, #chat b") == []
    assert page.evaluate("typeof window.__pwned") == "undefined"


def test_a_line_with_html_in_it_shows_literally_at_the_table(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person"])
    pages = [open_page(browser, created["links"]["seats"][seat]["url"]) for seat in (0, 1)]
    watching = open_page(browser, created["links"]["spectator"])
    (_, ana, _), (_, bea, _) = pages
    _, watcher, _ = watching
    for page in (ana, bea):
        assert page.is_visible("#chat-form") and not page.is_visible("#chat-note")
    assert not watcher.is_visible("#chat-form") and watcher.is_visible("#chat-note")
    assert watcher.query_selector_all("#chat li") == []

    ana.fill("#chat-text", TEXT)
    ana.press("#chat-text", "Enter")
    for page in (bea, ana, watcher):
        shows_the_line_as_text(page)
    assert ana.input_value("#chat-text") == ""
    # a page opened again is welcomed with the line, and shows it the same way
    bea.reload()
    bea.wait_for_selector(".mg-table")
    shows_the_line_as_text(bea)
    for context, _, problems in (*pages, watching):
        assert not problems, problems
        context.close()
