"""Email addresses and password resets (issue 30), against a real SMTP server (aiosmtpd, started
here): an address is verified by a signed, expiring link; changing it verifies the new one and
tells the old one; a reset link goes only to a verified address, works once, expires, ends the
other sessions, and is asked for with the same answer whatever exists; retries with backoff; mail
off without an SMTP server; no address in a log or in another player's answers."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client import REGISTRY

from tabletop.server.mail import MailConfig, parse_smtp
from tabletop.server.mail_api import RESET_SECONDS, RESETS_PER_ACCOUNT, VERIFY_SECONDS
from tabletop.server.outbox import BATCH, RETRY_FIRST

from .helpers import Clock, running
from .mailtest import REFUSED, Inbox, link, smtp_server, starttls_server, text_of
from .test_account_seats import other
from .test_accounts import login, signup

ANA = "ana.player@example.com"


def hub_of(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


def send(client: TestClient) -> int:
    """The outbox's worker, once, after the notices being queued are (the tests' servers do not
    look at the outbox by themselves)."""
    hub = hub_of(client)

    async def flush() -> int:
        await hub.notices.drain()
        sent = 0
        while True:  # a batch at a time
            tried: int = await hub.outbox.send_due()
            sent += tried
            if tried < BATCH:
                return sent

    return int(client.portal.call(flush))  # type: ignore[union-attr]


def settled(outcome: str, kind: str = "verify") -> float:
    """The outbox metric's count of ``kind`` mails settled with ``outcome`` (the process's)."""
    labels = {"channel": "mail", "kind": kind, "outcome": outcome}
    return REGISTRY.get_sample_value("tabletop_outbox_total", labels) or 0.0


@contextmanager
def mail_server(
    db_url: str, inbox: Inbox, clock: Clock | None = None, **settings: Any
) -> Iterator[TestClient]:
    settings.setdefault("mail_poll", 0)
    with running(db_url, smtp=inbox.config(), clock=clock or Clock(), **settings) as client:
        yield client


def verified(client: TestClient, inbox: Inbox, address: str = ANA) -> None:
    """The logged-in account's address, given and verified by the link mailed to it."""
    before = len(inbox.to(address))
    assert client.put("/api/account/email", json={"address": address}).status_code == 202
    send(client)
    mails = inbox.to(address)
    assert len(mails) == before + 1
    answer = client.post("/api/account/verify", json={"token": link(mails[-1], "verify")})
    assert answer.status_code == 200, answer.text


def test_without_an_smtp_server_mail_is_off_and_the_server_says_so(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, "tabletop.server"), running(db_url, mail_poll=0) as client:
        assert any("mail is off" in r.getMessage() for r in caplog.records)
        assert signup(client).status_code == 201  # accounts as before
        refused = client.put("/api/account/email", json={"address": ANA})
        assert refused.status_code == 503 and "mail is off" in refused.json()["detail"]
        assert client.post("/api/account/forgot", json={"account": "ana"}).status_code == 503
        assert client.get("/api/account/email").json() == {"address": None, "pending": None, "mail": False}


def test_an_address_is_verified_by_a_signed_link_that_expires(db_url: str) -> None:
    clock = Clock()
    with smtp_server() as inbox, mail_server(db_url, inbox, clock) as client:
        signup(client)
        assert client.put("/api/account/email", json={"address": "not an address"}).status_code == 400
        assert client.put("/api/account/email", json={"address": ANA}).json() == {
            "address": None,
            "pending": ANA,
        }
        assert client.get("/api/account/email").json() == {"address": None, "pending": ANA, "mail": True}
        assert send(client) == 1
        [mail] = inbox.to(ANA)
        assert mail["To"] == ANA and mail["From"] == inbox.config().sender
        assert "ana" in text_of(mail) and "List-Unsubscribe" not in mail  # not a notice
        token = link(mail, "verify")
        assert ANA not in token  # the link does not carry the address
        forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
        assert client.post("/api/account/verify", json={"token": forged}).status_code == 400
        assert client.post("/api/account/verify", json={"token": token}).json()["ok"] is True
        assert client.get("/api/account/email").json() == {"address": ANA, "pending": None, "mail": True}
        # a second address: its link expires after two days
        second = "ana.second@example.com"
        client.put("/api/account/email", json={"address": second})
        send(client)
        late = link(inbox.to(second)[0], "verify")
        clock.now += VERIFY_SECONDS + 1
        expired = client.post("/api/account/verify", json={"token": late})
        assert expired.status_code == 400 and "expired" in expired.json()["detail"]
        assert client.get("/api/account/email").json()["address"] == ANA


def test_changing_the_address_verifies_the_new_one_and_tells_the_old_one(db_url: str) -> None:
    with smtp_server() as inbox, mail_server(db_url, inbox) as client:
        signup(client)
        verified(client, inbox)
        new = "ana.new@example.com"
        assert client.put("/api/account/email", json={"address": new}).json() == {
            "address": ANA,
            "pending": new,
        }
        send(client)
        [told] = inbox.to(ANA)[1:]
        assert "new email address was given" in text_of(told) and new not in text_of(told)
        [confirm] = inbox.to(new)
        assert client.get("/api/account/email").json()["address"] == ANA  # in use until confirmed
        # the old address's link is no good for the new one, nor the other way round
        client.post("/api/account/verify", json={"token": link(confirm, "verify")})
        assert client.get("/api/account/email").json() == {"address": new, "pending": None, "mail": True}
        assert client.delete("/api/account/email").json() == {"ok": True}
        assert client.get("/api/account/email").json() == {"address": None, "pending": None, "mail": True}


def test_a_reset_link_goes_to_a_verified_address_works_once_and_ends_other_sessions(db_url: str) -> None:
    with smtp_server() as inbox, mail_server(db_url, inbox) as client:
        signup(client)
        with other(client):  # a second browser, logged in too
            login(client)
            assert client.get("/api/account/me").status_code == 200
            second = dict(client.cookies)
        verified(client, inbox)
        answers = [
            client.post("/api/account/forgot", json={"account": account}).json()
            for account in ("ana", "nobody", "nobody@example.com", "ANA.player@example.com")
        ]
        assert all(answer == answers[0] for answer in answers)  # the same whatever exists
        send(client)
        resets = inbox.to(ANA)[1:]
        assert len(resets) == 2  # by name, and by address (compared case-blind)
        token = link(resets[0], "reset")
        assert client.post("/api/account/reset/check", json={"token": token}).json() == {"name": "ana"}
        assert (
            client.post("/api/account/reset", json={"token": token, "password": "short"}).status_code == 400
        )
        with other(client):
            done = client.post("/api/account/reset", json={"token": token, "password": "a new password!"})
            assert done.status_code == 200 and done.json() == {"name": "ana"}
            assert client.get("/api/account/me").json() == {"name": "ana"}  # this browser is logged in
            again = client.post("/api/account/reset", json={"token": token, "password": "another one!!"})
            assert again.status_code == 400  # once
            # the other links of the account are used up too
            unused = link(resets[1], "reset")
            assert (
                client.post("/api/account/reset", json={"token": unused, "password": "x" * 10}).status_code
                == 400
            )
        assert client.get("/api/account/me").status_code == 401  # the first browser's session ended
        client.cookies.clear()
        client.cookies.update(second)
        assert client.get("/api/account/me").status_code == 401  # and the second's
        assert login(client).status_code == 401
        assert login(client, password="a new password!").status_code == 200


def test_a_reset_link_expires_and_an_unverified_address_gets_none(db_url: str) -> None:
    clock = Clock()
    with smtp_server() as inbox, mail_server(db_url, inbox, clock) as client:
        signup(client)
        client.put("/api/account/email", json={"address": ANA})  # never verified
        client.post("/api/account/forgot", json={"account": "ana"})
        client.post("/api/account/forgot", json={"account": ANA})
        send(client)
        assert [link(m, "verify") for m in inbox.to(ANA)]  # only the verification mail
        assert len(inbox.to(ANA)) == 1
        client.post("/api/account/verify", json={"token": link(inbox.to(ANA)[0], "verify")})
        client.post("/api/account/forgot", json={"account": "ana"})
        send(client)
        token = link(inbox.to(ANA)[-1], "reset")
        clock.now += RESET_SECONDS + 1
        late = client.post("/api/account/reset", json={"token": token, "password": "a new password!"})
        assert late.status_code == 400 and "expired" in late.json()["detail"]


def test_reset_links_are_limited_per_account_and_per_client(db_url: str) -> None:
    clock = Clock()
    with smtp_server() as inbox, mail_server(db_url, inbox, clock) as client:
        signup(client)
        verified(client, inbox)
        for _ in range(RESETS_PER_ACCOUNT + 2):
            assert client.post("/api/account/forgot", json={"account": "ana"}).status_code == 202
        send(client)
        assert len(inbox.to(ANA)) == 1 + RESETS_PER_ACCOUNT  # the verification, then the limit
        clock.now += 3601
        client.post("/api/account/forgot", json={"account": "ana"})
        send(client)
        assert len(inbox.to(ANA)) == 2 + RESETS_PER_ACCOUNT  # an hour later, one more
        refused = [
            client.post("/api/account/forgot", json={"account": f"x{n}"}).status_code for n in range(10)
        ]
        assert refused[-1] == 429  # one client asking for many accounts


def test_a_refused_delivery_is_tried_again_later_and_a_permanent_refusal_is_not(db_url: str) -> None:
    clock = Clock()
    before = {outcome: settled(outcome) for outcome in ("sent", "retry", "failed")}
    with smtp_server() as inbox, mail_server(db_url, inbox, clock) as client:
        signup(client)
        inbox.refuse = 2
        client.put("/api/account/email", json={"address": ANA})
        assert send(client) == 1 and inbox.to(ANA) == []  # 451: queued again
        assert send(client) == 0  # not due yet
        clock.now += RETRY_FIRST
        assert send(client) == 1 and inbox.to(ANA) == []  # 451 again: now it waits twice as long
        clock.now += RETRY_FIRST
        assert send(client) == 0
        clock.now += RETRY_FIRST
        assert send(client) == 1 and len(inbox.to(ANA)) == 1
        clock.now += 24 * 3600
        assert send(client) == 0  # sent once, for good
        with other(client):
            signup(client, "bob")
            client.put("/api/account/email", json={"address": REFUSED})
            assert send(client) == 1
            clock.now += 24 * 3600
            assert send(client) == 0  # 550: failed, never tried again
    moved = {outcome: settled(outcome) - before[outcome] for outcome in before}
    assert moved == {"sent": 1, "retry": 2, "failed": 1}  # the metric counts each settling once


def test_the_smtp_server_away_keeps_the_mail_queued(db_url: str) -> None:
    clock = Clock()
    inbox = Inbox()  # not started yet: nothing listens on its port
    with mail_server(db_url, inbox, clock) as client:
        signup(client)
        client.put("/api/account/email", json={"address": ANA})
        assert send(client) == 1  # refused connection: tried again later
        with smtp_server(inbox):
            clock.now += RETRY_FIRST
            assert send(client) == 1
            assert len(inbox.to(ANA)) == 1


def test_no_address_in_any_log_nor_in_what_other_players_see(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG), smtp_server() as inbox, mail_server(db_url, inbox) as client:
        signup(client)
        inbox.refuse = 1
        client.put("/api/account/email", json={"address": ANA})
        send(client)
        hub_of(client).settings.clock.now += RETRY_FIRST
        send(client)
        client.post("/api/account/verify", json={"token": link(inbox.to(ANA)[0], "verify")})
        client.post("/api/account/forgot", json={"account": ANA})
        send(client)
        created = client.post("/api/tables", json={"game": "summon7", "options": {"players": 2}}).json()
        with other(client):
            seen = [
                client.get(f"/api/tables/{created['table']['id']}").text,
                client.get("/api/players/ana").text,
                client.get("/api/tables").text,
                client.get("/api/account/email").text,  # a guest: 401
            ]
        assert all(ANA not in text and "example.com" not in text for text in seen)
        assert len(inbox.to(ANA)) == 2
    ours = [r for r in caplog.records if not r.name.startswith("mail.log")]  # not the test's SMTP server
    logged = "\n".join(f"{r.getMessage()} {r.exc_text or ''}" for r in ours)
    assert "outbox" in logged and "example.com" not in logged


def test_starttls_and_a_login_as_configured(db_url: str, tmp_path: Path) -> None:
    with starttls_server(tmp_path, "relay", "s3cret") as (inbox, cert):
        url = f"smtp+starttls://relay@127.0.0.1:{inbox.port}"
        config = parse_smtp(url, "tabletop <play@example.org>", "s3cret", cafile=str(cert))
        assert (config.security, config.username, config.port) == ("starttls", "relay", inbox.port)
        assert "s3cret" not in repr(config)
        with running(db_url, smtp=config, clock=Clock(), mail_poll=0) as client:
            signup(client)
            client.put("/api/account/email", json={"address": ANA})
            assert send(client) == 1 and len(inbox.to(ANA)) == 1
        wrong = MailConfig(
            config.host,
            config.port,
            "starttls",
            config.sender,
            "relay",
            "wrong",
            cafile=str(cert),
            timeout=2.0,
        )  # the relay never answers a wrong login: the client gives up after its timeout
        with running(db_url, smtp=wrong, clock=Clock(), mail_poll=0) as client:
            login(client)
            client.put("/api/account/email", json={"address": "ana.other@example.com"})
            assert send(client) == 1 and inbox.to("ana.other@example.com") == []  # refused: queued again
    assert parse_smtp("smtps://u@mail.example.org", "a@b.c").port == 465
    for bad in ("http://mail.example.org", "smtp://u:pw@mail.example.org"):
        with pytest.raises(ValueError):
            parse_smtp(bad, "a@b.c")
