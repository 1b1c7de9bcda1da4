"""ManaSurge in Debian's Chromium: a whole game by clicking, the page against the room's true state,
two people at one table each seeing only their own hand, the renderer on engine views (a gift, a
Dark Mirror, a Counter-Spell), the log's card chips, no console errors."""

from __future__ import annotations

import json
import random
import re
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.words import content, labels

from . import helpers
from .conftest import Live
from .helpers import click, create, pending, step, until
from .outside_bot import OutsideBot, challenged_table

pytestmark = pytest.mark.timeout(300)
VIEWPORT = {"width": 1280, "height": 800}
HAND = ".ms-me .ms-hand .ms-card"
CLICKABLE = ".ms-me .card.playable, .ms-actions button.action"
CONTENT = content("manasurge")


def open_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    return helpers.open_page(browser, url, VIEWPORT, ".ms-table")


def texts(state: Any, cards: list[int]) -> list[str]:
    return [state.game.cards.text(c) for c in cards]


def card_name(text: str) -> str:
    """As the page names a card: ``5 of Lightning``, ``Dark Mirror``."""
    if text[:-1].isdigit():
        return f"{text[:-1]} of {CONTENT['suits'][text[-1]]['name']}"
    return str(CONTENT["metamagic"][text]["name"])


def shown_actions(page: Any) -> tuple[set[str], set[str]]:
    """The actions the page offers (cards and buttons), and the cards it lets you pick to give."""
    actions = page.eval_on_selector_all("[data-action]", "ns => ns.map(n => n.dataset.action)")
    picks = page.eval_on_selector_all(".ms-me [data-pick]", "ns => ns.map(n => n.dataset.pick)")
    return set(actions), set(picks)


def check_page(page: Any, state: Any, seat: int) -> None:
    """The table on ``seat``'s page is the room's: the spell, every seat's Shards, hand and damage
    counts, this seat's hand, the round's suit, the valid rank, the direction, the legal actions."""
    view = state.view(seat)
    assert page.evaluate("document.querySelector('.ms-table').dataset.phase") == view["phase"]
    spell = page.eval_on_selector_all(
        ".ms-spell .ms-play",
        """ps => ps.map(p => { const c = p.querySelector('.ms-card');
             return [Number(p.dataset.seat), c.dataset.card, Number(c.dataset.shards),
                     c.querySelector('.ms-caster-token') !== null,
                     c.querySelector('.ms-copy') ? c.querySelector('.ms-copy').textContent : null]; })""",
    )
    true_spell = state.spell
    expected = [
        [
            true_spell.seats[i],
            state.game.cards.text(card),
            true_spell.shards[i],
            i == true_spell.caster_at,
            view["spell"][i].get("copy"),
        ]
        for i, card in enumerate(true_spell.cards)
    ]
    assert spell == expected, "the spell row, in play order"
    for s in range(state.n):
        box = f"section[data-seat='{s}']"
        assert int(page.get_attribute(f"{box} .ms-shards", "data-shards")) == state.shards[s], (
            f"seat {s} Shards"
        )
        damage = int(page.get_attribute(f"{box} .ms-backs.of-damage", "data-count"))
        assert damage == len(state.damage[s]), f"seat {s} damage"
        if s != seat:
            assert int(page.get_attribute(f"{box} .ms-backs.of-hand", "data-count")) == len(state.hands[s])
            shown = page.eval_on_selector_all(f"{box} .ms-card", "cs => cs.map(c => c.dataset.card)")
            assert shown == view["known"].get(str(s), []), f"seat {s}'s cards are backs (but those you gave)"
    hand = page.eval_on_selector_all(HAND, "cs => cs.map(c => c.dataset.card)")
    assert hand == view["hand"] and sorted(hand) == sorted(texts(state, state.hands[seat])), "your hand"
    if view["suit"]:
        rule = page.query_selector(".ms-suit-rule")
        assert rule.get_attribute("data-suit") == view["suit"]
        assert CONTENT["suits"][view["suit"]]["text"] in rule.inner_text()
    if view["bar"]:
        assert view["bar"] in page.inner_text(".ms-valid")
    if view["spell"]:
        assert int(page.get_attribute(".ms-damage-now", "data-damage")) == state.spell.spell_shards(False)
    if view["direction"]:
        assert page.get_attribute(".ms-direction", "data-direction") == view["direction"]
    actions, picks = shown_actions(page)
    legal = set(view["legal"])
    gives = {a for a in legal if a.startswith("give=")}
    assert actions | {a for a in gives if a.split("=")[1].split("@")[0] in picks} == legal
    assert picks == {a.split("=")[1].split("@")[0] for a in gives}


def my_turn_now(page: Any, room: Any) -> bool:
    """The page waits for this seat and shows the room's latest step (bots wait for a person)."""
    if pending(page) or page.query_selector(CLICKABLE) is None:
        return False
    seat = int(page.evaluate("document.body.dataset.seat"))
    return bool(helpers.bots_idle(room) and step(page) == room.step and room.state.current_seat == seat)


def click_something(page: Any, rng: random.Random) -> bool:
    """Click one of the page's choices at random (a card to play, to give, a button)."""
    choices = page.query_selector_all(CLICKABLE)
    return click(page, rng.choice(choices) if choices else None)


def test_one_person_and_two_bots_play_a_whole_game(
    browser: Any, live: Live, shots: Path, outside_bot: OutsideBot
) -> None:
    """With wizards, against a bot program that accepted her challenge (tests/web/outside_bot.py)."""
    seats = ["person", "@", "easy"]
    context, page, problems, room = challenged_table(
        browser, live, outside_bot, "manasurge", seats, VIEWPORT, ".ms-table", wizards=True
    )
    table = room.id
    assert page.inner_text("#who").startswith("You are in seat 0")
    assert page.is_visible("[data-seat='1'] .bot-mark")  # its seat says BOT
    assert len(page.query_selector_all("section.ms-seat")) == 2 and page.query_selector(
        ".ms-me[data-seat='0']"
    )
    rng = random.Random(5)
    taken = [False]
    deadline = time.monotonic() + 200
    while page.query_selector("#end:not([hidden])") is None:
        assert time.monotonic() < deadline, "the game did not end"
        assert not problems, problems
        if my_turn_now(page, room):
            state = room.state
            check_page(page, state, 0)
            if not taken[0] and state.view(0)["phase"] == "play" and len(state.spell.cards) >= 3:
                page.evaluate("window.scrollTo(0, 0)")  # the header in view, as a player opens the page
                page.wait_for_timeout(400)  # let the last card land
                page.screenshot(path=str(shots / "manasurge-table.png"))
                taken[0] = True
        if not click_something(page, rng):
            page.wait_for_timeout(15)
    phases = helpers.decided_phases(room, 0)
    # she opened a spell and chose its direction whenever she was Caster (the deal is random: she
    # may never have the fewest Shards); she played and chose between spells in any case
    caster = any(spell["caster"] == 0 for spell in room.state.history)
    assert {"play", "between"} | ({"open", "direction"} if caster else set()) <= set(phases), phases
    assert sum(phases.values()) >= 10
    # the end: every seat's final Shards, the winners marked
    state = helpers.at_the_end(page, room, lambda state: state.shards, "section:has(.ms-winner)")
    winners = state.view(None)["winners"]
    assert max(state.shards) >= state.target() and winners
    ending = page.inner_text(".ms-ending")
    assert ("You" if 0 in winners else outside_bot.name if 1 in winners else "Bot") in ending
    if not taken[0]:
        page.screenshot(path=str(shots / "manasurge-table.png"))
    # the replay, seen by everyone once it is over: every hand face up, as the room dealt them
    helpers.step_replay(page, f"{live.base}/replay/{table}", ".ms-table", 3)
    with urllib.request.urlopen(f"{live.base}/api/tables/{table}/replay?step=3", timeout=10) as answer:
        data = json.load(answer)
    for s in (1, 2):
        shown = page.eval_on_selector_all(
            f"section.ms-seat[data-seat='{s}'] .ms-hand-row .ms-card", "cs => cs.map(c => c.dataset.card)"
        )
        assert shown == data["views"][s]["hand"], f"seat {s}'s hand in the replay"
    assert outside_bot.played(room, 1)  # the program played its seat, every turn of it
    assert not problems, problems
    context.close()


def faces(page: Any) -> Counter[str]:
    """Every card face drawn on the table (not the log), by text."""
    return Counter(page.eval_on_selector_all("#board .ms-card", "cs => cs.map(c => c.dataset.card)"))


def check_private(page: Any, state: Any, seat: int, other: int) -> None:
    """``seat``'s page shows its own hand and no card of ``other``'s: every face on the table is
    public or its own, and a card of the other's that nothing public shows is nowhere on the page."""
    view = state.view(seat)
    mine = texts(state, state.hands[seat])
    hand = page.eval_on_selector_all(HAND, "cs => cs.map(c => c.dataset.card)")
    assert sorted(hand) == sorted(mine)
    public = Counter(mine) + Counter(e["card"] for e in view["spell"])
    if not view["spell"] and view["last_spell"]:
        public += Counter(view["last_spell"]["cards"])
    for cards in view["known"].values():
        public += Counter(cards)
    assert not faces(page) - public, "a card face that is neither public nor this seat's"
    box = f"section.ms-seat[data-seat='{other}']"
    shown = page.eval_on_selector_all(f"{box} .ms-card", "cs => cs.map(c => c.dataset.card)")
    assert shown == view["known"].get(str(other), []), "the other's cards are backs (but those you gave)"
    assert int(page.get_attribute(f"{box} .ms-backs.of-hand", "data-count")) == len(state.hands[other])
    logged = set(page.eval_on_selector_all("#log .log-mana", "cs => cs.map(c => c.textContent)"))
    seen = set(public) | set(view["discard"]) | logged
    text = page.inner_text("body")
    attributes = page.evaluate(
        """() => [...document.querySelectorAll('*')].flatMap(n =>
             ['aria-label', 'title', 'data-card', 'data-action', 'data-pick']
                 .map(a => n.getAttribute(a) || ''))
             .join(' | ')"""
    )
    for card in set(texts(state, state.hands[other])):
        name = card_name(card)
        if card in seen or name in logged:
            continue
        for form in {card, name}:
            pattern = rf"(?<![\w]){re.escape(form)}(?![\w])"
            assert not re.search(pattern, text), f"page {seat} shows {form}, a card only seat {other} holds"
            assert not re.search(pattern, attributes), f"page {seat} names {form} in an attribute"


def test_two_people_at_one_table_each_see_only_their_own_hand(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person", "easy", "easy"], "manasurge")
    room = live.room(created["table"]["id"])
    pages = [open_page(browser, created["links"]["seats"][s]["url"]) for s in (0, 1)]
    rng = random.Random(11)

    def check(page: Any, state: Any, seat: int) -> None:
        check_private(page, state, seat, 1 - seat)
        actions, picks = shown_actions(page)
        if state.current_seat != seat:
            assert not actions and not picks, f"page {seat} offers another seat's choices"

    assert helpers.two_people_play(pages, room, 30, check, lambda page: click_something(page, rng)) >= 10
    helpers.close_all(pages)


# -- the renderer on engine views ------------------------------------------------------------------
HANDS = [
    ["3W", "5L", "2B", "7Q", "ward"],
    ["4W", "mirror", "6F", "1Q", "haste"],
    ["5W", "8B", "3L", "tithe", "2F"],
]
SEATS = [{"seat": s, "kind": "person", "name": n, "online": True} for s, n in enumerate(["Ana", "Ben", "Cy"])]
RENDER = """async ([view, labels, content, seats]) => {
  const ms = await import('/static/js/manasurge.js');
  let box = document.getElementById('fixed');
  if (!box) { box = document.createElement('div'); box.id = 'fixed'; document.body.prepend(box); }
  window.acted = [];
  const ctx = { view, labels, content, seats, me: view.seat, over: false, last: null, fresh: false,
                act: (text) => window.acted.push(text) };
  ms.renderTable(box, ctx);
}"""


def engine_view(actions: list[str], seat: int | None = None, **options: Any) -> dict[str, Any]:
    game = tabletop.make("manasurge", players=3, **options)
    setup: dict[str, Any] = {"caster": 0, "hands": HANDS}
    if options.get("wizards"):
        setup["wizards"] = ["trickster", "hoarder", "stoneskin"]
    state = game.new_state(1, setup=setup)
    for text in actions:
        state.apply(game.parse_action(text))
    view: dict[str, Any] = state.view(state.current_seat if seat is None else seat)
    return view


def render(page: Any, view: dict[str, Any]) -> None:
    names = [s["name"] for s in SEATS]
    page.evaluate(RENDER, [view, labels("manasurge", view, names), CONTENT, SEATS])
    page.wait_for_selector("#fixed .ms-table")


def test_the_table_draws_engine_views_and_sends_their_actions(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person", "person"], "manasurge")  # nobody acts: a still page
    context, page, problems = open_page(browser, created["links"]["spectator"])
    fixed = "#fixed"
    # a Frost Wave resonates: Ben may give a card; he picks one, then the player
    view = engine_view(["cast=3W", "cw", "play=4W"], wizards=True)
    assert view["phase"] == "give" and view["seat"] == 1
    render(page, view)
    picks = page.eval_on_selector_all(f"{fixed} [data-pick]", "ns => ns.map(n => n.dataset.pick)")
    assert picks == ["6F", "1Q", "mirror", "haste"] == view["hand"]
    assert page.query_selector(f"{fixed} button[data-action^='give=']") is None
    assert page.get_by_role("button", name="Keep my cards", exact=True).get_attribute("data-action") == "done"
    page.locator(fixed).get_by_role("button", name="6 of Fireball", exact=True).click()
    gifts = page.eval_on_selector_all(
        f"{fixed} button[data-action^='give=']", "bs => bs.map(b => b.dataset.action)"
    )
    assert gifts == ["give=6F@0", "give=6F@2"]
    page.locator(fixed).get_by_role("button", name="Give the 6 of Fireball to Cy", exact=True).click()
    assert page.evaluate("window.acted") == ["give=6F@2"]
    # the wizards: a name on each seat, its text on a click
    cy = f"{fixed} section.ms-seat[data-seat='2'] .ms-wizard"
    assert page.inner_text(f"{cy} summary") == CONTENT["wizards"]["stoneskin"]["name"]
    assert not page.is_visible(f"{cy} .ms-wizard-text")
    page.click(f"{cy} summary")
    assert page.inner_text(f"{cy} .ms-wizard-text") == CONTENT["wizards"]["stoneskin"]["text"]
    # a Dark Mirror copies the 5 of Lightning, as the third seat sees it
    view = engine_view(["cast=5L", "cw", "play=mirror"], seat=2)
    render(page, view)
    named = page.eval_on_selector_all(
        f"{fixed} .ms-spell .ms-card", "cs => cs.map(c => c.getAttribute('aria-label'))"
    )
    assert named == [
        "5 of Lightning, 1 Shard, the Caster token",
        "Dark Mirror, copying the 5 of Lightning, 1 Shard",
    ]
    assert page.text_content(f"{fixed} .ms-spell .ms-card.meta .ms-copy") == "5L"
    assert page.eval_on_selector_all(f"{fixed} .ms-spell .ms-gem", "gs => gs.length") == 2
    assert page.query_selector(f"{fixed} [data-action]") is None  # not this seat's turn
    assert "Waiting for Ben" in page.inner_text(f"{fixed} .ms-me .prompt")
    # the Mirror's player may Counter-Spell
    view = engine_view(["cast=5L", "cw", "play=mirror"])
    assert view["phase"] == "counter" and view["seat"] == 1
    render(page, view)
    buttons = page.eval_on_selector_all(f"{fixed} .ms-actions button", "bs => bs.map(b => b.dataset.action)")
    assert buttons == ["counter", "done"]
    page.locator(fixed).get_by_role("button", name="Counter-Spell", exact=True).click()
    assert page.evaluate("window.acted") == ["counter"]
    # the Caster opens: only numbered cards are offered, each by its name
    view = engine_view([])
    render(page, view)
    hand = page.locator(f"{fixed} .ms-hand")
    for card in ("3W", "5L", "2B", "7Q"):
        assert (
            hand.get_by_role("button", name=card_name(card), exact=True).get_attribute("data-action")
            == f"cast={card}"
        )
    assert page.query_selector(f"{fixed} .ms-hand .ms-card[data-card='ward'].playable") is None
    hand.get_by_role("button", name="5 of Lightning", exact=True).click()
    assert page.evaluate("window.acted") == ["cast=5L"]
    # a log line's ManaSurge card: a chip with its rank and suit letter, named in full
    chip = page.evaluate(
        """async () => { const said = await import('/static/js/said.js');
             const parts = ['You play ', { mana: '5L' }, ' then ', { mana: 'mirror' }];
             const li = said.lineItem({ words: { parts, tone: '' } });
             return [...li.querySelectorAll('.log-mana')]
               .map(c => [c.textContent, c.title, c.className]); }"""
    )
    assert chip == [
        ["5L", "5 of Lightning", "log-mana suit-L"],
        ["Dark Mirror", "Dark Mirror", "log-mana meta"],
    ]
    assert not problems, problems
    context.close()


def test_the_replay_says_each_step_in_the_logs_words(browser: Any, live: Live) -> None:
    """The replay's step label is the table's log sentence for the step ("Bot 1 (easy) plays ..."),
    never the raw action ("seat 0: play=2Q", "seat 2: ccw")."""
    created = create(live, ["easy", "easy", "easy"], "manasurge")
    table = created["table"]["id"]
    room = live.room(table)
    helpers.until_over(room, 120)
    context, page, problems = open_page(browser, f"{live.base}/replay/{table}")
    until(page, "document.querySelector('#step-label').textContent.startsWith('step 0 ')")
    assert page.inner_text("#step-label").endswith(" · the set-up")
    for target in range(1, min(room.step, 8) + 1):
        page.click("#next")
        until(page, f"document.querySelector('#step-label').textContent.startsWith('step {target} ')")
        shown = page.inner_text("#step-label")
        said = shown.split(" · ", 1)[1]
        assert not re.search(r"\bseat \d+:", shown) and "=" not in said, shown
        now = page.eval_on_selector_all("#log li.now", "ls => ls.map(l => l.textContent)")
        if not now:  # a step that made no event (a "done") has no line in the log: who moved, then
            assert re.fullmatch(r"(Bot \d \(easy\)|Seat \d) moves", said), shown
            continue
        # the log's own sentence for this step (its cards named in full rather than as chips)
        assert said[-1] in ".!" and any(line.split()[:4] == said.split()[:4] for line in now), (shown, now)
    assert not problems, problems
    context.close()
