"""Metrics (issue 31, metrics.py): /metrics parses with prometheus-client's own parser, and each
number moves by exactly what happened: an action accepted, one refused (with its reason), a table
opened then running, sockets, a bot's decisions and their thinking time, a clock run out, a limit
met; the bots' queue is read from the scheduler; the bot worker processes' metrics reach the page
in multi-process mode; and the Grafana dashboard asks only for metrics the server exports."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from tabletop.server.metrics import scheduler_gauges
from tabletop.server.scheduler import Scheduler

from .helpers import Clock, act, create, free_port, join, receive, running, serve_process, token_of
from .test_scheduler import FakeRoom, Hand, ask, settle
from .test_shutdown import post

DASHBOARD = Path(__file__).resolve().parents[2] / "docs" / "grafana-dashboard.json"
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def parse(page: str) -> Samples:
    found: Samples = {}
    for family in text_string_to_metric_families(page):
        for sample in family.samples:
            found[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return found


def scrape(client: TestClient) -> Samples:
    answer = client.get("/metrics")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    return parse(answer.text)


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def moved(before: Samples, after: Samples, name: str, **labels: str) -> float:
    """How much a series moved (counters are the process's: other tests in it moved them too)."""
    return value(after, name, **labels) - value(before, name, **labels)


def summon7(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    return create(client, seats, game="summon7", **extra)


def test_an_action_accepted_and_refused_moves_its_counters_by_one(db_url: str) -> None:
    with running(db_url) as client:
        created = summon7(client, ["person", "person"])
        table_id = created["table"]["id"]
        before = scrape(client)
        assert value(before, "tabletop_tables", game="summon7", status="open") == 1  # seat 1 not taken
        assert value(before, "tabletop_tables", game="summon7", status="running") == 0
        with (
            client.websocket_connect(f"/ws/tables/{table_id}") as first,
            client.websocket_connect(f"/ws/tables/{table_id}") as second,
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
        ):
            welcomes = [join(first, token_of(created, 0)), join(second, token_of(created, 1)), join(watcher)]
            seen = scrape(client)
            assert value(seen, "tabletop_tables", game="summon7", status="open") == 0
            assert value(seen, "tabletop_tables", game="summon7", status="running") == 1
            assert value(seen, "tabletop_sockets", role="seat") == 2
            assert value(seen, "tabletop_sockets", role="spectator") == 1
            [mover] = client.get(f"/api/tables/{table_id}").json()["asked"]
            sockets = [first, second]
            legal = welcomes[mover]["view"]["legal"]

            act(sockets[mover], legal[0], 0)
            for ws in (*sockets, watcher):
                receive(ws, "update")
            after = scrape(client)
            game, person = {"game": "summon7"}, {"game": "summon7", "by": "person"}
            for name, labels in (
                ("tabletop_actions_accepted_total", person),
                ("tabletop_action_broadcast_seconds_count", game),
                ("tabletop_db_commit_seconds_count", {}),
                ("tabletop_db_committed_actions_total", {}),
            ):
                assert moved(before, after, name, **labels) == 1, name
            refusals = [key for key in after if key[0] == "tabletop_actions_refused_total"]
            assert all(after[key] == before.get(key, 0.0) for key in refusals)

            # refused: from the seat not asked, and a text that is no action; nothing accepted
            table = client.get(f"/api/tables/{table_id}").json()
            [asked] = table["asked"]
            act(sockets[1 - asked], legal[0], table["step"])
            assert receive(sockets[1 - asked], "error")["code"] == "out-of-turn"
            act(sockets[asked], "no such action", table["step"])
            code = receive(sockets[asked], "error")["code"]
            assert code in ("invalid", "illegal")
            refused = scrape(client)
            for reason in ("out-of-turn", code):
                assert (
                    moved(after, refused, "tabletop_actions_refused_total", game="summon7", reason=reason)
                    == 1
                )
            for name, labels in (
                ("tabletop_actions_accepted_total", person),
                ("tabletop_action_broadcast_seconds_count", game),
            ):
                assert value(refused, name, **labels) == value(after, name, **labels), name


def test_bot_decisions_are_counted_with_their_thinking_time(db_url: str) -> None:
    with running(db_url, bot_workers="thread") as client:
        start = scrape(client)  # before the table: its bot may think at once
        created = summon7(client, ["person", "easy"])
        table_id = created["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            message = join(ws, token_of(created, 0))
            checked = 0
            while not message["over"] and checked < 3:
                if message["view"]["legal"] and client.get(f"/api/tables/{table_id}").json()["asked"] == [0]:
                    seen = scrape(client)  # the bot is not thinking now: the person is asked
                    bots = moved(start, seen, "tabletop_actions_accepted_total", game="summon7", by="bot")
                    thought = moved(
                        start, seen, "tabletop_bot_thinking_seconds_count", game="summon7", kind="decision"
                    )
                    assert thought == bots
                    checked += bots > 0
                    act(ws, message["view"]["legal"][-1], message["step"])  # hold: the bot's turn
                message = receive(ws, "update")
            assert checked or message["over"]


def test_a_clock_run_out_is_counted(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0) as client:
        created = summon7(
            client,
            ["person", "person"],
            clock={"mode": "realtime", "move": 30, "reserve": 60},
            takeover="easy",
        )
        table_id = created["table"]["id"]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        with (
            client.websocket_connect(f"/ws/tables/{table_id}") as first,
            client.websocket_connect(f"/ws/tables/{table_id}") as second,
        ):
            join(first, token_of(created, 0))
            join(second, token_of(created, 1))
            before = value(scrape(client), "tabletop_clocks_run_out_total", game="summon7")
            clock.now += 30 + 60 - 1
            assert client.portal.call(hub.check_clocks) == 0  # type: ignore[union-attr]
            assert value(scrape(client), "tabletop_clocks_run_out_total", game="summon7") == before
            clock.now += 2
            assert client.portal.call(hub.check_clocks) == 1  # type: ignore[union-attr]
            assert value(scrape(client), "tabletop_clocks_run_out_total", game="summon7") == before + 1


def test_rate_limit_refusals_are_counted_by_limit(db_url: str) -> None:
    limits = {"tables_per_minute": 1, "sockets_per_address": 1, "socket_messages": 2}
    with running(db_url, **limits) as client:
        start = scrape(client)
        created = summon7(client, ["person", "person"])
        body = {"game": "summon7", "options": {"players": 2}, "seats": ["person", "person"]}
        assert client.post("/api/tables", json=body).status_code == 429
        samples = scrape(client)
        assert moved(start, samples, "tabletop_rate_limited_total", kind="http", limit="/api/tables") == 1
        table_id = created["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            join(ws, token_of(created, 0))
            with client.websocket_connect(f"/ws/tables/{table_id}") as extra:
                assert json.loads(extra.receive_text())["code"] == "too-many"
            for _ in range(3):
                ws.send_text(json.dumps({"type": "ping"}))
            receive(ws, "pong")
            receive(ws, "pong")
            assert receive(ws, "error")["code"] == "rate-limit"
            samples = scrape(client)
            for limit in ("sockets-per-address", "socket-messages"):
                assert moved(start, samples, "tabletop_rate_limited_total", kind="socket", limit=limit) == 1


def test_the_bot_queue_is_read_from_the_scheduler() -> None:
    def gauges(scheduler: Scheduler) -> dict[tuple[str, str], float]:
        return {
            (s.name, s.labels.get("rank", "")): s.value
            for m in scheduler_gauges(scheduler)
            for s in m.samples
        }

    async def test() -> None:
        hand = Hand(workers=2)  # one worker is kept for the tables people are at
        scheduler = Scheduler(hand)
        watching = [ask(scheduler, FakeRoom(f"w{i}", ["bot", "bot"])) for i in range(3)]
        away = ask(scheduler, FakeRoom("p", ["person", "bot"]), 1)  # nobody connected
        here = ask(scheduler, FakeRoom("q", ["person", "bot"], online=True), 1)
        await settle()
        found = gauges(scheduler)
        assert found[("tabletop_bot_running", "")] == 2  # w0, and q on the kept worker
        assert found[("tabletop_bot_queue", "watch")] == 2
        assert found[("tabletop_bot_queue", "people")] == 1
        assert found[("tabletop_bot_queue", "playing")] == 0
        assert found[("tabletop_bot_workers", "")] == 2
        hand.answer("w0", 0)
        await settle()
        found = gauges(scheduler)  # p goes before the bot-only tables
        assert (found[("tabletop_bot_queue", "people")], found[("tabletop_bot_queue", "watch")]) == (0, 2)
        scheduler.close()
        await asyncio.gather(*watching, away, here, return_exceptions=True)

    asyncio.run(test())


def exported(page: str) -> set[str]:
    """Every series name the page's families give (a counter's _total, a histogram's parts)."""
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}
    return {
        family.name + suffix
        for family in text_string_to_metric_families(page)
        for suffix in suffixes.get(family.type, ("",))
    }


def test_the_grafana_dashboard_asks_only_for_exported_metrics_and_shows_them_all(db_url: str) -> None:
    dashboard = json.loads(DASHBOARD.read_text())
    exprs = [t["expr"] for panel in dashboard["panels"] for t in panel.get("targets", [])]
    assert exprs
    with running(db_url) as client:
        page = client.get("/metrics").text
    names = exported(page)
    asked = {name for expr in exprs for name in re.findall(r"\b(?:tabletop|process)_[a-z_]+\b", expr)}
    assert asked <= names, asked - names
    ours = {
        family.name for family in text_string_to_metric_families(page) if family.name.startswith("tabletop_")
    }
    shown = {
        name
        for name in ours
        if any(re.search(rf"\b{name}(?:_total|_bucket|_count|_sum)?\b", e) for e in exprs)
    }
    assert shown == ours, ours - shown


def get(base: str, path: str) -> str:
    with urllib.request.urlopen(base + path, timeout=10) as answer:
        return str(answer.read().decode())


@pytest.mark.timeout(180)
def test_bot_worker_processes_metrics_reach_the_page_in_multiprocess_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parent = tmp_path / "prometheus"  # the operator's PROMETHEUS_MULTIPROC_DIR: the server's own goes in it
    parent.mkdir()
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(parent))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    options = ("--bot-workers", "process", "--bot-count", "1", "--log-format", "json")
    with serve_process(f"sqlite:///{tmp_path / 'mp.db'}", port, tmp_path / "log.txt", *options) as server:
        post(base, "/api/tables", {"game": "summon7", "options": {"players": 2}, "seats": ["easy", "easy"]})
        deadline = time.monotonic() + 120
        while True:  # the bot-only table plays in the worker process
            samples = parse(get(base, "/metrics"))
            thought = value(samples, "tabletop_bot_thinking_seconds_count", game="summon7", kind="decision")
            played = value(samples, "tabletop_actions_accepted_total", game="summon7", by="bot")
            if thought >= 2 and played >= 2:
                break
            assert time.monotonic() < deadline, "no bot decision was counted"
            time.sleep(0.2)
        [own] = parent.iterdir()
        writers = {
            int(m.group(1)) for f in own.iterdir() if (m := re.fullmatch(r"histogram_(\d+)\.db", f.name))
        }
        assert server.pid in writers and len(writers) >= 2  # the server, and its worker process
        assert value(samples, "tabletop_bot_workers") == 1
        assert "process_resident_memory_bytes" in {name for name, _ in samples}
        os.kill(server.pid, signal.SIGTERM)
        server.wait(30)
    assert not own.exists()  # the server's directory goes with it
    lines = (tmp_path / "log.txt").read_text().splitlines()
    assert lines and all(json.loads(line)["message"] for line in lines)  # the workers' lines too
