"""'Why not?' (issue 28) in Debian's Chromium, for every game: pointing at (a laptop) or tapping (a
phone) a card or a place that cannot be played now shows the reason the engine gives for that seat
(``core.protocol.offered`` on the room's state), announced to a screen reader; the page asks the
server once per element and step however often it is pointed at, and a tap acts on nothing.

The tables seat people only and nobody acts, so the table holds still while the pages are looked at.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.core.errors import IllegalAction, InvalidActionText
from tabletop.core.protocol import offered

from .conftest import Live
from .helpers import create, until

pytestmark = pytest.mark.timeout(120)
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PLAYERS = {"megalomania": 3, "summon7": 2, "clan": 2, "manasurge": 3, "megacorps": 3}
READY = {
    "megalomania": ".mg-table",
    "summon7": ".s7-table",
    "clan": ".s7-table",
    "manasurge": ".ms-table",
    "megacorps": ".mc-table",
}
TIP = "#why-tip"
SHOWN = "(() => { const t = document.querySelector('#why-tip'); return Boolean(t && !t.hidden); })()"


def reason(room: Any, seat: int, text: str) -> str | None:
    try:
        offered(room.state, seat, text)
    except (IllegalAction, InvalidActionText) as err:
        return str(err)
    return None


class Page:
    """A table page for one seat, with every frame its WebSocket sends."""

    def __init__(self, browser: Any, url: str, game: str, viewport: dict[str, int], touch: bool) -> None:
        self.context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
        self.page = self.context.new_page()
        self.sent: list[dict[str, Any]] = []
        self.problems: list[str] = []
        self.page.on("pageerror", lambda err: self.problems.append(f"page error: {err}"))
        self.page.on("console", lambda m: self.problems.append(m.text) if m.type == "error" else None)
        self.page.on("websocket", lambda ws: ws.on("framesent", self._sent))
        self.page.goto(url)
        self.page.wait_for_selector(READY[game])

    def _sent(self, payload: str | bytes) -> None:
        self.sent.append(json.loads(payload))

    def whys(self, action: str) -> int:
        return sum(1 for m in self.sent if m["type"] == "why" and m["action"] == action)

    def actions(self) -> int:
        return sum(1 for m in self.sent if m["type"] == "action")

    def marked(self, seconds: float = 5) -> Any:
        """The first element marked as not playable now that is in sight (or can be scrolled to),
        waiting up to ``seconds`` for the page to mark one (the marks follow the table's render)."""
        for _ in range(int(seconds * 10)):
            for node in self.page.query_selector_all("#board [data-why]"):
                if node.is_visible():
                    return node
            self.page.wait_for_timeout(100)
        raise AssertionError("no element of the page is marked as not playable now")

    def explained(self, room: Any, seat: int, node: Any) -> str:
        """The tooltip shows the engine's reason for the element's action; returns the reason."""
        action = node.get_attribute("data-why")
        expected = reason(room, seat, action)
        assert expected is not None, f"{action!r} is marked but is one of seat {seat}'s choices"
        until(self.page, SHOWN, 5)
        until(self.page, f"document.querySelector('{TIP}').textContent === {json.dumps(expected)}", 5)
        assert "why-tip" in (node.get_attribute("aria-describedby") or "").split()
        said = self.page.eval_on_selector_all("[role=status]", "ns => ns.map(n => n.textContent)")
        assert expected in said, "the reason is said to a screen reader"
        return expected

    def close(self) -> None:
        assert not self.problems, self.problems
        self.context.close()


def table(live: Live, game: str) -> tuple[dict[str, Any], Any]:
    created = create(live, ["person"] * PLAYERS[game], game)
    return created, live.room(created["table"]["id"])


@pytest.mark.parametrize("game", list(PLAYERS))
def test_pointing_at_what_cannot_be_played_says_why(browser: Any, live: Live, game: str) -> None:
    created, room = table(live, game)
    step = room.step
    asked = room.state.to_act()
    # a laptop: the seat asked first (its own unplayable cards and places), else another
    seats = [asked[0], *(s for s in range(PLAYERS[game]) if s != asked[0])]
    for seat in seats:
        laptop = Page(browser, created["links"]["seats"][seat]["url"], game, LAPTOP, touch=False)
        if laptop.page.query_selector("#board [data-why]"):
            break
        laptop.close()
    node = laptop.marked()
    action = node.get_attribute("data-why")
    node.hover()
    laptop.explained(room, seat, node)
    for _ in range(3):  # away and back: the answer is kept for this step
        laptop.page.mouse.move(2, 2)
        until(laptop.page, f"!{SHOWN}", 5)
        node.hover()
        until(laptop.page, SHOWN, 5)
        laptop.explained(room, seat, node)
    laptop.page.wait_for_timeout(100)
    assert laptop.whys(action) == 1, f"{laptop.whys(action)} questions for one element at one step"
    assert laptop.actions() == 0 and room.step == step
    if node.evaluate("n => n.tabIndex >= 0"):  # the keyboard: the focus explains too
        laptop.page.mouse.move(2, 2)
        node.focus()
        laptop.explained(room, seat, node)
        laptop.page.keyboard.press("Escape")
        until(laptop.page, f"!{SHOWN}", 5)
    laptop.close()

    # a phone: a seat that is not asked taps; the answer says whose decision the table waits for
    other = next(s for s in range(PLAYERS[game]) if s not in asked)
    phone = Page(browser, created["links"]["seats"][other]["url"], game, PHONE, touch=True)
    node = phone.marked()
    action = node.get_attribute("data-why")
    node.scroll_into_view_if_needed()
    phone.page.wait_for_timeout(100)  # the scroll settled (a scroll hides a tooltip)
    force = node.get_attribute("aria-disabled") == "true"  # a button that does nothing: still tapped
    node.tap(force=force)
    said = phone.explained(room, other, node)
    assert f"seat {other}" in said and any(f"seat {s}" in said for s in asked), said
    node.tap(force=force)
    phone.explained(room, other, node)
    phone.page.wait_for_timeout(100)
    assert phone.whys(action) == 1 and phone.actions() == 0, "a tap explains, once, and plays nothing"
    assert room.step == step
    phone.page.tap("#title")  # a tap elsewhere puts it away
    until(phone.page, f"!{SHOWN}", 5)
    phone.close()
