"""Helpers shared by the browser tests: tables made over HTTP, pages opened, waits on the DOM, and
the harness of the tests in which people play (against bots) by clicking."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from tabletop.core.record import parse_entry
from tests.server.helpers import post_json

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
    return post_json(f"{live.base}/api/tables", body)


def watch(page: Any, allowed: str | None = None) -> list[str]:
    """The list ``page``'s uncaught errors and console errors go to, as they come; a console error
    whose text holds ``allowed`` (an HTTP status the test expects, such as a guest's 401) is none."""
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(f"page error: {err}"))

    def console(message: Any) -> None:
        if message.type == "error" and (allowed is None or allowed not in message.text):
            problems.append(message.text)

    page.on("console", console)
    return problems


def open_page(
    browser: Any,
    url: str,
    viewport: dict[str, int],
    ready: str | None,
    allowed: str | None = None,
    **context: Any,
) -> tuple[Any, Any, list[str]]:
    """A fresh context (``context``: its other options) on ``url``, once ``ready`` shows (if one is
    given); and the list its errors go to (``allowed``: as for ``watch``)."""
    browser_context = browser.new_context(viewport=viewport, **context)
    page = browser_context.new_page()
    problems = watch(page, allowed)
    page.goto(url)
    if ready is not None:
        page.wait_for_selector(ready)
    return browser_context, page, problems


def close_all(pages: list[tuple[Any, Any, list[str]]]) -> None:
    """Close each opened page's context, once it is known to have logged no error."""
    for context, _, problems in pages:
        assert not problems, problems
        context.close()


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


# -- people playing by clicking --------------------------------------------------------------------
def bots_idle(room: Any) -> bool:
    """No bot is deciding or playing (the state is not changing under the test's feet)."""
    return room.bot_task is None or bool(room.bot_task.done())


def until_over(room: Any, seconds: float) -> None:
    """Wait for the bots to finish the game."""
    deadline = time.monotonic() + seconds
    while not room.over:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)


def until_people(room: Any, seconds: float = 20) -> None:
    """Wait while the bots play: until a person (seat 0 or 1) is asked, or the end."""
    deadline = time.monotonic() + seconds
    while not bots_idle(room) or (not room.state.is_terminal() and not {0, 1} & set(room.state.to_act())):
        assert time.monotonic() < deadline, "the bots did not play"
        time.sleep(0.01)


def at_step(pages: list[tuple[Any, Any, list[str]]], step: int) -> Iterator[tuple[int, Any]]:
    """Each page (by seat) once it shows ``step``, with no console error so far."""
    for seat, (_, page, problems) in enumerate(pages):
        until(page, f"document.body.dataset.step === '{step}'")
        assert not problems, problems
        yield seat, page


def act_once(page: Any, room: Any, click_something: Callable[[Any], bool]) -> None:
    """Clicks until the table moves one step (a click may be refused or only choose, such as a
    pick to give or a number in its field), one at a time: a click on its way is waited for."""
    before = room.step
    deadline = time.monotonic() + 20
    while room.step == before:
        assert time.monotonic() < deadline, "the click was not taken"
        if not click_something(page):
            page.wait_for_timeout(15)
            continue
        wait = time.monotonic() + 1
        while room.step == before and time.monotonic() < wait and pending(page):
            page.wait_for_timeout(10)


def two_people_play(
    pages: list[tuple[Any, Any, list[str]]],
    room: Any,
    rounds: int,
    check: Callable[[Any, Any, int], None],
    click_something: Callable[[Any], bool],
) -> int:
    """Seats 0 and 1 are people, the others bots: up to ``rounds`` times, once the bots have
    played, every page is checked against the room's state (``check(page, state, seat)``), then
    the person asked clicks until the table moves.  Returns how many positions were checked."""
    checked = 0
    for _ in range(rounds):
        until_people(room)
        state = room.state
        if state.is_terminal():
            break
        for seat, page in at_step(pages, room.step):
            check(page, state, seat)
        checked += 1
        mover = pages[next(s for s in (0, 1) if s in state.to_act())][1]
        act_once(mover, room, click_something)
    return checked


def step_replay(page: Any, url: str, ready: str, steps: int) -> None:
    """Open the replay at ``url`` and step it forward ``steps`` times by its button."""
    page.goto(url)
    page.wait_for_selector(ready)
    for _ in range(steps):
        page.click("#next")
    until(page, f"document.querySelector('#step-label').textContent.startsWith('step {steps} ')")


def decided_phases(room: Any, seat: int) -> Counter[str]:
    """The phases of the decisions ``seat`` took at ``room``'s table, read from its record (a poll
    of the page can miss a step the player took at once)."""
    phases: Counter[str] = Counter()
    before = room.record.initial_state()
    for _, text, after, _ in room.record.steps():
        decider = parse_entry(text)[0]
        if (before.current_seat if decider is None else decider) == seat:
            phases[before.view(seat)["phase"]] += 1
        before = after.clone()
    return phases


def at_the_end(page: Any, room: Any, scores: Callable[[Any], list[int]], winner: str) -> Any:
    """Once the end panel shows: the room is over at the page's step, the final table holds each
    seat's score (``scores(state)``) and the seats marked ``winner`` are the winners.  The state."""
    page.wait_for_selector("#end table.final tr")
    assert room.over and step(page) == room.step
    state = room.state
    rows = page.eval_on_selector_all("#end table.final td.num", "cs => cs.map(c => parseInt(c.textContent))")
    assert sorted(rows, reverse=True) == sorted(scores(state), reverse=True)
    marked = page.eval_on_selector_all(winner, "ss => ss.map(s => Number(s.dataset.seat))")
    assert sorted(marked) == sorted(state.view(None)["winners"])
    return state


def click_to_the_end(
    page: Any, problems: list[str], choose: Callable[[Any], Any], seconds: float = 200
) -> None:
    """Click ``choose(page)`` (an element, or None for nothing now) until the end panel shows, with
    no error on the page meanwhile."""
    deadline = time.monotonic() + seconds
    while page.query_selector("#end:not([hidden])") is None:
        assert time.monotonic() < deadline, "the game did not end"
        assert not problems, problems
        if not click(page, choose(page)):
            page.wait_for_timeout(15)
