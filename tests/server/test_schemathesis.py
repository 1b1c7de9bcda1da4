"""Schemathesis (issue 32, "An exact contract"): the OpenAPI document against a live server, with
every check, every phase (examples, coverage, fuzzing, and the stateful phase following the
document's links), a logged-in person's session cookie and a bot account's API token.  Zero
failures: where the server and its document disagree, one of them is wrong.

Bounded and reproducible: deterministic generation (no random seed), no example database, at most
``EXAMPLES`` examples an operation and ``SCENARIOS`` stateful scenarios: about 4,000 requests, 45 s
on one core, so it is marked ``slow`` and runs first, after the browser tests (tests/conftest.py).

``positive_data_acceptance`` expects a well-formed request (one the document accepts) to be
accepted; :data:`SEMANTIC` lists the operations whose 400 answers refuse what no JSON Schema can
say, each with its reason."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .helpers import free_port, serve_process
from .mailtest import smtp_server

pytestmark = pytest.mark.slow

EXAMPLES = 25
SCENARIOS = 150  # the stateful phase's: sequences of calls following the document's links
PASSWORD = "a long enough password"
SEMANTIC = {
    ("POST", "/api/tables"): "the game's options and its number of seats, which depend on each other",
    ("POST", "/api/challenges"): "a challenge's terms: those of a new table, and a bot account's name",
    ("GET", "/api/tables/{table_id}/replay"): "the steps and seats a table has",
    ("POST", "/api/account/verify"): "a link's signature and age",
    ("POST", "/api/account/reset/check"): "a link made, unused and unexpired",
    ("POST", "/api/account/reset"): "a link made, unused and unexpired",
    ("POST", "/api/mail/unsubscribe"): "a link's signature",
    ("POST", "/api/push/subscribe"): "a browser's push endpoint and P-256 keys",
    ("POST", "/api/tables/{table_id}/invite"): "the accounts there are",
    ("POST", "/api/account/tokens"): "a token's name: printable, at most 64 characters once spaces collapse",
}


def call(base: str, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
    """One request; its answer's JSON and its cookies (``name=value``)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        cookies = [c.split(";", 1)[0] for c in response.headers.get_all("Set-Cookie") or []]
        return json.loads(response.read() or b"null"), dict(c.split("=", 1) for c in cookies)


def accounts(base: str) -> tuple[str, str]:
    """A person's session (seated at a rated table: it can never become a bot account, whatever
    the fuzzer asks) and a bot account's API token."""
    _, cookies = call(base, "POST", "/api/account/signup", {"name": "fuzzer", "password": PASSWORD})
    session = cookies["tabletop_session"]
    cookie = {"Cookie": f"tabletop_session={session}"}
    call(
        base,
        "POST",
        "/api/tables",
        {"game": "summon7", "options": {"players": 2}, "seats": ["person", "normal"]},
        cookie,
    )
    _, bot = call(base, "POST", "/api/account/signup", {"name": "fuzzbot", "password": PASSWORD})
    bot_cookie = {"Cookie": f"tabletop_session={bot['tabletop_session']}"}
    call(base, "POST", "/api/account/bot", None, bot_cookie)
    made, _ = call(base, "POST", "/api/account/tokens", {"name": "fuzzing"}, bot_cookie)
    return session, str(made["token"])


def config(session: str, token: str) -> str:
    """schemathesis.toml: every check, bounded, reproducible, the two credentials."""
    lines = [
        "max-redirects = 0",  # a redirect is an answer of its own (303 to the settings page)
        "[generation]",
        f"max-examples = {EXAMPLES}",
        "deterministic = true",
        'database = "none"',
        "[checks]",
        "enabled = true",
        "[phases.fuzzing.extra-data-sources]",  # ids and names the server gave, used again
        "responses = true",
        "[phases.coverage.extra-data-sources]",
        "responses = true",
        "[phases.stateful.generation]",
        f"max-examples = {SCENARIOS}",
        "[auth.openapi.session]",
        f'api_key = "{session}"',
        "[auth.openapi.token]",
        f'bearer = "{token}"',
    ]
    for (method, path), _ in SEMANTIC.items():
        lines += [
            "[[operations]]",
            f'include-method = "{method}"',
            f'include-path = "{path}"',
            "checks.positive_data_acceptance.expected-statuses = [",
            '    "2xx", "3xx", "400", "401", "403", "404", "409", "429",',
            "]",
        ]
    return "\n".join(lines) + "\n"


def test_schemathesis_finds_nothing(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    options = ["--tables-per-minute", "0", "--open-tables", "0", "--token-requests", "0"]
    options += ["--bot-delay", "2"]  # the fuzzer's tables' bots hardly play: the test measures the API
    with smtp_server() as inbox:
        options += ["--smtp", f"smtp://127.0.0.1:{inbox.port}"]
        with serve_process(f"sqlite:///{tmp_path / 'fuzz.db'}", port, tmp_path / "server.log", *options):
            session, token = accounts(base)
            (tmp_path / "schemathesis.toml").write_text(config(session, token))
            command = [sys.executable, "-m", "schemathesis.cli", "--config-file", "schemathesis.toml"]
            command += ["run", f"{base}/api/openapi.json", "--checks", "all", "--workers", "1"]
            command += ["--no-color", "--output-truncate", "true"]
            done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    report = done.stdout + done.stderr
    (tmp_path / "schemathesis.txt").write_text(report)
    assert done.returncode == 0, report[-20000:]
    assert "Stateful" in report and "failures" not in report.splitlines()[-1], report[-4000:]
