"""Web Push (issue 30): the installation's VAPID keys and the sending of a push.

The VAPID key pair (RFC 8292, P-256) is made once per installation and kept in the database
(``server_secrets``), or in a PEM file the operator names (``tabletop serve --vapid-key FILE``,
made there if missing).  Payloads are encrypted for the subscription's keys as RFC 8291 says
(aes128gcm) by pywebpush, which signs each request with the VAPID key.  A push service answering
404 or 410 has dropped the subscription: so do we (outbox.py).
"""

from __future__ import annotations

import base64
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid  # type: ignore[import-untyped]
from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]

from .mailbox import Subscription

TTL = 24 * 3600  # seconds a push service keeps a push for a browser that is off
GONE = (404, 410)


class PushError(Exception):
    """A push not delivered: ``gone`` when the subscription no longer exists (drop it),
    ``permanent`` when sending it again cannot help."""

    def __init__(self, text: str, gone: bool = False, permanent: bool = False) -> None:
        super().__init__(text)
        self.gone = gone
        self.permanent = permanent or gone


def new_key_pem() -> str:
    """A new VAPID private key (P-256), as PEM."""
    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


def key_from_file(path: Path) -> str:
    """The PEM in ``path``, made there (readable by its owner only) if the file does not exist."""
    if not path.exists():
        pem = new_key_pem()
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as sink:
            sink.write(pem)
        return pem
    return path.read_text()


@dataclass
class Pusher:
    """Sends pushes signed with the VAPID key in ``pem``; ``subject`` is the contact the push
    services may use (a mailto: or https: URL)."""

    pem: str
    subject: str
    allow_http: bool = False  # endpoints over plain http (the tests' local push service)

    def __post_init__(self) -> None:
        self.vapid = Vapid.from_pem(self.pem.encode())

    @property
    def public_key(self) -> str:
        """The applicationServerKey a browser subscribes with: the raw public point, base64url."""
        raw = self.vapid.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    def allowed(self, endpoint: str) -> bool:
        """An endpoint we may post to: https (http only when allowed, for tests)."""
        return endpoint.startswith("https://") or (self.allow_http and endpoint.startswith("http://"))

    def send(self, sub: Subscription, payload: dict[str, Any]) -> None:
        """Deliver ``payload`` (JSON) to the browser of ``sub`` (blocking: run it in a thread).
        Raises :class:`PushError`."""
        if not self.allowed(sub.endpoint):
            raise PushError("endpoint refused", permanent=True)
        info = {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}}
        try:
            webpush(
                info,
                json.dumps(payload),
                vapid_private_key=self.vapid,
                vapid_claims={"sub": self.subject},
                ttl=TTL,
                timeout=15,
            )
        except WebPushException as err:
            status = err.status_code
            if status in GONE:
                raise PushError(f"subscription gone ({status})", gone=True) from None
            raise PushError(
                f"push service {status}",
                permanent=status is not None and 400 <= status < 500 and status != 429,
            ) from None
        except Exception as err:  # the connection, the endpoint's address, bad keys
            raise PushError(type(err).__name__) from None
