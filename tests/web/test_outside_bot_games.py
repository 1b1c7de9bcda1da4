"""Issue 32 in Debian's Chromium, every game but Summon 7 (tests/web/test_challenges.py plays that
one from the lobby's pages): a person signed up in the browser challenges a bot account whose
program (`tabletop bot run`, started by the test) accepts; she plays the whole game by clicking,
against the bot's program and a built-in bot, to the end panel.

The tables are untimed, so no takeover bot ever plays the bot account's seat: the game ends only
if the program plays every one of its turns."""

from __future__ import annotations

import random
import secrets
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import Live
from .helpers import CLICKABLE, click
from .outside_bot import bot_account, challenge_accepted, moves_of, running_bot, sign_up
from .test_lobby_accounts import new_page
from .test_manasurge import click_something as manasurge_click
from .test_megacorps import click_something as megacorps_click

pytestmark = pytest.mark.timeout(300)


def first_choice(page: Any, rng: random.Random) -> bool:
    return click(page, page.query_selector(CLICKABLE))


GAMES: dict[str, tuple[dict[str, Any], Any, str]] = {  # options, how the person clicks, the table
    "megalomania": ({"players": 3}, first_choice, ".mg-table"),
    "clan": ({"players": 3, "pregame": 25, "rounds": 3}, first_choice, ".s7-table"),
    "manasurge": ({"players": 3}, manasurge_click, ".ms-table"),
    "megacorps": ({"players": 3}, megacorps_click, ".mc-table"),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_a_whole_game_against_a_bot_program_and_a_built_in_bot(
    browser: Any, live: Live, tmp_path: Path, game: str
) -> None:
    options, clicks, drawn = GAMES[game]
    tag = secrets.token_hex(3)
    bot, person = f"{game[:5]}bot_{tag}", f"ana_{tag}"
    token = bot_account(live, bot)
    with running_bot(live, tmp_path, token, accept=game) as process:
        context, page, problems = new_page(browser, f"{live.base}/")
        sign_up(context, live, person)
        terms = {"options": options, "seats": ["person", f"@{bot}", "easy"], "clock": {"mode": "none"}}
        table = challenge_accepted(context, live, bot, game, terms)
        room = live.room(table)
        page.goto(f"{live.base}/table/{table}")
        page.wait_for_selector(drawn)
        assert page.inner_text("#who").startswith("You are in seat 0")
        assert page.is_visible("section[data-seat='1'] .bot-mark, [data-seat='1'] .bot-mark")
        rng, deadline = random.Random(7), time.monotonic() + 240
        while page.query_selector("#end:not([hidden])") is None:
            assert time.monotonic() < deadline, f"the game did not end (step {room.step})"
            assert not problems, problems
            if not clicks(page, rng):
                page.wait_for_timeout(15)
        assert room.over and process.poll() is None
        assert (room.seats[0].name, room.seats[1].name, room.seats[2].level) == (person, bot, "easy")
        assert moves_of(room, 1) > 0  # the bot's program played its seat, every turn of it
        assert page.is_visible("#end .final .bot-mark")
        assert not problems, problems
        context.close()
