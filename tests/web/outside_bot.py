"""A bot account and its program for the browser tests: the account and its token made over the
API, `tabletop bot run` started in a folder of its own, and a person's challenge it accepts.

The whole-game tests of every game seat such a program (the ``outside_bot`` fixture, one per test
module: tests/web/conftest.py) beside a built-in bot: a person plays the whole game in Chromium
against both, and the game ends only if the program plays every one of its turns (the tables are
untimed: no takeover bot plays for it)."""

from __future__ import annotations

import json
import secrets
import subprocess
import time
import urllib.request
from contextlib import AbstractContextManager
from dataclasses import dataclass
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

from tabletop.core.record import parse_entry
from tests.client.helpers import bot_run

from .conftest import Live
from .helpers import watch
from .test_lobby_accounts import PASSWORD

HEURISTIC = """
from tabletop.agents.heuristics import Heuristic


def make(seat, seed):
    return Heuristic(seed)
"""


def bot_account(live: Live, name: str) -> str:
    """Sign ``name`` up, make it a bot account, and return a new API token of it."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def post(path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        request = urllib.request.Request(
            f"{live.base}{path}",
            data=json.dumps(body or {}).encode(),
            headers={"Content-Type": "application/json", "Origin": live.base},
        )
        with opener.open(request, timeout=10) as answer:
            found: dict[str, Any] = json.load(answer)
        return found

    post("/api/account/signup", {"name": name, "password": PASSWORD})
    assert post("/api/account/bot")["bot"] is True
    return str(post("/api/account/tokens", {"name": "test"})["token"])


def running_bot(
    live: Live, folder: Path, token: str, accept: str | None = None, agent: str = HEURISTIC
) -> AbstractContextManager[subprocess.Popen[bytes]]:
    """`tabletop bot run` with ``token``, playing ``agent`` (a module's text, its factory ``make``)
    and accepting challenges to the game ``accept`` (None: any game); stopped at the end, its log in
    ``folder``."""
    (folder / "token").write_text(token + "\n")
    (folder / "token").chmod(0o600)
    (folder / "mybot.py").write_text(agent)
    return bot_run(live.base, folder, accept=[] if accept is None else [accept])


@dataclass
class OutsideBot:
    """A bot account whose program runs (the ``outside_bot`` fixture)."""

    name: str
    process: subprocess.Popen[bytes]

    def played(self, room: Any, seat: int) -> bool:
        """Whether the program played ``seat`` of the finished ``room`` and is still running."""
        return moves_of(room, seat) > 0 and self.process.poll() is None


def challenged_table(
    browser: Any,
    live: Live,
    bot: OutsideBot,
    game: str,
    seats: list[str],
    viewport: dict[str, int],
    ready: str,
    **options: Any,
) -> tuple[Any, Any, list[str], Any]:
    """A new person's page at the untimed table of her challenge to ``bot`` (``"@"`` among the
    ``seats`` is its seat), once its program has accepted it and the page shows ``ready``: the
    browser context, the page, the list its errors go to, and the room."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    problems = watch(page)
    sign_up(context, live, f"ana_{secrets.token_hex(4)}")
    terms = {
        "options": {"players": len(seats), **options},
        "seats": [f"@{bot.name}" if seat == "@" else seat for seat in seats],
        "clock": {"mode": "none"},
    }
    table = challenge_accepted(context, live, bot.name, game, terms)
    page.goto(f"{live.base}/table/{table}")
    page.wait_for_selector(ready)
    return context, page, problems, live.room(table)


def sign_up(context: Any, live: Live, name: str) -> None:
    """Sign the browser context up (its requests and pages share the context's cookies)."""
    signed = context.request.post(
        f"{live.base}/api/account/signup", data={"name": name, "password": PASSWORD}
    )
    assert signed.ok, signed.text()


def challenge_accepted(context: Any, live: Live, bot: str, game: str, terms: dict[str, Any]) -> str:
    """The table of the challenge the browser context's person sends ``bot`` to ``game`` on
    ``terms`` (options, seats, clock...), once the bot's program has accepted it."""
    made = context.request.post(f"{live.base}/api/challenges", data={"bot": bot, "game": game, **terms})
    assert made.status == 201, made.text()
    number = made.json()["id"]
    deadline = time.monotonic() + 30
    while True:
        found = context.request.get(f"{live.base}/api/challenges/{number}").json()
        if found["table"]:
            assert found["status"] == "accepted", found
            return str(found["table"])
        assert found["status"] in ("open", "accepted") and time.monotonic() < deadline, found
        time.sleep(0.1)


def moves_of(room: Any, seat: int) -> int:
    """The moves ``seat`` made at the finished table (its record replayed: an entry is the current
    seat's, or ``@seat``'s, out of turn)."""
    state = room.record.initial_state()
    game, moves = state.get_game(), 0
    for text in room.record.actions:
        by, action = parse_entry(text)
        moves += (state.current_seat if by is None else by) == seat
        state.apply(game.parse_action(action), by)
    return moves
