"""Accounts (issue 13, first part): sign up, log in, log out, sessions that expire, login attempts
limited per account and address and per address (the whole throttling, device cookies included:
test_login_throttle.py), Argon2id hashes, and no password or token in any answer."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from tabletop.server.accounts import ADDRESS_FAILURES, COOKIE, PAIR_FAILURES, SESSION_SECONDS, WINDOW

from .helpers import Clock, running

PASSWORD = "correct horse battery"


def signup(client: Any, name: str = "ana", password: str = PASSWORD) -> Any:
    return client.post("/api/account/signup", json={"name": name, "password": password})


def login(client: Any, name: str = "ana", password: str = PASSWORD) -> Any:
    return client.post("/api/account/login", json={"name": name, "password": password})


def test_sign_up_log_out_and_log_in_again(db_url: str) -> None:
    with running(db_url) as client:
        assert client.get("/api/account/me").status_code == 401
        made = signup(client)
        assert made.status_code == 201 and made.json() == {"name": "ana"}
        assert client.get("/api/account/me").json() == {"name": "ana"}
        assert client.post("/api/account/logout").json() == {"ok": True}
        assert client.get("/api/account/me").status_code == 401
        assert login(client, "ANA").json() == {"name": "ana"}  # names compare case-blind
        assert client.get("/api/account/me").json() == {"name": "ana"}


def test_the_cookie_is_http_only_same_site_and_secure_over_https(db_url: str) -> None:
    with running(db_url) as client:
        cookie = signup(client).headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
        assert "Secure" not in cookie and f"Max-Age={SESSION_SECONDS}" in cookie
    with running(db_url) as client:
        client.base_url = client.base_url.copy_with(scheme="https")
        assert "Secure" in login(client).headers["set-cookie"]


def test_bad_sign_ups_are_refused_with_reasons(db_url: str) -> None:
    with running(db_url) as client:
        assert signup(client).status_code == 201
        taken = signup(client, "Ana")
        assert taken.status_code == 409 and "taken" in taken.json()["detail"]
        assert signup(client, "a").status_code == 400  # too short
        assert signup(client, "<script>").status_code == 400
        assert signup(client, "bob", "short").status_code == 400
        assert client.post("/api/account/signup", json={"name": "bob"}).status_code == 422
        assert client.post("/api/account/signup", content=b"not json").status_code == 422


def test_wrong_passwords_and_unknown_names_get_the_same_answer(db_url: str) -> None:
    with running(db_url) as client:
        signup(client)
        client.post("/api/account/logout")
        wrong, unknown = login(client, password="wrong password"), login(client, "nobody")
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.json() == unknown.json()
        assert client.get("/api/account/me").status_code == 401


def test_the_password_is_stored_as_an_argon2id_hash_and_never_shown(db_url: str, caplog: Any) -> None:
    caplog.set_level(logging.DEBUG)
    with running(db_url) as client:
        answers = [signup(client), login(client), client.get("/api/account/me")]
        token = client.cookies.get(COOKIE)
    assert token
    for answer in answers:
        assert PASSWORD not in answer.text and token not in answer.text
    assert PASSWORD not in caplog.text and token not in caplog.text
    engine = create_engine(db_url)
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT password_hash FROM users")).scalar_one()
        sessions = [r[0] for r in conn.execute(text("SELECT token_hash FROM sessions"))]
    engine.dispose()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert token not in sessions and all(len(h) == 64 for h in sessions)


def test_a_session_expires(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        signup(client)
        clock.now += SESSION_SECONDS - 10
        assert client.get("/api/account/me").status_code == 200
        clock.now += 20
        assert client.get("/api/account/me").status_code == 401


def test_failed_logins_are_limited_per_account_and_address(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        signup(client)
        client.cookies.clear()  # a browser that never logged in (no device cookie)
        for _ in range(PAIR_FAILURES):
            assert login(client, password="wrong password").status_code == 401
        blocked = login(client)  # even the right password waits, from this address
        assert blocked.status_code == 429 and int(blocked.headers["retry-after"]) > 0
        clock.now += WINDOW + 1
        assert login(client).status_code == 200


def test_failed_logins_are_limited_per_address(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        signup(client)
        client.cookies.clear()  # a browser that never logged in (no device cookie)
        for k in range(ADDRESS_FAILURES):  # a different name each time: only the address repeats
            assert login(client, f"nobody{k}").status_code == 401
        assert login(client).status_code == 429


@pytest.mark.parametrize("cookie", ["", "x" * 500, "not-a-session"])
def test_a_bad_cookie_is_a_guest(db_url: str, cookie: str) -> None:
    with running(db_url) as client:
        client.cookies.set(COOKIE, cookie)
        assert client.get("/api/account/me").status_code == 401
        assert client.post("/api/account/logout").status_code == 200
