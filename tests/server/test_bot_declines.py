"""A bot that declines an offer says why, to the offer's maker alone (issue 29): a ``notice`` line at
once ("Bot 1 (easy) declines: it values ... at N, more than the 1 Euro offered.") and the offer's
``reason`` in the maker's list, kept across a restart; nobody else reads it, and a bot that accepts
says nothing of the kind."""

from __future__ import annotations

import json
import re
from typing import Any

from tabletop.agents import observe
from tabletop.agents.levels import agent_for
from tabletop.words.megacorps.names import company_name

from .helpers import connected, running
from .test_offers import (
    beside_two_bots,
    holdings,
    join_as,
    messages,
    offers_of,
    play_until,
    send,
    table,
    turn_open,
)

DECLINED = re.compile(r"^it values (.+) at ([2-9]|\d\d+), more than the 1 Euro offered$")


def expected_reason(state: Any, to: int, give: list[str], ask: list[str]) -> str | None:
    """What the heuristic says declining this offer, from ``to``'s own view (worked out on a copy)."""
    copy = state.clone()
    copy.apply(copy.offer_action(to, give, ask), 0)
    question = copy.trade_question(copy.offers[-1].number)
    obs = observe(question, to)
    declining = next(a for a in obs.legal if a.text == "decline")
    reason: str | None = agent_for("easy", 0).explain(obs, declining)
    return reason


def worth_asking(state: Any) -> tuple[str, str] | None:
    """A company of seat 1 worth at least 2 to it, and its reason for declining it for 1 Euro (the
    table's deal is random: at some moments there is none)."""
    if state.money[0] < 1:
        return None
    for company in holdings(state, 1)["companies"]:
        reason = expected_reason(state, 1, ["1"], [company])
        if reason is not None and DECLINED.match(reason):
            return company, reason
    return None


def test_a_bot_declining_a_low_offer_tells_its_maker_why_and_nobody_else(db_url: str) -> None:
    with table(db_url, ["person", "easy", "person"]) as (client, room, created):
        with connected(client, room.id, 3) as (maker, other, watcher):
            made: list[dict[str, Any]] = []
            others: list[dict[str, Any]] = []
            watched: list[dict[str, Any]] = []
            join_as(maker, made, created, 0)
            join_as(other, others, created, 2)
            join_as(watcher, watched, created)
            play_until(client, room, lambda r: turn_open(r) and worth_asking(r.state) is not None)
            found = worth_asking(room.state)
            assert found is not None
            company, want = found
            send(maker, type="offer", to=1, give=["1"], ask=[company])  # a company for 1 Euro
            while (offer := offers_of(maker, made)[-1])["status"] in ("open", "accepted"):
                pass
            assert offer["status"] == "declined"
            # a chat line after it: once a connection reads it, it has read all that came before
            send(maker, type="chat", text="no deal, then")
            for ws, seen in ((maker, made), (other, others), (watcher, watched)):
                messages(ws, "chat", seen)
            (notice,) = [m for m in made if m["type"] == "notice"]
            assert notice["text"] == f"Bot 1 (easy) declines: {want}."
            match = DECLINED.match(offer["reason"])
            assert match and offer["reason"] == want
            assert match.group(1) == company_name(company) and int(match.group(2)) > 1  # its valuation
            for seen in (others, watched):
                assert not any(m["type"] == "notice" for m in seen)
                assert want not in json.dumps(seen)
        step = room.step
    # the reason is the declining answer's note: a restarted server lists it to the maker again
    with running(db_url) as client, client.websocket_connect(f"/ws/tables/{room.id}") as maker:
        again: list[dict[str, Any]] = []
        welcome = join_as(maker, again, created, 0)
        assert welcome["step"] >= step
        (kept,) = [o for o in welcome["offers"] if o["id"] == offer["id"]]
        assert kept["status"] == "declined" and kept["reason"] == want


def test_a_bot_accepting_an_offer_says_nothing(db_url: str) -> None:
    with beside_two_bots(db_url) as (client, room, maker, made):
        play_until(client, room, lambda r: turn_open(r) and holdings(r.state, 0)["money"] >= 10)
        send(maker, type="offer", to=1, give=["10"], ask=[])  # 10 Euros as a gift
        while (offer := offers_of(maker, made)[-1])["status"] in ("open", "accepted"):
            pass
        assert offer["status"] == "done" and offer["reason"] is None
        send(maker, type="chat", text="thanks")  # read up to a line sent after the answer
        messages(maker, "chat", made)
        assert not any(m["type"] == "notice" for m in made)
