"""Challenges (issue 32, second part): a person challenges a bot account on the lobby's terms; only
that bot's token lists and answers it; accepted, the table seats both and plays; declined with a
reason the person reads; expired unanswered; limits; who may do what.  A bot process answering
them is tests/client/test_challenges.py's, the lobby's page tests/web/test_challenges.py's."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from tabletop.server.challenges import EXPIRES, OPEN_PER_PERSON
from tabletop.server.tokens import hash_token

from .helpers import Clock, act, join, other_browser, receive, running
from .test_accounts import PASSWORD, login, signup
from .test_bot_accounts import ORIGIN, bearer, make_bot, new_token

TERMS = {
    "game": "summon7",
    "options": {"players": 2, "target": 30},
    "clock": {"mode": "realtime", "move": 60, "reserve": 120, "window": 30},
}


@contextmanager
def site(db_url: str, clock: Clock) -> Iterator[tuple[TestClient, str, str]]:
    """The server with the bot accounts zeta and yeti (a token each) and ana, logged in (the
    client's cookies); the two tokens."""
    with running(db_url, clock=clock, clock_tick=0) as client:
        tokens = []
        for name in ("zeta", "yeti"):
            make_bot(client, name)
            tokens.append(new_token(client)["token"])
            client.post("/api/account/logout")
        assert signup(client, "ana").status_code == 201
        yield client, tokens[0], tokens[1]


def challenge(client: TestClient, **changes: Any) -> dict[str, Any]:
    made = client.post("/api/challenges", json={"bot": "zeta", **TERMS, **changes})
    assert made.status_code == 201, made.text
    found: dict[str, Any] = made.json()
    return found


def as_bot(client: TestClient, token: str, method: str, path: str, **extra: Any) -> Any:
    """A request of the bot's program: its token, no cookie."""
    with other_browser(client) as program:
        return program.request(method, path, headers=bearer(token), **extra)


def test_a_challenge_accepted_seats_the_person_and_the_bot_at_a_table_played_to_its_end(db_url: str) -> None:
    clock = Clock()
    with site(db_url, clock) as (client, zeta, yeti):
        made = challenge(client, bot="ZETA", seats=["@zeta", "person"])  # names compare case-blind
        assert made["status"] == "open" and made["challenger"] == "ana" and made["bot"] == "zeta"
        assert made["seats"] == ["@zeta", "person"] and made["seat"] == 0 and made["table"] is None
        assert made["expires"] == clock.now + EXPIRES and made["clock"]["move"] == 60
        assert made["options"]["target"] == 30 and made["rated"] is True
        # listed to its bot only, and seen by nobody else
        waiting = as_bot(client, zeta, "GET", "/api/bot/challenges").json()["challenges"]
        assert [(c["id"], c["challenger"], c["game"]) for c in waiting] == [(made["id"], "ana", "summon7")]
        assert as_bot(client, yeti, "GET", "/api/bot/challenges").json()["challenges"] == []
        assert as_bot(client, yeti, "GET", f"/api/challenges/{made['id']}").status_code == 404
        with other_browser(client) as bea:
            signup(bea, "bea")
            assert bea.get(f"/api/challenges/{made['id']}").status_code == 404
            assert bea.get("/api/challenges").json()["challenges"] == []
        # nobody but its bot's token accepts it: not the person, not the bot's owner, not another bot
        accept = f"/api/bot/challenges/{made['id']}/accept"
        refused = client.post(accept)
        assert refused.status_code == 401 and "API token" in refused.json()["detail"]
        with other_browser(client) as owner:  # the bot's owner, logged in: its cookie manages only
            assert owner.post("/api/account/login", json={"name": "zeta", "password": PASSWORD}).is_success
            assert owner.post(accept).status_code == 401
        assert as_bot(client, yeti, "POST", accept).status_code == 404
        assert client.get(f"/api/challenges/{made['id']}").json()["status"] == "open"
        # its bot accepts: a table with both seated, its clocks running
        accepted = as_bot(client, zeta, "POST", accept)
        assert accepted.status_code == 200, accepted.text
        table = accepted.json()["table"]
        assert accepted.json()["seat"] == 0 and accepted.json()["socket"] == f"/ws/tables/{table}"
        seen = client.get(f"/api/challenges/{made['id']}").json()
        assert seen["status"] == "accepted" and seen["table"] == table and seen["url"] == f"/table/{table}"
        summary = client.get(f"/api/tables/{table}").json()
        assert [(s["user"], s["bot"]) for s in summary["seats"]] == [("zeta", True), ("ana", False)]
        assert summary["status"] == "running" and summary["rated"] and summary["clock"]["move"] == 60
        assert summary["options"]["target"] == 30
        assert as_bot(client, zeta, "POST", accept).status_code == 409  # answered once
        assert as_bot(client, zeta, "GET", "/api/bot/challenges").json()["challenges"] == []
        seats = as_bot(client, zeta, "GET", "/api/bot/seats").json()["seats"]
        assert [(s["table"], s["seat"]) for s in seats] == [(table, 0)]
        # both play their seats to the end: the bot with its token, ana with her cookie
        end = play_both(client, table, zeta, {1: "ana", 0: "zeta"}, random.Random(5))
        assert end["over"] and client.get(f"/api/tables/{table}").json()["status"] == "finished"
        board = client.get("/api/ratings/summon7?board=bots").json()["players"]
        assert [p["name"] for p in board] == ["zeta"]  # the challenge's table was rated


def play_both(
    client: TestClient, table: str, token: str, who: dict[int, str], rng: random.Random
) -> dict[str, Any]:
    """The person's seat (the client's cookie) and the bot's (its token) play random legal moves
    until the game is over; the bot's last update.  ``who``: each seat's account."""
    saved = dict(client.cookies)
    with client.websocket_connect(f"/ws/tables/{table}", headers=ORIGIN) as mine:
        client.cookies.clear()  # the program shows its token and no cookie
        try:
            with client.websocket_connect(f"/ws/tables/{table}", headers=bearer(token)) as its:
                person, bot = join(mine), join(its)
                seats = {person["seat"]: mine, bot["seat"]: its}
                latest = {person["seat"]: person, bot["seat"]: bot}
                assert {s: latest[s]["table"]["seats"][s]["user"] for s in seats} == who
                mine_seat, its_seat = person["seat"], bot["seat"]
                while not latest[its_seat]["over"]:
                    mover = next(s for s in seats if latest[s]["view"]["legal"])
                    act(seats[mover], rng.choice(latest[mover]["view"]["legal"]), latest[mover]["step"])
                    latest = {seat: receive(ws, "update") for seat, ws in seats.items()}
                assert latest[mine_seat]["over"]
                return latest[its_seat]
        finally:
            client.cookies.update(saved)


def test_declined_with_its_reason_expired_unanswered_or_taken_back(db_url: str) -> None:
    clock = Clock()
    with site(db_url, clock) as (client, zeta, _):
        declined = challenge(client, game="clan", options={})
        said = "  I play only\nSummon 7 " + "x" * 300
        answer = as_bot(
            client, zeta, "POST", f"/api/bot/challenges/{declined['id']}/decline", json={"reason": said}
        )
        assert answer.status_code == 200 and answer.json()["status"] == "declined"
        seen = client.get(f"/api/challenges/{declined['id']}").json()
        assert seen["status"] == "declined" and seen["table"] is None
        assert seen["reason"].startswith("I play only Summon 7 x") and len(seen["reason"]) == 200
        assert as_bot(client, zeta, "POST", f"/api/bot/challenges/{declined['id']}/accept").status_code == 409
        # a reason is optional
        plain = challenge(client)
        assert as_bot(client, zeta, "POST", f"/api/bot/challenges/{plain['id']}/decline").status_code == 200
        assert client.get(f"/api/challenges/{plain['id']}").json()["reason"] is None
        # unanswered, it expires: no longer listed to the bot, nor answerable
        late = challenge(client)
        clock.now += EXPIRES - 1
        assert [c["id"] for c in as_bot(client, zeta, "GET", "/api/bot/challenges").json()["challenges"]] == [
            late["id"]
        ]
        clock.now += 1
        assert client.get(f"/api/challenges/{late['id']}").json()["status"] == "expired"
        assert as_bot(client, zeta, "GET", "/api/bot/challenges").json()["challenges"] == []
        refused = as_bot(client, zeta, "POST", f"/api/bot/challenges/{late['id']}/accept")
        assert refused.status_code == 409 and "expired" in refused.json()["detail"]
        assert client.delete(f"/api/challenges/{late['id']}").status_code == 409
        # taken back by the person before an answer
        back = challenge(client)
        assert client.delete(f"/api/challenges/{back['id']}").json()["status"] == "cancelled"
        assert as_bot(client, zeta, "GET", "/api/bot/challenges").json()["challenges"] == []
        assert as_bot(client, zeta, "POST", f"/api/bot/challenges/{back['id']}/decline").status_code == 409
        mine = client.get("/api/challenges").json()["challenges"]
        assert [c["status"] for c in mine] == ["cancelled", "expired", "declined", "declined"]  # newest first
        assert client.get("/api/tables").json()["running"] == []  # no table was made


def test_limits_and_who_may_challenge(db_url: str) -> None:
    clock = Clock()
    with site(db_url, clock) as (client, zeta, yeti):
        made = [challenge(client) for _ in range(OPEN_PER_PERSON)]
        beyond = client.post("/api/challenges", json={"bot": "yeti", **TERMS})
        assert beyond.status_code == 429 and int(beyond.headers["retry-after"]) == EXPIRES
        assert "cancel one" in beyond.json()["detail"]
        client.delete(f"/api/challenges/{made[0]['id']}")
        assert client.post("/api/challenges", json={"bot": "yeti", **TERMS}).status_code == 201
        # a token challenges nobody, nor does a guest
        by_bot = as_bot(client, yeti, "POST", "/api/challenges", json={"bot": "zeta", **TERMS})
        assert by_bot.status_code == 403 and "challenges nobody" in by_bot.json()["detail"]
        with other_browser(client) as guest:
            assert guest.post("/api/challenges", json={"bot": "zeta", **TERMS}).status_code == 401
            assert guest.get(f"/api/challenges/{made[1]['id']}").status_code == 401
            signup(guest, "bea")
            for changes, words in (
                ({"bot": "ana"}, "not a bot account"),
                ({"bot": "nobody"}, "no account"),
                ({"game": "chess"}, "chess"),
                ({"options": {"players": 9}}, "players"),
                ({"clock": {"mode": "realtime", "move": 1}}, "move"),
                ({"takeover": "genius"}, "takeover"),
                ({"seats": ["person", "person"]}, "one person seat"),
                ({"seats": ["person", "@yeti"]}, '"@zeta"'),
                ({"seats": ["person", "@zeta", "wizard"], "options": {"players": 3}}, "bot levels"),
                ({"seats": ["person", "@zeta", "easy"]}, "2 seats; 3"),
            ):
                refused = guest.post("/api/challenges", json={"bot": "zeta", **{**TERMS, **changes}})
                assert refused.status_code == 400 and words in refused.json()["detail"], (
                    changes,
                    refused.text,
                )
            # three seats: the other one a built-in level, which the table seats too
            three = guest.post(
                "/api/challenges",
                json={
                    **TERMS,
                    "bot": "zeta",
                    "options": {"players": 3},
                    "seats": ["easy", "person", "@zeta"],
                },
            ).json()
            answer = as_bot(client, zeta, "POST", f"/api/bot/challenges/{three['id']}/accept").json()
            seats = guest.get(f"/api/tables/{answer['table']}").json()["seats"]
            assert [(s["kind"], s["level"], s["user"]) for s in seats] == [
                ("bot", "easy", None),
                ("person", None, "bea"),
                ("person", None, "zeta"),
            ]
            # a block between the two: no challenge, and one made before the block is not accepted
            waiting = guest.post("/api/challenges", json={"bot": "zeta", **TERMS}).json()
            assert guest.put("/api/account/blocks/zeta").status_code == 200
            blocked = guest.post("/api/challenges", json={"bot": "zeta", **TERMS})
            assert blocked.status_code == 403 and "block" in blocked.json()["detail"]
            late = as_bot(client, zeta, "POST", f"/api/bot/challenges/{waiting['id']}/accept")
            assert late.status_code == 409 and "a block stands" in late.json()["detail"], late.text
            closed = guest.get(f"/api/challenges/{waiting['id']}").json()
            assert (closed["status"], closed["table"]) == ("failed", None)


def test_the_bot_accounts_one_may_challenge_are_listed_with_whether_their_program_is_seen(
    db_url: str,
) -> None:
    clock = Clock()
    with site(db_url, clock) as (client, zeta, _):
        clock.now += 3600
        assert as_bot(client, zeta, "GET", "/api/bot/me").status_code == 200  # its program, now
        bots = client.get("/api/bots").json()["bots"]
        assert bots == [
            {"name": "zeta", "active": True, "url": "/players/zeta"},
            {"name": "yeti", "active": False, "url": "/players/yeti"},
        ]


def test_each_account_downloads_its_challenges_and_a_bot_its_token_names_not_tokens(db_url: str) -> None:
    clock = Clock()
    with site(db_url, clock) as (client, zeta, _):
        made = challenge(client)
        mine = client.get("/api/account/data").json()
        assert [(c["id"], c["bot"], c["status"], c["table"]) for c in mine["challenges"]] == [
            (made["id"], "zeta", "open", None)
        ]
        assert mine["api_tokens"] == []
        accepted = as_bot(client, zeta, "POST", f"/api/bot/challenges/{made['id']}/accept").json()
        client.post("/api/account/logout")
        assert login(client, "zeta").status_code == 200  # the bot's owner, with the password
        theirs = client.get("/api/account/data")
        data = theirs.json()
        assert [(c["challenger"], c["status"], c["table"]) for c in data["challenges"]] == [
            ("ana", "accepted", accepted["table"])
        ]
        assert [t["name"] for t in data["api_tokens"]] == ["laptop"]
        assert zeta not in theirs.text and hash_token(zeta) not in theirs.text
