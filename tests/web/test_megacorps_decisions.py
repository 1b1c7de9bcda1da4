"""MegaCorps' decision support in Debian's Chromium (issue 29): a preview that stays in the window at
1280x800 wherever the place pointed at is, the draft's previews; one trade composer and one list of
offers, whose closed offers stay listed before and after a reload and are told in the log; a window
asked of everybody that says why; event cards chosen, then confirmed (or not), unplayable ones
dimmed with their reason, the next prompt naming the card, Shortages' preview; a banner for what a
seat lost to others' moves and whose decision the table waits for; and the reason no industry can
be paid out by your Action stated plainly, with no instruction to do it."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tabletop.games.megacorps import rules
from tabletop.server import hub as hub_module
from tabletop.words import labels

from ..games.megacorps.helpers import FIXED
from . import helpers
from .conftest import Live
from .helpers import until
from .megacorps_fixed import acted, render
from .megacorps_fixed import engine_state as fixed_state
from .test_megacorps_offers import draft, item, sent_offer, shows_status

pytestmark = pytest.mark.timeout(120)
LAPTOP = {"width": 1280, "height": 800}
SEED = 42  # 3 players: seat 0 is the first Active Player, first to pick in the draft


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables dealt from SEED (the lobby draws a seed at random)."""
    monkeypatch.setattr(hub_module, "secrets", SimpleNamespace(randbelow=lambda _: SEED))


def open_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    return helpers.open_page(browser, url, LAPTOP, ".mc-table")


def inside(box: dict[str, float], viewport: dict[str, int]) -> bool:
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= viewport["width"]
        and box["y"] + box["height"] <= viewport["height"]
    )


# -- a real table ------------------------------------------------------------------------------------
def test_a_preview_stays_in_the_window_and_the_draft_has_previews(
    browser: Any, live: Live, shots: Path
) -> None:
    created = helpers.create(live, ["person", "easy", "easy"], "megacorps")
    room = live.room(created["table"]["id"])
    context, page, problems = open_page(browser, created["links"]["seats"][0]["url"])
    until(page, "!!document.querySelector(\".mc-table[data-phase='draft'] .mc-co[data-action]\")")
    assert room.state.to_act() == (0,)
    view = {**room.state.view(0), "legal": [str(a) for a in room.state.legal_actions_for(0)]}
    said = labels("megacorps", view, room.names())  # a pick's prospects, in the words' payout
    assert "once it is yours" in page.inner_text(".mc-preview")
    # the lowest company on the board that may be taken: its preview shows inside the window
    lowest = page.locator("tr[data-country]:has(.mc-co[data-action]) .mc-co[data-action]").last
    text = lowest.get_attribute("data-action")
    lowest.hover()
    until(page, f"document.querySelector('.mc-preview').dataset.for === '{text}'")
    floating = page.locator(".mc-preview .mc-preview-text")
    box = floating.bounding_box()
    assert box is not None and inside(box, LAPTOP), box
    spot = lowest.bounding_box()
    assert spot is not None and inside(spot, LAPTOP)
    assert floating.inner_text() == said[text] and " would then pay you " in said[text]
    page.screenshot(path=str(shots / "megacorps-draft-preview.png"))
    assert not problems, problems
    context.close()


def test_one_composer_one_list_closed_offers_stay_and_the_log_tells_them(
    browser: Any, live: Live, shots: Path
) -> None:
    created = helpers.create(live, ["person", "person", "easy"], "megacorps")
    room = live.room(created["table"]["id"])
    opened = {s: open_page(browser, created["links"]["seats"][s]["url"]) for s in (0, 1)}
    a, b = opened[0][1], opened[1][1]
    draft(room, {0: a, 1: b})
    # seat 0's turn: no in-turn offer on the page, one "Offer a trade" per player, opening the composer
    assert room.state.current_seat == 0 and "offer 1" in {str(x) for x in room.state.legal_actions_for(0)}
    assert a.query_selector(".mc-table [data-action^='offer ']") is None
    assert "trade offer" not in a.inner_text(".mc-decision"), "no in-turn offers left to count"
    assert a.query_selector(".mc-trade-composer") is None
    a.click(".mc-decision button.mc-trade-open[data-trade-to='1']")
    composer = a.locator(".mc-trades .mc-trade-composer")
    composer.wait_for()
    assert a.locator(".mc-trade-composer").count() == 1, "one composer"
    assert composer.locator("select[data-key='trade-to']").input_value() == "1"
    assert composer.locator(".mc-trade-col.give .mc-trade-number span").first.text_content() == "Euros"
    assert composer.locator(".mc-trade-open-count").inner_text() == "0 of 6 offers open"
    assert composer.is_visible() and inside(composer.bounding_box() or {"x": -1}, LAPTOP)
    a.screenshot(path=str(shots / "megacorps-offer-a-trade.png"))
    composer.locator("input[data-key='trade-give-money']").fill("2")
    composer.locator("button[data-key='trade-send']").click()
    offer = sent_offer(room, 0, 0)
    assert (offer.to, offer.give, offer.ask) == (1, ["2"], [])
    # B declines; both lists say so, and both logs tell the offer and its answer
    b.wait_for_selector(f"{item(offer.id)}[data-status='open']")
    b.click(f"{item(offer.id)} button[data-reply='decline']")
    for page in (a, b):
        shows_status(page, offer.id, "declined")
        until(page, f"document.querySelector('#log').textContent.includes('offer {offer.id}.')")
        told = page.inner_text("#log")
        assert f"2 Euros as a gift (offer {offer.id})." in told, told
        assert re.search(rf"declines? (your|Seat 0's) offer {offer.id}\.", told), told
    # a declined offer stays in "Your offers" however long the page stays open, and after a reload
    a.evaluate("() => { const real = Date.now; Date.now = () => real() + 3600 * 1000; }")
    a.wait_for_timeout(1300)  # the panel's clock ticks once a second
    assert a.locator(f"{item(offer.id)}[data-status='declined']").is_visible()
    a.reload()
    a.wait_for_selector(f".mc-trade-section.outgoing li[data-offer='{offer.id}'][data-status='declined']")
    assert a.inner_text(f"{item(offer.id)} .mc-trade-status") == "declined"
    for context, _, problems in opened.values():
        assert not problems, problems
        context.close()


# -- the renderer on engine views (a still page: three people, nobody acts) --------------------------------
SETUP = {**FIXED, "countries": {"rus": 0, "jpn": 0}}


def engine_state(actions: list[str]) -> Any:
    return fixed_state(actions, SETUP)


@pytest.fixture(scope="module")
def still(browser: Any, live: Live) -> Any:
    created = helpers.create(live, ["person", "person", "person"], "megacorps")
    context, page, problems = helpers.open_page(browser, created["links"]["spectator"], LAPTOP, ".mc-table")
    yield page
    assert not problems, problems
    context.close()


def test_an_event_card_is_chosen_then_confirmed_and_the_next_prompt_names_it(still: Any) -> None:
    page, fixed = still, still.locator("#fixed")
    render(page, engine_state([]), 0)
    card = fixed.locator(".mc-hand .mc-card[data-card='kleptocrats']")
    card.click()
    confirm = fixed.locator(".mc-confirm")
    assert acted(page) == [], "a click only chooses the card"
    assert confirm.locator(".mc-confirm-title").inner_text() == "Play Greedy Kleptocrats?"
    does = confirm.locator(".mc-confirm-does").inner_text()
    assert does.startswith("Play Greedy Kleptocrats: ") and "Kleptocracy" in does
    confirm.get_by_role("button", name="Back").click()
    assert fixed.locator(".mc-confirm").count() == 0 and acted(page) == []
    card.click()
    fixed.locator(".mc-confirm button[data-action='play kleptocrats']").click()
    assert acted(page) == ["play kleptocrats"]
    # the card you may not play now: dimmed, saying why
    other = fixed.locator(".mc-hand .mc-card[data-card='oversupply']")
    assert (
        "unplayable" in (other.get_attribute("class") or "")
        and "playable" not in other.get_attribute("class").split()
    )
    assert other.get_attribute("title").startswith(
        "Not playable now: it plays only when an industry is about to pay out."
    )
    assert float(other.evaluate("n => getComputedStyle(n).opacity")) < 1
    assert float(card.evaluate("n => getComputedStyle(n).opacity")) == 1
    # played: the next question names the card
    render(page, engine_state(["play kleptocrats"]), 0)
    assert "Greedy Kleptocrats" in fixed.locator(".mc-decision .prompt").inner_text()
    assert "Greedy Kleptocrats" in fixed.locator(".mc-decision .mc-line").first.inner_text()


def test_the_payout_window_says_why_everyone_is_asked_and_previews_shortages(still: Any) -> None:
    page, fixed = still, still.locator("#fixed")
    why = "nobody learns who holds"
    # seat 1 holds neither card: asked all the same, and told why
    state = engine_state(["payout med", "@0 pass"])
    assert state.to_act() == (1,)
    render(page, state, 1)
    prompt = fixed.locator(".mc-decision .prompt").inner_text()
    assert "you hold neither Oversupply nor Shortages, so pass" in prompt and why in prompt
    render(page, state, 0)  # a seat not asked reads why everyone is
    assert why in fixed.locator(".mc-decision .mc-why-asked").inner_text()
    # seat 2 holds Shortages: its preview, pointed at and once chosen, is the rules' payout with it
    state = engine_state(["payout med", "@0 pass", "@1 pass"])
    media = state.game.board.industry_index["med"]
    now, then = rules.payout_amounts(state, media), rules.payout_amounts(state, media, -1)
    assert now != then
    render(page, state, 2)
    assert why in fixed.locator(".mc-decision .prompt").inner_text()
    card = fixed.locator(".mc-hand .mc-card[data-card='shortages']")
    card.hover()
    until(page, "document.querySelector('#fixed .mc-preview').dataset.for === 'play shortages'")
    floating = fixed.locator(".mc-preview .mc-preview-text.floating").inner_text()
    card.click()
    shown = fixed.locator(".mc-confirm .mc-confirm-preview").inner_text()
    assert shown == floating and shown.startswith("Play Shortages: Media would pay you 0 (now 0)")
    for seat, name in ((0, "Ana"), (1, "Ben")):
        assert f"{name} {then[seat]} (now {now[seat]})" in shown, shown


def test_the_reason_no_payout_is_possible_is_plain_and_not_contradicted(still: Any) -> None:
    page, fixed = still, still.locator("#fixed")
    render(page, engine_state([]), 0)  # a payout possible: said, and no reason against it
    assert "an industry to pay it out" in fixed.locator(".mc-decision .prompt").inner_text()
    assert fixed.locator(".mc-closed").count() == 0
    state = engine_state(["payout med", "@0 pass", "@1 pass", "@2 pass"])  # seat 1's turn, a payout done
    assert state.view(1)["phase"] == "turn" and state.view(1)["payout_done"]
    render(page, state, 1)
    closed = fixed.locator(".mc-decision .mc-closed")
    assert closed.is_visible() and "No industry may be paid out by an Action" in closed.inner_text()
    assert closed.evaluate(
        "n => n.compareDocumentPosition(document.querySelector('#fixed .mc-decision .prompt')) & 4"
    )
    size = closed.evaluate("n => parseFloat(getComputedStyle(n).fontSize)")
    hint = fixed.locator(".mc-decision .prompt .hint")
    assert size >= hint.evaluate("n => parseFloat(getComputedStyle(n).fontSize)")
    assert "pay it out" not in fixed.locator(".mc-decision .prompt").inner_text()
    assert fixed.locator("[data-action^='payout ']").count() == 0


def test_a_seat_is_told_what_it_lost_and_whose_decision_the_table_waits_for(still: Any) -> None:
    page, fixed = still, still.locator("#fixed")
    # a war on China: Ben decides about donations while Ana holds the Active Player card
    war = engine_state(["war chn"])
    assert war.to_act() == (1,) and war.active == 0
    render(page, war, 0)
    assert fixed.locator(".mc-bar .mc-active-chip").inner_text() == "Active Player: You"
    waiting = fixed.locator(".mc-bar .mc-waiting-for")
    assert waiting.inner_text() == "Waiting for: Ben" and "yours" not in (
        waiting.get_attribute("class") or ""
    )
    render(page, war, 1)
    assert fixed.locator(".mc-bar .mc-waiting-for.yours").inner_text() == "Waiting for: you"
    # Ana, who controls Japan, intervenes against Ben's Japan Media: Ben's page says what he lost
    before = engine_state([])
    render(page, before, 1)
    assert fixed.locator(".mc-notice").count() == 0
    after = engine_state(["intervene med.jpn"])
    assert after.view(1)["companies"]["med.jpn"] != 1
    render(page, after, 1, {"seat": 0, "action": "intervene med.jpn"})
    notice = fixed.locator(".mc-notices .mc-notice")
    assert notice.count() == 1 and notice.inner_text().startswith("You lost Japan Media: it is ")
    render(page, after, 1, {"seat": 0, "action": "intervene med.jpn"})  # drawn again: still one
    assert notice.count() == 1
    notice.get_by_role("button", name="Dismiss this notice").click()
    assert fixed.locator(".mc-notice").count() == 0
    # what a seat gives away by its own move is no news to it
    render(page, before, 1)
    render(page, after, 1, {"seat": 1, "action": "accept"})
    assert fixed.locator(".mc-notice").count() == 0
