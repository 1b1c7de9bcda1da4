"""Summon 7 and the clan game in Debian's Chromium: whole games by clicking, the page against the
room's true state, the odds it shows, nothing a seat may not see, no console errors."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tabletop.games.summon7.cards import VALUES

from . import helpers
from .conftest import Live
from .helpers import CLICKABLE, at_step, click, close_all, create, pending, step, step_replay
from .outside_bot import OutsideBot, challenged_table

pytestmark = pytest.mark.timeout(300)
VIEWPORT = {"width": 1280, "height": 800}


def open_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    return helpers.open_page(browser, url, VIEWPORT, ".s7-table")


def choose(page: Any) -> Any:
    """The element a sensible player clicks: hold from 15 up, else the first legal choice."""
    if page.query_selector("button.action[data-action='hold']"):
        shown = page.query_selector(".s7-me .s7-total")
        if shown is None:  # drawn again between the two looks: look again
            return None
        if shown.evaluate("n => Number(n.textContent)") >= 15:
            return page.query_selector("button.action[data-action='hold']")
    return page.query_selector(CLICKABLE)


def click_something(page: Any) -> bool:
    """Click a legal card or button; False when there is none right now."""
    return click(page, choose(page))


def act_once(page: Any, room: Any) -> None:
    """One click that moves the table one step (and no second one before the first is taken)."""
    before = room.step
    while room.step == before:
        if not click_something(page):
            page.wait_for_timeout(15)
            continue
        deadline = time.monotonic() + 2
        while room.step == before and time.monotonic() < deadline:
            page.wait_for_timeout(10)


def my_turn_now(page: Any, room: Any) -> bool:
    """The page waits for this seat and shows the room's latest step (bots wait for a person)."""
    if page.query_selector(CLICKABLE) is None or pending(page):
        return False
    seat = int(page.evaluate("document.body.dataset.seat"))
    return bool(step(page) == room.step and room.state.current_seat == seat)


def seat_cards(page: Any, seat: int) -> list[int]:
    selector = f"section[data-seat='{seat}'] .s7-cards .card.s7"
    return [int(v) for v in page.eval_on_selector_all(selector, "cs => cs.map(c => c.dataset.value)")]


def deck_counts(page: Any) -> list[int]:
    return [
        int(n) for n in page.eval_on_selector_all(".odds-col .odds-count", "cs => cs.map(c => c.textContent)")
    ]


def true_next_counts(state: Any) -> list[int]:
    t = state.table
    pile = t.deck or t.discard
    counts = Counter(VALUES[c] for c in pile)
    return [counts[v] for v in range(13)]


def true_bust_percent(state: Any, seat: int, hungry: bool = False) -> int:
    counts = true_next_counts(state)
    held = set(state.table.values(seat))
    total = sum(counts)
    busting = sum(counts[v] for v in held)
    safe = total - busting
    # hungry: two cards dealt, a bust if either busts (drawn without replacement)
    chance = 1 - safe * (safe - 1) / (total * (total - 1)) if hungry else busting / total
    return int(chance * 100 + 0.5)  # as the page rounds (half up)


def shown_percent(page: Any) -> int:
    text = page.inner_text(".bust-meter .bust-value").strip()
    return 0 if text == "<1%" else int(text.rstrip("%"))


def check_table(page: Any, state: Any) -> None:
    """The Summon 7 table on the page is the room's: every seat's face-up cards, the deck."""
    for seat in range(state.n):
        assert seat_cards(page, seat) == state.table.values(seat), f"seat {seat}'s cards"
    if page.query_selector(".odds-col"):
        assert deck_counts(page) == true_next_counts(state)
        assert int(page.inner_text(".s7-pile.deck .pile-count")) == len(state.table.deck)


def play_to_the_end(page: Any, room: Any, problems: list[str], seconds: float, check: Any, shot: Any) -> int:
    """Click until the end panel shows; at each of the person's turns, check the page and maybe
    take a screenshot."""
    clicks, settling = 0, 0
    deadline = time.monotonic() + seconds
    while page.query_selector("#end:not([hidden])") is None:
        assert time.monotonic() < deadline, "the game did not end"
        assert not problems, problems
        if my_turn_now(page, room):
            shown = step(page)
            try:
                check(page, room.state)
                settling = 0
            except AssertionError:
                if step(page) == shown == room.step:
                    settling += 1  # a page still drawing the step (a loaded machine) gets a second
                    if settling > 10:
                        raise
                    page.wait_for_timeout(100)
                continue  # the page or the table moved on while it was compared: compare again
            shot(page, room.state)
        if click_something(page):
            clicks += 1
        else:
            page.wait_for_timeout(15)
    return clicks


def test_one_person_and_bots_play_a_whole_summon7_game(browser: Any, live: Live, shots: Path) -> None:
    created = create(live, ["person", "easy", "easy", "easy"], "summon7", target=90)
    room = live.room(created["table"]["id"])
    context, page, problems = open_page(browser, created["links"]["seats"][0]["url"])
    assert page.inner_text("#who") == "You are in seat 0"
    assert len(page.query_selector_all(".s7-seat")) == 3 and page.query_selector(".s7-me[data-seat='0']")
    checked, taken = [0], [False]

    def check(page: Any, state: Any) -> None:
        check_table(page, state)
        if page.query_selector("button.action[data-action='hit']"):
            assert shown_percent(page) == true_bust_percent(state, 0)  # the odds, from the open cards
            checked[0] += 1
        assert page.query_selector(".s7-me.to-act")

    def shot(page: Any, state: Any) -> None:
        if not taken[0] and state.round >= 2 and len(state.table.values(0)) >= 2:
            page.wait_for_timeout(300)  # let the last card land
            page.screenshot(path=str(shots / "summon7-table.png"))
            taken[0] = True

    clicks = play_to_the_end(page, room, problems, 200, check, shot)
    assert clicks >= 3 and checked[0] >= 2
    page.wait_for_selector("#end table.final tr")
    assert len(page.query_selector_all("#end table.final tr")) == 4
    assert room.over and step(page) == room.step
    leaders = page.eval_on_selector_all(
        "#end table.final td.num", "cs => cs.map(c => parseInt(c.textContent))"
    )
    assert sorted(leaders, reverse=True) == sorted(room.state.leadership, reverse=True)
    assert max(room.state.leadership) >= 90
    if not taken[0]:
        page.screenshot(path=str(shots / "summon7-table.png"))
    # the replay page draws the same table, step by step
    step_replay(page, f"{live.base}/replay/{created['table']['id']}", ".s7-table", 6)
    assert len(page.query_selector_all(".s7-table section[data-seat]")) == 4
    assert not problems, problems
    context.close()


def test_one_person_and_bots_play_a_whole_clan_game(
    browser: Any, live: Live, shots: Path, outside_bot: OutsideBot
) -> None:
    """A short clan game against a bot program (tests/web/outside_bot.py) and an easy bot."""
    seats = ["person", "@", "easy"]
    context, page, problems, room = challenged_table(
        browser, live, outside_bot, "clan", seats, VIEWPORT, ".s7-table", pregame=25, rounds=3
    )
    assert page.is_visible("[data-seat='1'] .bot-mark")  # its seat says BOT
    page.wait_for_selector(CLICKABLE)
    phases: set[str] = set()
    taken = [False]

    def check(page: Any, state: Any) -> None:
        view = state.view(0)
        phases.add(view["phase"])
        assert page.evaluate("document.querySelector('.s7-table').dataset.phase") == view["phase"]
        if view["stage"] == "choose":
            shown = page.eval_on_selector_all(".card.char.playable", "cs => cs.map(c => c.dataset.action)")
            assert shown == view["legal"]
            return
        check_table(page, state)
        for seat in range(state.n):  # every member's power cards are open (rulings C3)
            hand = page.eval_on_selector_all(
                f"section[data-seat='{seat}'] .pw-hand .card.pw", "cs => cs.map(c => c.dataset.power)"
            )
            assert hand == view["seats"][seat]["hand"], f"seat {seat}'s power cards"
        pantry = page.eval_on_selector_all(
            ".clan-house .pantry .human", "hs => hs.map(h => [h.dataset.human, Number(h.dataset.count)])"
        )
        assert dict(pantry) == {h: n for h, n in view["pantry"].items() if n}
        assert int(page.inner_text(".clan-house .meter-value")) == view["meter"]["value"]
        assert int(page.inner_text(".clan-house .head-line .score")) == view["head"]["leadership"]
        if view["stage"] == "main":
            for loc in view["city"]:
                tile = f".location[data-location='{loc['id']}']"
                meeples = page.eval_on_selector_all(f"{tile} .meeple", "ms => ms.map(m => m.title)")
                assert meeples == loc["meeples"]
                humans = page.eval_on_selector_all(
                    f"{tile} .human", "hs => hs.map(h => [h.dataset.human, Number(h.dataset.count)])"
                )
                assert dict(humans) == {h: n for h, n in loc["humans"].items() if n}
        legal = set(view["legal"])
        shown = set(page.eval_on_selector_all(CLICKABLE, "cs => cs.map(c => c.dataset.action)"))
        assert shown == legal, "every legal action is on the page, and nothing else"
        if "hit" in legal:
            hungry = view["stage"] == "main" and view["seats"][0]["hungry"]
            assert shown_percent(page) == true_bust_percent(state, 0, hungry)

    def shot(page: Any, state: Any) -> None:
        view = state.view(0)
        cards = sum(len(seat["hand"]) for seat in view["seats"])
        if (
            not taken[0]
            and view["stage"] == "main"
            and view["phase"] == "home"
            and view["round"] >= 2
            and cards
        ):
            page.wait_for_timeout(300)
            page.screenshot(path=str(shots / "clan-table.png"))
            taken[0] = True

    clicks = play_to_the_end(page, room, problems, 240, check, shot)
    assert clicks > 5
    assert {"choose", "home"} <= phases
    page.wait_for_selector("#end table.final tr")
    assert len(page.query_selector_all("#end table.final tr")) == 3
    assert room.over and step(page) == room.step
    assert outside_bot.played(room, 1)  # the program played its seat, every turn of it
    assert page.query_selector(".clan-ending") is not None
    if not taken[0]:
        page.screenshot(path=str(shots / "clan-table.png"))
    assert not problems, problems
    context.close()


@pytest.mark.parametrize("game", ["summon7", "clan"])
def test_each_page_shows_only_what_its_seat_may_see(browser: Any, live: Live, game: str) -> None:
    """Two people and a spectator: all cards are face up in these games, so every page shows the
    true table; what stays hidden is the order of the decks (only counts are shown) and the other
    seat's choices (only the seat to act gets clickable actions)."""
    options = {"pregame": 15} if game == "clan" else {}
    created = create(live, ["person", "person"], game, **options)  # no bot: it moves only on clicks
    room = live.room(created["table"]["id"])
    pages = [open_page(browser, created["links"]["seats"][s]["url"]) for s in (0, 1)]
    pages.append(open_page(browser, created["links"]["spectator"]))
    for _ in range(40 if game == "clan" else 24):
        state = room.state
        if state.is_terminal():
            break
        for seat, page in at_step(pages, room.step):
            if page.query_selector(".odds-col"):
                check_table(page, state)
            # the deck's order is nowhere: no card of the deck is drawn, only how many of each value
            assert len(page.query_selector_all(".card.s7")) == sum(
                len(state.table.values(s)) for s in range(2)
            )
            mine = seat == state.current_seat
            clickable = page.eval_on_selector_all(CLICKABLE, "cs => cs.map(c => c.dataset.action)")
            if mine:
                assert set(clickable) == set(state.view(seat)["legal"])
            else:
                assert clickable == [], f"page {seat} offers another seat's choices"
        act_once(pages[state.current_seat][1], room)
    close_all(pages)
