"""The container (issue 31: Dockerfile, compose.yaml, deploy/Caddyfile): where a container engine
with compose answers, the image is built (the compiled wheel, a slim runtime, a user without
root) and the compose file started: PostgreSQL, two server processes and Caddy serving https; a
table is created through the proxy, both processes are ready, /metrics is kept off the public site.
Where no engine answers, the test skips and says why.  The files' shape is checked everywhere."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_dockerfile_builds_the_wheel_once_and_runs_without_root() -> None:
    text = (ROOT / "Dockerfile").read_text()
    stages = [line for line in text.splitlines() if line.startswith("FROM ")]
    assert len(stages) == 2 and " AS build" in stages[0] and "slim" in stages[1]
    runtime = text[text.index(f"\n{stages[1]}\n") :]
    assert "pip wheel" not in runtime and "gcc" not in runtime  # nothing is built in the runtime image
    assert "--no-index --find-links /wheels" in runtime
    assert "USER tabletop" in runtime and "--uid 10001" in runtime
    ignored = (ROOT / ".dockerignore").read_text()
    assert "tabletop/**/*.so" in ignored  # this machine's compiled modules never go in


def test_the_compose_file_has_two_servers_postgresql_and_a_tls_proxy() -> None:
    text = (ROOT / "compose.yaml").read_text()
    for service in ("db:", "server1: *server", "server2: *server", "proxy:"):
        assert f"\n  {service}" in text, service
    assert "image: postgres:" in text and "image: caddy:" in text and "/readyz" in text
    caddy = (ROOT / "deploy" / "Caddyfile").read_text()
    assert "reverse_proxy server1:8000 server2:8000" in caddy and "respond /metrics 404" in caddy


def engine() -> list[str]:
    """The compose command of a container engine that answers, or skip saying why not."""
    found = [name for name in ("docker", "podman") if shutil.which(name)]
    if not found:
        pytest.skip("no container engine: neither docker nor podman is installed")
    why: list[str] = []
    for name in found:
        info = subprocess.run([name, "info"], capture_output=True, text=True, timeout=60)
        if info.returncode != 0:
            last = (info.stderr.strip().splitlines() or ["no answer"])[-1]
            why.append(f"{name} is installed but does not answer ({last})")
            continue
        for compose in ([name, "compose"], [f"{name}-compose"]):
            if (
                shutil.which(compose[0])
                and subprocess.run([*compose, "version"], capture_output=True).returncode == 0
            ):
                return compose
        why.append(f"{name} answers but has no compose")
    pytest.skip("; ".join(why))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fetch(url: str, body: dict[str, object] | None = None) -> tuple[int, bytes]:
    insecure = ssl.create_default_context()
    insecure.check_hostname, insecure.verify_mode = False, ssl.CERT_NONE  # Caddy's own CA signs localhost
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10, context=insecure) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_the_compose_file_builds_and_serves_through_the_tls_proxy() -> None:
    compose = engine()
    project = f"tabletop-test-{secrets.token_hex(4)}"
    https = free_port()
    env = {"HTTP_PORT": str(free_port()), "HTTPS_PORT": str(https), "SITE_ADDRESS": "localhost"}
    env["POSTGRES_PASSWORD"] = secrets.token_urlsafe(12)
    command = [*compose, "--project-name", project, "--file", str(ROOT / "compose.yaml")]
    environ = {**os.environ, **env}

    def run(*args: str, timeout: float = 600) -> str:
        done = subprocess.run([*command, *args], capture_output=True, text=True, env=environ, timeout=timeout)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        return done.stdout

    try:
        run("up", "--detach", "--build", "--wait", timeout=3000)  # --wait: every health check passes
        base = f"https://localhost:{https}"
        deadline = time.monotonic() + 120
        while fetch(base + "/readyz")[0] != 200:  # the proxy's first look at the servers
            assert time.monotonic() < deadline, "the proxy never reached a ready server"
            time.sleep(1)
        status, answer = fetch(base + "/api/tables", {"game": "summon7", "seats": ["person", "easy"]})
        assert status == 201, answer
        assert fetch(base + "/metrics")[0] == 404  # for Prometheus inside, not for the world
        probe = "import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:8000/readyz').status)"
        for server in ("server1", "server2"):
            assert run("exec", "-T", server, "python", "-c", probe).strip() == "200"
            assert run("exec", "-T", server, "id", "-u").strip() != "0"  # no root
    finally:
        subprocess.run([*command, "down", "--volumes", "--remove-orphans"], env=environ, capture_output=True)
