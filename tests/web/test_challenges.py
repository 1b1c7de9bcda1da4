"""Issue 32's second part in Debian's Chromium: an owner makes an account a bot account and a token
on the account page; a `tabletop bot run` process plays with that token; a person challenges the
bot from its player page (the lobby's form, the bot in a seat), the bot accepts, and she plays the
whole Summon 7 game against it (and a built-in bot) by clicking, its seat marked BOT; then the
bots' leaderboard holds the bot account beside the built-in level, people's board only her."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest

from .conftest import Live
from .helpers import click_to_the_end, until
from .outside_bot import moves_of, running_bot, sign_up
from .test_lobby_accounts import new_page
from .test_other_games import choose

pytestmark = pytest.mark.timeout(300)


def make_bot_account(browser: Any, live: Live, name: str) -> tuple[Any, str]:
    """The account page: sign up, make the account a bot account (after its warning), make a token
    (shown once, copied), make and revoke another; the context and the token."""
    context, page, problems = new_page(browser, f"{live.base}/")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    sign_up(context, live, name)
    page.goto(f"{live.base}/account")
    page.click("#bot-make")
    assert "cannot be undone" in page.inner_text("#bot-confirm")
    page.click("#bot-confirm-no")  # thought better of it: nothing changes
    assert page.is_hidden("#bot-confirm")
    assert context.request.get(f"{live.base}/api/account/bot").json()["bot"] is False
    page.click("#bot-make")
    page.click("#bot-confirm-yes")
    page.wait_for_selector("#bot-tokens:not([hidden])")
    assert page.is_hidden("#bot-person")
    for token_name in ("spare", "laptop"):
        page.fill("#token-name", token_name)
        page.click("#token-form button[type=submit]")
        page.wait_for_selector(f"#token-rows th:text-is('{token_name}')")
    token = page.input_value("#token-value")
    assert token.startswith("tbot.") and page.is_visible("#token-new")
    page.click("#token-copy")
    page.wait_for_selector("#token-copy:text-is('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == token
    page.click("button[aria-label='Revoke the token spare']")
    page.wait_for_selector("#token-rows th:text-is('spare')", state="detached")
    listed = context.request.get(f"{live.base}/api/account/tokens").json()["tokens"]
    assert [t["name"] for t in listed] == ["laptop"]
    assert not problems, problems
    page.close()
    return context, token


def rows(page: Any) -> list[list[str]]:
    return [
        list(r)
        for r in page.eval_on_selector_all(
            ".ratings-table tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent.trim()))"
        )
    ]


def test_a_person_challenges_a_bot_account_which_accepts_and_plays_the_game_in_the_browser(
    browser: Any, live: Live, tmp_path: Path
) -> None:
    tag = secrets.token_hex(3)
    bot, person = f"zeta_{tag}", f"ana_{tag}"
    owner, token = make_bot_account(browser, live, bot)
    with running_bot(live, tmp_path, token, accept="summon7") as process:
        context, page, problems = new_page(browser, f"{live.base}/players/{bot}")
        sign_up(context, live, person)
        page.reload()
        page.wait_for_selector("#title .bot-mark")  # the player page says BOT
        page.click("#challenge")
        # the lobby's form, the bot in seat 1: Summon 7 for three, a built-in bot in seat 2, untimed
        page.wait_for_selector(f"#seats select[data-seat='1'] option[value='@{bot}']", state="attached")
        assert page.input_value("#seats select[data-seat='1']") == f"@{bot}"
        page.select_option("#game", "summon7")
        page.wait_for_selector("[data-option=target]")
        page.select_option("[data-option=players]", "3")
        page.fill("[data-option=target]", "40")
        page.select_option("#seats select[data-seat='2']", "easy")
        page.select_option("#clock", "none")
        assert page.input_value("#seats select[data-seat='1']") == f"@{bot}"
        assert page.inner_text("#create button[type=submit]") == f"Challenge {bot}"
        page.click("#create button[type=submit]")  # the page waits for the answer, then goes to the table
        page.wait_for_url(f"{live.base}/table/*", timeout=30_000)
        page.wait_for_selector(".s7-table")
        table = page.url.rstrip("/").rsplit("/", 1)[1]
        room = live.room(table)
        assert page.inner_text("#who").startswith("You are in seat 0")
        assert page.is_visible("section[data-seat='1'] .seat-head .bot-mark")  # the bot's seat says BOT
        assert (
            page.query_selector("section[data-seat='2'] .seat-head .bot-mark") is None
        )  # a level's does not
        click_to_the_end(page, problems, choose)
        assert room.over and room.row.rated
        assert page.is_visible("#end .final .bot-mark")  # the final table names the bot with its marker
        assert (room.seats[0].name, room.seats[1].name, room.seats[2].level) == (person, bot, "easy")
        assert moves_of(room, 1) > 0 and process.poll() is None  # the bot's program played its seat
        # the bots' board: the bot account (BOT) and the built-in level it played beside
        page.goto(f"{live.base}/leaderboard?game=summon7&board=bots")
        page.wait_for_selector(".ratings-table tbody tr")
        board = rows(page)
        assert any(r[1] == f"{bot} BOT" for r in board) and any(r[1] == "Bot (easy)" for r in board)
        assert page.input_value("#board-kind") == "bots"
        page.select_option("#board-kind", "people")
        page.wait_for_selector(f".ratings-table a:text-is('{person}')")
        assert all(bot not in r[1] and not r[1].startswith("Bot (") for r in rows(page))
        # the lobby's finished tables name the bot with its marker too
        page.goto(f"{live.base}/")
        until(page, f"!!document.querySelector(\".table-row[data-table='{table}'] .bot-mark\")")
        assert not problems, problems
        context.close()
    owner.close()
