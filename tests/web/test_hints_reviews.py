"""Hints and reviews (issue 28) in Debian's Chromium: at an unrated table the Hint button shows the
bot's top choices in words with their chances and marks them on the board, and the log says who
asked; at a rated table there is no button and the server refuses a hint; a finished game's replay
page draws its review, one line per seat with the turning points, readable on a phone and with
no serious accessibility problem.  Small playout counts (``small``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.agents import advice
from tabletop.server import reviews
from tabletop.words import labels

from . import helpers
from .conftest import Live
from .helpers import create, until, until_over
from .test_layout import audit

pytestmark = pytest.mark.timeout(300)
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(autouse=True)
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    """The live server computes in this process's threads: a few playouts are enough here."""
    monkeypatch.setattr(reviews, "START_DELAY", 0.0)  # at once: the tests wait for it
    for game in advice.BUDGETS:
        monkeypatch.setitem(advice.BUDGETS, game, advice.Budget(6, 4, 40, advice.BUDGETS[game].policy))


def seat_url(live: Live, created: dict[str, Any], seat: int = 0) -> str:
    url: str = created["links"]["seats"][seat]["url"]
    return url.replace("http://testserver", live.base)


def open_table(browser: Any, live: Live, rated: bool) -> tuple[Any, Any, list[str], Any]:
    created = create(
        live, ["person", "easy"], game="summon7", table={"rated": rated, "clock": {"mode": "none"}}
    )
    context, page, problems = helpers.open_page(browser, seat_url(live, created), LAPTOP, ".s7-table")
    return context, page, problems, live.room(created["table"]["id"])


def test_a_hint_appears_at_an_unrated_table(browser: Any, live: Live, shots: Path) -> None:
    context, page, problems, room = open_table(browser, live, rated=False)
    until(page, "!!document.querySelector('#hint-button:not([hidden]):not([disabled])')")
    assert page.inner_text("#hint-button") == "Hint (3 left)"
    legal = {
        b.get_attribute("data-action"): b.inner_text()
        for b in page.query_selector_all(".s7-table button.action[data-action]")
    }
    page.click("#hint-button")
    page.wait_for_selector("#hint-box:not([hidden]) .hint-choice")
    shown = page.eval_on_selector_all(
        "#hint-box .hint-choice",
        "items => items.map(i => [i.querySelector('.hint-label'), i.querySelector('.hint-chance')]"
        ".map(n => n.textContent))",
    )
    assert 1 <= len(shown) <= 3
    words = set(labels("summon7", room.seat_view(0, room.state.view(0)), room.names()).values())
    for label, chance in shown:
        assert label in words  # the table's own words for one of the seat's choices
        assert chance.endswith("%") and 0 <= int(chance[:-1]) <= 100
    assert page.inner_text("#hint-box .hint-choice.best .hint-pick").strip() == "(the bot's choice)"
    marked = page.eval_on_selector_all(
        ".s7-table .hinted", "ns => ns.map(n => [n.dataset.action, n.dataset.hintRank])"
    )
    assert (
        marked
        and all(action in legal for action, _ in marked)
        and [r for _, r in marked if r == "1"] == ["1"]
    )
    until(
        page,
        "[...document.querySelectorAll('#log li')].some(li => li.textContent === 'You asked for a hint')",
    )
    until(page, "document.querySelector('#hint-button').textContent === 'Hint (2 left)'")
    assert room.hints.given == [(0, room.hints.given[0][1])]
    page.screenshot(path=str(shots / "table-hint.png"))
    page.click("#hint-box .hint-head button")  # Close
    assert page.is_hidden("#hint-box") and not page.query_selector(".hinted")
    assert not problems, problems
    context.close()


def test_no_hint_at_a_rated_table(browser: Any, live: Live) -> None:
    context, page, problems, room = open_table(browser, live, rated=True)
    until(page, "!!document.querySelector('.s7-table button.action')")
    assert page.is_hidden("#hint-button")
    token = page.url.split("#token=", 1)[1]
    refusal = page.evaluate(
        """token => new Promise((done) => {
          const ws = new WebSocket(`ws://${location.host}/ws/tables/${location.pathname.split('/').pop()}`);
          ws.onopen = () => ws.send(JSON.stringify({ type: 'join', token }));
          ws.onmessage = (e) => {
            const msg = JSON.parse(e.data);
            if (msg.type === 'welcome') ws.send(JSON.stringify({ type: 'hint' }));
            if (msg.type === 'error' || msg.type === 'hint') { ws.close(); done(msg); }
          };
        })""",
        token,
    )
    assert refusal["type"] == "error" and refusal["code"] == "rated"
    assert room.hints.given == []
    assert not problems, problems
    context.close()


def test_a_finished_games_replay_shows_its_review(browser: Any, live: Live, shots: Path) -> None:
    created = create(live, ["easy", "easy", "easy"], game="summon7", target=30)
    table = created["table"]["id"]
    room = live.room(table)
    until_over(room, 60)
    context, page, problems = helpers.open_page(browser, f"{live.base}/replay/{table}", LAPTOP, ".s7-table")
    page.wait_for_selector("#review .review-plot path.line", timeout=60000)
    lines = page.eval_on_selector_all("#review svg[role=img] path.line", "ps => ps.map(p => p.dataset.seat)")
    assert lines == ["0", "1", "2"]  # one line per seat
    legend = page.eval_on_selector_all("#review .review-legend li", "ls => ls.map(l => l.textContent.trim())")
    assert legend == room.names()
    turns = page.query_selector_all("#review .review-plot circle.turn")
    assert 1 <= len(turns) <= advice.TURNING_POINTS
    assert len(page.query_selector_all("#review .review-turns li")) == len(turns)
    stored = live.app.state.hub.storage.review(table)
    assert stored is not None and stored.data is not None
    rows = page.query_selector_all("#review .review-numbers tbody tr")
    assert len(rows) == len(stored.data["points"])  # the numbers, for a screen reader
    first = page.query_selector("#review .review-turns li button")
    step = int(first.inner_text().split()[-1])
    first.click()
    until(page, f"document.querySelector('#slider').value === '{step}'")
    assert not audit(page), audit(page)
    page.eval_on_selector("#review", "r => r.scrollIntoView()")
    page.screenshot(path=str(shots / "replay-review.png"))
    page.set_viewport_size(PHONE)  # the plot is drawn again at the phone's width: its text stays readable
    until(
        page,
        "Math.abs(document.querySelector('#review svg[role=img]').viewBox.baseVal.width"
        " - document.querySelector('#review-body').clientWidth) < 10",
    )
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    width = page.eval_on_selector("#review .review-plot", "p => p.getBoundingClientRect().width")
    assert 300 < width <= PHONE["width"]
    page.screenshot(path=str(shots / "replay-review-phone.png"), full_page=True)
    assert not problems, problems
    context.close()
