"""The audit: for every registered game, a whole game over the real WebSocket protocol (audit.py:
every seat a scripted person, a spectator, a seat reconnecting more than once, bad messages from
every socket, replays and the record fetched during the game); then the record, replayed, gives the
true state and events at every step, and every message each socket received is checked against what
that socket may know at its step:

- ``welcome``/``update``: the view is exactly the true one for that seat (its own choices, the
  game's previews), the events exactly those of the step it may see, each in its own words (the
  welcome's log: the tail of those up to its step), the labels those of its choices, ``last`` the
  action's text only when everybody may know it, the scores the true ones;
- ``error``: one for each bad message, nothing else, and the table did not move (checked as they
  were sent: the step, the live state, the seats); the record holds exactly the actions taken;
- replays: the viewer's true view, its events and log, the action by the same rule as ``last``;
- a text scan, an oracle of its own: no message to a seat names a card that the true state hides from
  it at that step (Megalomania's 32 cards are unique; the other games' cards are not, or nothing is
  hidden in a hand, so for them the exact equalities above are the oracle).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from tabletop.core.record import Record
from tabletop.core.registry import names
from tabletop.games.megalomania.cards import CARD_NAME, CARD_TEXT
from tabletop.server import hub as hub_module
from tabletop.server.replay import LOG_TAIL
from tabletop.words import content, labels

from .audit import NAMES, Plug, Table, nothing, plug_for
from .helpers import Sock, Truth, normal, running, strings, without_inferences

CASES = [(game, players) for game in names() for players in plug_for(game).players]
RECONNECT_AT = (2, 9, 20, 60, 150, 400)  # a seat's socket closes and opens again from these steps
REPLAYS_EVERY = 25
CHAT = "good luck, everybody"


@pytest.mark.timeout(300)
@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_no_message_tells_a_socket_more_than_it_may_know(
    db_url: str, monkeypatch: pytest.MonkeyPatch, game: str, players: int
) -> None:
    plug = plug_for(game)
    monkeypatch.setattr(hub_module, "secrets", SimpleNamespace(randbelow=lambda _: plug.seed))
    with running(db_url) as client:
        table = Table(client, game, players, plug)
        try:
            play(table)
            response = client.get(f"/api/tables/{table.id}/record")
            assert response.status_code == 200, response.text
            record = Record.from_json(response.json())
        finally:
            for sock in table.open_socks():
                sock.ws.__exit__(None, None, None)
    assert record.seed == plug.seed
    problems = audit(table, record, plug)
    shown = "\n".join(problems[:25])
    assert not problems, f"{game}, {players} players, seed {plug.seed}: {len(problems)} problems\n{shown}"


def play(table: Table) -> None:
    rng = table.rng
    for seat in range(table.players):
        table.connect(seat)
    table.connect(None)
    table.turn_away()
    table.sweep()
    table.fetch_replays()
    pending = list(RECONNECT_AT)
    moving = 1 % table.players  # the seat that reconnects
    sealed_reconnect = False
    while not table.over:
        asked = table.seats_asked()
        if pending and table.step >= pending[0]:
            pending.pop(0)
            overlap = len(pending) % 2 == 0
            if len(pending) == len(RECONNECT_AT) - 3:
                table.close(table.current[None])  # the spectator comes back too
                table.connect(None)
            table.reconnect(moving, overlap)
            table.some_bad(table.current[moving], list(table.bad_kinds()))
        elif len(asked) > 1 and not sealed_reconnect:  # a seat asked among several comes back
            sealed_reconnect = True
            table.reconnect(asked[-1], overlap=False)
        if len(asked) > 1:  # bad answers while several seats are asked
            for seat in asked:
                table.some_bad(table.current[seat], ["foreign", "stale", "forged", "garbage"])
        if rng.random() < 0.6:
            table.some_bad(rng.choice(table.open_socks()))
        if table.step % REPLAYS_EVERY == 3:
            table.fetch_replays()
        if table.step >= 5 and not table.chat:
            table.say(0, CHAT)
        table.plug.between(table, rng)
        table.turn()
    for seat in range(table.players):
        assert table.current[seat].latest["over"], f"seat {seat}'s last message does not show the end"
    table.sweep()  # after the end: actions and leaving are refused as "over"
    table.fetch_replays()
    table.fetch_replays()
    assert len(RECONNECT_AT) - len(pending) >= 2, "the seat reconnected less than twice"
    several = sum(1 for _, taken in table.cycles if len(taken) > 1)
    assert several or not table.plug.several, "no seats were asked at once"
    assert table.trades >= 5 or table.plug.between is nothing, "too few offers were made and answered"


# -- the checks ------------------------------------------------------------------------------------


def audit(table: Table, record: Record, plug: Plug) -> list[str]:
    truth = Truth(record)
    problems: list[str] = []
    problems += ledger(table, record, truth)
    for step, snapshot in table.snapshots.items():
        if snapshot != normal(truth.states[step].to_json()):
            problems.append(f"step {step}: the live state is not the record's")
    full = [NAMES[s] for s in range(table.players)]
    scan = SCANS.get(table.game_name)
    scanner = None if scan is None else Scanner(scan, truth, table.game_name, full)
    for sock in table.socks:
        problems += [f"{sock.label}: {p}" for p in check_socket(table, truth, sock, full)]
        if scanner is not None:
            problems += [f"{sock.label}: {p}" for p in scanner.socket(sock)]
    for viewer, steps, replay in table.replays:
        found = list(check_replay(table, truth, viewer, steps, replay, full))
        if scanner is not None:
            found += scanner.replay(viewer, replay)
        problems += [f"replay as {viewer} at {steps}: {p}" for p in found]
    return problems


def ledger(table: Table, record: Record, truth: Truth) -> list[str]:
    """The record holds exactly the actions the server took, each cycle's in some order."""
    problems = []
    taken = sum(len(t) for _, t in table.cycles)
    if taken != len(record.actions):
        problems.append(f"{taken} actions were taken, the record holds {len(record.actions)}")
    for start, actions in table.cycles:
        stored = []
        for k in range(start + 1, start + len(actions) + 1):
            found = truth.last[k] if k < len(truth.last) else None
            stored.append(None if found is None else (found[0], found[1]))
        if Counter(stored) != Counter(actions):
            problems.append(f"steps {start + 1}..: taken {actions}, recorded {stored}")
    return problems


def check_socket(table: Table, truth: Truth, sock: Sock, full: list[str]) -> Iterator[str]:
    game = table.game_name
    expected_step: int | None = None
    errors = 0
    for message in sock.got:
        kind = message["type"]
        if kind == "error":
            errors += 1
        elif kind == "seats":
            if len(message["seats"]) != table.players or "token" in str(message):
                yield f"seats message: {message}"
        elif kind == "chat":
            if message["line"]["text"] not in table.chat or message["line"]["seat"] is None:
                yield f"chat message: {message}"
        elif kind == "offers":
            if sock.seat is None or any(sock.seat not in (o["from"], o["to"]) for o in message["offers"]):
                yield f"offers sent to {sock.seat}: {message}"
            elif expected_step is not None:
                yield from check_offers(truth, sock.seat, expected_step - 1, message["offers"])
        if kind != "error":
            text = json.dumps(message)
            for frm, to, promise in table.promises:
                if sock.seat not in (frm, to) and promise in text:
                    yield f"{kind}: the promise of {frm} to {to} ({promise!r})"
        if kind in ("welcome", "update"):
            step = message["step"]
            if kind == "update" and step != expected_step:
                yield f"update for step {step} after step {expected_step}"
            expected_step = step + 1
            if step >= len(truth.states):
                yield f"{kind} at step {step}, beyond the record"
                continue
            names = full if kind == "update" else seat_names(message["table"]["seats"])
            for problem in check_message(game, truth, sock.seat, message, names, table.chat):
                yield f"step {step} {kind}: {problem}"
    refused = sum(1 for _, error, _ in sock.refused if error is not None)
    if errors != refused:
        yield f"{errors} errors for {refused} refused messages"


def check_offers(truth: Truth, seat: int, step: int, listed: list[dict[str, Any]]) -> Iterator[str]:
    """A seat's list of its offers, as the rules have them at ``step``: each offer still open shows
    exactly what the seat may see of it; each closed one is closed."""
    state = truth.states[step]
    open_now = {o["id"]: o for o in state.open_offers(seat)} if hasattr(state, "open_offers") else {}
    for offer in listed:
        found = open_now.get(offer["id"])
        shown = {k: offer[k] for k in ("id", "from", "to", "give", "ask", "status")}
        if offer["status"] in ("open", "accepted"):
            if found is None or normal(found) != shown:
                yield f"offer {shown} at step {step}, the rules have {found}"
        elif found is not None:
            yield f"offer {offer['id']} is {offer['status']} at step {step}, the rules have it open"


def seat_names(seats: list[dict[str, Any]]) -> list[str]:
    return [s["name"] or f"Seat {s['seat']}" for s in seats]


def check_message(
    game: str, truth: Truth, seat: int | None, message: dict[str, Any], names: list[str], chat: list[str]
) -> Iterator[str]:
    step = message["step"]
    state = truth.states[step]
    over = state.is_terminal()
    view = message["view"]
    if message["over"] != over:
        yield f"over is {message['over']}"
    if view != truth.view(step, seat):
        yield f"view {differences(view, truth.view(step, seat))}"
    if list(message["labels"]) != view["legal"] or message["labels"] != labels(game, view, names):
        yield f"labels {message['labels']}"
    if message["last"] != truth.last_for(step, seat, over):
        yield f"last {message['last']}, not {truth.last_for(step, seat, over)}"
    if message["type"] == "update":
        expected = truth.told(game, [(k, e) for k, e in truth.events if k == step], seat, over, names)
        if message["events"] != expected:
            yield f"events {message['events']}, not {expected}"
        if message["scores"] != normal(state.scores()):
            yield f"scores {message['scores']}"
        return
    expected = [told for _, told in truth.log(game, step, seat, over, names)]
    if message["log"] != expected:
        yield f"log {message['log'][-3:]}, not {expected[-3:]}"
    summary = message["table"]
    public = (summary["step"], summary["asked"], summary["scores"], summary["to_act"])
    if public != (step, sorted(state.to_act()), normal(state.scores()), state.current_seat):
        yield f"summary {public}"
    if message["seat"] != seat or message["content"] != normal(content(game)):
        yield "seat or content"
    if any(line["text"] not in chat or line["seat"] is None for line in message["chat"]):
        yield f"chat {message['chat']}"
    if seat is None and message["offers"]:
        yield f"offers to the spectator {message['offers']}"
    if any(seat not in (o["from"], o["to"]) for o in message["offers"]):
        yield f"offers of others {message['offers']}"
    if seat is not None:
        yield from check_offers(truth, seat, step, message["offers"])


def check_replay(
    table: Table, truth: Truth, viewer: int | None, steps: int, replay: dict[str, Any], names: list[str]
) -> Iterator[str]:
    step = replay["step"]
    finished = truth.states[steps].is_terminal()
    if (replay["steps"], replay["finished"], replay["seat"]) != (steps, finished, viewer):
        yield f"steps, finished, seat: {replay['steps'], replay['finished'], replay['seat']}"
    if replay["view"] != truth.view(step, viewer, legal=False):
        yield f"step {step} view {differences(replay['view'], truth.view(step, viewer, legal=False))}"
    expected = truth.told(
        table.game_name, [(k, e) for k, e in truth.events if k <= step], viewer, finished, names
    )
    if (
        replay["events"] != [e for e in expected if e["step"] == step]
        or replay["log"] != expected[-LOG_TAIL:]
    ):
        yield f"step {step} events {replay['events']} or log"
    if replay["action"] != truth.last_for(step, viewer, finished):
        yield f"step {step} action {replay['action']}, not {truth.last_for(step, viewer, finished)}"
    views = [normal(truth.states[step].view(s)) for s in range(table.players)] if finished else None
    if replay["views"] != views or replay["scores"] != normal(truth.states[step].scores()):
        yield f"step {step} views or scores"


def differences(got: Any, want: Any) -> str:
    if isinstance(got, dict) and isinstance(want, dict):
        keys = sorted(k for k in set(got) | set(want) if got.get(k) != want.get(k))
        return "differs in " + ", ".join(f"{k}: {got.get(k)!r} not {want.get(k)!r}"[:300] for k in keys)
    return f"{got!r}"[:300]


# -- the text scan ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardScan:
    """What a game needs for the text scan: the cards a JSON value names, the cards a seat may not
    know in a state, and the fixed examples in refusals' texts (not about the position)."""

    named: Callable[[Any], set[str]]
    hidden: Callable[[Any, int | None], set[str]]
    examples: re.Pattern[str]


class Scanner:
    """No message names a card hidden from its socket at its step.  The cards a step's public
    events name are shown to all by that step (the round's last card played is dealt again at
    once), so they do not count at that step; each event is scanned against the cards hidden at
    its own step; an error against the step it came at, but for the cards the refused message
    itself named.  Once the game is over everything is public."""

    def __init__(self, scan: CardScan, truth: Truth, game: str, names: list[str]) -> None:
        self.scan, self.truth, self.game, self.names = scan, truth, game, names
        self.cache: dict[tuple[int, int | None], set[str]] = {}

    def hidden(self, step: int, seat: int | None) -> set[str]:
        key = (step, seat)
        if key not in self.cache:
            public = [e.to_json() for k, e in self.truth.events if k == step and e.visible_to is None]
            self.cache[key] = self.scan.hidden(self.truth.states[step], seat) - self.scan.named(public)
        return self.cache[key]

    def leaks(
        self, seat: int | None, step: int, message: dict[str, Any], told: list[tuple[int, Any]]
    ) -> set[str]:
        """The hidden cards ``message`` names: in its own fields at ``step``, in each of the events
        ``told`` (with their steps) at theirs."""
        rest = {k: v for k, v in message.items() if k not in ("content", "events", "log")}
        found = self.scan.named(rest) & self.hidden(step, seat)
        for at, event in told:
            found |= self.scan.named(event) & self.hidden(at, seat)
        return found

    def socket(self, sock: Sock) -> Iterator[str]:
        refused = iter([(bad, step) for bad, error, step in sock.refused if error is not None])
        for message in sock.got:
            kind = message["type"]
            if kind == "error":
                bad, step = next(refused)
                said = self.scan.examples.sub("", message["error"])
                leaked = self.scan.named(said) & self.hidden(step, sock.seat) - self.scan.named(
                    str(bad.message)
                )
                if leaked:
                    yield f"error at step {step} names {sorted(leaked)}: {message}"
            elif kind in ("welcome", "update") and not message["over"]:
                step = message["step"]
                if kind == "update":
                    told = [(step, event) for event in message["events"]]
                else:
                    names = seat_names(message["table"]["seats"])
                    told = self.steps(
                        self.truth.log(self.game, step, sock.seat, False, names), message["log"], step
                    )
                leaked = self.leaks(sock.seat, step, message, told)
                if leaked:
                    yield f"{kind} at step {step} names {sorted(leaked)} hidden from it"

    def replay(self, viewer: int | None, replay: dict[str, Any]) -> Iterator[str]:
        if replay["finished"]:
            return
        step = replay["step"]
        events = [(k, e) for k, e in self.truth.events if k <= step]
        told = self.steps(
            self.truth.told_steps(self.game, events, viewer, False, self.names)[-LOG_TAIL:],
            replay["log"],
            step,
        )
        told += [(step, event) for event in replay["events"]]
        leaked = self.leaks(viewer, step, replay, told)
        if leaked:
            yield f"step {step} names {sorted(leaked)} hidden from it"

    @staticmethod
    def steps(expected: list[tuple[int, Any]], sent: list[Any], step: int) -> list[tuple[int, Any]]:
        """The events ``sent`` with their steps (each event says its own; the exact check has
        compared them with ``expected`` already)."""
        assert [k for k, _ in expected][-len(sent) :] == [e["step"] for e in sent] if sent else True
        return [(int(event["step"]), event) for event in sent]


# Megalomania: each of its 32 cards is named by its text (``Ku``, in a view, an event, an action
# text such as ``give=Ku`` or ``return=Ku!``) or by its name (``blue Knight``, in a label).
MM_CODE = re.compile(r"(?<![A-Za-z])([FAXDWKOE][bryu])(?![A-Za-z])")
MM_NAME = re.compile("|".join(CARD_NAME), re.IGNORECASE)
MM_BY_NAME = {name.lower(): CARD_TEXT[c] for c, name in enumerate(CARD_NAME)}


def mm_named(value: Any) -> set[str]:
    found: set[str] = set()
    for text in strings(without_inferences(value)):
        found.update(MM_CODE.findall(text))
        found.update(MM_BY_NAME[m.lower()] for m in MM_NAME.findall(text))
    return found


def mm_hidden(state: Any, seat: int | None) -> set[str]:
    """The cards ``seat`` may not know (none once the game is over): the undealt stock, every
    face-down card, and the other seats' hands, set-aside cards, piles and laid sequences, but for
    what was shown to all (``known``, face up: ``open``) or told to ``seat`` (cards it passed)."""
    if state.is_terminal():
        return set()
    mask = state.stock
    for other in range(state.n):
        mask |= state.down[other]
        if other == seat:
            continue
        theirs = (state.hands[other] & ~state.known[other] & ~state.open[other]) | state.out[other]
        theirs |= state.split[other] | state.handing[other]
        for card in state.laid[other]:
            theirs |= 1 << card
        if seat is not None:
            theirs &= ~state.told[seat][other]
        mask |= theirs
    return {CARD_TEXT[c] for c in range(32) if mask >> c & 1}


# Only Megalomania's cards are unique.  MegaCorps deals two Kleptocrats and two Elections, ManaSurge
# and Summon 7 (and the clan game) repeat values; and Summon 7's and the clan game's cards are all
# face up.  For them the exact equalities above are the oracle.
SCANS = {
    "megalomania": CardScan(
        named=mm_named,
        hidden=mm_hidden,
        # the fixed examples in refusals ("write a rank letter ... e.g. 'Ku' for the blue Knight")
        examples=re.compile(r"""e\.g\. ['"]Ku['"]( for the blue Knight)?|a card like 'Ku', 'Au!'"""),
    ),
}
