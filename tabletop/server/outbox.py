"""The outbox's worker (issue 30): mails and pushes queued in the database, sent one at a time.

Every mail and push is first a row of ``outbox``, committed with whatever asked for it, so a
restart loses none.  The worker claims a due row (``sending``, with a lease: another server
process leaves it alone), sends it, and marks it ``sent`` at once.  A failure that may pass (the
SMTP server away, a 4xx answer, a push service's 5xx) is tried again later, waiting
``RETRY_FIRST`` seconds, then twice as long each time up to ``RETRY_CAP``, at most ``ATTEMPTS``
times (then ``failed``); one that cannot pass (5xx) fails at once, and a push subscription the
push service says is gone (404, 410) is dropped.  A row whose claim ran out was being sent by a
process that died: it is sent again (on SQLite, where one process serves, at the next start);
only a process killed between the SMTP server's acceptance and the commit a moment later sends a
mail twice, with the same Message-ID.  A stopping server finishes the send under way first.

Before sending, the row is checked again: a mail goes only to the address the user has verified
now (the verification mail to the one awaiting it), a notice only while its kind is on; with
several processes, a "your turn" notice (due after ``Settings.turn_notice_grace``) only while its
seat is still asked at the step it was asked at (mailbox.still_asked).  Logs name
a row by its number and kind, never its address.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from email.utils import parseaddr
from pathlib import Path
from typing import TYPE_CHECKING

from . import mail, mailbox, metrics
from .mail import MailError
from .mailbox import Outgoing
from .push import Pusher, PushError, key_from_file, new_key_pem

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("tabletop.server")
LEASE = 300.0  # seconds a claimed row is this process's
RETRY_FIRST = 60.0
RETRY_CAP = 6 * 3600.0
ATTEMPTS = 10
BATCH = 20
KEEP_DONE = 30 * 24 * 3600.0  # rows sent, failed or dropped are forgotten after a month


class Outbox:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.key = ""  # the HMAC key of the links in mails (made once per installation)
        self.pusher: Pusher | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._first = True  # the first pass after start takes back this database's claims (SQLite)

    @property
    def mail_on(self) -> bool:
        return self.hub.settings.smtp is not None

    async def start(self) -> None:
        settings, storage, now = self.hub.settings, self.hub.storage, self.hub.settings.clock()
        call = self.hub.writer.call
        self.key = await call(mailbox.secret, storage, "mail-links", lambda: secrets.token_urlsafe(32), now)
        if settings.vapid_key_file:
            pem = key_from_file(Path(settings.vapid_key_file))
        else:
            pem = await call(mailbox.secret, storage, "vapid", new_key_pem, now)
        sender = parseaddr(settings.smtp.sender)[1] if settings.smtp else ""
        subject = settings.vapid_subject or (f"mailto:{sender}" if sender else "mailto:tabletop@localhost")
        self.pusher = Pusher(pem, subject, settings.push_allow_http)
        if settings.smtp is None:
            log.warning("mail is off: no SMTP server configured (tabletop serve --smtp URL)")
        else:
            log.info("mail goes through %r", settings.smtp)
        if settings.mail_poll > 0:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="outbox")

    def wake(self) -> None:
        """Something was queued: send it now rather than at the next look."""
        self._wake.set()

    async def _run(self) -> None:
        while not self._stopping:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.hub.settings.mail_poll)
            self._wake.clear()
            if self._stopping:
                return
            try:
                while await self.send_due() and not self._stopping:
                    pass
            except Exception:
                log.exception("the outbox could not be sent")

    async def send_due(self) -> int:
        """Send the rows due now (one batch); returns how many were tried.  The server does this
        when woken and every ``mail_poll`` seconds; tests call it after moving their clock."""
        now = self.hub.settings.clock()
        storage, call = self.hub.storage, self.hub.writer.call
        stale = None
        if self._first:  # on SQLite only this process sends: a claim left is a dead process's
            self._first = False
            stale = float("inf") if storage.is_sqlite else None
            await call(mailbox.purge, storage, now - KEEP_DONE)
        rows = await call(mailbox.claim, storage, now, LEASE, BATCH, stale)
        for row in rows:
            if self._stopping:
                await call(mailbox.retry, storage, row.id, now, "stopped")  # not tried: not counted
                continue
            await self._deliver(row)
        return len(rows)

    async def _deliver(self, row: Outgoing) -> None:
        storage, call, now = self.hub.storage, self.hub.writer.call, self.hub.settings.clock
        if not await call(mailbox.still_wanted, storage, row, self.hub.cluster is not None):
            await call(mailbox.settle, storage, row.id, "dropped", now())
            metrics.settled(row.channel, row.kind, "dropped")
            log.info("outbox %d (%s %s) dropped: no longer wanted", row.id, row.channel, row.kind)
            return
        try:
            if row.channel == "mail":
                await self._mail(row)
            else:
                await self._push(row)
        except (MailError, PushError) as err:
            if isinstance(err, PushError) and err.gone:
                await call(mailbox.unsubscribe, storage, row.target)
                await call(mailbox.settle, storage, row.id, "dropped", now(), str(err))
                metrics.settled(row.channel, row.kind, "dropped")
                log.info("outbox %d (push %s): the subscription is gone; dropped", row.id, row.kind)
            elif getattr(err, "permanent", False) or row.attempts + 1 >= ATTEMPTS:
                await call(mailbox.settle, storage, row.id, "failed", now(), str(err)[:200])
                metrics.settled(row.channel, row.kind, "failed")
                log.warning("outbox %d (%s %s) failed: %s", row.id, row.channel, row.kind, err)
            else:
                wait = min(RETRY_CAP, RETRY_FIRST * 2**row.attempts)
                await call(mailbox.retry, storage, row.id, now() + wait, str(err)[:200])
                metrics.settled(row.channel, row.kind, "retry")
                log.info(
                    "outbox %d (%s %s) not sent (%s); again in %d s", row.id, row.channel, row.kind, err, wait
                )
            return
        await call(mailbox.settle, storage, row.id, "sent", now())
        metrics.settled(row.channel, row.kind, "sent")
        log.info("outbox %d (%s %s) sent", row.id, row.channel, row.kind)

    async def _mail(self, row: Outgoing) -> None:
        settings = self.hub.settings
        if settings.smtp is None:
            raise MailError("mail is off")
        base = settings.public_url.rstrip("/")
        unsubscribe = None
        if row.kind in mailbox.KINDS:
            unsubscribe = (
                f"{base}/api/mail/unsubscribe?t={mail.sign(self.key, 'u', str(row.user_id), row.kind)}"
            )
        message = mail.message(
            settings.smtp, row.id, row.target, row.subject, row.body, f"{base}/account", unsubscribe
        )
        # shielded: a stopping server waits for the send under way rather than leave it unrecorded
        await asyncio.shield(asyncio.to_thread(mail.send, settings.smtp, message))

    async def _push(self, row: Outgoing) -> None:
        assert self.pusher is not None
        sub = await self.hub.writer.call(mailbox.subscription, self.hub.storage, row.target)
        if sub is None:
            raise PushError("no subscription", gone=True)
        await asyncio.shield(asyncio.to_thread(self.pusher.send, sub, json.loads(row.body)))

    async def close(self) -> None:
        """Stop after the send under way, if any (before the database thread stops)."""
        self._stopping = True
        self._wake.set()
        if self._task is not None:
            try:
                await asyncio.wait_for(self._task, 60)
            except (TimeoutError, asyncio.CancelledError):
                self._task.cancel()
            except Exception:
                log.exception("the outbox stopped badly")
