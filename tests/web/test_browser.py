"""The browser client in Debian's Chromium: a whole game by clicking, private hands, reloads."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tabletop.games.megalomania.cards import texts
from tests.server.helpers import hidden_from

from . import helpers
from .conftest import Live
from .helpers import CLICKABLE, click, close_all, create, step, step_replay, until
from .outside_bot import OutsideBot, challenged_table

pytestmark = pytest.mark.timeout(240)
VIEWPORT = {"width": 1360, "height": 860}


def open_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    return helpers.open_page(browser, url, VIEWPORT, ".mg-table")


def click_something(page: Any) -> bool:
    """Click the first legal card or button; False when there is none right now."""
    return click(page, page.query_selector(CLICKABLE))


def hand_in_page(page: Any) -> set[str]:
    """Your cards as the page draws them: the hand, and any face up on the table."""
    selector = ".me-box .hand .card, .me-box .table-row-cards .card"
    return {str(c) for c in page.eval_on_selector_all(selector, "cs => cs.map(c => c.dataset.card)")}


def cards_in_page(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("[data-card]", "cs => cs.map(c => c.dataset.card)"))


def test_one_person_and_three_bots_play_a_whole_game_by_clicking(
    browser: Any, live: Live, shots: Path, outside_bot: OutsideBot
) -> None:
    """Seat 1 a bot program that accepted her challenge (tests/web/outside_bot.py), 2 and 3 easy."""
    seats = ["person", "@", "easy", "easy"]
    context, page, problems, room = challenged_table(
        browser, live, outside_bot, "megalomania", seats, VIEWPORT, ".mg-table"
    )
    assert page.inner_text("#who").startswith("You are in seat 0")
    assert page.is_visible("[data-seat='1'] .bot-mark")  # its seat says BOT
    page.wait_for_selector(CLICKABLE)
    page.screenshot(path=str(shots / "table-start.png"))
    clicks, shot_mid = 0, False
    deadline = time.monotonic() + 180
    while page.query_selector("#end:not([hidden])") is None:
        assert time.monotonic() < deadline, "the game did not end"
        if (
            not shot_mid
            and step(page) > 150
            and len(page.query_selector_all(".trick-area .play")) >= 2
            and page.query_selector(".card.playable")
        ):
            page.wait_for_timeout(400)  # let the last card land
            page.screenshot(path=str(shots / "table-mid.png"))
            shot_mid = True
        if click_something(page):
            clicks += 1
        else:
            page.wait_for_timeout(15)
    assert clicks > 30
    page.wait_for_selector("#end table.final tr")
    assert len(page.query_selector_all("#end table.final tr")) == 4
    assert page.query_selector("#rematch") is not None
    assert room.over and step(page) == room.step
    assert outside_bot.played(room, 1)  # the program played its seat, every turn of it
    page.screenshot(path=str(shots / "table-end.png"))
    # the replay page walks through the finished game
    step_replay(page, f"{live.base}/replay/{room.id}", ".mg-table", 12)
    assert len(page.query_selector_all(".backs .card:not(.back)")) > 0  # everyone's hand, after the end
    page.screenshot(path=str(shots / "replay.png"))
    # the rematch button makes a new table with the same seats, and takes you there
    page.goto(f"{live.base}/table/{room.id}")
    page.click("#rematch")
    page.wait_for_url(lambda url: room.id not in url)
    page.wait_for_selector(".mg-table")
    assert page.inner_text("#who").startswith("You are in seat 0")
    assert page.is_visible("[data-seat='1'] .bot-mark")  # the bot it played, seated again
    assert not problems, problems
    context.close()


def test_two_people_each_see_only_their_own_hand(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person"])  # no bot: the table moves only when they click
    table = created["table"]["id"]
    pages = [open_page(browser, created["links"]["seats"][s]["url"]) for s in (0, 1)]
    room = live.room(table)
    for _ in range(25):
        state = room.state
        for seat, (_, page, _) in enumerate(pages):
            until(page, f"document.body.dataset.step === '{room.step}'")
            hand = texts(state.hands[seat])
            assert hand_in_page(page) == set(hand)
            others = hidden_from(state, seat)
            assert not cards_in_page(page) & others, f"seat {seat} sees another hand's cards"
        before, page = room.step, pages[state.current_seat][1]
        assert page.query_selector(CLICKABLE) and not pages[1 - state.current_seat][1].query_selector(
            CLICKABLE
        )
        while room.step == before:
            if not click_something(page):
                page.wait_for_timeout(15)
    close_all(pages)


def test_a_reload_resumes_the_seat(browser: Any, live: Live) -> None:
    created = create(live, ["person", "easy"])
    url = created["links"]["seats"][0]["url"]
    room = live.room(created["table"]["id"])
    context, page, problems = open_page(browser, url)
    page.wait_for_selector(CLICKABLE)
    deadline = time.monotonic() + 30
    while not click_something(page):  # a card re-drawn under the mouse: look again
        assert time.monotonic() < deadline, "nothing could be clicked"
        page.wait_for_timeout(15)
    until(page, "document.body.dataset.step !== '0'")
    before = step(page)
    page.reload()
    page.wait_for_selector(".mg-table")
    assert page.inner_text("#who") == "You are in seat 0"
    # the bot may still be moving: wait until the table waits for this seat, then compare
    page.wait_for_selector(CLICKABLE)
    until(page, f"document.body.dataset.step === '{room.step}'")
    assert step(page) >= before and room.state.current_seat == 0
    assert hand_in_page(page) == set(texts(room.state.hands[0]))
    assert page.query_selector(".me-box .seat-head .dot.on") is not None
    # closing the tab and opening the link again in a new one resumes too
    context.close()
    context, page, problems = open_page(browser, url)
    page.wait_for_selector(CLICKABLE)
    now = step(page)
    while step(page) == now:
        if not click_something(page):
            page.wait_for_timeout(15)
    assert not problems, problems
    context.close()


def test_the_lobby_creates_a_table_and_shows_its_links(browser: Any, live: Live, shots: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 760})
    page = context.new_page()
    page.goto(live.base)
    page.wait_for_selector("#seats select")
    page.fill("#name", "Ana")
    page.select_option("#game", "megalomania")
    page.select_option("[data-option=players]", "3")
    assert len(page.query_selector_all("#seats select")) == 3
    page.select_option("#seats select[data-seat='1']", "person")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#created .link-row")
    rows = page.query_selector_all("#created .link-row")
    assert len(rows) == 4  # three seats and the spectators
    page.wait_for_selector(".table-row")
    page.screenshot(path=str(shots / "lobby.png"))
    page.click("#created a.button.primary")  # take your seat
    page.wait_for_selector(".mg-table")
    assert page.inner_text("#who") == "You are in seat 0"
    assert page.inner_text(".me-box .seat-head .name") == "You"
    context.close()
