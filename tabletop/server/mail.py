"""Mail (issue 30): the SMTP server the operator names, signed links, and the messages.

The server sends mail through one SMTP server (``tabletop serve --smtp URL``): ``smtp://host:25``
(plain, for a relay on the same machine), ``smtp+starttls://user@host:587`` or
``smtps://user@host:465`` (TLS from the start); the password comes from the environment
(``TABLETOP_SMTP_PASSWORD``), never the command line.  Without one, mail is off and the server
says so at start.  Mails are queued in the database and sent by a worker (outbox.py).

Links in mails carry either a signed token (HMAC-SHA256 with a key made once per installation:
verification, unsubscribe) or a random one kept hashed (password resets).  They are put in the
address's fragment (``#...``) where a page reads them, so that no token reaches a server log; the
one-click unsubscribe is a POST to a URL (RFC 8058), whose token names a user and a kind of
notice, nothing more.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, parseaddr
from urllib.parse import unquote, urlsplit

SCHEMES = {"smtp": "none", "smtp+starttls": "starttls", "smtps": "tls"}
PORTS = {"none": 25, "starttls": 587, "tls": 465}


class MailError(Exception):
    """A mail not sent: ``permanent`` when sending it again cannot help (the server refused the
    recipient or the message for good, 5xx).  The text never names an address."""

    def __init__(self, text: str, permanent: bool = False) -> None:
        super().__init__(text)
        self.permanent = permanent


@dataclass(frozen=True)
class MailConfig:
    """Where mail goes: an SMTP server, how to reach it, and the sender's address."""

    host: str
    port: int
    security: str  # "none", "starttls" or "tls"
    sender: str  # From: "tabletop <play@example.org>"
    username: str | None = None
    password: str | None = None
    timeout: float = 30.0
    cafile: str | None = None  # a CA to trust besides the system's (a private relay; the tests)

    def __repr__(self) -> str:  # never the password
        return f"MailConfig({self.security} {self.host}:{self.port}, from {self.sender!r})"


def parse_smtp(url: str, sender: str, password: str | None = None, cafile: str | None = None) -> MailConfig:
    """``smtp[+starttls]://[user@]host[:port]`` or ``smtps://...`` as a :class:`MailConfig`."""
    parts = urlsplit(url)
    security = SCHEMES.get(parts.scheme)
    if security is None or not parts.hostname:
        raise ValueError(
            "the SMTP server is smtp://host[:port], smtp+starttls://user@host:587 or smtps://user@host:465"
        )
    if parts.password:
        raise ValueError("give the SMTP password in TABLETOP_SMTP_PASSWORD, not in the URL")
    if "@" not in parseaddr(sender)[1]:
        raise ValueError(f"the sender {sender!r} is not an email address")
    user = unquote(parts.username) if parts.username else None
    return MailConfig(
        parts.hostname, parts.port or PORTS[security], security, sender, user, password, cafile=cafile
    )


def send(config: MailConfig, message: EmailMessage) -> None:
    """Hand ``message`` to the SMTP server (blocking: run it in a thread).  Raises
    :class:`MailError`."""
    context = ssl.create_default_context(cafile=config.cafile)
    try:
        if config.security == "tls":
            smtp: smtplib.SMTP = smtplib.SMTP_SSL(
                config.host, config.port, timeout=config.timeout, context=context
            )
        else:
            smtp = smtplib.SMTP(config.host, config.port, timeout=config.timeout)
        with smtp:
            if config.security == "starttls":
                smtp.starttls(context=context)
            if config.username:
                smtp.login(config.username, config.password or "")
            smtp.send_message(message)
    except smtplib.SMTPRecipientsRefused as err:
        codes = [code for code, _ in err.recipients.values()]
        raise MailError(
            f"recipient refused ({', '.join(map(str, codes))})", all(c >= 500 for c in codes)
        ) from None
    except smtplib.SMTPResponseException as err:
        permanent = err.smtp_code >= 500 and not isinstance(err, smtplib.SMTPAuthenticationError)
        raise MailError(f"{type(err).__name__} {err.smtp_code}", permanent) from None
    except (smtplib.SMTPException, OSError) as err:
        raise MailError(type(err).__name__) from None


# -- signed links ----------------------------------------------------------------------------
def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def sign(key: str, *parts: str) -> str:
    """A token holding ``parts`` (no '|' in them) that only a holder of ``key`` could make."""
    payload = "|".join(parts).encode()
    mac = hmac.new(key.encode(), payload, hashlib.sha256).digest()[:18]
    return f"{_b64(payload)}.{_b64(mac)}"


def unsign(key: str, token: str) -> list[str] | None:
    """The parts of a token :func:`sign` made with ``key``, or None for any other text."""
    if len(token) > 512 or token.count(".") != 1:
        return None
    try:
        payload, mac = (_unb64(part) for part in token.split("."))
    except ValueError:
        return None
    if not hmac.compare_digest(mac, hmac.new(key.encode(), payload, hashlib.sha256).digest()[:18]):
        return None
    return payload.decode(errors="replace").split("|")


def digest(address: str) -> str:
    """What a verification link says of the address it verifies (not the address itself)."""
    return hashlib.sha256(address.strip().lower().encode()).hexdigest()[:24]


# -- messages --------------------------------------------------------------------------------
def message(
    config: MailConfig,
    row_id: int,
    to: str,
    subject: str,
    body: str,
    settings_url: str,
    unsubscribe_url: str | None,
) -> EmailMessage:
    """The mail of outbox row ``row_id``.  Its Message-ID is the row's, so that a mail sent again
    after a crash between the SMTP server's acceptance and the row's commit is one message to the
    reader's mail program.  A notice has a one-click unsubscribe (RFC 8058: List-Unsubscribe with
    List-Unsubscribe-Post) and a link to the settings."""
    domain = parseaddr(config.sender)[1].rpartition("@")[2] or "localhost"
    mail = EmailMessage()
    mail["From"] = config.sender
    mail["To"] = to
    mail["Subject"] = subject
    mail["Date"] = formatdate(localtime=False)
    mail["Message-ID"] = f"<tabletop.{row_id}.{digest(config.sender)[:8]}@{domain}>"
    mail["Auto-Submitted"] = "auto-generated"
    text = body.rstrip() + "\n\n-- \n"
    if unsubscribe_url is not None:
        mail["List-Unsubscribe"] = f"<{unsubscribe_url}>"
        mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        text += f"Stop these mails: {unsubscribe_url}\n"
    text += f"Your notification settings: {settings_url}\n"
    mail.set_content(text)
    return mail
