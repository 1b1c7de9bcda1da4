"""Login throttling that a stranger cannot turn against a player (OWASP's "Login Throttling" and
"Slow Down Online Guessing Attacks with Device Cookies"): failures are limited per (account,
address) pair and per address; an account's failures from everywhere start an exponential backoff
for untrusted browsers only; a browser the owner logged in from holds a device cookie that exempts
it from that backoff.  Time is a clock the test moves by hand; each request comes from an address
the test chooses."""

from __future__ import annotations

import hashlib
import logging
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tabletop.server.accounts import (
    ADDRESS_FAILURES,
    BACKOFF_CAP,
    BACKOFF_FIRST,
    BACKOFF_FORGET,
    BACKOFF_FREE,
    DEVICE_COOKIE,
    DEVICE_FAILURES,
    DEVICE_PATH,
    DEVICE_SECONDS,
    DEVICES_PER_USER,
    PAIR_FAILURES,
    WINDOW,
)

from .helpers import Clock, running

PASSWORD = "correct horse battery"
WRONG = "wrong password"
HOME = "192.0.2.1"  # the owner's address
STRANGER = "203.0.113.7"
TOO_MANY = "too many attempts; try again later"


def send(
    client: TestClient, path: str, name: str, password: str, address: str, device: str | None = None
) -> Any:
    """A request from ``address`` with no cookie but ``device`` (the test client's cookie jar is
    emptied after each answer: every request is a browser the test describes)."""
    client._transport.client = (address, 50000)  # type: ignore[attr-defined]
    headers = {"cookie": f"{DEVICE_COOKIE}={device}"} if device is not None else {}
    try:
        return client.post(path, json={"name": name, "password": password}, headers=headers)
    finally:
        client.cookies.clear()


def login(
    client: TestClient,
    name: str = "ana",
    password: str = PASSWORD,
    address: str = HOME,
    device: str | None = None,
) -> Any:
    return send(client, "/api/account/login", name, password, address, device)


def signup(client: TestClient, name: str = "ana", address: str = HOME) -> str:
    """Sign ``name`` up; the device cookie the browser got."""
    answer = send(client, "/api/account/signup", name, PASSWORD, address)
    assert answer.status_code == 201, answer.text
    return device_of(answer)


def device_of(answer: Any) -> str:
    token = answer.cookies.get(DEVICE_COOKIE)
    assert token, answer.headers.get_list("set-cookie")
    return str(token)


def many(k: int) -> str:
    """The k-th of many addresses (a botnet)."""
    return f"10.{k // 65536 % 256}.{k // 256 % 256}.{k % 256}"


def attack(
    client: TestClient, clock: Clock, times: int, spread: str, name: str = "ana", step: float = 1.0
) -> list[int]:
    """A stranger's ``times`` wrong passwords for ``name``, one every ``step`` seconds, from one
    address of its own, from the owner's address (a shared one), or each from a new address."""
    answers = []
    for k in range(times):
        where = {"one": STRANGER, "home": HOME, "many": many(k)}[spread]
        answers.append(login(client, name, WRONG, where).status_code)
        clock.now += step
    assert set(answers) <= {401, 429}
    return answers


def refused(answer: Any) -> int:
    """The Retry-After of a 429, checked to be the usual refusal."""
    assert answer.status_code == 429, answer.text
    assert answer.json() == {"detail": TOO_MANY}
    wait = int(answer.headers["retry-after"])
    assert 1 <= wait <= BACKOFF_CAP
    return wait


def rows(db_url: str, query: str) -> list[Any]:
    engine = create_engine(db_url)
    with engine.connect() as conn:
        found = list(conn.execute(text(query)))
    engine.dispose()
    return found


def sha(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# -- the device cookie --------------------------------------------------------------------------


def test_the_device_cookie_is_http_only_same_site_long_lived_and_secure_over_https(db_url: str) -> None:
    clock = Clock()
    start = clock.now
    with running(db_url, clock=clock) as client:
        answer = send(client, "/api/account/signup", "ana", PASSWORD, HOME)
        clock.now += 10
        again = login(client)
        made, token = device_of(answer), device_of(again)
        cookies = [c for a in (answer, again) for c in a.headers.get_list("set-cookie")]
        devices = [c for c in cookies if c.startswith(f"{DEVICE_COOKIE}=")]
        assert len(devices) == 2
        for cookie in devices:
            assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
            assert f"Max-Age={DEVICE_SECONDS}" in cookie and f"Path={DEVICE_PATH}" in cookie
        assert DEVICE_SECONDS >= 365 * 24 * 3600
        clock.now += 10
        client.base_url = client.base_url.copy_with(scheme="https")
        secure = [c for c in login(client).headers.get_list("set-cookie") if c.startswith(DEVICE_COOKIE)]
        assert len(secure) == 1 and "Secure" in secure[0] and "HttpOnly" in secure[0]
    assert made != token and len(token) >= 40  # a new random token at every login
    stored = rows(db_url, "SELECT token_hash, user_id, created, expires FROM devices ORDER BY created")
    assert [r[0] for r in stored[:2]] == [sha(made), sha(token)]
    assert [(r[1], r[2], r[3]) for r in stored] == [
        (1, start + t, start + t + DEVICE_SECONDS) for t in (0, 10, 20)
    ]


def test_device_tokens_are_never_shown_nor_logged_and_stored_hashed(db_url: str, caplog: Any) -> None:
    caplog.set_level(logging.DEBUG)
    with running(db_url) as client:
        answers = [send(client, "/api/account/signup", "ana", PASSWORD, HOME)]
        answers.append(login(client, device=device_of(answers[0])))
        answers.append(login(client, password=WRONG, device=device_of(answers[1])))
    tokens = [device_of(a) for a in answers[:2]]
    stored = [r[0] for r in rows(db_url, "SELECT token_hash FROM devices")]
    for token in tokens:
        assert token not in caplog.text and token not in stored
        assert all(token not in a.text for a in answers)
    assert stored == [sha(tokens[1])]  # the login replaced the device cookie it was shown


def test_a_user_keeps_only_the_newest_device_cookies(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        tokens = [signup(client)]
        for _ in range(DEVICES_PER_USER + 1):  # new browsers, each without a device cookie
            clock.now += 1
            tokens.append(device_of(login(client)))
        stored = {r[0] for r in rows(db_url, "SELECT token_hash FROM devices")}
        assert stored == {sha(t) for t in tokens[-DEVICES_PER_USER:]}
        attack(client, clock, BACKOFF_FREE, "many", step=0)  # the account's backoff is in effect
        refused(login(client, device=tokens[0]))  # the oldest is forgotten: no exemption
        refused(login(client, device=tokens[1]))
        assert login(client, device=tokens[2]).status_code == 200


# -- a stranger cannot lock the owner out -----------------------------------------------------


@pytest.mark.parametrize("spread", ["one", "home", "many"])
@pytest.mark.parametrize("times", [5, 50, 500])
def test_a_strangers_wrong_passwords_never_keep_out_the_owners_browser(
    db_url: str, times: int, spread: str
) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        device = signup(client)
        assert attack(client, clock, times, spread).count(401) >= min(times, PAIR_FAILURES)
        for where in (HOME, "198.51.100.99"):  # at home, or the owner's laptop elsewhere
            answer = login(client, address=where, device=device)
            assert answer.status_code == 200, (where, answer.text)
            device = device_of(answer)
        # the stranger carries on between the owner's logins: the owner still gets in at once
        attack(client, clock, times, spread)
        assert login(client, device=device).status_code == 200


@pytest.mark.parametrize("spread", ["one", "many"])
def test_a_new_browser_gets_in_unless_the_accounts_backoff_is_in_effect(db_url: str, spread: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        signup(client)
        elsewhere = "198.51.100.99"  # the owner on a new device: no device cookie
        attack(client, clock, PAIR_FAILURES if spread == "one" else BACKOFF_FREE - 1, spread)
        assert login(client, address=elsewhere).status_code == 200  # below the threshold
        attack(client, clock, 500, "many", step=10)
        clock.now += refused(login(client, address=elsewhere))  # the backoff, capped
        assert login(client, password=WRONG, address=many(9999)).status_code == 401  # at once
        assert refused(login(client, address=elsewhere)) == BACKOFF_CAP
        clock.now += BACKOFF_CAP - 1
        assert refused(login(client, address=elsewhere)) == 1
        clock.now += 1
        assert login(client, address=elsewhere).status_code == 200  # the right password, in time


def test_the_accounts_backoff_grows_from_every_address_together_and_is_capped(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        signup(client)
        for k in range(BACKOFF_FREE):  # free failures, each from a new address
            assert login(client, password=WRONG, address=many(k)).status_code == 401
        waits = []
        for k in range(BACKOFF_FREE, BACKOFF_FREE + 14):
            wait = refused(login(client, password=WRONG, address=many(k)))
            waits.append(wait)
            clock.now += wait - 1
            refused(login(client, address=many(k)))  # not yet, even with the right password
            clock.now += 1
            assert login(client, password=WRONG, address=many(k)).status_code == 401
        first = int(BACKOFF_FIRST)
        assert waits[:9] == [first * 2**k for k in range(9)]  # 2, 4, ..., 512
        assert waits[9:] == [BACKOFF_CAP] * 5
        clock.now += BACKOFF_FORGET  # an hour without a failure: forgotten
        for k in range(BACKOFF_FREE):
            assert login(client, password=WRONG, address=many(1000 + k)).status_code == 401


def test_a_forged_expired_or_another_accounts_device_cookie_gives_no_exemption(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        old = signup(client)
        clock.now += DEVICE_SECONDS - 100
        ana, bob = device_of(login(client)), signup(client, "bob")
        clock.now += 101  # the first device cookie has expired (its row is still there)
        assert len(rows(db_url, "SELECT token_hash FROM devices WHERE user_id = 1")) == 2
        attack(client, clock, BACKOFF_FREE, "many", step=0)
        for cookie in (old, bob, "forged-" + ana[7:], "", "x" * 500):
            refused(login(client, device=cookie))
        refused(login(client, "ANA", device=bob))
        assert login(client, "ANA", device=ana).status_code == 200  # names compare case-blind
        assert login(client, "bob", device=bob).status_code == 200


def test_a_device_cookie_has_its_own_strict_counter(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        device = signup(client)
        attack(client, clock, BACKOFF_FREE, "many", step=0)
        for _ in range(DEVICE_FAILURES):  # somebody with the owner's browser guesses
            assert login(client, password=WRONG, device=device).status_code == 401
        refused(login(client, device=device))  # blocked: an untrusted browser, under the backoff
        clock.now += WINDOW + 1
        attack(client, clock, 1, "many", step=0)  # the backoff again
        assert login(client, device=device).status_code == 200  # the device cookie's count is over


def test_failures_with_a_device_cookie_count_against_it_only(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        device = signup(client)
        for _ in range(DEVICE_FAILURES - 1):  # the owner's typos
            assert login(client, password=WRONG, device=device).status_code == 401
        for _ in range(PAIR_FAILURES):  # the pair's count is whole: the device's failures are not in it
            assert login(client, password=WRONG).status_code == 401
        refused(login(client))
        assert login(client, device=device).status_code == 200


# -- pair and address -------------------------------------------------------------------------


def test_failures_block_the_account_and_address_pair_only(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        signup(client)
        signup(client, "bob")
        for _ in range(PAIR_FAILURES):
            assert login(client, password=WRONG, address=STRANGER).status_code == 401
        refused(login(client, address=STRANGER))  # even the right password, from there
        assert login(client, "bob", address=STRANGER).status_code == 200  # another account: free
        assert login(client, address=HOME).status_code == 200  # another address: free
        clock.now += WINDOW + 1
        assert login(client, address=STRANGER).status_code == 200


def test_failures_across_accounts_block_the_address(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        device = signup(client)
        for k in range(ADDRESS_FAILURES):  # a different name each time: only the address repeats
            assert login(client, f"nobody{k}", WRONG, STRANGER).status_code == 401
        refused(login(client, address=STRANGER))
        refused(login(client, "nobody-else", WRONG, STRANGER))
        assert login(client, address=HOME).status_code == 200
        assert login(client, address=STRANGER, device=device).status_code == 200  # the owner's browser
        clock.now += WINDOW + 1
        assert login(client, address=STRANGER).status_code == 200


def test_a_refusal_does_not_tell_whether_the_account_exists(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        signup(client)

        def answers(name: str, base: int) -> list[tuple[int, str, str | None]]:
            found = []
            for _ in range(PAIR_FAILURES + 1):
                found.append(login(client, name, WRONG, STRANGER))
            for k in range(BACKOFF_FREE + 3):
                found.append(login(client, name, WRONG, many(base + k)))
            clock.now += 3
            found.append(login(client, name, WRONG, many(base)))
            return [(a.status_code, a.text, a.headers.get("retry-after")) for a in found]

        known = answers("ana", 0)
        clock.now += BACKOFF_FORGET + WINDOW  # everything forgotten
        assert answers("nobody", 1000) == known
        assert {s for s, _, _ in known} == {401, 429}


def test_parallel_attempts_cannot_slip_past_the_limits(db_url: str) -> None:
    with running(db_url) as client:
        signup(client)
        client._transport.client = (STRANGER, 50000)  # type: ignore[attr-defined]
        statuses: list[int] = []
        together = threading.Barrier(4 * PAIR_FAILURES)

        def guess() -> None:
            together.wait()
            answer = client.post("/api/account/login", json={"name": "ana", "password": WRONG})
            statuses.append(answer.status_code)

        threads = [threading.Thread(target=guess) for _ in range(4 * PAIR_FAILURES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert sorted(statuses) == [401] * PAIR_FAILURES + [429] * (3 * PAIR_FAILURES)
