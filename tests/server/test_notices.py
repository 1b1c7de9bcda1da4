"""Notices by mail (issue 30): invited, "your turn" at a turn-based table to a player who is away
(at most one per table every few hours unless they moved), the game's end; each with a one-click
unsubscribe (RFC 8058) and a settings link; the settings per kind; none to an unverified address,
to a connected player or at a real-time table; with two server processes on one PostgreSQL
database, none to a player connected to the other process who moves within the grace.  Against a
real SMTP server (aiosmtpd)."""

from __future__ import annotations

import json
import time
from email.message import EmailMessage
from typing import Any

from fastapi.testclient import TestClient

from tabletop.server import mailbox
from tabletop.server.mailbox import Notice

from .helpers import Clock, running
from .mailtest import Inbox, link, smtp_server, text_of
from .test_account_seats import other
from .test_accounts import login, signup
from .test_mail import hub_of, mail_server, send, verified

ANA, BOB = "ana@example.com", "bob@example.com"


def accounts(client: TestClient, inbox: Inbox, bob_verified: bool = True) -> None:
    """Ana (logged in at the end, verified) and Bob (verified, or only given)."""
    with other(client):
        signup(client, "bob")
        if bob_verified:
            verified(client, inbox, BOB)
        else:
            client.put("/api/account/email", json={"address": BOB})
    signup(client, "ana")
    verified(client, inbox, ANA)


def turn_table(client: TestClient, mode: str = "turn", invite: bool = True) -> str:
    """A private two-seat Summon 7 table of Ana's, Bob invited to seat 1."""
    body = {"game": "summon7", "options": {"players": 2}, "seats": ["person", "person"]}
    made = client.post("/api/tables", json={**body, "clock": {"mode": mode}, "private": True})
    assert made.status_code == 201, made.text
    table_id = str(made.json()["table"]["id"])
    if invite:
        invited = client.post(f"/api/tables/{table_id}/invite", json={"seat": 1, "name": "BOB"})
        assert invited.json() == {"seat": 1, "name": "bob"}
    return table_id


def play(client: TestClient, table_id: str, until: Any) -> None:
    """Moves made for the seats asked (as from elsewhere: nobody is connected here) until
    ``until(room)``; each a hold when it can be."""
    room = hub_of(client).rooms[table_id]
    while not until(room):
        seat = min(room.prompts)
        legal = room.prompts[seat].legal
        client.portal.call(room.submit, seat, "hold" if "hold" in legal else legal[0])  # type: ignore[union-attr]


def kinds(inbox: Inbox, address: str) -> list[str]:
    return [str(m["Subject"]).split(":")[0] for m in inbox.to(address)]


def count(inbox: Inbox, address: str, kind: str) -> int:
    return kinds(inbox, address).count(kind)


def newly_asked(seat: int) -> Any:
    """The table has moved on to ask ``seat`` afresh (after a move of the other seat)."""
    return lambda room: room.step > 0 and seat in room.prompts and room.prompts[seat].since == room.step


def one_click(client: TestClient, mail: EmailMessage) -> Any:
    """What a mail program does for RFC 8058's one-click unsubscribe."""
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = str(mail["List-Unsubscribe"]).strip("<>")
    assert url.startswith("http://localhost:8000/api/mail/unsubscribe?t=")
    path = url.removeprefix("http://localhost:8000")
    form = {"content-type": "application/x-www-form-urlencoded"}
    return client.post(path, content=b"List-Unsubscribe=One-Click", headers=form)


def test_invited_then_your_turn_then_unsubscribed_by_one_click(db_url: str) -> None:
    with smtp_server() as inbox, mail_server(db_url, inbox) as client:
        accounts(client, inbox)
        table_id = turn_table(client)
        send(client)
        [invited] = [m for m in inbox.to(BOB) if "invited" in str(m["Subject"])]
        assert str(invited["Subject"]) == "ana invited you to Summon 7"
        assert f"http://localhost:8000/table/{table_id}" in text_of(invited)
        assert "http://localhost:8000/account" in text_of(invited)  # the settings
        # the table started: whoever it asks first is not connected, and hears of it
        first = min(hub_of(client).rooms[table_id].prompts)
        [turn] = [m for m in inbox.to([ANA, BOB][first]) if str(m["Subject"]) == "Your turn: Summon 7"]
        assert f"with {['bob', 'ana'][first]}" in text_of(turn) and f"/table/{table_id}" in text_of(turn)
        assert turn["List-Unsubscribe"] and "Stop these mails" in text_of(turn)
        before = count(inbox, BOB, "Your turn")
        play(client, table_id, newly_asked(1))
        send(client)
        assert count(inbox, BOB, "Your turn") == before + 1
        # one click: no more "your turn" mails for Bob, other kinds still on
        done = one_click(client, inbox.to(BOB)[-1])
        assert done.status_code == 200 and "no more 'turn' mails" in done.text
        with other(client):
            login(client, "bob")
            kinds_now = client.get("/api/account/notifications").json()["kinds"]
        assert kinds_now["turn"] == {"mail": False, "push": True} and kinds_now["ended"]["mail"] is True
        turns_ana = count(inbox, ANA, "Your turn")
        play(client, table_id, lambda room: room.over)
        send(client)
        assert count(inbox, BOB, "Your turn") == before + 1  # none since
        assert count(inbox, ANA, "Your turn") > turns_ana  # Ana's still come
        assert kinds(inbox, BOB)[-1] == "Game over", (kinds(inbox, BOB), kinds(inbox, ANA))
        assert "You finished" in text_of(inbox.to(BOB)[-1])
        assert count(inbox, ANA, "Game over") == 1


def test_your_turn_is_at_most_one_per_table_every_few_hours_unless_the_player_moved(db_url: str) -> None:
    clock = Clock()
    with smtp_server() as inbox, mail_server(db_url, inbox, clock, turn_notice_every=3600) as client:
        accounts(client, inbox)
        table_id = turn_table(client, invite=False)  # seat 1 free: the table never starts, sends nothing
        hub = hub_of(client)
        room = hub.rooms[table_id]
        user_id = client.portal.call(hub.writer.call, hub.storage.user, "bob").id  # type: ignore[union-attr]

        def queue(step: int) -> int:
            notice = Notice("turn", user_id, "Your turn: test", "body", json.dumps({}))
            turn = (table_id, 1, step, 3600.0)
            call = hub.writer.call
            return int(client.portal.call(call, mailbox.queue_notice, hub.storage, notice, clock(), turn))  # type: ignore[union-attr]

        play(client, table_id, lambda room: 0 in room.prompts)  # from now on only Ana moves, until below
        assert queue(room.step) == 1
        assert queue(room.step) == 0  # within the hour, Bob has not moved
        client.portal.call(room.submit, 0, "hold")  # type: ignore[union-attr]
        clock.now += 3599
        assert queue(room.step) == 0  # others moved, not Bob
        clock.now += 1
        assert queue(room.step) == 1  # an hour later
        play(client, table_id, lambda room: 1 in room.prompts)
        client.portal.call(room.submit, 1, "hit")  # type: ignore[union-attr]
        assert queue(room.step) == 1  # Bob moved since the last one: at once
        assert queue(room.step) == 0


def test_no_notice_to_an_unverified_address(db_url: str) -> None:
    with smtp_server() as inbox, mail_server(db_url, inbox) as client:
        accounts(client, inbox, bob_verified=False)
        table_id = turn_table(client)
        play(client, table_id, lambda room: room.over)
        send(client)
        assert kinds(inbox, BOB) == ["Confirm your email address"]  # invited, turns, the end: none
        assert count(inbox, ANA, "Your turn") > 0 and count(inbox, ANA, "Game over") == 1


def test_no_turn_or_end_notice_to_a_connected_player_or_at_a_real_time_table(db_url: str) -> None:
    with smtp_server() as inbox, mail_server(db_url, inbox) as client:
        accounts(client, inbox)
        fast = turn_table(client, mode="realtime")
        play(client, fast, lambda room: room.over)
        send(client)
        assert count(inbox, ANA, "Your turn") == count(inbox, BOB, "Your turn") == 0
        assert count(inbox, ANA, "Game over") == count(inbox, BOB, "Game over") == 0
        table_id = turn_table(client, invite=False)
        with client.websocket_connect(
            f"/ws/tables/{table_id}", headers={"origin": "http://testserver"}
        ) as ws:
            ws.send_text(json.dumps({"type": "join"}))
            assert json.loads(ws.receive_text())["type"] == "welcome"  # Ana, by her account
            with other(client):
                login(client, "bob")
                refused = client.post(f"/api/tables/{table_id}/invite", json={"seat": 1, "name": "ana"})
                assert refused.status_code == 403  # only a player at the table invites
            client.post(f"/api/tables/{table_id}/invite", json={"seat": 1, "name": "bob"})
            play(client, table_id, lambda room: room.over)
            send(client)
        assert count(inbox, ANA, "Your turn") == 0 and count(inbox, ANA, "Game over") == 0
        assert count(inbox, BOB, "Your turn") > 0 and count(inbox, BOB, "Game over") == 1


def test_the_settings_turn_each_kind_on_and_off(db_url: str) -> None:
    with smtp_server() as inbox, mail_server(db_url, inbox) as client:
        accounts(client, inbox)
        got = client.get("/api/account/notifications").json()
        assert got["mail"] is True and got["browsers"] == 0 and isinstance(got["push"], str)
        assert got["kinds"] == {k: {"mail": True, "push": True} for k in ("turn", "ended", "invited")}
        assert client.put(
            "/api/account/notifications", json={"kind": "invited", "channel": "mail", "on": False}
        ).json() == {"on": False}
        assert (
            client.put(
                "/api/account/notifications", json={"kind": "spam", "channel": "mail", "on": False}
            ).status_code
            == 400
        )
        assert client.get("/api/account/notifications").json()["kinds"]["invited"]["mail"] is False
        with other(client):
            login(client, "bob")
            client.post(
                "/api/tables",
                json={"game": "summon7", "options": {"players": 2}, "seats": ["person", "person"]},
            )
            table_id = next(iter(hub_of(client).rooms))
            assert (
                client.post(f"/api/tables/{table_id}/invite", json={"seat": 1, "name": "ana"}).status_code
                == 200
            )
        send(client)
        assert kinds(inbox, ANA) == ["Confirm your email address"]  # invitations off
        bad = client.post("/api/mail/unsubscribe?t=forged.token", content=b"List-Unsubscribe=One-Click")
        assert bad.status_code == 400
        token = link(inbox.to(ANA)[0], "verify")  # a verification token is not an unsubscribe one
        assert client.post(f"/api/mail/unsubscribe?t={token}").status_code == 400
        page = client.get("/api/mail/unsubscribe?t=abc", follow_redirects=False)
        assert page.status_code == 303 and page.headers["location"] == "/account#unsubscribe=abc"
        assert client.get("/account").status_code == 200


def same_step(client: TestClient, table_id: str, step: int) -> Any:
    """The client's server's copy of the table, once it has heard of the actions up to ``step``
    (another process's, told by PostgreSQL)."""
    deadline = time.monotonic() + 20
    while (room := hub_of(client).rooms.get(table_id)) is None or room.step != step:
        assert time.monotonic() < deadline, "the other process never heard of the actions"
        time.sleep(0.02)
    return room


def test_two_processes_your_turn_waits_the_grace_and_goes_only_if_the_player_did_not_move(
    pg_url: str,
) -> None:
    clock = Clock()
    with (
        smtp_server() as inbox,
        running(pg_url, smtp=inbox.config(), clock=clock, mail_poll=0) as a,
        running(pg_url, smtp=inbox.config(), clock=clock, mail_poll=0) as b,
    ):
        assert hub_of(a).settings.turn_notice_grace == 120 and hub_of(a).cluster is not None
        accounts(a, inbox)
        table_id = turn_table(a)  # on process A; Bob plays from process B
        assert login(b, "bob").status_code == 200
        room = hub_of(a).rooms[table_id]
        with b.websocket_connect(f"/ws/tables/{table_id}", headers={"origin": "http://testserver"}) as ws:
            ws.send_text(json.dumps({"type": "join"}))
            assert json.loads(ws.receive_text())["type"] == "welcome"  # Bob, connected to B only
            play(a, table_id, newly_asked(1))  # A stores Ana's move: Bob is not connected to A
            bobs, anas = count(inbox, BOB, "Your turn"), count(inbox, ANA, "Your turn")
            send(a), send(b)
            assert count(inbox, BOB, "Your turn") == bobs  # not before the grace
            clock.now += 100
            room_b = same_step(b, table_id, room.step)
            while 0 not in room_b.prompts:  # Bob plays on B until Ana is asked
                assert not room_b.over
                legal = room_b.prompts[1].legal
                b.portal.call(room_b.submit, 1, "hold" if "hold" in legal else legal[0])  # type: ignore[union-attr]
            same_step(a, table_id, room_b.step)
            clock.now += 120  # past every grace
            send(a), send(b)
            assert count(inbox, BOB, "Your turn") == bobs  # he moved within the grace: none
            assert count(inbox, ANA, "Your turn") == anas + 1  # Ana, connected nowhere, hears of it
            # Bob stays connected to B but does not move: he hears of it once the grace is over
            play(a, table_id, newly_asked(1))
            clock.now += 119
            send(a), send(b)
            assert count(inbox, BOB, "Your turn") == bobs
            clock.now += 1
            send(a), send(b)
            assert count(inbox, BOB, "Your turn") == bobs + 1
