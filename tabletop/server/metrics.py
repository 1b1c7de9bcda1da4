"""The server's metrics for Prometheus: ``GET /metrics`` (docs/server.md, "Metrics").

Counters and histograms are prometheus-client's, moved where things happen (one call each:
rooms.py, sockets.py, writer.py, hub.py, bots.py, logs.py's middleware).  The gauges (tables open,
sockets, the bots' queue) are read from the hub when Prometheus asks (:class:`HubCollector`), so
they cost nothing in between and can never drift from the truth.

**Several processes.**  When bots think in worker processes (`tabletop serve`'s default), their
thinking time is measured in the worker itself, the search alone.  `tabletop serve` then runs
prometheus-client's multi-process mode: before anything imports prometheus-client it names a
directory of its own in ``PROMETHEUS_MULTIPROC_DIR`` (cli.py), which its worker processes inherit;
every process writes its counters and histograms there, and ``/metrics`` adds them up
(``MultiProcessCollector``).  The directory is removed when the server stops.  Several `tabletop
serve` processes (docs/server.md, "Several processes") each answer ``/metrics`` for themselves:
Prometheus scrapes each, and sums.
"""

from __future__ import annotations

import time
from collections import Counter as Tally
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from fastapi import APIRouter, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
    generate_latest,
    multiprocess,
    values,
)
from prometheus_client.core import GaugeMetricFamily, Metric

from ..core.registry import names
from .refused import Refused

if TYPE_CHECKING:
    from .hub import Hub
    from .rooms import Room
    from .scheduler import Scheduler

# no *_created series: half as many series, and nothing here reads them
disable_created_metrics()  # type: ignore[no-untyped-call]
T = TypeVar("T")
now = time.perf_counter  # durations, never the server's clock (tests move that by hand)

# Refusals that are limits on a rate (the other limits are counted where they are met)
RATE_CODES = {"chat-limit": "chat-lines", "offer-limit": "trade-offers"}
WORK_KINDS = {  # what a bot worker computes (bots.py), as the thinking time's "kind"
    "decide": "decision",
    "decide_from_json": "decision",
    "hint_from_json": "hint",
    "review_plan": "review",
    "review_part": "review",
    "review_finish": "review",
}
STATUSES = ("open", "running")  # a table waiting for players, a table in play
RANKS = ("playing", "people", "watch")  # scheduler.PLAYING, PEOPLE, WATCH

ACCEPTED = Counter(
    "tabletop_actions_accepted",
    "Actions a table accepted (stored, then sent): by game, and by who played them (person; bot: a "
    "bot seat; auto: the server for a person seat, its takeover bot or a response window closing)",
    ["game", "by"],
)
REFUSED = Counter(
    "tabletop_actions_refused",
    "Actions and trade moves sent over a WebSocket that the table refused, by game and reason (the "
    "error code: illegal, invalid, stale, out-of-turn, bad-offer, ...)",
    ["game", "reason"],
)
BROADCAST = Histogram(
    "tabletop_action_broadcast_seconds",
    "From a person's action (or trade move) arriving on its WebSocket to its update queued for every "
    "connection of the table: checked, stored (committed), broadcast",
    ["game"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
COMMIT = Histogram(
    "tabletop_db_commit_seconds",
    "The database thread's group commits of actions (one transaction, one or many actions)",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
COMMITTED = Counter("tabletop_db_committed_actions", "Actions written by the group commits")
THINKING = Histogram(
    "tabletop_bot_thinking_seconds",
    "Time a bot worker spends on one piece of work (kind: a decision, a hint, a part of a review), "
    "measured in the worker",
    ["kind", "game"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0),
)
RAN_OUT = Counter(
    "tabletop_clocks_run_out",
    "Questions whose clock ran out (the seat marked absent and played by the takeover bot, or a "
    "response window closed with its neutral answer, or a trade offer expired), by game",
    ["game"],
)
LIMITED = Counter(
    "tabletop_rate_limited",
    "Requests refused by a limit (docs/server.md, Limits): kind http (the route answered 429) or "
    "socket (sockets-per-address, joins-per-minute, socket-messages, chat-lines, trade-offers)",
    ["kind", "limit"],
)
OUTBOX = Counter(
    "tabletop_outbox",
    "Mails and pushes the outbox settled (outbox.py): by channel (mail, push), kind (verify, reset, "
    "turn, ended, invited, ...) and outcome: sent, retry (a failure that may pass: tried again "
    "later), failed (for good), dropped (no longer wanted, or the push subscription is gone)",
    ["channel", "kind", "outcome"],
)


def multiprocess_mode() -> bool:
    """Whether this process's metrics are in files (PROMETHEUS_MULTIPROC_DIR was set before
    prometheus-client was imported): then /metrics reads every process's files."""
    return bool(getattr(values.ValueClass, "_multiprocess", False))


# -- where things happen -------------------------------------------------------------------------
def settled(channel: str, kind: str, outcome: str) -> None:
    """The outbox settled one mail or push (``outcome``: sent, retry, failed, dropped)."""
    OUTBOX.labels(channel, kind, outcome).inc()


def accepted(room: Room, seat: int, auto: bool) -> None:
    """``room`` accepted (stored and sent) an action of ``seat``."""
    by = "bot" if room.seats[seat].kind == "bot" else "auto" if auto else "person"
    ACCEPTED.labels(room.game.name, by).inc()


async def acted(room: Room, move: Awaitable[None], received: float) -> None:
    """A person's action or trade move, from its message ``received`` (:func:`now`): a refusal is
    counted with its reason (and raised on), an acceptance's time to its broadcast observed."""
    try:
        await move
    except Refused as err:
        REFUSED.labels(room.game.name, err.code).inc()
        raise
    BROADCAST.labels(room.game.name).observe(now() - received)


def message_refused(code: str) -> None:
    """A WebSocket's message was refused with ``code``: those that are rate limits count as such."""
    limit = RATE_CODES.get(code)
    if limit is not None:
        LIMITED.labels("socket", limit).inc()


def limited(kind: str, limit: str) -> None:
    LIMITED.labels(kind, limit).inc()


def committed(begun: float, actions: int) -> None:
    """A group commit of ``actions`` actions, begun at ``begun`` (:func:`now`), is done."""
    COMMIT.observe(now() - begun)
    COMMITTED.inc(actions)


def ran_out(room: Room, expired: int) -> int:
    """``expired`` questions of ``room`` ran out of time (returned as is)."""
    if expired:
        RAN_OUT.labels(room.game.name).inc(expired)
    return expired


def work_labels(function: Callable[..., Any], args: Sequence[Any]) -> tuple[str, str]:
    """The kind of a bot worker's work and its game (the first argument: the game's name, or a
    record holding it)."""
    kind = WORK_KINDS.get(getattr(function, "__name__", ""), "other")
    first = args[0] if args else None
    if isinstance(first, dict):
        first = first.get("game")
    return kind, first if isinstance(first, str) else ""


def thinking(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` in a bot worker (a thread, or a worker process: this is what it runs),
    its time observed there."""
    begun = now()
    try:
        return function(*args)
    finally:
        THINKING.labels(*work_labels(function, args)).observe(now() - begun)


def decision(game: str, function: Callable[..., T], *args: Any) -> T:
    """A bot's decision (``function(*args)``) for ``game`` in a worker, its time observed there."""
    begun = now()
    try:
        return function(*args)
    finally:
        THINKING.labels("decision", game).observe(now() - begun)


# -- read when asked ------------------------------------------------------------------------------
class HubCollector:
    """The gauges, read from the hub at each scrape: tables open (those this process runs: on
    several processes, each counts its own), WebSockets, the bots' queue."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def collect(self) -> Iterator[Metric]:
        hub = self.hub
        rooms = list(hub.rooms.values())
        tables = GaugeMetricFamily(
            "tabletop_tables",
            "Unfinished tables this process runs (their bots and clocks), by game and status (open: "
            "waiting for players; running)",
            labels=["game", "status"],
        )
        counted = Tally((r.game.name, r.status()) for r in rooms if not r.over and hub.runs(r))
        for game in names():
            for status in STATUSES:
                tables.add_metric([game, status], counted[(game, status)])
        yield tables
        sockets = GaugeMetricFamily(
            "tabletop_sockets",
            "WebSockets joined to a table on this process, by role (seat, spectator)",
            labels=["role"],
        )
        roles = Tally(
            "spectator" if seat is None else "seat"
            for r in rooms
            for seat, group in r.conns.items()
            for _ in group
        )
        for role in ("seat", "spectator"):
            sockets.add_metric([role], roles[role])
        yield sockets
        yield from scheduler_gauges(hub.scheduler)


def scheduler_gauges(scheduler: Scheduler) -> Iterable[Metric]:
    """The bots' queue: decisions (and hints, reviews' parts) waiting by their table's rank, and
    those computing."""
    queue = GaugeMetricFamily(
        "tabletop_bot_queue",
        "Bot work waiting for a worker, by rank (playing: a person is at the table; people: nobody "
        "connected; watch: bot-only tables and reviews)",
        labels=["rank"],
    )
    waiting = Tally(
        RANKS[min(line.rank(), len(RANKS) - 1)] for line in scheduler.lines.values() for _ in line.jobs
    )
    for rank in RANKS:
        queue.add_metric([rank], waiting[rank])
    yield queue
    yield GaugeMetricFamily("tabletop_bot_running", "Bot work computing now", value=scheduler.running)
    yield GaugeMetricFamily(
        "tabletop_bot_workers", "Bot workers (threads or processes)", value=scheduler.workers
    )


class _Default:
    """This process's own metrics (prometheus-client's default registry) in another registry."""

    def collect(self) -> Iterator[Metric]:
        yield from REGISTRY.collect()


def registry(hub: Hub) -> CollectorRegistry:
    """What /metrics shows: the hub's gauges, and the counters and histograms of this process (in
    multi-process mode: of every process, this one's process_* only)."""
    found = CollectorRegistry(auto_describe=False)
    found.register(HubCollector(hub))
    if multiprocess_mode():
        multiprocess.MultiProcessCollector(found)  # type: ignore[no-untyped-call]
        ProcessCollector(registry=found)
        PlatformCollector(registry=found)
    else:
        found.register(_Default())
    return found


def router(hub: Hub) -> APIRouter:
    api = APIRouter()
    shown = registry(hub)

    @api.get("/metrics", include_in_schema=False)
    async def metrics_page() -> Response:
        """Prometheus' text format; read on the event loop (the hub's tables are its)."""
        return Response(generate_latest(shown), media_type=CONTENT_TYPE_LATEST)

    return api
