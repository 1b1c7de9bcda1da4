"""Hints (issue 28): a seat the game asks, at an unrated table, asks what the bot would play; the
answer (its top choices in words, each with the seat's chance of winning after it) goes to that
socket only, everybody's log says who asked, each seat has ``HINTS_PER_GAME`` a game (stored, so a
restart keeps the count), and a rated table, a spectator, a seat not asked and a seat past its
limit are refused.  The hint depends only on the seat's view: the same in a world the seat cannot
tell from the real one.  Small playout counts keep this fast (``small`` below)."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession

from tabletop.agents import advice
from tabletop.core.record import Record
from tabletop.server import bots
from tabletop.server.hints import HINTS_PER_GAME

from .helpers import create, join, running, token_of


@pytest.fixture(autouse=True)
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few playouts per choice: the numbers are not what these tests look at."""
    for game in advice.BUDGETS:
        monkeypatch.setitem(advice.BUDGETS, game, advice.Budget(6, 3, 20, advice.BUDGETS[game].policy))


def new_table(client: Any, rated: bool = False, game: str = "summon7", players: int = 2) -> dict[str, Any]:
    return create(client, ["person"] * players, game=game, clock={"mode": "none"}, rated=rated)


def ask(ws: WebSocketTestSession) -> None:
    ws.send_text(json.dumps({"type": "hint"}))


def next_of(ws: WebSocketTestSession, *kinds: str) -> dict[str, Any]:
    """The next message of one of ``kinds`` (seat news and updates skipped)."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] in kinds:
            return message
        assert message["type"] in ("seats", "update"), message


class Table(contextlib.ExitStack):
    """A table of people: each seat's socket and welcome, and a spectator's (closed at the end of
    a ``with`` block)."""

    def __init__(self, client: Any, created: dict[str, Any]) -> None:
        super().__init__()
        self.id = created["table"]["id"]
        self.sockets: list[WebSocketTestSession] = []
        self.welcomes: list[dict[str, Any]] = []
        for seat, _ in enumerate(created["links"]["seats"]):
            ws = self.enter_context(client.websocket_connect(f"/ws/tables/{self.id}"))
            ws.send_text(json.dumps({"type": "join", "token": token_of(created, seat), "name": f"P{seat}"}))
            self.sockets.append(ws)
            self.welcomes.append(next_of(ws, "welcome"))
        self.watcher = self.enter_context(client.websocket_connect(f"/ws/tables/{self.id}"))
        self.watching = join(self.watcher)

    def asked(self) -> int:
        (seat,) = [w["seat"] for w in self.welcomes if w["view"]["legal"]]
        return int(seat)


def test_a_hint_at_an_unrated_table_goes_to_its_seat_and_everybody_reads_who_asked(db_url: str) -> None:
    with running(db_url) as client:
        with Table(client, new_table(client)) as table:
            seat = table.asked()
            mine, other = table.sockets[seat], table.sockets[1 - seat]
            welcome = table.welcomes[seat]
            ask(mine)
            hinted = next_of(mine, "hinted")
            answer = next_of(mine, "hint")
            assert answer["step"] == welcome["step"] == hinted["step"]
            assert answer["used"] == 1 and answer["limit"] == HINTS_PER_GAME
            choices = answer["choices"]
            assert 1 <= len(choices) <= 3
            for choice in choices:
                assert set(choice) == {"action", "label", "chance"}
                assert choice["action"] in welcome["view"]["legal"]  # only the seat's own choices
                assert choice["label"] == welcome["labels"][choice["action"]]  # in the table's words
                assert 0.0 <= choice["chance"] <= 1.0
            assert len({c["action"] for c in choices}) == len(choices)
            assert hinted["event"]["words"]["parts"] == ["You asked for a hint"]
            for ws in (other, table.watcher):  # everybody's log, and nobody else gets the answer
                told = next_of(ws, "hinted", "hint")
                assert told["type"] == "hinted" and told["seat"] == seat
                assert told["event"]["words"]["parts"] == [f"P{seat} asked for a hint"]
                assert told["event"]["kind"] == "hint" and told["event"]["step"] == answer["step"]
        # and a socket that joins later reads it in the log
        with client.websocket_connect(f"/ws/tables/{table.id}") as late:
            log = join(late)["log"]
        assert [e["words"]["parts"] for e in log if e["kind"] == "hint"] == [[f"P{seat} asked for a hint"]]


def test_a_hint_is_refused_at_a_rated_table_to_a_spectator_and_to_a_seat_not_asked(db_url: str) -> None:
    with running(db_url) as client:
        with Table(client, new_table(client, rated=True)) as rated:
            ask(rated.sockets[rated.asked()])
            refused = next_of(rated.sockets[rated.asked()], "error", "hint")
            assert refused["type"] == "error" and refused["code"] == "rated"
            assert "rated" in refused["error"]
        with Table(client, new_table(client)) as table:
            ask(table.watcher)
            refused = next_of(table.watcher, "error", "hint")
            assert refused["code"] == "spectator"
            waiting = table.sockets[1 - table.asked()]
            ask(waiting)
            refused = next_of(waiting, "error", "hint")
            assert refused["code"] == "out-of-turn" and "does not ask you" in refused["error"]
            for ws in table.sockets:  # nothing was announced
                ws.send_text(json.dumps({"type": "ping"}))
                assert next_of(ws, "pong", "hinted")["type"] == "pong"


def test_a_seat_has_three_hints_a_game_and_a_restart_keeps_the_count(each_db_url: str) -> None:
    with running(each_db_url) as client:
        created = new_table(client)
        with Table(client, created) as table:
            seat = table.asked()
            mine = table.sockets[seat]
            for used in range(1, HINTS_PER_GAME + 1):
                ask(mine)
                assert next_of(mine, "hinted")["step"] == 0
                assert next_of(mine, "hint")["used"] == used
            ask(mine)
            refused = next_of(mine, "error", "hint")
            assert refused["code"] == "hint-limit" and f"{HINTS_PER_GAME} hints" in refused["error"]
    with running(each_db_url) as client, Table(client, created) as table:  # a new server, the same database
        log = table.welcomes[seat]["log"]
        assert sum(e["kind"] == "hint" for e in log) == HINTS_PER_GAME
        ask(table.sockets[seat])
        assert next_of(table.sockets[seat], "error", "hint")["code"] == "hint-limit"


def test_the_hint_depends_only_on_what_the_seat_sees(db_url: str) -> None:
    """Megalomania hides the hands: the hint the server gives is advice.hint on the seat's own
    view, the same in worlds re-dealt from it."""
    with running(db_url) as client:
        created = new_table(client, game="megalomania", players=3)
        with Table(client, created) as table:
            seat = table.asked()
            ask(table.sockets[seat])
            next_of(table.sockets[seat], "hinted")
            answer = next_of(table.sockets[seat], "hint")
            record = Record.from_json(client.app.state.hub.rooms[table.id].record.to_json())
    state = record.replay()
    seed = bots.bot_seed(record.seed, len(record.actions), seat)
    names = ["P0", "P1", "P2"]
    for world in (state, *(state.sample_world(seat, random.Random(k)) for k in range(2))):
        assert world.view(seat) == state.view(seat)
        found = advice.hint(world, seat, seed, names=names)
        assert [{k: c[k] for k in ("action", "label", "chance")} for c in found] == answer["choices"]
    # and the worker's function gives it from the state's JSON
    options = json.dumps(record.make_game().options, sort_keys=True)
    found = bots.hint_from_json("megalomania", options, state.to_json(), seat, seed, None, names)
    assert [c["action"] for c in found] == [c["action"] for c in answer["choices"]]
