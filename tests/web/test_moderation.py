"""The chat line menu in Debian's Chromium (issue 31): a player reports another's line (stored with
its reason, for admins) and mutes that player: their lines leave the page, stay hidden after a
reload, and come back once unmuted.  The player's own lines have no menu."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.server import moderation_store

from . import helpers
from .conftest import Live
from .helpers import create, until

pytestmark = pytest.mark.timeout(120)
VIEWPORT = {"width": 1360, "height": 860}


def open_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    return helpers.open_page(browser, url, VIEWPORT, ".mg-table")


def texts(page: Any) -> list[str]:
    found: list[str] = page.eval_on_selector_all("#chat li .chat-text", "ns => ns.map(n => n.textContent)")
    return found


def say(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def test_a_player_reports_and_mutes_another_from_the_chat_line_menu(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person"])
    table = created["table"]["id"]
    (ana_context, ana, ana_problems), (bea_context, bea, bea_problems) = [
        open_page(browser, created["links"]["seats"][seat]["url"]) for seat in (0, 1)
    ]
    say(ana, "good luck")
    say(bea, "you will lose badly")
    until(ana, "document.querySelectorAll('#chat li').length === 2")
    own, other = ana.query_selector_all("#chat li .chat-name")
    assert own.get_attribute("role") is None  # no menu for her own line
    other.click()
    ana.wait_for_selector("#chat-menu")
    ana.fill("#chat-menu input", "rude")
    ana.click("#chat-menu >> text=Report line")
    done = ana.wait_for_selector(".toast >> text=Reported")
    # good news, not an alarm: the green notice, read out when the reader is free
    assert done.get_attribute("class") == "toast ok" and done.get_attribute("role") == "status"
    ana.evaluate("async () => (await import('/static/js/api.js')).toast('Could not send.')")
    failed = ana.wait_for_selector(".toast >> text=Could not send.")
    assert failed.get_attribute("class") == "toast error" and failed.get_attribute("role") == "alert"
    storage = live.app.state.hub.storage
    (report,) = [r for r in moderation_store.reports(storage, True) if r["table"] == table]
    assert (report["text"], report["seat"], report["reason"]) == ("you will lose badly", 1, "rude")
    assert [line["text"] for line in report["context"]] == ["good luck", "you will lose badly"]

    ana.query_selector_all("#chat li .chat-name")[1].click()
    ana.click("#chat-menu >> text=Mute")
    until(ana, "document.querySelectorAll('#chat li').length === 1")
    assert texts(ana) == ["good luck"]
    assert ana.is_visible("#chat-muted")
    say(bea, "still there?")
    until(bea, "document.querySelectorAll('#chat li').length === 3")
    ana.reload()  # kept by the server: the reloaded page gets none of her lines
    ana.wait_for_selector(".mg-table")
    until(ana, "!document.querySelector('#chat-muted').hidden")
    assert texts(ana) == ["good luck"]
    assert texts(bea) == ["good luck", "you will lose badly", "still there?"]  # she sees everything

    ana.click("#chat-muted button")
    until(ana, "document.querySelector('#chat-muted').hidden")
    ana.reload()
    ana.wait_for_selector(".mg-table")
    until(ana, "document.querySelectorAll('#chat li').length === 3")
    for context, problems in ((ana_context, ana_problems), (bea_context, bea_problems)):
        assert not problems, problems
        context.close()
