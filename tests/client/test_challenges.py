"""Challenges answered by a bot's program against a live `tabletop serve` (issue 32, second part):
`tabletop.client`'s ``challenges()``, ``accept()`` and ``decline()``; and `tabletop bot run --accept`
declining a challenge to a game it does not play, with its reason, and accepting one to a game it
plays, then playing that table to its end against the person who challenged it.

The person plays her seat with the same client, her session cookie in place of a token (what her
browser does), so the game ends only if both programs play every turn: the table is untimed."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx2
import pytest
from typer.testing import CliRunner

from tabletop.bot_cli import accepted_games
from tabletop.cli import app
from tabletop.client import Api, Challenge, Gone, TableClient, Turn, accept_games
from tests.client.test_bot_run import AGENT, WAIT, Site, bot_process, wait_for
from tests.server.helpers import free_port, serve_process

PASSWORD = "p" * 10
TERMS = {"game": "summon7", "options": {"players": 2, "target": 40}, "clock": {"mode": "none"}}


class Person(Api):
    """The person's side of a table: her session cookie, sent from this server's origin (as her
    browser's page does), instead of a token."""

    def __init__(self, server: str, cookie: str) -> None:
        super().__init__(server, "")
        self.cookie = cookie

    def headers(self) -> dict[str, str]:
        return {"Cookie": f"tabletop_session={self.cookie}", "Origin": self.server}


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """A server (no limit on the tokens' requests: the bot looks often here), the bot account zeta
    with a token in a file, and ana, logged in."""
    port = free_port()
    db = f"sqlite:///{tmp_path / 'tabletop.db'}"
    with serve_process(db, port, tmp_path / "server.log", "--token-requests", "0") as server:
        url = f"http://127.0.0.1:{port}"
        with httpx2.Client(base_url=url) as owner, httpx2.Client(base_url=url) as ana:
            assert owner.post("/api/account/signup", json={"name": "zeta", "password": PASSWORD}).is_success
            assert owner.post("/api/account/bot").json()["bot"] is True
            token = owner.post("/api/account/tokens", json={"name": "test"}).json()["token"]
            (tmp_path / "token").write_text(token + "\n")
            (tmp_path / "token").chmod(0o600)
            (tmp_path / "mybot.py").write_text(AGENT)
            assert ana.post("/api/account/signup", json={"name": "ana", "password": PASSWORD}).is_success
            yield Site(url, db, port, tmp_path, ana, server, owner)


def challenge(site: Site, **terms: Any) -> dict[str, Any]:
    made = site.person.post("/api/challenges", json={"bot": "zeta", **TERMS, **terms})
    assert made.status_code == 201, made.text
    found: dict[str, Any] = made.json()
    return found


def answered(site: Site, challenge_id: int) -> dict[str, Any] | None:
    found: dict[str, Any] = site.person.get(f"/api/challenges/{challenge_id}").json()
    return None if found["status"] == "open" else found


async def play_her_seat(site: Site, table: str) -> Any:
    """Ana's seat, random legal moves, until the game is over."""
    rng = random.Random(2)

    def decide(turn: Turn) -> str:
        return rng.choice(turn.legal)

    cookie = site.person.cookies["tabletop_session"]
    return await TableClient(Person(site.url, cookie), table, decide).play()


def ended(site: Site, table: str) -> str | None:
    """The bot's log once it says the table is over."""
    log = (site.folder / "bot.log").read_text()
    return log if f"table {table}: over" in log else None


def test_the_client_lists_accepts_and_declines_challenges(site: Site) -> None:
    api = Api(site.url, (site.folder / "token").read_text().strip())
    first, second = challenge(site), challenge(site, game="clan", options={})

    async def answer() -> Any:
        waiting = await api.challenges()
        assert [(c.id, c.challenger, c.game, c.seat) for c in waiting] == [
            (first["id"], "ana", "summon7", 1),
            (second["id"], "ana", "clan", 1),
        ]
        assert waiting[0].options["target"] == 40 and waiting[0].clock["mode"] == "none"
        await api.decline(second["id"], "no clan today")
        seat = await api.accept(first["id"])
        with pytest.raises(Gone):
            await api.accept(first["id"])  # answered once
        assert await api.challenges() == []
        return seat

    seat = asyncio.run(answer())
    assert (seat.game, seat.seat) == ("summon7", 1)
    assert site.person.get(f"/api/challenges/{second['id']}").json()["reason"] == "no clan today"
    accepted = site.person.get(f"/api/challenges/{first['id']}").json()
    assert accepted["status"] == "accepted" and accepted["table"] == seat.table
    table = site.person.get(f"/api/tables/{seat.table}").json()
    assert [s["user"] for s in table["seats"]] == ["ana", "zeta"]


def test_bot_run_declines_the_games_it_does_not_play_and_plays_a_challenge_it_accepts(site: Site) -> None:
    with bot_process(site, "bot.log", accept=["summon7"]) as bot:
        declined = challenge(site, game="clan", options={})
        told = wait_for("the bot's answer", lambda: answered(site, declined["id"]))
        assert told["status"] == "declined" and told["reason"] == "this bot plays only summon7"
        made = challenge(site, seats=["@zeta", "person"])
        accepted = wait_for("the bot's answer", lambda: answered(site, made["id"]))
        assert accepted["status"] == "accepted" and accepted["url"] == f"/table/{accepted['table']}"
        finished = asyncio.run(asyncio.wait_for(play_her_seat(site, accepted["table"]), WAIT))
        assert finished.seat == 1
        over = site.person.get(f"/api/tables/{accepted['table']}").json()
        assert over["status"] == "finished" and [s["user"] for s in over["seats"]] == ["zeta", "ana"]
        assert over["rated"] and over["seats"][0]["bot"] is True
        log = wait_for("the bot's end of the table", lambda: ended(site, accepted["table"]))
        assert bot.poll() is None  # it goes on, answering challenges
    assert f"challenge {declined['id']} from ana (clan): declined (this bot plays only summon7)" in log
    assert f"challenge {made['id']} from ana (summon7): accepted, table {accepted['table']}" in log


def test_accept_names_games_of_this_server(tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text("tbot.x\n")
    given = ["bot", "run", "--server", "http://127.0.0.1:9", "--token-file", str(token), "--agent", "m:f"]
    result = CliRunner().invoke(app, [*given, "--accept", "summon7,chess"])
    assert result.exit_code == 2 and "--accept: no game chess" in result.output, result.output
    judge = accept_games(accepted_games(["summon7,clan", "manasurge"]))
    offer = Challenge(1, "ana", "megacorps", {}, ["person", "@zeta", "easy"], 1, {}, True, 0.0)
    assert judge(offer) == "this bot plays only clan, manasurge, summon7"
    assert judge(replace(offer, game="clan")) is None
    assert accept_games(accepted_games(["none"]))(offer) == "this bot accepts no challenges now"
    assert accept_games(accepted_games(None))(offer) is None
