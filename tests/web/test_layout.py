"""Every table on every screen (issue 17): each game played into a mid-game position where the
person is asked, then the same page resized through phones, a tablet, laptops and a desktop: no
sideways scrolling, your hand, every legal action, whose turn and the scores in sight and uncovered,
touch targets of 44x44 on phones; an accessibility audit (axe-core) of the lobby, every table and
its replay; the keyboard and the screen reader at the table.  Screenshots of every size go to
docs/screenshots with TABLETOP_SCREENSHOTS=1."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tabletop.server import hub as hub_module

from . import helpers
from .conftest import Live
from .helpers import create, pending, step, until
from .layout import GAMES, PHONES, SIZES, UNTIMED, measure, position, problems_at

pytestmark = pytest.mark.timeout(300)
SEED = 42  # every table dealt alike, so each game's mid-game position is the same on every run


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables dealt from SEED (the lobby draws a seed at random); the bots are seeded from it."""
    monkeypatch.setattr(hub_module, "secrets", SimpleNamespace(randbelow=lambda _: SEED))


SHOOT = bool(os.environ.get("TABLETOP_SCREENSHOTS"))
BAD = {"serious", "critical"}


def audit(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds on the page, in words."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    found = axe.Axe().run(page).response["violations"]
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in found
        if v["impact"] in BAD
    ]


def at_size(page: Any, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("window.scrollTo(0, 0)")
    # media queries report their changes in the next rendering step, before its animation frames
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_timeout(60)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_fits_every_screen(browser: Any, live: Live, shots: Path, game: str) -> None:
    context, page, problems, table = position(browser, live, game)
    shown = step(page)
    widths = {}
    for size in SIZES:
        at_size(page, size)
        assert step(page) == shown, "the table moved on while it waited for the person"
        data = measure(page, GAMES[game])
        widths[size] = data["width"]
        wrong = problems_at(data, size, game)
        assert not wrong, f"{game} at {size} {SIZES[size]}: {wrong}"
        if SHOOT:
            page.screenshot(path=str(shots / f"layout-{game}-{size}.png"))
    assert all(widths[s] == SIZES[s][0] for s in SIZES), widths
    if game == "megacorps":  # the board's choices are all in the list next to the others
        on_board = set(
            page.eval_on_selector_all(".mc-board [data-action]", "ns => ns.map(n => n.dataset.action)")
        )
        listed = set(page.eval_on_selector_all("#mc-place-select option", "os => os.map(o => o.value)"))
        assert on_board and listed == on_board
    # the accessibility audit: the table on a phone and on a laptop, then its replay
    for size in ("phone", "laptop-small"):
        at_size(page, size)
        assert not audit(page), (game, size, audit(page))
    page.goto(f"{live.base}/replay/{table}")
    page.wait_for_selector(GAMES[game].ready)
    page.wait_for_timeout(200)
    assert not audit(page), (game, "replay", audit(page))
    at_size(page, "phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"][0]
    if SHOOT and game == "megalomania":
        page.screenshot(path=str(shots / "layout-replay-phone.png"))
    assert not problems, problems
    context.close()


def test_the_lobby_and_the_players_pages_fit_every_screen(browser: Any, live: Live, shots: Path) -> None:
    create(live, ["person", "person", "easy"], table=UNTIMED)  # a free seat anyone may take
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(live.base)
    page.wait_for_selector(".table-row .take-seat")
    assert not audit(page), audit(page)
    for size in SIZES:
        at_size(page, size)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size][0], f"the lobby is {width} px wide at {size}"
        take = page.locator(".table-row .take-seat").first
        take.scroll_into_view_if_needed()
        box = take.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size][0]
        if size in PHONES:
            assert box["height"] >= 44 and box["width"] >= 44, box
        if SHOOT:
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(shots / f"layout-lobby-{size}.png"))
    for path in ("/leaderboard", "/players/nobody"):
        page.goto(f"{live.base}{path}")
        page.wait_for_timeout(300)
        for size in ("phone-small", "phone"):
            at_size(page, size)
            assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0], path
    context.close()


def focus_ring(page: Any) -> str:
    return str(page.evaluate("getComputedStyle(document.activeElement).outlineStyle"))


def test_the_keyboard_plays_and_never_traps(browser: Any, live: Live) -> None:
    context, page, problems, table = position(browser, live, "summon7")
    room = live.room(table)
    at_size(page, "phone")
    # Tab reaches a choice, with a visible focus ring; Enter plays it
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('#board [data-action]')"):
            break
    else:
        pytest.fail("Tab never reached a choice on the table")
    assert focus_ring(page) != "none"
    assert page.evaluate("document.body.classList.contains('keyboard')")
    numbers = page.eval_on_selector_all("#board [data-shortcut]", "ns => ns.map(n => n.dataset.shortcut)")
    assert sorted(numbers) == [str(n) for n in range(1, len(numbers) + 1)]
    before = room.step
    page.keyboard.press("Enter")
    until(page, f"Number(document.body.dataset.step) > {before}")
    # as in the terminal, a choice's number plays it (once the table waits for the person again)
    deadline = time.monotonic() + 30
    while not (step(page) == room.step and page.query_selector("#board [data-action]") and not pending(page)):
        assert time.monotonic() < deadline, "the person was not asked again"
        page.wait_for_timeout(20)
    legal = page.evaluate(
        "[...document.querySelectorAll('#board [data-shortcut]')]"
        ".map(n => [n.dataset.shortcut, n.dataset.action])"
    )
    first = dict(legal)["1"]
    before = room.step
    page.keyboard.press("1")
    until(page, f"Number(document.body.dataset.step) > {before}")
    assert room.record.actions[before].endswith(first)
    # "?" lists the keys in a dialog, Escape closes it and gives the focus back
    page.keyboard.press("?")
    assert page.is_visible(".keys-dialog")
    page.keyboard.press("Escape")
    assert not page.is_visible(".keys-dialog")
    # no trap: Tab goes through the whole page and comes back round
    seen: list[str] = []
    for _ in range(120):
        page.keyboard.press("Tab")
        seen.append(
            page.evaluate(
                "(n => n.id || n.dataset.action || n.tagName + ':' + n.textContent.slice(0, 24))"
                "(document.activeElement)"
            )
        )
        if len(seen) > 3 and seen[-1] == seen[0]:
            break
    assert seen[-1] == seen[0] and len(set(seen)) > 5, seen
    assert not problems, problems
    context.close()


def test_a_screen_reader_hears_the_cards_and_the_plays(browser: Any, live: Live) -> None:
    context, page, problems, _ = position(browser, live, "megalomania")
    names = page.eval_on_selector_all(
        ".me-box .hand .card", "cs => cs.map(c => c.getAttribute('aria-label'))"
    )
    assert names and all(re.fullmatch(r"(black|red|yellow|blue) [A-Z][a-z]+, \d+", n) for n in names), names
    marks = page.eval_on_selector_all(".me-box .hand .card .mark", "ms => ms.map(m => m.textContent)")
    assert len(marks) == len(names) and all(marks), "a colour's shape on every card"
    roles = page.eval_on_selector_all(".trick-area .card", "cs => cs.map(c => c.getAttribute('role'))")
    assert all(r == "img" for r in roles)
    # what the others play is said politely, once the person has played
    assert page.get_attribute("#said", "aria-live") == "polite"
    page.click(".me-box .hand .card.playable")
    heard = "/\\b(play|plays|take|takes)\\b|Your turn/.test(document.querySelector('#said').textContent)"
    until(page, heard, 20)
    assert not problems, problems
    context.close()


def test_small_screens_fold_the_panels_into_tabs(browser: Any, live: Live) -> None:
    created = create(live, ["person", "easy"], table=UNTIMED)
    context, page, problems = helpers.open_page(
        browser, created["links"]["seats"][0]["url"], {"width": 390, "height": 844}, ".mg-table"
    )
    tabs = page.eval_on_selector_all("#side-tabs [role=tab]", "ts => ts.map(t => t.textContent)")
    assert tabs == ["Scores", "Log", "Chat"]
    assert page.is_visible("#side .scores") and not page.is_visible("#log")
    page.click("#side-tabs [role=tab]:has-text('Log')")
    assert page.is_visible("#log") and not page.is_visible("#side .scores")
    page.keyboard.press("ArrowRight")  # the tabs' keys: the next tab
    assert page.is_visible("#chat") and not page.is_visible("#log")
    # the header's buttons behind the menu
    assert not page.is_visible("#copy-watch")
    page.click("#menu-toggle")
    assert page.is_visible("#copy-watch") and page.get_attribute("#menu-toggle", "aria-expanded") == "true"
    # a wide window shows every panel, no tabs
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_selector("#side-tabs", state="hidden")  # the media query's change event comes next frame
    assert page.is_visible("#log") and page.is_visible("#side .scores")
    assert page.is_visible("#copy-watch") and page.is_hidden("#menu-toggle")
    assert not problems, problems
    context.close()
