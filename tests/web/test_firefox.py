"""The table page in Debian's Firefox ESR, driven over WebDriver BiDi (tests/web/bidi.py).

Playwright's own Firefox is a patched build it downloads, and its BiDi channel for a stock
Firefox asks for commands Firefox ESR does not have yet; so this talks to Firefox's Remote
Agent itself.  A whole game of each game by clicking: Megalomania's hand as the server knows it,
the other games' offered actions all legal, no JavaScript error.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tabletop.games.megalomania.cards import texts

from .bidi import Session, firefox
from .conftest import Live
from .helpers import CLICKABLE, create

pytestmark = pytest.mark.timeout(240)
FIREFOX = "/usr/bin/firefox-esr"

# A legal card or button when the page takes clicks (the one at ``pick``, from 0 to 1, among those
# enabled; trade offers only when nothing else is there), scrolled into view: the middle of it once
# it stands still for two frames, and only if a click there would reach it; else null.
TARGET = """async (selector, pick) => {
  if (document.body.classList.contains("pending")) return null;
  const all = [...document.querySelectorAll(selector)].filter((n) => !n.disabled);
  const calm = all.filter((n) => !(n.dataset.action || "").startsWith("offer "));
  const choices = calm.length ? calm : all;
  if (!choices.length) return null;
  const node = choices[Math.min(choices.length - 1, Math.floor(pick * choices.length))];
  node.scrollIntoView({ block: "center", inline: "center" });
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const before = node.getBoundingClientRect();
  await frame();
  await frame();
  const box = node.getBoundingClientRect();
  if (!node.isConnected || box.width === 0 || box.x !== before.x || box.y !== before.y) return null;
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && node.contains(hit) ? [x, y] : null;
}"""
HAND = """[...document.querySelectorAll(".me-box .hand .card, .me-box .table-row-cards .card")]
  .map((card) => card.dataset.card)"""
NOW = f"""({{
  step: Number(document.body.dataset.step || 0),
  actions: [...document.querySelectorAll("{CLICKABLE}")].map((n) => n.dataset.action).filter(Boolean),
  ready: !document.body.classList.contains("pending") && document.querySelector("{CLICKABLE}") !== null,
  over: document.querySelector("#end:not([hidden])") !== null,
}})"""


@pytest.fixture(scope="module")
def ff() -> Iterator[Session]:
    if not os.path.exists(FIREFOX):
        pytest.skip(f"no {FIREFOX}: make test installs Debian's firefox-esr when it can")
    with firefox(FIREFOX) as session:
        session.set_viewport(1360, 860)
        yield session


def until(ff: Session, expression: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not ff.evaluate(expression):
        assert time.monotonic() < deadline, (
            f"still false after {seconds} s: {expression}; errors: {ff.errors}"
        )
        ff.sleep(0.02)


def click_something(ff: Session, pick: float = 0.0) -> bool:
    """Click a legal card or button with the mouse (the first, or the one at ``pick``); False when
    there is none right now."""
    where = ff.call(TARGET, CLICKABLE, pick)
    if where is None:
        return False
    ff.click_at(*where)
    return True


def play_to_the_end(
    ff: Session,
    room: Any,
    seconds: float,
    pick: Callable[[], float],
    at_turn: Callable[[dict[str, Any]], None],
) -> tuple[int, int, list[int]]:
    """Click (the choice at ``pick()``) until the game is over, each time the table waits for seat 0
    and the page shows that step, after ``at_turn(now)`` has checked the page at that step.  The
    clicks, the turns checked (every step clicked at was checked), and each step the page showed."""
    clicks, checked, steps = 0, -1, [0]
    turns_checked = 0
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, f"the game did not end: {clicks} clicks, errors: {ff.errors}"
        now: dict[str, Any] = ff.evaluate(NOW)
        steps.append(int(now["step"]))
        if now["over"]:
            return clicks, turns_checked, steps
        if now["ready"] and now["step"] == room.step and 0 in room.state.to_act():
            if now["step"] != checked:
                at_turn(now)
                checked = now["step"]
                turns_checked += 1
            if click_something(ff, pick()):
                clicks += 1
                continue
        ff.sleep(0.015)


def test_a_whole_game_by_clicking_in_firefox(ff: Session, live: Live) -> None:
    """Megalomania for two (Chromium plays it for four: tests/web/test_browser.py)."""
    created = create(live, ["person", "easy"])
    room = live.room(created["table"]["id"])
    ff.goto(created["links"]["seats"][0]["url"])
    until(ff, "document.querySelector('.mg-table') !== null")
    assert ff.evaluate("document.querySelector('#who').textContent") == "You are in seat 0"

    def hand_is_dealt(now: dict[str, Any]) -> None:  # the page shows the hand the server deals
        assert sorted(ff.evaluate(HAND)) == sorted(texts(room.state.hands[0])), f"at step {now['step']}"

    clicks, turns_checked, steps = play_to_the_end(ff, room, 180, lambda: 0.0, hand_is_dealt)
    assert clicks > 30 and turns_checked > 10, (clicks, turns_checked)
    assert steps == sorted(steps) and steps[-1] > 100  # the step only moves on
    until(ff, "document.querySelectorAll('#end table.final tr').length === 2")
    assert room.over and steps[-1] == room.step
    assert ff.evaluate("document.querySelector('#rematch') !== null")
    ff.sleep(0.2)  # the last log entries
    assert not ff.errors, ff.errors


# Every other game to its end, one person against bots, clicking at random among the choices
OTHER_GAMES: dict[str, tuple[list[str], dict[str, Any], str]] = {
    "summon7": (["person", "easy", "easy", "easy"], {"target": 90}, ".s7-table"),
    "clan": (["person", "easy", "easy"], {"pregame": 25, "rounds": 3}, ".s7-table"),
    "manasurge": (["person", "easy", "easy"], {"wizards": True}, ".ms-table"),
    "megacorps": (["person", "easy", "easy"], {}, ".mc-table"),
}


@pytest.mark.parametrize("game", list(OTHER_GAMES))
def test_every_other_game_to_the_end_in_firefox(ff: Session, live: Live, game: str) -> None:
    seats, options, ready = OTHER_GAMES[game]
    created = create(live, seats, game, **options)
    room = live.room(created["table"]["id"])
    ff.goto(created["links"]["seats"][0]["url"])
    until(ff, f"document.querySelector('{ready}') !== null")

    def only_legal_offered(now: dict[str, Any]) -> None:  # every action the page offers is legal
        legal = {str(a) for a in room.state.legal_actions_for(0)}
        offered = {a for a in now["actions"] if not a.startswith("offer ")}
        assert offered <= legal, f"{game} at step {now['step']}: {offered - legal} are not legal"

    clicks, turns_checked, steps = play_to_the_end(ff, room, 200, random.Random(7).random, only_legal_offered)
    # every click was at a step checked first (play_to_the_end); a step may be checked without a
    # click of its own when the table moves on under the page while seat 0 is still asked (a sealed
    # bid answered by a bot first asks seat 0 again at the next step)
    assert turns_checked >= 1 and clicks >= 1, (clicks, turns_checked)
    assert steps == sorted(steps)  # the step only moves on
    until(ff, f"document.querySelectorAll('#end table.final tr').length === {len(seats)}")
    assert room.over and steps[-1] == room.step
    ff.sleep(0.2)
    assert not ff.errors, ff.errors
