"""MegaCorps' trades at any time in Debian's Chromium (js/megacorps-offers.js, the server's
offers.py): two people at one table, each in a browser of its own, one composing an offer (money
and a company, asking a country or a company, with a promise written as HTML) that the other
sees as plain text with its countdown and accepts, the holdings moving on both pages; an offer
made and withdrawn; a spectator who has no Trades panel and never receives an offers list nor a
promise; an offer to a bot, answered with nobody clicking; a spectator who never sees a card being
composed into an in-turn offer."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tabletop.server import hub as hub_module

from . import helpers
from .conftest import Live
from .helpers import until
from .test_megacorps import open_watched

pytestmark = pytest.mark.timeout(300)
VIEWPORT = {"width": 1400, "height": 900}
SEED = 42
# a long real-time clock: nobody times out, and an offer's countdown shows (4 windows of 600 s)
CLOCK = {"mode": "realtime", "move": 600, "reserve": 0, "window": 600}
PROMISE = 'I will not attack you <b>x</b> & "never" <img src=x>'


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables dealt from SEED (the lobby draws a seed at random)."""
    monkeypatch.setattr(hub_module, "secrets", SimpleNamespace(randbelow=lambda _: SEED))


def create(live: Live, seats: list[str], **extra: Any) -> dict[str, Any]:
    """A MegaCorps table with the create request's extra fields (a clock...)."""
    return helpers.create(live, seats, "megacorps", table=extra)


def bots_idle(room: Any) -> bool:
    return room.bot_task is None or bool(room.bot_task.done())


def draft(room: Any, pages: dict[int, Any]) -> None:
    """Each person takes the first free company when asked, until seat 0's first turn."""
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the draft did not end"
        if not bots_idle(room):
            time.sleep(0.01)
            continue
        view = room.state.view(None)
        if view["phase"] != "draft":
            break
        mover = room.state.current_seat
        if mover not in pages:
            time.sleep(0.01)
            continue
        page = pages[mover]
        before = room.step
        take = ".mc-table [data-action^='take ']"
        until(page, f"document.body.dataset.step === '{before}' && !!document.querySelector(\"{take}\")")
        page.click(take)
        while room.step == before:
            assert time.monotonic() < deadline, "the click was not taken"
            time.sleep(0.01)
    while not bots_idle(room):
        time.sleep(0.01)
    assert room.state.view(None)["phase"] == "turn"
    for page in pages.values():
        until(page, f"document.body.dataset.step === '{room.step}'")


def owned(view: dict[str, Any], key: str, seat: int) -> list[str]:
    return [code for code, owner in view[key].items() if owner == seat]


def item(offer: int) -> str:
    return f".mc-trades li.mc-trade-item[data-offer='{offer}']"


def shows_status(page: Any, offer: int, *statuses: str) -> None:
    """Wait until the page lists the offer with one of ``statuses``."""
    node = f'(document.querySelector("{item(offer)}") || {{dataset: {{}}}})'
    until(page, f"{json.dumps(list(statuses))}.includes({node}.dataset.status)")


def counts_down(page: Any, offer: int) -> str:
    """Wait until the offer shows its time left ("39:58 left"), and return it."""
    node = f'(document.querySelector("{item(offer)} .mc-trade-left") || {{}})'
    until(page, f"/^\\d\\d:\\d\\d left$/.test({node}.textContent)")
    return str(page.inner_text(f"{item(offer)} .mc-trade-left"))


def chips(page: Any, selector: str) -> list[str]:
    return list(page.locator(selector).evaluate_all("ns => ns.map(n => n.dataset.item)"))


def compose(page: Any, to: int) -> None:
    page.click(".mc-trades button[data-key='trade-new']")
    page.wait_for_selector(".mc-trade-composer")
    page.select_option(".mc-trade-composer select[data-key='trade-to']", str(to))


def sent_offer(room: Any, seat: int, before: int) -> Any:
    """The offer ``seat`` made after the ``before`` first ones, once the server has it."""
    deadline = time.monotonic() + 10
    while True:
        made = [o for o in room.offers.items if o.frm == seat][before:]
        if made:
            return made[0]
        assert time.monotonic() < deadline, "the offer did not reach the server"
        time.sleep(0.02)


def test_two_people_trade_a_promise_is_text_withdrawn_offers_close_and_a_spectator_sees_none(
    browser: Any, live: Live, shots: Path
) -> None:
    created = create(live, ["person", "person", "easy"], clock=CLOCK)
    table = created["table"]["id"]
    room = live.room(table)
    opened = {s: open_watched(browser, created["links"]["seats"][s]["url"]) for s in (0, 1)}
    watcher = open_watched(browser, created["links"]["spectator"])
    a, b, spectator = opened[0][1], opened[1][1], watcher[1]
    draft(room, {0: a, 1: b})
    view = room.state.view(None)
    assert a.query_selector(".mc-trades") is not None and b.query_selector(".mc-trades") is not None
    assert spectator.query_selector(".mc-trades") is None, "a spectator has no Trades panel"
    # A offers B 5 money and a company, asking a country of B's (or a company, if B has none)
    company = owned(view, "companies", 0)[0]
    wanted = (owned(view, "countries", 1) or owned(view, "companies", 1))[0]
    kind = "countries" if wanted in view["countries"] else "companies"
    compose(a, 1)
    composer = a.locator(".mc-trade-composer")
    assert composer.locator("button[data-key='trade-send']").is_disabled(), "an empty offer cannot go"
    for side, seat in (("give", 0), ("ask", 1)):
        bound = composer.locator(f"input[data-key='trade-{side}-money']").get_attribute("max")
        assert bound == str(view["money"][seat])
    composer.locator("input[data-key='trade-ask-money']").fill("3")
    composer.locator("input[data-key='trade-give-money']").fill("5")  # money goes one way: the ask is cleared
    assert composer.locator("input[data-key='trade-ask-money']").input_value() == ""
    composer.locator(f".give input[data-item='{company}']").check()
    composer.locator(f".ask input[data-item='{wanted}']").check()
    composer.locator("input[data-key='trade-note']").fill(PROMISE)
    assert composer.locator(".mc-trade-count").inner_text() == "3 of 8 items"
    a.locator(".mc-trades").screenshot(path=str(shots / "megacorps-offer-compose.png"))
    composer.locator("input[data-key='trade-give-mercs']").fill("9")  # more than A has
    assert composer.locator("button[data-key='trade-send']").is_disabled()
    composer.locator("input[data-key='trade-give-mercs']").fill("")
    composer.locator("button[data-key='trade-send']").click()
    offer = sent_offer(room, 0, 0)
    assert (offer.to, offer.give, offer.ask, offer.note) == (1, ["5", company], [wanted], PROMISE)
    a.wait_for_selector(".mc-trade-composer", state="detached")  # sent: the composer closes
    # B sees it: what B gets and gives, the promise as plain text, a countdown
    b.wait_for_selector(f"{item(offer.id)}[data-status='open']")
    shown = b.locator(item(offer.id))
    assert b.query_selector(".mc-trades.incoming") is not None
    assert shown.locator(".mc-trade-note").inner_text() == f"“{PROMISE}”"
    assert shown.locator(".mc-trade-note b, .mc-trade-note img").count() == 0
    assert chips(b, f"{item(offer.id)} .get [data-item]") == ["5", company]
    assert chips(b, f"{item(offer.id)} .give [data-item]") == [wanted]
    left = counts_down(b, offer.id)
    assert left.startswith(("39:", "40:")), left
    until(b, "document.getElementById('mc-trades-said').textContent.includes('offers you a trade')")
    assert a.locator(f"{item(offer.id)} button[data-withdraw]").is_visible()
    b.locator(".mc-trades").screenshot(path=str(shots / "megacorps-offer-received.png"))
    # B accepts: at seat 0's turn, a moment between actions, it is carried out at once
    money = list(room.state.money)
    b.click(f"{item(offer.id)} button[data-reply='accept']")
    for page in (a, b):
        shows_status(page, offer.id, "done")
        until(page, f"document.body.dataset.step === '{room.step}'")
        assert "carried out" in page.inner_text(f"{item(offer.id)} .mc-trade-status")
        assert page.get_attribute(f"[data-company='{company}']", "data-owner") == "1"
        if kind == "countries":
            assert page.get_attribute(f"th.mc-country[data-country='{wanted}']", "data-owner") == "0"
        else:
            assert page.get_attribute(f"[data-company='{wanted}']", "data-owner") == "0"
        assert page.get_attribute(".mc-player[data-seat='0']", "data-money") == str(money[0] - 5)
        assert page.get_attribute(".mc-player[data-seat='1']", "data-money") == str(money[1] + 5)
    # a second offer (a mercenary for 2 money), arriving while B types a promise of its own (the
    # redrawn panel keeps B's words and focus); B, coming back, still sees its time; A withdraws it
    compose(b, 0)
    b.click(".mc-trade-composer input[data-key='trade-note']")
    b.keyboard.type("I am ")
    compose(a, 1)
    a.locator(".mc-trade-composer input[data-key='trade-give-mercs']").fill("1")
    a.locator(".mc-trade-composer input[data-key='trade-ask-money']").fill("2")
    a.click(".mc-trade-composer button[data-key='trade-send']")
    second = sent_offer(room, 0, 1)
    assert (second.give, second.ask, second.note) == (["merc"], ["2"], "")
    b.wait_for_selector(f"{item(second.id)}[data-status='open']")
    b.keyboard.type("thinking")
    assert b.input_value(".mc-trade-composer input[data-key='trade-note']") == "I am thinking"
    b.reload()
    b.wait_for_selector(f"{item(second.id)}[data-status='open'] .mc-trade-left")
    counts_down(b, second.id)
    a.click(f"{item(second.id)} button[data-withdraw]")
    shows_status(b, second.id, "withdrawn")
    assert b.locator(f"{item(second.id)} button[data-reply]").count() == 0
    assert b.inner_text(f"{item(second.id)} .mc-trade-status") == "withdrawn"
    shows_status(a, second.id, "withdrawn")
    assert b.query_selector(".mc-trades.incoming") is None, "nothing open for B any more"
    # the spectator: no panel, no offer drawn, no offer received in any frame
    assert spectator.query_selector(".mc-trades, .mc-trade-item") is None
    assert "<b>x</b>" not in spectator.inner_text("body")
    frames = [json.loads(f) for f in watcher[3]]
    assert frames and frames[0]["type"] == "welcome" and frames[0]["offers"] == []
    assert not [f for f in frames if f.get("type") == "offers"], "the spectator received offers"
    assert not any("<b>x</b>" in f for f in watcher[3]), "the promise reached the spectator"
    for seat, (_, _, _, got) in opened.items():
        kinds = [json.loads(f) for f in got]
        for message in kinds:
            for o in message.get("offers") or []:
                assert seat in (o["from"], o["to"]), f"seat {seat} received another seat's offer"
    for context, _, problems, _ in [*opened.values(), watcher]:
        assert not problems, problems
        context.close()


def test_an_offer_to_a_bot_is_answered_without_anyone_clicking(browser: Any, live: Live) -> None:
    created = create(live, ["person", "easy", "easy"])  # untimed: an offer has no countdown
    room = live.room(created["table"]["id"])
    context, page, problems, _ = open_watched(browser, created["links"]["seats"][0]["url"])
    draft(room, {0: page})
    compose(page, 2)
    page.locator(".mc-trade-composer input[data-key='trade-give-money']").fill("4")
    page.locator(".mc-trade-composer input[data-key='trade-ask-mercs']").fill("1")
    assert page.inner_text(".mc-trade-composer .mc-trade-count") == "2 of 8 items"
    page.click(".mc-trade-composer button[data-key='trade-send']")
    offer = sent_offer(room, 0, 0)
    assert (offer.to, offer.give, offer.ask) == (2, ["4"], ["merc"])
    page.wait_for_selector(item(offer.id))
    shows_status(page, offer.id, "done", "declined", "accepted")
    shown = page.inner_text(f"{item(offer.id)} .mc-trade-status")
    words = r"accepted — carried out|declined(: .+)?|accepted, waiting for a moment between actions"
    assert re.fullmatch(words, shown), shown
    assert offer.status in ("done", "declined", "accepted")
    assert page.query_selector(f"{item(offer.id)} .mc-trade-left") is None, "no countdown on an untimed table"
    assert not problems, problems
    context.close()


# Seat 0's actions over a WebSocket of its own (the page's composer makes offers at any time only:
# an in-turn offer, as a bot makes one, is composed here as the bot's actions would be).
SOCKET_ACT = """([text, step]) => new Promise((done, fail) => {
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  const id = decodeURIComponent(location.pathname.split('/').pop());
  const ws = new WebSocket(`ws://${location.host}/ws/tables/${encodeURIComponent(id)}`);
  ws.onopen = () => ws.send(JSON.stringify({type: 'join', token}));
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === 'welcome') ws.send(JSON.stringify({type: 'action', action: text, step}));
    else if (m.type === 'update' || m.type === 'error') { ws.close(); done(m.type); }
  };
  ws.onerror = () => fail('socket');
})"""


def test_a_spectator_never_sees_a_card_being_composed_into_an_offer(browser: Any, live: Live) -> None:
    """Seat 0 puts one of its event cards into an in-turn offer, drops it, composes it again and
    sends it: at every step the spectator's page and every frame it received name neither the card
    nor its code (the composing steps make no public event, so their texts stay with their author),
    and once the offer is sent it shows the card as a card, unnamed."""
    created = create(live, ["person", "easy", "easy"])
    room = live.room(created["table"]["id"])
    seat = open_watched(browser, created["links"]["seats"][0]["url"])
    watcher = open_watched(browser, created["links"]["spectator"])
    page, spectator = seat[1], watcher[1]
    draft(room, {0: page})
    game = room.game
    discarded = set(room.state.view(None)["discard"])
    hand = [c for c in room.state.view(0)["hand"] if c not in discarded]
    assert hand and room.state.current_seat == 0, "seat 0 should hold an unplayed event card (SEED)"
    code = hand[0]
    name = next(e.name for e in game.data.events if e.code == code)

    def frames() -> list[str]:
        """The spectator's frames, without the game's content (every card's text, in the welcome)."""
        return [json.dumps({k: v for k, v in json.loads(f).items() if k != "content"}) for f in watcher[3]]

    def hidden_from_the_spectator(where: str) -> None:
        until(spectator, f"document.body.dataset.step === '{room.step}'")
        text = spectator.inner_text("body") + spectator.content()
        assert name not in text and code not in text, f"{where}: the spectator's page shows {code}"
        assert not any(code in frame for frame in frames()), f"{where}: a frame names {code}"

    hidden_from_the_spectator("before")
    for action in ("offer 1", f"give {code}", "drop", "offer 1", f"give {code}", "give 1", "send"):
        before = room.step
        until(page, f"document.body.dataset.step === '{before}'")
        assert page.evaluate(SOCKET_ACT, [action, before]) == "update", action
        deadline = time.monotonic() + 10
        while room.step == before:
            assert time.monotonic() < deadline, f"{action} was not taken"
            time.sleep(0.01)
        if action != "send":
            hidden_from_the_spectator(action)
    # sent: the spectator reads the offer with the card unnamed; seat 1 (a bot) answers it
    until(spectator, f"Number(document.body.dataset.step) >= {before + 1}")
    sent = [json.loads(f) for f in watcher[3]]
    offers = [e for f in sent for e in f.get("events", []) if e["kind"] == "offer"]
    assert offers and offers[-1]["give"] == ["1", "card"], offers
    assert not any(code in frame for frame in frames())
    assert not seat[2] and not watcher[2], (seat[2], watcher[2])
    for context, *_ in (seat, watcher):
        context.close()
