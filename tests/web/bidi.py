"""A small WebDriver BiDi client for Firefox: start it headless, navigate, run scripts, click, log."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

LISTENING = re.compile(r"WebDriver BiDi listening on (ws://\S+)")
# RecommendedPreferences of the Remote Agent already quiet most of Firefox; a few more for tests
PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.page": 0,
    "browser.tabs.warnOnClose": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "messaging-system.rsexperimentloader.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.captive-portal-service.enabled": False,
}


class BiDiError(RuntimeError):
    pass


class Session:
    """One BiDi connection and its first tab; log entries of level "error" land in `errors`."""

    def __init__(self, socket: ClientConnection, timeout: float = 30) -> None:
        self.socket = socket
        self.timeout = timeout
        self.errors: list[str] = []
        self._next = 0
        self.send("session.new", capabilities={})
        self.send("session.subscribe", events=["log.entryAdded"])
        tree = self.send("browsingContext.getTree", maxDepth=0)
        self.context: str = tree["contexts"][0]["context"]

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer, noting the events that come before it."""
        self._next += 1
        ident = self._next
        self.socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer to {method} in {self.timeout} s")
            message = json.loads(self.socket.recv(timeout=left))
            if message.get("type") == "event":
                self._event(message["method"], message["params"])
            elif message.get("id") == ident:
                if message["type"] == "error":
                    raise BiDiError(f"{method}: {message['error']}: {message.get('message', '')}")
                result: dict[str, Any] = message["result"]
                return result

    def _event(self, method: str, params: dict[str, Any]) -> None:
        if method == "log.entryAdded" and params.get("level") == "error":
            where = params.get("source", {}).get("context")
            if where in (None, self.context):
                self.errors.append(f"{params.get('type')}: {params.get('text')}")

    def goto(self, url: str) -> None:
        self.send("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def set_viewport(self, width: int, height: int) -> None:
        self.send(
            "browsingContext.setViewport", context=self.context, viewport={"width": width, "height": height}
        )

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (awaited when it is a promise)."""
        answer = self.send(
            "script.evaluate",
            expression=expression,
            target={"context": self.context},
            awaitPromise=True,
            resultOwnership="none",
        )
        return _result(answer)

    def call(self, function: str, *args: str | float | bool | None) -> Any:
        """Call a JavaScript function (its source text) with plain arguments, in the page."""
        answer = self.send(
            "script.callFunction",
            functionDeclaration=function,
            arguments=[_local(a) for a in args],
            target={"context": self.context},
            awaitPromise=True,
            resultOwnership="none",
        )
        return _result(answer)

    def click_at(self, x: float, y: float) -> None:
        """A real left click with the mouse at (x, y), in CSS pixels of the viewport."""
        mouse = [
            {"type": "pointerMove", "x": round(x), "y": round(y)},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]
        actions = [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": mouse}
        ]
        self.send("input.performActions", context=self.context, actions=actions)

    def sleep(self, seconds: float) -> None:
        """Wait, still reading the events."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = json.loads(self.socket.recv(timeout=left))
            except TimeoutError:
                return
            if message.get("type") == "event":
                self._event(message["method"], message["params"])


def _local(value: str | float | bool | None) -> dict[str, Any]:
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    return {"type": "number", "value": value}


def _result(answer: dict[str, Any]) -> Any:
    if answer["type"] == "exception":
        details = answer["exceptionDetails"]
        raise BiDiError(f"script error: {details.get('text')}")
    return _remote(answer["result"])


def _remote(value: dict[str, Any]) -> Any:
    """A RemoteValue as Python: primitives, arrays and plain objects; others as their raw dict."""
    kind = value["type"]
    if kind in ("undefined", "null"):
        return None
    if kind in ("string", "boolean"):
        return value["value"]
    if kind == "number":
        number = value["value"]
        return float(number.replace("Infinity", "inf")) if isinstance(number, str) else number
    if kind == "array":
        return [_remote(v) for v in value.get("value", [])]
    if kind == "object":
        return {str(k if isinstance(k, str) else _remote(k)): _remote(v) for k, v in value.get("value", [])}
    return value


@contextmanager
def firefox(executable: str, startup: float = 60) -> Iterator[Session]:
    """A headless Firefox with a fresh profile, its Remote Agent on a free port; killed at the end."""
    home = Path(tempfile.mkdtemp(prefix="tabletop-firefox-"))
    profile = home / "profile"
    profile.mkdir()
    (profile / "user.js").write_text(
        "".join(f'user_pref("{k}", {json.dumps(v)});\n' for k, v in PREFS.items())
    )
    log_path = home / "firefox.log"
    env = {**os.environ, "MOZ_HEADLESS": "1", "MOZ_CRASHREPORTER_DISABLE": "1", "XDG_CACHE_HOME": str(home)}
    command = [
        executable,
        "--headless",
        "--no-remote",
        "--remote-debugging-port=0",
        "--profile",
        str(profile),
    ]
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env, start_new_session=True
        )
    try:
        deadline = time.monotonic() + startup
        while not (found := LISTENING.search(log_path.read_text(errors="replace"))):
            if process.poll() is not None or time.monotonic() > deadline:
                tail = log_path.read_text(errors="replace")[-2000:]
                raise RuntimeError(f"{executable} did not start its Remote Agent:\n{tail}")
            time.sleep(0.05)
        with connect(f"{found.group(1)}/session", open_timeout=10, max_size=None) as socket:
            session = Session(socket)
            yield session
            with suppress(Exception):  # it may hang up before it answers
                session.send("browser.close")
            with suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # whatever is left: the group it leads
        process.wait(timeout=10)
        shutil.rmtree(home, ignore_errors=True)
