"""The guided first game (issue 28) in Debian's Chromium: for every game, from the lobby's "Guided
game" button through every step of its script to its end, then free play; once on a phone
(390x844), where the guide's panel and what it points at must both be in view; and its "Leave the
guide" and "Restart" buttons.  The steps are clicked as a person would: Next, or the element the
guide points at for a move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.core.registry import names
from tabletop.words.tutorials import Step, tutorial

from . import helpers
from .conftest import Live
from .helpers import until
from .test_layout import audit

pytestmark = pytest.mark.timeout(300)
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
GUIDE = "document.querySelector('#guide')"


def from_lobby(
    browser: Any, live: Live, game: str, viewport: dict[str, int]
) -> tuple[Any, Any, list[str], Any]:
    """The lobby's "Guided game" button of ``game`` clicked: the new tutorial table's page, its
    console errors and its room."""
    context, page, problems = helpers.open_page(browser, f"{live.base}/", viewport, "#learn li")
    button = page.wait_for_selector(f'#learn button.guided[data-game="{game}"]')
    assert button.inner_text() == "Guided game"
    button.click()
    page.wait_for_url(f"{live.base}/table/*")
    page.wait_for_selector("#guide:not([hidden])")
    table = page.url.split("/table/", 1)[1].split("#", 1)[0]
    room = live.room(table)
    assert room.row.tutorial == game and not room.row.rated and room.row.private
    problems[:] = [p for p in problems if "401" not in p]  # a guest's "who am I?" (account.js)
    return context, page, problems, room


def shown(page: Any, index: int) -> None:
    """Wait for step ``index`` to be on the guide's panel, ready to be read."""
    until(page, f"{GUIDE}.dataset.step === '{index}' && {GUIDE}.dataset.ready === 'true'", 60)


def words_of(step: Step) -> list[str]:
    """The plain parts of a step's text (its cards are drawn as chips in between)."""
    return [p.strip() for p in step.text.parts if isinstance(p, str) and p.strip()]


def read(page: Any, step: Step) -> None:
    """The panel shows the step's words, and outlines what it points at."""
    text = page.inner_text("#guide .guide-text")
    for part in words_of(step):
        assert " ".join(part.split()) in " ".join(text.split())
    if step.point is not None:
        pointed = page.eval_on_selector_all(".guide-point", f"ns => ns.map(n => n.matches({step.point!r}))")
        assert pointed and all(pointed), f"step {step.text.plain()[:40]!r}: nothing at {step.point}"


def in_view(page: Any, selector: str) -> None:
    """The element is on screen and nothing covers it (the guide's panel included)."""
    covered = page.evaluate(
        """selector => {
          const node = document.querySelector(selector);
          node.scrollIntoView({ block: 'center' });
          const r = node.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && node.contains(top);
        }""",
        selector,
    )
    assert covered, f"{selector} is off screen or covered"


def walk_through(page: Any, game: str, room: Any, phone: bool = False, shot: Path | None = None) -> None:
    script = tutorial(game)
    for index, step in enumerate(script.steps):
        shown(page, index)
        read(page, step)
        if shot is not None and step.expect is not None:
            page.screenshot(path=str(shot))  # the first step that asks for a move
            shot = None
        count = page.inner_text("#guide .guide-count")
        assert count == f"Step {index + 1} of {len(script.steps)}"
        if step.expect is None:
            assert page.is_visible("#guide-next")
            assert page.inner_text("#guide-next") == ("Play on" if index == len(script.steps) - 1 else "Next")
            page.click("#guide-next")
            continue
        assert page.is_hidden("#guide-next")  # the move, not Next, goes on
        target = f'.guide-point[data-action="{step.expect}"]'
        page.wait_for_selector(target)
        if phone:
            in_view(page, target)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"the page is {width} px wide on a phone"
        made = room.guide.made
        page.click(target)
        until(page, f"{GUIDE}.dataset.step !== '{index}'", 60)
        assert room.guide.made == made + 1
    # the end: the panel goes, and the table asks you as at any table
    page.wait_for_selector("#guide", state="hidden")
    assert not room.guide.live and room.guide.made == len(script.moves)
    until(page, "document.querySelectorAll('#board [data-action], #board input[type=number]').length > 0", 60)
    seat_view = room.seat_view(0, room.state.view(0))
    assert seat_view["legal"] == list(room.prompts[0].legal) and len(seat_view["legal"]) > 1


@pytest.mark.parametrize("game", list(names()))
def test_a_guided_game_from_the_lobby_to_its_end(browser: Any, live: Live, game: str, shots: Path) -> None:
    context, page, problems, room = from_lobby(browser, live, game, LAPTOP)
    walk_through(page, game, room, shot=shots / f"tutorial-{game}.png")
    assert not problems, problems
    context.close()


def test_a_guided_game_on_a_phone(browser: Any, live: Live, shots: Path) -> None:
    context, page, problems, room = from_lobby(browser, live, "summon7", PHONE)
    shown(page, 0)
    assert not audit(page), audit(page)
    walk_through(page, "summon7", room, phone=True, shot=shots / "tutorial-phone.png")
    assert not problems, problems
    context.close()


def test_leave_the_guide_and_restart(browser: Any, live: Live) -> None:
    context, page, problems, room = from_lobby(browser, live, "megalomania", LAPTOP)
    for index in range(3):
        shown(page, index)
        page.click("#guide-next")
    shown(page, 3)
    page.click('.guide-point[data-action="take=crystals"]')
    shown(page, 4)  # lead the blue Emperor: the rules would let you lead any card
    assert page.eval_on_selector_all(".me-box .hand .card.playable", "cs => cs.map(c => c.dataset.card)") == [
        "Eu"
    ]
    page.hover('.me-box .hand .card[data-card="Kb"]')  # another card says why not: the guide's words
    tip = "document.querySelector('#why-tip')"
    until(page, f"!{tip}.hidden && {tip}.textContent.includes('the guide asks for one move now')")
    assert "Play the blue Emperor (15)" in page.inner_text("#why-tip")
    page.click("#guide-restart")  # a new tutorial table, from its first step
    page.wait_for_url(lambda url: room.id not in url)
    page.wait_for_selector("#guide:not([hidden])")
    fresh = live.room(page.url.split("/table/", 1)[1].split("#", 1)[0])
    assert fresh.id != room.id and fresh.row.tutorial == "megalomania" and fresh.guide.made == 0
    shown(page, 0)
    page.click("#guide-leave")
    page.wait_for_selector("#guide", state="hidden")
    stored = live.app.state.hub.storage.load(fresh.id)
    assert fresh.guide.left and stored is not None and stored.tutorial_left
    until(page, "document.querySelectorAll('#board button.action[data-action^=\"take=\"]').length === 4")
    assert not problems, problems
    context.close()
