"""Web Push (issue 30) against a push service run here: it keeps each request, and the test, as the
browser would, decrypts the payload (RFC 8291, aes128gcm) with the subscription's private key and
auth secret, and checks the VAPID signature (RFC 8292) with the server's public key.  A
subscription the push service says is gone (410) is dropped; the settings turn push off per kind;
the VAPID key is made once per installation (in the database, or in the file named)."""

from __future__ import annotations

import base64
import http.server
import json
import os
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from fastapi.testclient import TestClient

from .helpers import running
from .test_account_seats import other
from .test_accounts import login, signup
from .test_mail import send


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """A push service on a loopback port: ``/gone/...`` answers 410, anything else 201."""

    def __init__(self) -> None:
        self.got: list[tuple[str, dict[str, str], bytes]] = []
        service = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                service.got.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(410 if self.path.startswith("/gone/") else 201)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"


@contextmanager
def push_service() -> Iterator[PushService]:
    service = PushService()
    thread = threading.Thread(target=service.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        service.server.shutdown()


class Browser:
    """A browser's push subscription: its P-256 key pair and auth secret (as PushManager makes)."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = secrets.token_bytes(16)

    def json(self) -> dict[str, Any]:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(point), "auth": b64(self.auth)}}

    def read(self, body: bytes) -> dict[str, Any]:
        """The payload, decrypted as the browser does."""
        data: dict[str, Any] = json.loads(
            http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        )
        return data


def check_vapid(headers: dict[str, str], public_key: str, audience: str) -> dict[str, Any]:
    """The VAPID JWT's claims, once its ES256 signature is checked with ``public_key``."""
    scheme, _, fields = headers["authorization"].partition(" ")
    assert scheme == "vapid"
    parts = dict(item.strip().split("=", 1) for item in fields.split(","))
    assert parts["k"] == public_key
    head, claims, signature = parts["t"].split(".")
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    found: dict[str, Any] = json.loads(unb64(claims))
    assert found["aud"] == audience and found["sub"].startswith("mailto:")
    return found


def settings_of(client: TestClient) -> dict[str, Any]:
    data: dict[str, Any] = client.get("/api/account/notifications").json()
    return data


def invite_ana(client: TestClient) -> str:
    """Bob's table; Ana invited to its seat 1 (Ana logged in again afterwards)."""
    with other(client):
        login(client, "bob")
        body = {"game": "summon7", "options": {"players": 2}, "seats": ["person", "person"]}
        table_id = str(client.post("/api/tables", json=body).json()["table"]["id"])
        assert (
            client.post(f"/api/tables/{table_id}/invite", json={"seat": 1, "name": "ana"}).status_code == 200
        )
    return table_id


def test_a_push_reaches_the_browser_encrypted_and_signed_and_a_gone_subscription_is_dropped(
    db_url: str,
) -> None:
    with push_service() as service, running(db_url, mail_poll=0, push_allow_http=True) as client:
        with other(client):
            signup(client, "bob")
        signup(client, "ana")
        browser, gone = Browser(f"{service.base}/send/abc"), Browser(f"{service.base}/gone/xyz")
        assert client.post("/api/push/subscribe", json=browser.json()).status_code == 201
        assert client.post("/api/push/subscribe", json=gone.json()).status_code == 201
        bad = browser.json()
        bad["keys"]["auth"] = b64(b"short")
        assert client.post("/api/push/subscribe", json=bad).status_code == 400
        public_key = settings_of(client)["push"]
        assert settings_of(client)["browsers"] == 2
        table_id = invite_ana(client)
        assert send(client) == 2
        [(_, headers, body)] = [g for g in service.got if g[0] == "/send/abc"]
        assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
        assert b"invited" not in body  # encrypted
        payload = browser.read(body)
        assert payload == {
            "title": "Invited: Summon 7",
            "body": "bob invited you",
            "url": f"/table/{table_id}",
            "tag": f"invite-{table_id}",
        }
        check_vapid(headers, public_key, service.base)
        assert settings_of(client)["browsers"] == 1  # the gone one was dropped
        assert send(client) == 0  # and nothing is tried again
        # push off for invitations: none goes
        client.put("/api/account/notifications", json={"kind": "invited", "channel": "push", "on": False})
        invite_ana(client)
        send(client)
        assert len(service.got) == 2


def test_push_endpoints_must_be_https_and_one_browser_is_one_subscription(db_url: str) -> None:
    with running(db_url, mail_poll=0) as client:
        signup(client, "ana")
        local = Browser("http://127.0.0.1:9/push")
        refused = client.post("/api/push/subscribe", json=local.json())
        assert refused.status_code == 400 and "https" in refused.json()["detail"]
        browser = Browser("https://push.example.net/abc")
        client.post("/api/push/subscribe", json=browser.json())
        with other(client):
            signup(client, "bob")  # the same browser, now Bob's
            client.post("/api/push/subscribe", json=browser.json())
            assert settings_of(client)["browsers"] == 1
        assert settings_of(client)["browsers"] == 0
        assert (
            client.post("/api/push/subscribe", json=Browser("https://push.example.net/d").json()).status_code
            == 201
        )
        gone = client.post("/api/push/unsubscribe", json={"endpoint": "https://push.example.net/d"})
        assert gone.json() == {"ok": True} and settings_of(client)["browsers"] == 0
        assert client.post("/api/push/subscribe", json={"endpoint": "https://x.example/y"}).status_code == 400


def test_the_vapid_key_is_made_once_per_installation(db_url: str, tmp_path: Path) -> None:
    keys = []
    for _ in range(2):
        with running(db_url, mail_poll=0) as client:
            signup(client, f"user{len(keys)}")
            keys.append(settings_of(client)["push"])
    assert keys[0] == keys[1] and len(unb64(keys[0])) == 65
    named = tmp_path / "vapid.pem"
    with running(db_url, mail_poll=0, vapid_key_file=str(named)) as client:
        signup(client, "cleo")
        from_file = settings_of(client)["push"]
    assert from_file != keys[0] and named.read_text().startswith("-----BEGIN PRIVATE KEY-----")
    assert os.stat(named).st_mode & 0o777 == 0o600
    with running(db_url, mail_poll=0, vapid_key_file=str(named)) as client:
        login(client, "cleo")
        assert settings_of(client)["push"] == from_file
