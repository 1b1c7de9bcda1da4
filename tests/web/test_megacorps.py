"""MegaCorps in Debian's Chromium: a whole game against bots by clicking (the page checked against
the room's true state at every decision: money, mercenaries, cards, markers, the board, your hand,
every legal action offered), two people at one table each seeing only their own event cards, and a
sealed auction between two people (and a bot) in which neither page ever receives the other's bid
before the reveal."""

from __future__ import annotations

import json
import random
import re
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tabletop.server import hub as hub_module

from . import helpers
from .conftest import Live
from .helpers import click, create, pending, step, until
from .outside_bot import OutsideBot, challenged_table

pytestmark = pytest.mark.timeout(300)
VIEWPORT = {"width": 1400, "height": 900}
SEED = 42  # 3 players: seat 0 is the first Active Player and holds Greedy Kleptocrats, seat 1 a card
CLICKABLE = ".mc-table [data-action], .mc-table button.mc-go:not([disabled])"
MARKER_NAMES = {"Nationalized", "Syndicalized"}


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables dealt from SEED (the lobby draws a seed at random)."""
    monkeypatch.setattr(hub_module, "secrets", SimpleNamespace(randbelow=lambda _: SEED))


def open_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    return helpers.open_page(browser, url, VIEWPORT, ".mc-table")


def codes(state: Any, cards: list[int]) -> list[str]:
    return [state.game.board.card_code(c) for c in cards]


def legal(state: Any, seat: int) -> set[str]:
    return {str(a) for a in state.legal_actions_for(seat)}


def shown_legal(state: Any, seat: int) -> set[str]:
    """The seat's legal actions the page draws: all but the in-turn offers (R-MC30) and the items
    put into one, which the page's one trade composer replaces with offers at any time (issue 29)."""
    return {t for t in legal(state, seat) if not re.match(r"(offer|give|ask) ", t)}


def offered(page: Any) -> set[str]:
    """Every action the page offers: clicks (data-action) and the numbers its inputs allow."""
    found = set(page.eval_on_selector_all(".mc-table [data-action]", "ns => ns.map(n => n.dataset.action)"))
    ranges = page.eval_on_selector_all(
        ".mc-table input[data-prefix]", "ns => ns.map(n => [n.dataset.prefix, Number(n.min), Number(n.max)])"
    )
    for prefix, low, high in ranges:
        found |= {f"{prefix} {n}" for n in range(low, high + 1)}
    return found


def check_page(page: Any, state: Any, seat: int) -> None:
    """The table on ``seat``'s page is the room's: the phase, every player's money, mercenaries,
    card count and markers, every company box and country, the deck, this seat's event cards, the
    decision in progress, and exactly this seat's legal actions."""
    view = state.view(seat)
    assert page.get_attribute(".mc-table", "data-phase") == view["phase"]
    for s in range(state.n):
        box = f".mc-player[data-seat='{s}']"
        facts = page.eval_on_selector(
            box, "b => [b.dataset.money, b.dataset.mercs, b.dataset.cards].map(Number)"
        )
        assert facts == [state.money[s], state.mercs[s], len(state.hands[s])], f"seat {s}"
        assert (page.query_selector(f"{box} .mc-active") is not None) == (state.active == s)
        assert (page.query_selector(f"{box} .mc-paid") is not None) == (state.paid == s)
    owners = dict(
        page.eval_on_selector_all("[data-company]", "ns => ns.map(n => [n.dataset.company, n.dataset.owner])")
    )
    assert owners == {code: str(owner) for code, owner in view["companies"].items()}
    countries = page.eval_on_selector_all(
        "th.mc-country", "ns => ns.map(n => [n.dataset.country, n.dataset.owner, n.dataset.government])"
    )
    for code, owner, government in countries:
        assert government == view["governments"][code]
        assert owner == (str(view["countries"][code]) if code in view["countries"] else "independent")
    assert int(page.get_attribute(".mc-deck", "data-deck")) == len(state.deck)
    hand = page.eval_on_selector_all(".mc-hand .mc-card", "cs => cs.map(c => c.dataset.card)")
    assert hand == view["hand"] == codes(state, state.hands[seat]), "your event cards"
    decision = view["decision"]
    if view["phase"] in ("bid", "vote"):
        box = page.eval_on_selector(".mc-sealed", "b => [Number(b.dataset.decided), Number(b.dataset.total)]")
        assert box == [len(decision["decided"]), len(decision["decided"]) + len(view["to_act"])]
    if view["phase"] in ("donate", "sale", "war-gi"):
        war = page.eval_on_selector(".mc-war", "b => [Number(b.dataset.attack), Number(b.dataset.defence)]")
        assert war == [decision["attack"], decision["defence"]]
    if view["phase"] == "respond":
        paid = page.eval_on_selector_all(
            ".mc-paid-list li[data-seat]", "ls => ls.map(l => Number(l.dataset.amount))"
        )
        assert paid == [a for a in decision["paid"] if a]
    assert offered(page) == shown_legal(state, seat), "the page offers exactly the legal actions"


def asked_now(page: Any, room: Any, seat: int) -> bool:
    """The page shows the room's latest step, the seat is asked and no bot is thinking."""
    if pending(page) or page.query_selector(CLICKABLE) is None:
        return False
    return bool(helpers.bots_idle(room) and step(page) == room.step and seat in room.state.to_act())


def click_something(page: Any, rng: random.Random) -> bool:
    """Click one of the page's choices at random (a number in its range first, for a number's
    button); trade offers seldom, so that the game keeps moving."""
    choices = page.query_selector_all(CLICKABLE)
    actions = page.evaluate("ns => ns.map(n => n.getAttribute('data-action') || '')", choices)  # one trip
    calm = [c for c, action in zip(choices, actions, strict=True) if not action.startswith("offer ")]
    if calm and rng.random() < 0.95:
        choices = calm
    if not choices:
        return click(page, None)
    target = rng.choice(choices)
    prefix = target.get_attribute("data-prefix")
    if prefix is not None:
        field = page.query_selector(f"input[data-prefix='{prefix}']")
        if field is None:  # drawn again meanwhile: look again
            return False
        low, high = int(field.get_attribute("min")), int(field.get_attribute("max"))
        try:
            field.fill(str(rng.randint(low, high)), timeout=1000)
        except Exception:
            return False
    return click(page, target)


def test_one_person_and_two_bots_play_a_whole_game(
    browser: Any, live: Live, shots: Path, outside_bot: OutsideBot
) -> None:
    """Her challenge accepted by a bot program (tests/web/outside_bot.py), an easy bot in seat 2."""
    seats = ["person", "@", "easy"]
    context, page, problems, room = challenged_table(
        browser, live, outside_bot, "megacorps", seats, VIEWPORT, ".mc-table"
    )
    table = room.id
    assert page.inner_text("#who").startswith("You are in seat 0")
    assert page.is_visible("[data-seat='1'] .bot-mark")  # its seat says BOT
    assert len(page.query_selector_all(".mc-player")) == 3
    assert len(page.query_selector_all("[data-company]")) == len(room.state.owner)
    rng = random.Random(5)
    taken = False
    deadline = time.monotonic() + 240
    while page.query_selector("#end:not([hidden])") is None:
        assert time.monotonic() < deadline, "the game did not end"
        assert not problems, problems
        if asked_now(page, room, 0):
            state = room.state
            check_page(page, state, 0)
            # nothing offers a trade to the bot program's seat: it answers no offer made at any time
            assert (
                page.query_selector("[data-trade-to='1'], select[data-key='trade-to'] option[value='1']")
                is None
            )
            if not taken and state.view(0)["phase"] == "turn" and state.round >= 3:
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(shots / "megacorps-table.png"), full_page=True)
                taken = True
        if not click_something(page, rng):
            page.wait_for_timeout(15)
    phases = helpers.decided_phases(room, 0)
    assert {"draft", "turn"} <= set(phases) and sum(phases.values()) >= 20, phases
    state = helpers.at_the_end(page, room, lambda state: state.money, ".mc-player:has(.mc-winner)")
    winners = state.view(None)["winners"]
    assert winners
    assert page.query_selector(".mc-table [data-action]") is None  # nothing to do once it is over
    assert outside_bot.played(room, 1)  # the program played its seat, every turn of it
    # the replay, seen by everyone once it is over: each seat's event cards as the room dealt them
    helpers.step_replay(page, f"{live.base}/replay/{table}", ".mc-table", 3)
    with urllib.request.urlopen(f"{live.base}/api/tables/{table}/replay?step=3", timeout=10) as answer:
        data = json.load(answer)
    shown = page.eval_on_selector_all(".mc-hand .mc-card", "cs => cs.map(c => c.dataset.card)")
    assert shown == data["views"][0]["hand"], "seat 0's cards in the replay"
    assert not problems, problems
    context.close()


# -- previews on your turn ---------------------------------------------------------------------------
def shown_preview(page: Any) -> dict[str, Any]:
    """The preview box: the action it shows, its text and the numbers its spans carry."""
    return dict(
        page.eval_on_selector(
            ".mc-preview",
            """b => ({for: b.dataset.for || null, text: b.textContent,
                      paid: [...b.querySelectorAll('.mc-pv-seat')].map(s => Number(s.dataset.amount)),
                      attack: Number((b.querySelector('[data-attack]') || {dataset: {}}).dataset.attack),
                      defence: Number((b.querySelector('[data-defence]') || {dataset: {}}).dataset.defence),
                      price: Number((b.querySelector('[data-price]') || {dataset: {}}).dataset.price)})""",
        )
    )


def test_on_your_turn_pointing_at_a_place_previews_what_it_would_do(browser: Any, live: Live) -> None:
    created = create(live, ["person", "easy", "easy"], "megacorps")
    room = live.room(created["table"]["id"])
    context, page, problems = open_page(browser, created["links"]["seats"][0]["url"])
    deadline = time.monotonic() + 60
    while not (asked_now(page, room, 0) and room.state.view(0)["phase"] == "turn"):
        assert time.monotonic() < deadline, "seat 0's turn did not come"
        if asked_now(page, room, 0):  # the draft: take the first free company
            click(page, page.query_selector(".mc-table [data-action^='take ']"))
        page.wait_for_timeout(20)
    previews = room.state.previews(0)  # what the server adds to the seat's view
    assert previews is not None
    assert "Point at" in page.inner_text(".mc-preview")
    # an industry to pay out: what each player would be paid
    industry = page.locator("th.mc-industry button[data-action^='payout ']").first
    text = industry.get_attribute("data-action")
    industry.hover()
    until(page, f"document.querySelector('.mc-preview').dataset.for === '{text}'")
    shown = shown_preview(page)
    assert shown["paid"] == previews[text]["paid"]
    assert f"you +{previews[text]['paid'][0]}" in shown["text"]
    # a country to attack: the two totals before donations
    country = page.locator("th.mc-country button[data-action^='war ']").first
    war = country.get_attribute("data-action")
    country.hover()
    until(page, f"document.querySelector('.mc-preview').dataset.for === '{war}'")
    shown = shown_preview(page)
    expected = previews[war]
    assert [shown["attack"], shown["defence"]] == [expected["attack"], expected["defence"]]
    assert f"your attack {expected['attack']} vs defense {expected['defence']}" in shown["text"]
    # a company to buy, reached with the keyboard
    company = page.locator(".mc-co[data-action^='buy ']").first
    buy = company.get_attribute("data-action")
    company.focus()
    until(page, f"document.querySelector('.mc-preview').dataset.for === '{buy}'")
    assert shown_preview(page)["price"] == previews[buy]["price"]
    company.evaluate("b => b.blur()")
    page.mouse.move(0, 0)
    until(page, "!document.querySelector('.mc-preview').dataset.for")
    # a click still plays the action
    before = room.step
    industry.click()
    deadline = time.monotonic() + 20
    while room.step == before:
        assert time.monotonic() < deadline, "the click was not taken"
        time.sleep(0.01)
    assert room.record.actions[before].endswith(text)
    assert not problems, problems
    context.close()


# -- two people at one table ------------------------------------------------------------------------
def page_names(page: Any) -> tuple[str, str]:
    """The page's visible text, and its attributes that name things."""
    text = page.inner_text("body")
    attributes = page.evaluate(
        """() => [...document.querySelectorAll('*')].flatMap(n =>
             ['aria-label', 'title', 'data-card', 'data-action', 'data-known-card', 'data-item']
                 .map(a => n.getAttribute(a) || ''))
             .join(' | ')"""
    )
    return text, attributes


def check_private(page: Any, state: Any, seat: int, other: int) -> None:
    """``seat``'s page shows its own event cards and none of ``other``'s that it may not know:
    the other's cards are a count, and a card only the other holds is named nowhere on the page."""
    view = state.view(seat)
    mine = codes(state, state.hands[seat])
    assert page.eval_on_selector_all(".mc-hand .mc-card", "cs => cs.map(c => c.dataset.card)") == mine
    assert int(page.get_attribute(f".mc-player[data-seat='{other}']", "data-cards")) == len(
        state.hands[other]
    )
    drawn = set(page.eval_on_selector_all("[data-card]", "cs => cs.map(c => c.dataset.card)"))
    assert drawn <= set(mine), "an event card face that is not this seat's"
    log = page.inner_text("#log")
    known = {code for _, code in view["known"]}
    public = set(mine) | set(view["discard"]) | known
    text, attributes = page_names(page)
    events = state.game.data.events
    for code in set(codes(state, state.hands[other])) - public:
        if code in log:
            continue  # the log said it (an offer's card between the two, say): not this test's business
        name = next(e.name for e in events if e.code == code)
        places = {c.name for c in state.game.data.countries}  # Asteroid, L-5: a card and a place
        for form in (code, name) if name not in places else (code,):
            pattern = rf"(?<![\w-]){re.escape(form)}(?![\w-])"
            assert not re.search(pattern, text), f"page {seat} shows {form}, a card only seat {other} holds"
            assert not re.search(pattern, attributes), f"page {seat} names {form} in an attribute"


def test_two_people_at_one_table_each_see_only_their_own_cards(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person", "easy"], "megacorps")
    room = live.room(created["table"]["id"])
    pages = [open_page(browser, created["links"]["seats"][s]["url"]) for s in (0, 1)]
    rng = random.Random(11)

    def check(page: Any, state: Any, seat: int) -> None:
        check_private(page, state, seat, 1 - seat)
        if seat not in state.to_act():
            assert not offered(page), f"page {seat} offers another seat's choices"
        else:
            assert offered(page) == shown_legal(state, seat)

    assert helpers.two_people_play(pages, room, 40, check, lambda page: click_something(page, rng)) >= 20
    helpers.close_all(pages)


# -- a sealed auction between two people --------------------------------------------------------------
def open_watched(browser: Any, url: str) -> tuple[Any, Any, list[str], list[str]]:
    """``open_page``, and the list of every WebSocket frame the page receives, as they come."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    problems = helpers.watch(page)
    got: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: got.append(str(payload))))
    page.goto(url)
    page.wait_for_selector(".mc-table")
    return context, page, problems, got


def bid_on(page: Any, amount: int) -> None:
    page.fill("input[data-prefix='bid']", str(amount))
    page.click("button.mc-go[data-prefix='bid']")


def test_two_people_bid_sealed_and_neither_sees_the_others_bid(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person", "easy"], "megacorps")
    room = live.room(created["table"]["id"])
    opened = [open_watched(browser, created["links"]["seats"][s]["url"]) for s in (0, 1)]
    received = [got for _, _, _, got in opened]
    pages = [p for _, p, _, _ in opened]
    rng = random.Random(3)
    # the draft, by clicking free companies (the bot takes its own)
    while room.state.view(None)["phase"] == "draft":
        helpers.until_people(room)
        if room.state.view(None)["phase"] != "draft":
            break
        mover = room.state.current_seat
        helpers.act_once(pages[mover], room, lambda page: click_something(page, rng))
    helpers.until_people(room)
    assert room.state.current_seat == 0 and room.state.view(0)["phase"] == "turn"
    first = pages[0]
    until(first, f"document.body.dataset.step === '{room.step}'")
    first.click(".mc-hand .mc-card[data-action='play kleptocrats']")
    first.click(".mc-confirm button[data-action='play kleptocrats']")  # a card is played once confirmed
    until(first, "document.querySelector('.mc-table').dataset.phase === 'target'")
    targets = first.eval_on_selector_all("th.mc-country [data-action]", "bs => bs.map(b => b.dataset.action)")
    assert targets and all(t.startswith("target ") for t in targets)
    assert set(targets) == legal(room.state, 0)
    first.click("th.mc-country[data-country='rus'] button[data-action='target rus']")
    until(first, "document.querySelector('.mc-table').dataset.phase === 'bid'")
    start = room.step
    # everyone with money is asked at once; each page shows a number input from 0 to its money
    for seat, page in enumerate(pages):
        until(page, "document.querySelector('.mc-table').dataset.phase === 'bid'")
        field = page.query_selector("input[data-prefix='bid']")
        assert (field.get_attribute("min"), field.get_attribute("max")) == ("0", str(room.state.money[seat]))
        assert "Your bid" not in page.inner_text(".mc-sealed")
    # the second person bids first; the first person's page learns that, not how much
    bid_on(pages[1], 17)
    until(pages[1], "(document.querySelector('.mc-mine') || {}).textContent === 'Your bid: 17'")
    until(first, f"Number(document.body.dataset.step) > {start}")
    sealed = first.inner_text(".mc-sealed")
    assert re.search(r"[12] of 3 have bid", sealed) and "17" not in sealed and "Your bid" not in sealed
    first.fill("input[data-prefix='bid']", str(room.state.money[0] + 1))  # more than it has
    assert first.get_attribute("button.mc-go[data-prefix='bid']", "disabled") is not None
    bid_on(first, 9)
    deadline = time.monotonic() + 20
    while room.state.view(None)["phase"] == "bid":
        assert time.monotonic() < deadline, "the auction did not end"
        time.sleep(0.02)
    # the reveal: the country goes to the highest bidder alone, on both pages
    owner = room.state.view(None)["countries"]["rus"]
    assert owner in (0, 1, 2)
    shown = "document.querySelector(\"th.mc-country[data-country='rus']\").dataset.owner"
    for page in pages:  # (each page draws its updates once a frame: wait for the one that shows it)
        until(page, f"{shown} === '{owner}'")
    # while the auction ran, neither page received another seat's bid in any frame
    bids = {0: 9, 1: 17}
    during = 0
    for seat, got in enumerate(received):
        for frame in got:
            message = json.loads(frame)
            if message.get("type") != "update" or message["view"]["phase"] != "bid":
                continue
            during += 1
            other = bids[1 - seat]
            assert other not in message["view"]["decision"].values(), f"page {seat} received the other's bid"
            for event in message["events"]:
                assert event["kind"] != "bids", "the reveal came with the phase still open"
                assert event["kind"] != "my-bid" or event["seat"] == seat
                if event["kind"] == "sealed":  # somebody bid: who, not how much
                    assert str(other) not in json.dumps(event.get("words")), event
            last = message["last"]
            assert last["seat"] == seat or last["action"] is None or last["action"].startswith("target")
            assert message["view"]["decision"].get("mine") in (None, bids[seat])
    assert during >= 3
    for context, _, problems, _ in opened:
        assert not problems, problems
        context.close()
