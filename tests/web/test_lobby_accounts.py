"""The lobby with accounts in Debian's Chromium: sign up, log in and out, "My tables", time controls,
taking a free seat from the list, and the table page's clocks, away banner and "Leave the game"."""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from typing import Any

import pytest

from . import helpers
from .conftest import Live
from .helpers import until

pytestmark = pytest.mark.timeout(240)
VIEWPORT = {"width": 1360, "height": 900}
PASSWORD = "correct horse battery"
CLOCK = re.compile(r"^\d\d:\d\d$")


def new_page(browser: Any, url: str, ready: str | None = None) -> tuple[Any, Any, list[str]]:
    """A fresh context on ``url`` (once ``ready`` shows, if given) whose 401s are no problem: a
    guest's "who am I?" and a refused log-in are answered so."""
    return helpers.open_page(browser, url, VIEWPORT, ready, allowed="401")


def create(live: Live, seats: list[str], **extra: Any) -> dict[str, Any]:
    """A table made over HTTP by a guest, with the create request's extra fields (clock, private...)."""
    return helpers.create(live, seats, table=extra)


def sign_up(page: Any, name: str) -> None:
    page.click("#signup")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector(f".account-name:text-is('{name}')")


def log_in(page: Any, name: str, password: str) -> None:
    page.click("#login")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("#account-submit")


def test_sign_up_create_a_timed_table_find_it_in_my_tables_and_log_in_again(
    browser: Any, live: Live, shots: Path
) -> None:
    name = f"ana_{secrets.token_hex(3)}"
    context, page, problems = new_page(browser, live.base, "#login")
    assert page.is_visible("#name-field") and not page.is_visible("#mine")
    assert page.get_attribute("a.nav-link", "href") == "/leaderboard"
    sign_up(page, name)
    assert page.get_attribute(".account-name", "href") == f"/players/{name}"
    assert not page.is_visible("#name-field")  # an account's name is its own
    page.wait_for_selector("#mine:not([hidden])")
    # a table with a time control: seat 0 is yours, the others are bots
    page.wait_for_selector("#seats select")
    page.select_option("#game", "megalomania")
    page.select_option("[data-option=players]", "3")
    page.select_option("#seats select[data-seat='1']", "easy")
    page.select_option("#seats select[data-seat='2']", "easy")
    page.select_option("#clock", "slow")
    assert page.is_checked("#rated") and not page.is_checked("#private")
    assert page.input_value("#takeover") == "normal"
    page.click("#create button[type=submit]")
    page.wait_for_selector("#created .link-row")
    table = page.inner_text("#created h3").split()[1]
    room = live.room(table)
    assert room.summary()["clock"] == {"mode": "realtime", "move": 180.0, "reserve": 600.0, "window": 90.0}
    assert room.seats[0].user_id is not None
    # the table waits for you (the bots answer at once): under "Your turn", with your clock running
    row = f".mine-turn .my-table[data-table='{table}']"
    page.wait_for_selector(f"{row} .countdown .move")
    assert CLOCK.match(page.inner_text(f"{row} .countdown .move"))
    assert page.inner_text(f"{row} .turn") == "your turn"
    page.screenshot(path=str(shots / "lobby-account.png"))
    # and the tables list shows its clock and that it is rated
    page.wait_for_selector(f".tables .table-row[data-table='{table}'] .clock-mode")
    assert page.inner_text(f".tables .table-row[data-table='{table}'] .clock-mode") == "3 min + 10 min"
    assert page.query_selector(f".tables .table-row[data-table='{table}'] .tag.rated") is not None
    page.click(f"{row} a.button")
    page.wait_for_selector(".mg-table")
    assert page.inner_text("#who") == f"You are in seat 0 as {name}"  # the cookie sits you, no token
    mine = "#clocks .clock-seat.asked[data-seat='0'] .countdown"
    page.wait_for_selector(mine)
    first = page.inner_text(f"{mine} .move")
    assert CLOCK.match(first) and "02:00" < first <= "03:00", first  # 3 min a move
    assert "reserve" in page.inner_text(f"{mine} .reserve")
    until(page, f"document.querySelector(\"{mine} .move\").textContent !== '{first}'", 5)  # it ticks
    assert page.is_visible("#leave")
    page.screenshot(path=str(shots / "table-clocks.png"))
    # log out; a wrong password is refused in words; the right one logs in
    page.goto(live.base)
    page.wait_for_selector("#logout")
    page.click("#logout")
    page.wait_for_selector("#login")
    assert page.is_hidden("#mine") and page.is_visible("#name-field")
    log_in(page, name, "not the password")
    page.wait_for_selector("#account-error:not([hidden])")
    page.screenshot(path=str(shots / "lobby-login.png"))
    assert page.inner_text("#account-error") == "Wrong name or password."
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector(f".account-name:text-is('{name}')")
    page.wait_for_selector(f".my-table[data-table='{table}']")
    assert not problems, problems
    context.close()


def test_a_guest_takes_a_free_seat_from_the_list_not_at_a_private_table(browser: Any, live: Live) -> None:
    open_table = create(live, ["person", "person"])["table"]["id"]
    private = create(live, ["person", "person"], private=True)["table"]["id"]
    context, page, problems = new_page(
        browser, live.base, f".table-row[data-table='{open_table}'] .take-seat"
    )
    assert page.query_selector(f".table-row[data-table='{private}']") is None  # invitation only
    buttons = page.query_selector_all(f".table-row[data-table='{open_table}'] .take-seat")
    assert [b.inner_text() for b in buttons] == ["Take seat 1"]  # seat 0 is the creator's
    buttons[0].click()
    page.wait_for_url(re.compile(rf"/table/{open_table}#token="))
    page.wait_for_selector(".mg-table")
    assert page.inner_text("#who") == "You are in seat 1"
    assert live.room(open_table).seats[1].joined
    # the seat is taken: the lobby no longer offers it
    page.goto(live.base)
    page.wait_for_selector(f".table-row[data-table='{open_table}']")
    labels = page.eval_on_selector_all(
        f".table-row[data-table='{open_table}'] .take-seat", "bs => bs.map(b => b.textContent)"
    )
    assert labels == []
    assert not problems, problems
    context.close()


def test_away_then_back_then_leave_for_good(browser: Any, live: Live, shots: Path) -> None:
    # the shortest real-time clock: 10 s a move, no reserve; the bots answer at once
    created = create(live, ["person", "easy"], clock={"mode": "realtime", "move": 10, "reserve": 0})
    table = created["table"]["id"]
    context, page, problems = new_page(browser, created["links"]["seats"][0]["url"], ".mg-table")
    page.wait_for_selector("#clocks .clock-seat.asked[data-seat='0'] .countdown")
    # nobody answers: the clock runs out, a bot plays for the seat, the page says so
    page.wait_for_selector("#seat-notice.away #back", timeout=30000)
    assert "You were away" in page.inner_text("#seat-notice")
    page.screenshot(path=str(shots / "table-away.png"))
    assert page.query_selector("#clocks .clock-seat[data-seat='0'] .tag.absent") is not None
    page.click("#back")
    page.wait_for_selector("#seat-notice", state="hidden")
    assert not live.room(table).seats[0].absent
    # leaving asks first; "Stay" keeps the seat
    page.click("#leave")
    page.wait_for_selector("#confirm-leave")
    page.click("#cancel-leave")
    page.wait_for_selector("#seat-notice", state="hidden")
    assert not live.room(table).seats[0].left
    page.click("#leave")
    page.click("#confirm-leave")
    page.wait_for_selector("#seat-notice.left")
    assert "You left this game" in page.inner_text("#seat-notice")
    assert page.is_hidden("#leave")
    assert live.room(table).seats[0].left
    assert not problems, problems
    context.close()


def test_too_many_failed_logins_say_when_to_try_again(browser: Any, live: Live) -> None:
    context, page, problems = new_page(browser, live.base, "#login")
    log_in(page, "nobody_here", "wrong password")
    page.wait_for_selector("#account-error:not([hidden])")
    for _ in range(5):  # five failures for the account: the sixth try is refused for a while
        page.click("#account-submit")
        page.wait_for_timeout(150)
        until(page, "!document.querySelector('#account-submit').disabled")
    message = page.inner_text("#account-error")
    assert re.fullmatch(r"Too many attempts\. Please try again in \d+ minutes\.", message), message
    assert not [p for p in problems if "429" not in p], problems
    context.close()
