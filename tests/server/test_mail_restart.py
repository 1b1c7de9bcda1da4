"""The outbox across restarts and processes (issue 30): mails queued by a server that stopped
before sending them, one of them claimed by a process that died while sending it, are each sent
exactly once by the next server's own worker; a further restart sends nothing again; on
PostgreSQL, two servers sending from one outbox send each mail once."""

from __future__ import annotations

import time

import pytest

from tabletop.server import mailbox
from tabletop.server.outbox import LEASE

from .helpers import Clock, running
from .mailtest import Inbox, smtp_server
from .test_account_seats import other
from .test_accounts import signup
from .test_mail import hub_of, send

PEOPLE = ["ana", "bob", "cleo", "dan"]


def address(name: str) -> str:
    return f"{name}@example.com"


def queue_verifications(client: object, names: list[str]) -> None:
    for name in names:
        with other(client):  # type: ignore[arg-type]
            assert signup(client, name).status_code == 201  # type: ignore[arg-type]
            answer = client.put("/api/account/email", json={"address": address(name)})  # type: ignore[attr-defined]
            assert answer.status_code == 202


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_mails_queued_before_a_restart_are_sent_once_each(
    database: str, request: pytest.FixtureRequest
) -> None:
    db_url = request.getfixturevalue("db_url" if database == "sqlite" else "pg_url")
    clock, inbox = Clock(), Inbox()
    with running(db_url, smtp=inbox.config(), clock=clock, mail_poll=0) as client:
        queue_verifications(client, PEOPLE)
        hub = hub_of(client)
        # a process claims one and dies before sending it: its claim is left in the database
        claimed = client.portal.call(hub.writer.call, mailbox.claim, hub.storage, clock(), LEASE, 1, None)  # type: ignore[union-attr]
        assert len(claimed) == 1
    clock.now += LEASE  # the dead process's claim has run out (SQLite: taken back at once anyway)
    with smtp_server(inbox), running(db_url, smtp=inbox.config(), clock=clock, mail_poll=0.05):
        mails = inbox.wait(len(PEOPLE))  # the server's own worker sends them
        time.sleep(0.3)  # a few more looks at the outbox: nothing goes twice
    assert sorted(str(m["To"]) for m in mails) == sorted(map(address, PEOPLE))
    assert len({m["Message-ID"] for m in mails}) == len(PEOPLE)
    clock.now += 24 * 3600
    with smtp_server(inbox), running(db_url, smtp=inbox.config(), clock=clock, mail_poll=0) as client:
        assert send(client) == 0
    assert len(inbox.messages) == len(PEOPLE)


def test_two_servers_on_one_database_send_each_mail_once(pg_url: str) -> None:
    clock = Clock()
    names = [f"player{n}" for n in range(9)]  # sign-ups: 10 an address in 15 minutes
    with smtp_server() as inbox:
        with running(pg_url, smtp=inbox.config(), clock=clock, mail_poll=0) as client:
            queue_verifications(client, names)
        config = inbox.config()
        with (
            running(pg_url, smtp=config, clock=clock, mail_poll=0.02),
            running(pg_url, smtp=config, clock=clock, mail_poll=0.02),
        ):
            inbox.wait(len(names))
            time.sleep(0.3)
        assert sorted(str(m["To"]) for _, m in inbox.messages) == sorted(map(address, names))
