"""Load on the server: N four-seat tables, every seat a scripted client on a loopback WebSocket.

    .venv/bin/python bench/load.py                       # 200 tables, 30 s, its own server
    .venv/bin/python bench/load.py --tables 50 --seconds 10 --think 0.5
    .venv/bin/python bench/load.py --url http://127.0.0.1:8000   # a server you started
    .venv/bin/python bench/load.py --db postgresql://... --processes 2 --spread seats

Several server processes on one PostgreSQL database (docs/server.md, "Several processes"):
``--processes N`` starts N servers on ``--db``, or give ``--url`` (and ``--server-pid``) once per
server you started.  Tables are created on the servers in turn; ``--spread tables`` connects all of
a table's seats to the server it was created on (a proxy routing by table), ``--spread seats``
connects each seat to the next server (every action then reaches the other seats through the
database's notifications: the worst case).

A server you start for it needs the limits meant for people lifted (every client here comes from
one address, at machine speed): `tabletop serve --tables-per-minute 0 --open-tables 0
--sockets-per-address 0 --joins-per-minute 0 --socket-messages 0`.

Each client plays a random legal action from its view as soon as it is its turn (after
``--think`` seconds on average, 0 by default: the worst case, every table always busy).  It
reports accepted actions per second and, per action, the time from sending it to receiving
its broadcast (the update carrying it) on the sender's own socket: p50, p99, max.  It measures
after ``--warmup`` seconds counted from the moment every client has joined (connecting thousands
of sockets takes a while), and reads the server's CPU time (with ``--url``, give
``--server-pid``) and its own, to say which side limits.

Bounded in count and time, loopback only: it refuses any address but 127.0.0.0/8 and ::1,
stops after ``--seconds`` (and ``--max-actions``), and closes everything it opened.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import ipaddress
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import orjson
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
# every client here comes from one address and plays at machine speed: a server measured must not
# hold them to the limits meant for one person (docs/server.md, "Limits")
NO_LIMITS = [
    *("--tables-per-minute", "0", "--open-tables", "0", "--sockets-per-address", "0"),
    *("--joins-per-minute", "0", "--socket-messages", "0"),
]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    accepted: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0
    measure_from: float = float("inf")  # set once every client has joined, plus the warm-up
    joined: int = 0
    all_joined: asyncio.Event = field(default_factory=asyncio.Event)
    clients: int = 0
    cpu_from: float | None = None
    cpu_to: float | None = None
    own_cpu: float = 0.0  # this process's (the clients') CPU seconds over the measured window
    stop_at: float = 0.0
    measured: float = 0.0  # seconds measured, at the end
    max_actions: int = 0

    @property
    def done(self) -> bool:
        return time.monotonic() >= self.stop_at or self.accepted >= self.max_actions


def loopback(url: str) -> str:
    host = urlparse(url).hostname or ""
    try:
        address = ipaddress.ip_address(socket.gethostbyname(host) if host == "localhost" else host)
    except ValueError:
        raise SystemExit(f"refusing {url}: give a loopback address such as 127.0.0.1") from None
    if not address.is_loopback:
        raise SystemExit(f"refusing {url}: this benchmark only talks to loopback addresses")
    return url.rstrip("/")


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    data: dict[str, Any] = json.load(urllib.request.urlopen(request, timeout=30))
    return data


async def seat(
    ws_base: str, table: str, token: str | None, tally: Tally, think: float, rng: random.Random
) -> None:
    async with connect(
        f"{ws_base}/ws/tables/{table}", max_size=2**20, open_timeout=60, compression=None
    ) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        sent: dict[int, float] = {}  # step this client's action will make -> when it was sent
        async for raw in ws:
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "error":
                tally.errors[message["code"]] = tally.errors.get(message["code"], 0) + 1
                continue
            if kind not in ("welcome", "update"):
                continue
            if kind == "welcome":
                tally.joined += 1
                if tally.joined == tally.clients:
                    tally.all_joined.set()
            step = message["step"]
            now = time.perf_counter()
            measuring = tally.measure_from <= time.monotonic() < tally.stop_at
            if step in sent:
                began = sent.pop(step)
                if measuring:
                    tally.latencies.append(now - began)
            if measuring and kind == "update" and message["last"]["seat"] == message["view"]["seat"]:
                tally.accepted += 1
            if message["over"]:
                tally.finished += 1
                return
            legal = message["view"]["legal"]
            if not legal or tally.done:
                if tally.done:
                    return
                continue
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            sent[step + 1] = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "action": rng.choice(legal), "step": step}))


async def run(
    bases: list[str],
    tables: int,
    seconds: float,
    warmup: float,
    think: float,
    max_actions: int,
    bots: int,
    server_pids: list[int] | None = None,
    spread: str = "tables",
) -> Tally:
    # the clients' own garbage (a parsed message a moment) is freed by reference counts; the
    # default collector would walk every open socket's objects hundreds of times a second, a
    # cost of this process that says nothing about the server
    gc.set_threshold(100_000, 50, 1000)
    rng = random.Random(1)
    created = await asyncio.gather(
        *(
            asyncio.to_thread(
                post,
                bases[number % len(bases)],
                "/api/tables",
                {"options": {"players": 4}, "seats": ["person"] * (4 - bots) + ["easy"] * bots},
            )
            for number in range(tables)
        )
    )
    ws_bases = ["ws" + base[len("http") :] for base in bases]
    tally = Tally(stop_at=time.monotonic() + seconds, max_actions=max_actions)
    clients = []
    for number, data in enumerate(created):
        table = data["table"]["id"]
        for index, link in enumerate(data["links"]["seats"]):
            if link["url"]:
                token = link["url"].split("#token=", 1)[1]
                server = ws_bases[(number + (index if spread == "seats" else 0)) % len(ws_bases)]
                clients.append(seat(server, table, token, tally, think, random.Random(rng.random())))
    tally.clients = len(clients)
    tally.stop_at = float("inf")

    async def sample_cpu() -> None:  # the server's and the clients' CPU time over the measured window
        # connecting thousands of sockets takes seconds: the warm-up starts once all are in
        with contextlib.suppress(TimeoutError):  # a client that never got in does not hold it up
            await asyncio.wait_for(tally.all_joined.wait(), 120)
        started = time.monotonic()
        tally.measure_from, tally.stop_at = started + warmup, started + warmup + seconds
        await asyncio.sleep(warmup)
        tally.cpu_from, own_from = cpu_seconds(server_pids), time.process_time()
        await asyncio.sleep(seconds)
        tally.cpu_to, tally.own_cpu = cpu_seconds(server_pids), time.process_time() - own_from

    tasks = [asyncio.create_task(c) for c in clients]
    sampler = asyncio.create_task(sample_cpu())
    await asyncio.gather(sampler, return_exceptions=True)  # the measured window is over
    # the clients waiting for a turn that will not come (its player stopped) stop too
    await asyncio.wait(tasks, timeout=2.0)
    for task in tasks:
        task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
            name = type(result).__name__
            tally.errors[name] = tally.errors.get(name, 0) + 1
    tally.measured = max(0.0, min(time.monotonic(), tally.stop_at) - tally.measure_from)
    return tally


def cpu_seconds(pids: list[int] | None) -> float | None:
    """User and system CPU time of these processes so far, together (Linux), or None."""
    total = 0.0
    for pid in pids or []:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return None
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total if pids else None


def start_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, "-c", "from tabletop.cli import main; main()", "serve", "--port", str(port)]
    command += ["--db", db, "--bot-delay", "0", "--bot-workers", "thread", *NO_LIMITS]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/api/games", timeout=1).read()
            return process, base
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                said = process.communicate()[1].decode(errors="replace")[-2000:]
                raise SystemExit(f"the server did not start:\n{said}") from None
            time.sleep(0.1)


def loop_factory() -> Any:
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200, help="four-seat tables (default 200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to measure (default 30)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds played before measuring")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a client waits before acting")
    parser.add_argument("--bots", type=int, default=0, choices=range(4), help="bot seats per table (easy)")
    parser.add_argument("--max-actions", type=int, default=1_000_000, help="stop after this many actions")
    parser.add_argument(
        "--url",
        action="append",
        help="a running server on a loopback address (default: start one); repeatable",
    )
    parser.add_argument(
        "--server-pid",
        type=int,
        action="append",
        help="with --url: each server's process, to measure its CPU",
    )
    parser.add_argument("--db", help="the database of the servers it starts (default: a new SQLite file)")
    parser.add_argument("--processes", type=int, default=1, help="servers to start on --db (PostgreSQL)")
    parser.add_argument(
        "--spread",
        choices=("tables", "seats"),
        default="tables",
        help="seats on their table's server, or on each",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not 1 <= args.tables <= 2000 or not 0 < args.seconds <= 600 or not 0 <= args.warmup <= 60:
        raise SystemExit("--tables must be 1-2000, --seconds 0-600 and --warmup 0-60")
    if args.processes > 1 and not (args.db or "").startswith("postgres"):
        raise SystemExit("several processes serve one PostgreSQL database: give --db postgresql://...")
    processes: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as folder:
        try:
            if args.url:
                bases, pids = [loopback(url) for url in args.url], args.server_pid
            else:
                db = args.db or f"sqlite:///{Path(folder) / 'load.db'}"
                bases = []
                for _ in range(args.processes):
                    process, base = start_server(db)
                    processes.append(process)
                    bases.append(base)
                pids = [p.pid for p in processes]
            work = run(
                bases,
                args.tables,
                args.seconds,
                args.warmup,
                args.think,
                args.max_actions,
                args.bots,
                pids,
                args.spread,
            )
            with asyncio.Runner(loop_factory=loop_factory()) as runner:
                tally = runner.run(work)
        finally:
            for process in processes:
                process.terminate()
                process.wait(10)
    elapsed = tally.measured
    figures = {
        "tables": args.tables,
        "processes": len(bases),
        "spread": args.spread,
        "clients": args.tables * (4 - args.bots),
        "bot_seats": args.tables * args.bots,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "accepted_actions": tally.accepted,
        "actions_per_s": round(tally.accepted / elapsed, 1) if elapsed else 0,
        "measured": len(tally.latencies),
        "p50_ms": round(1000 * percentile(tally.latencies, 0.50), 2),
        "p99_ms": round(1000 * percentile(tally.latencies, 0.99), 2),
        "max_ms": round(1000 * max(tally.latencies, default=float("nan")), 2),
        "mean_ms": round(1000 * statistics.fmean(tally.latencies), 2) if tally.latencies else None,
        "games_finished": tally.finished // max(1, 4 - args.bots),
        "errors": tally.errors,
        "cpus": os.cpu_count(),
        "load_average": round(os.getloadavg()[0], 2),
    }
    if tally.cpu_from is not None and tally.cpu_to is not None and tally.accepted:
        used = tally.cpu_to - tally.cpu_from
        figures["server_cpu_share"] = round(used / args.seconds, 2)  # 1.0: one core busy
        figures["server_cpu_ms_per_action"] = round(1000 * used / tally.accepted, 3)
    # the load generator's own share: near 1.0, the clients (one process) limit, not the server
    figures["clients_cpu_share"] = round(tally.own_cpu / args.seconds, 2)
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(
        f"{figures['tables']} tables, {figures['clients']} clients, think {args.think} s, "
        f"{figures['seconds']} s: {figures['accepted_actions']} actions by clients, "
        f"{figures['actions_per_s']}/s; action to broadcast p50 {figures['p50_ms']} ms, "
        f"p99 {figures['p99_ms']} ms, max {figures['max_ms']} ms; errors {figures['errors'] or 'none'}"
    )
    if "server_cpu_ms_per_action" in figures:
        print(
            f"server CPU: {figures['server_cpu_share']} of a core, "
            f"{figures['server_cpu_ms_per_action']} ms per action; the clients: "
            f"{figures['clients_cpu_share']} of a core; load average {figures['load_average']}"
        )


if __name__ == "__main__":
    main()
