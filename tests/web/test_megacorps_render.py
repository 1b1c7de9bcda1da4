"""MegaCorps' renderer on engine views in Debian's Chromium: the fixed position's turn, wars,
windows and offers drawn as the server sends them, every legal action sent by a click; tooltips that
do not repeat themselves; the mercenary question naming the bank's price."""

from __future__ import annotations

import re
from typing import Any

import pytest

import tabletop
from tabletop.words import content

from .conftest import Live
from .helpers import create
from .megacorps_fixed import acted, engine_state, render
from .test_megacorps import offered, open_page, shown_legal

pytestmark = pytest.mark.timeout(300)


def test_the_table_draws_engine_views_and_sends_their_actions(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person", "person"], "megacorps")  # nobody acts: a still page
    context, page, problems = open_page(browser, created["links"]["spectator"])
    fixed = page.locator("#fixed")
    # a turn: a company to buy, a country to attack, an industry to pay out, a card to play
    state = engine_state([])
    render(page, state, 0)
    assert offered(page) >= shown_legal(state, 0)  # the page's own table (a spectator) offers nothing more
    fixed.locator("[data-company='aer.jpn']").click()
    fixed.locator("th.mc-country[data-country='chn'] button").click()
    fixed.locator("th.mc-industry[data-industry='med'] button").click()
    fixed.locator(".mc-hand .mc-card[data-card='kleptocrats']").click()
    fixed.locator(".mc-confirm button[data-action='play kleptocrats']").click()
    fixed.get_by_role("button", name="Buy mercenaries").click()
    fixed.get_by_role("button", name="Pass").click()
    assert acted(page) == ["buy aer.jpn", "war chn", "payout med", "play kleptocrats", "mercs", "pass"]
    hand = fixed.locator(".mc-hand .mc-card[data-card='oversupply']")
    assert hand.get_attribute("data-action") is None  # a payout card: not on your turn
    assert "Oversupply" in hand.inner_text() and "competitor" in hand.inner_text()
    assert fixed.locator("[data-company='def.eu']").get_attribute("data-owner") == "2"
    assert fixed.locator("th.mc-country[data-country='eu']").get_attribute("data-owner") == "2"
    eu = next(c for c in tabletop.make("megacorps").data.countries if c.code == "eu")  # the data's numbers
    assert f"D{eu.defense} F{eu.force}" in fixed.locator("th.mc-country[data-country='eu']").inner_text()
    assert fixed.locator("[data-company='nan.l5']").get_attribute("data-owner") == "-4"  # not built
    assert fixed.locator("[data-company='sof.oss']").get_attribute("data-owner") == "-3"  # Syndicalized
    # a sealed auction: a number from 0 to the money, the others' bids unknown
    state = engine_state(["play kleptocrats", "target asn", "@2 bid 7"])
    render(page, state, 1)
    assert fixed.locator(".mc-sealed-count").inner_text() == "1 of 3 have bid"
    field = fixed.locator("input[data-prefix='bid']")
    assert (field.get_attribute("min"), field.get_attribute("max")) == ("0", str(state.money[1]))
    field.fill("41")
    assert fixed.locator("button.mc-go[data-prefix='bid']").is_disabled()
    field.fill("12")
    field.press("Enter")
    assert acted(page) == ["bid 12"]
    render(page, engine_state(["play kleptocrats", "target asn", "@2 bid 7", "@1 bid 12"]), 1)
    assert fixed.locator(".mc-mine").inner_text() == "Your bid: 12"
    assert fixed.locator("[data-action], input").count() == 0  # answered: nothing more to do
    # a war's donation window: totals, a gift to either side, a sale to the attacker, done
    state = engine_state(["war chn"])
    war = render(page, state, 1)["decision"]  # the engine's totals: Force and mercenaries, Defense
    assert fixed.locator(".mc-war").get_attribute("data-attack") == str(war["attack"]) == "4"
    assert fixed.locator(".mc-war").get_attribute("data-defence") == str(war["defence"])
    assert offered(page) == shown_legal(state, 1)
    fixed.locator("input[data-prefix='sell a']").fill("3")
    fixed.locator("button.mc-go[data-prefix='sell a']").click()
    fixed.locator("button[data-action='aid d']").click()
    fixed.get_by_role("button", name="Done").click()
    assert acted(page) == ["sell a 3", "aid d", "done"]
    # an in-turn offer begun (by a bot playing for an absent seat): sent as it is, or dropped
    state = engine_state(["offer 1", "give 5", "ask med.jpn"])
    render(page, state, 0)
    assert offered(page) == shown_legal(state, 0) == {"send", "drop"}
    items = fixed.locator(".mc-offer .mc-item").evaluate_all("cs => cs.map(c => c.dataset.item)")
    assert items == ["5", "med.jpn"]
    fixed.get_by_role("button", name="Send the offer").click()
    assert acted(page) == ["send"]
    # the offer sent: its receiver sees the event card given, a third player only that a card is
    state = engine_state(["offer 1", "give 5", "give kleptocrats", "ask med.jpn", "send"])
    render(page, state, 1)
    items = fixed.locator(".mc-offer .mc-item").evaluate_all("cs => cs.map(c => c.textContent)")
    assert items == ["5 Euros", "Greedy Kleptocrats", "Japan Media"]
    fixed.get_by_role("button", name="Accept").click()
    assert acted(page) == ["accept"]
    render(page, state, 2)
    items = fixed.locator(".mc-offer .mc-item").evaluate_all("cs => cs.map(c => c.dataset.item)")
    assert items == ["5", "card", "med.jpn"] and "Kleptocrats" not in fixed.inner_text()
    assert fixed.locator("[data-action]").count() == 0
    # a payout about to happen: what each would earn; a payout card may be played from the hand
    state = engine_state(["payout med"])
    render(page, state, 0)
    paid = fixed.locator(".mc-paid-list li").evaluate_all(
        "ls => ls.map(l => [l.dataset.seat, l.dataset.amount])"
    )
    assert paid == [[str(s), str(a)] for s, a in enumerate(state.view(0)["decision"]["paid"]) if a]
    fixed.locator(".mc-hand .mc-card[data-card='oversupply']").click()
    fixed.locator(".mc-confirm button[data-action='play oversupply']").click()
    assert acted(page) == ["play oversupply"]
    # a sealed election: a button per candidate
    state = engine_state(["pass", "play elections", "target naf"])
    render(page, state, 0)
    assert offered(page) == shown_legal(state, 0)
    fixed.get_by_role("button", name="Ben").click()
    assert acted(page) == ["vote 1"]
    assert not problems, problems
    context.close()


def repeated(title: str) -> bool:
    """A tooltip saying something twice: "Pay out Aerospace: Pay out Aerospace: ...", or a phrase of
    some length (a card's text) twice over."""
    head, _, rest = title.partition(": ")
    twice = bool(rest) and rest.lower().startswith(head.lower())
    return twice or re.search(r"(.{24,}).*\1", title) is not None


def test_no_tooltip_on_the_table_says_the_same_phrase_twice(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person", "person"], "megacorps")  # nobody acts: a still page
    context, page, problems = open_page(browser, created["links"]["spectator"])
    fixed = page.locator("#fixed")
    for actions, seat in (([], 0), (["payout med"], 0), (["war chn"], 1), (["offer 1", "give 5"], 0)):
        render(page, engine_state(actions), seat)
        titles = fixed.locator(".mc-table [title]").evaluate_all("ns => ns.map(n => n.title)")
        assert titles, actions
        assert [t for t in titles if repeated(t)] == [], actions
        if not actions:  # the industry headers and the hand's cards are played from the board
            header = fixed.locator("th.mc-industry[data-industry='aer'] button").get_attribute("title")
            assert header.startswith("Pay out Aerospace: ") and header.count("Pay out") == 1, header
    assert repeated("Pay out Aerospace: Pay out Aerospace: you 3")
    assert not repeated("Pay out Aerospace: you 3")
    assert not problems, problems
    context.close()


def test_the_mercenary_question_names_the_banks_price(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person", "person"], "megacorps")  # nobody acts: a still page
    context, page, problems = open_page(browser, created["links"]["spectator"])
    state = engine_state(["mercs"])
    assert state.view(0)["phase"] == "bank"
    render(page, state, 0)
    price = content("megacorps")["bank_mercenary_price"]
    asked = page.locator("#fixed .mc-decision .prompt").inner_text()
    assert asked.startswith(f"How many mercenaries do you buy from the bank, at {price} each?"), asked
    assert not problems, problems
    context.close()
