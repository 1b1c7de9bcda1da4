"""The whole story of issue 13 in Debian's Chromium: sign up in the lobby, create a rated table
against a bot with the lobby's form, play it to the end by clicking, then find the rating on the
leaderboard and the game, with its replay, on the player page."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest

from .conftest import Live
from .helpers import click_to_the_end, until
from .test_lobby_accounts import new_page, sign_up
from .test_other_games import choose

pytestmark = pytest.mark.timeout(300)


def test_sign_up_play_a_rated_game_and_find_it_on_the_leaderboard_and_player_page(
    browser: Any, live: Live, shots: Path
) -> None:
    name = f"rated_{secrets.token_hex(3)}"
    context, page, problems = new_page(browser, live.base, "#signup")
    sign_up(page, name)
    # the lobby's form: Summon 7, two players, a bot in seat 1, untimed, rated
    page.select_option("#game", "summon7")
    page.wait_for_selector("[data-option=players]")
    page.select_option("[data-option=players]", "2")
    page.select_option("#seats select[data-seat='1']", "easy")
    page.select_option("#clock", "none")
    assert page.is_checked("#rated")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#created a.button.primary")
    page.click("#created a.button.primary")  # "Take this seat": the account's, no token in the link
    page.wait_for_selector(".s7-table")
    assert "#token=" not in page.url
    assert page.inner_text("#who").startswith("You are in seat 0")
    table = page.url.rstrip("/").rsplit("/", 1)[1]
    room = live.room(table)
    assert room.seats[0].name == name and room.row.rated
    click_to_the_end(page, problems, choose)
    assert room.over
    place = room.seats[0].rank
    # the leaderboard: the account and the bot, one game each
    page.goto(f"{live.base}/leaderboard?game=summon7")
    page.wait_for_selector(".ratings-table tbody tr")
    rows = page.eval_on_selector_all(
        ".ratings-table tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))"
    )
    mine = [r for r in rows if r[1] == name]
    assert len(mine) == 1 and mine[0][3] == "1"
    assert not any(r[1].startswith("Bot (") for r in rows)  # people's board: people only
    page.select_option("#board-kind", "bots")  # the bots' board: the level played
    page.wait_for_selector('#board-title:has-text("bots\' ratings")')
    bots = page.eval_on_selector_all(
        ".ratings-table tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))"
    )
    (level,) = [r for r in bots if r[1] == "Bot (easy)"]
    assert (int(mine[0][2]) > int(level[2])) == (place == 1)  # the winner is above the loser
    page.select_option("#board-kind", "people")
    page.wait_for_selector(f".ratings-table a:text-is('{name}')")
    page.click(f".ratings-table a:text-is('{name}')")
    page.wait_for_url(f"**/players/{name}")
    page.wait_for_selector("#games tbody tr")
    game = page.eval_on_selector("#games tbody tr", "r => [...r.cells].map(c => c.textContent)")
    assert game[0] == "Summon 7" and game[2].startswith(f"{place} of 2")
    assert game[3][0] in "+−±"  # the rating's change, rated
    until(page, "!!document.querySelector('#plot img') && document.querySelector('#plot img').complete")
    assert page.eval_on_selector("#plot img", "i => i.naturalWidth") > 0
    page.screenshot(path=str(shots / "player-page.png"))
    page.click("#games a:text-is('Replay')")
    page.wait_for_url(f"**/replay/{table}")
    page.wait_for_selector(".s7-table")
    assert not problems, problems
    context.close()
