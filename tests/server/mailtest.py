"""A real SMTP server for the mail tests (aiosmtpd, on a free loopback port), keeping what it
receives; it may refuse the next deliveries for a while (451) or a recipient for good (550)."""

from __future__ import annotations

import datetime
import ipaddress
import re
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from tabletop.server.mail import MailConfig

from .helpers import free_port

SENDER = "tabletop <play@example.org>"
REFUSED = "nobody@refused.example"  # this recipient is refused for good


class Inbox:
    """The aiosmtpd handler: each message accepted, with its envelope's recipients."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], EmailMessage]] = []
        self.refuse = 0  # refuse the next so many deliveries with 451 (try again later)
        self.lock = threading.Lock()
        self.port = free_port()

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        if address == REFUSED:
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            if self.refuse:
                self.refuse -= 1
                return "451 4.3.0 try again later"
            mail = message_from_bytes(envelope.content, policy=policy.default)
            assert isinstance(mail, EmailMessage)
            self.messages.append((list(envelope.rcpt_tos), mail))
        return "250 OK"

    def config(self) -> MailConfig:
        return MailConfig("127.0.0.1", self.port, "none", SENDER)

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for rcpt, m in self.messages if address in rcpt]

    def wait(self, count: int, timeout: float = 20.0) -> list[EmailMessage]:
        """The messages once there are at least ``count`` (the server's own worker sends them)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.messages) >= count:
                    return [m for _, m in self.messages]
            time.sleep(0.05)
        raise AssertionError(f"{count} mails expected, {len(self.messages)} came")


@contextmanager
def smtp_server(inbox: Inbox | None = None) -> Iterator[Inbox]:
    inbox = inbox or Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=inbox.port)
    controller.start()
    try:
        yield inbox
    finally:
        controller.stop()


def text_of(mail: EmailMessage) -> str:
    body = mail.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def link(mail: EmailMessage, kind: str) -> str:
    """The token of the mail's ``#kind=TOKEN`` link."""
    found = re.search(rf"#{kind}=([A-Za-z0-9_.\-]+)", text_of(mail))
    assert found, text_of(mail)
    return found.group(1)


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key (PEM files in ``folder``)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = folder / "smtp.crt", folder / "smtp.key"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return cert_file, key_file


@contextmanager
def starttls_server(folder: Path, user: str, password: str) -> Iterator[tuple[Inbox, Path]]:
    """An SMTP server that requires STARTTLS and then a login (``user``, ``password``)."""
    cert, key = self_signed(folder)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)

    def check(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
        ok = (
            isinstance(data, LoginPassword)
            and data.login == user.encode()
            and data.password == password.encode()
        )
        return AuthResult(success=ok)

    inbox = Inbox()
    controller = Controller(
        inbox,
        hostname="127.0.0.1",
        port=inbox.port,
        tls_context=context,
        require_starttls=True,
        auth_required=True,
        authenticator=check,
    )
    controller.start()
    try:
        yield inbox, cert
    finally:
        controller.stop()
