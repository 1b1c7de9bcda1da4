"""Phones, touch and the keyboard at the table (issue 29), in Debian's Chromium: a tap shows a card's
whole text (and plays nothing until its Play button), prompts say "tap" on a touch screen, no card
name or seat name cut or spilling on a 390x844 phone, the docked seat covering none of the rules,
every tooltip's words reachable by a tap, digits typed on the keyboard working from the list of
places and echoed, and the choices' numbers covering no text.  The tables are engine views drawn
into a still page (a table of people where nobody acts), so nothing waits on a bot."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import tabletop
from tabletop.words import content, labels

from ..games.megacorps.helpers import FIXED
from .conftest import Live
from .helpers import close_all, create, open_page, until
from .layout import covered_by, cut_text

pytestmark = pytest.mark.timeout(120)
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]

# A game's view drawn into the page's own board, as table.js draws it (its words for the device,
# the keyboard's numbers), with the actions it sends kept in window.acted.
RENDER = """async ([game, view, labels, content, seats]) => {
  const r = await import(`/static/js/${game}.js`);
  const keys = await import('/static/js/keys.js');
  const text = await import('/static/js/cardtext.js');
  window.acted = [];
  const act = (a) => window.acted.push(a);
  const ctx = { view, labels, content, seats, me: view.seat, over: false, last: null, fresh: false, act,
                offers: [], table: { id: 'still', trading: true }, send: () => true };
  const board = document.getElementById('board');
  r.renderTable(board, ctx);
  text.deviceWords(board);
  keys.noteChoices(view.legal, act, board);
  r.renderSide(document.getElementById('side'), ctx);
}"""


def seats(n: int, bots: bool = False) -> list[dict[str, Any]]:
    if bots:  # seat 0 a person, the others bots with no name: "Bot 1 (normal)"
        return [{"seat": 0, "kind": "person", "name": "Ana", "online": True}] + [
            {"seat": s, "kind": "bot", "level": "normal", "online": True} for s in range(1, n)
        ]
    return [{"seat": s, "kind": "person", "name": NAMES[s], "online": True} for s in range(n)]


def draw(page: Any, game: str, view: dict[str, Any], who: list[dict[str, Any]]) -> None:
    names = [s.get("name") or f"Bot {s['seat']} (normal)" for s in who]
    page.evaluate(RENDER, [game, view, labels(game, view, names), content(game), who])
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def acted(page: Any) -> list[str]:
    return list(page.evaluate("window.acted"))


# -- engine views --------------------------------------------------------------------------------------------
MS_HANDS = [
    ["3W", "5L", "2B", "7Q", "sanctuary"],
    ["4W", "mirror", "6F", "1Q", "foresight"],
    ["5W", "8B", "3L", "tithe", "2F"],
    ["6W", "6B", "4L", "amplify", "3F"],
    ["7W", "1B", "5Q", "silence", "4F"],
]


def manasurge(actions: list[str], players: int = 3, seat: int | None = None) -> dict[str, Any]:
    game = tabletop.make("manasurge", players=players)
    state = game.new_state(1, setup={"caster": 0, "hands": MS_HANDS[:players]})
    for text in actions:
        state.apply(game.parse_action(text))
    who = state.current_seat if seat is None else seat
    return {
        **state.view(who),
        "legal": [str(a) for a in state.legal_actions()] if who == state.current_seat else [],
    }


def midgame(game: str, players: int, steps: int, seed: int = 3, **options: Any) -> dict[str, Any]:
    """The view of the seat asked after ``steps`` actions taken at random (a seeded game: the same
    position every run), with its legal actions; past ``steps``, until a seat has a choice."""
    import random

    rng = random.Random(seed)
    made = tabletop.make(game, players=players, **options)
    state = made.new_state(seed)
    taken = 0
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions_for(seat)
        if taken >= steps and len(legal) > 1:
            return {**state.view(seat), "legal": [str(a) for a in legal]}
        state.apply(rng.choice(legal), seat)
        taken += 1


MC_SETUP = {**FIXED, "countries": {"rus": 0, "jpn": 0}}


def megacorps(seat: int = 0) -> dict[str, Any]:
    from tabletop.core.protocol import with_previews

    state = tabletop.make("megacorps", players=3).new_state(1, setup=MC_SETUP)
    view = {**state.view(seat), "legal": [str(a) for a in state.legal_actions_for(seat)]}
    return dict(with_previews(state, seat, view))


def reach_counter(seed: int, cards: int, players: int = 3) -> dict[str, Any]:
    """A seeded ManaSurge game of wizards played at random until a seat may Counter-Spell a spell of
    ``cards`` cards or more: the tallest felts a phone shows while you decide."""
    import random

    rng = random.Random(seed)
    state = tabletop.make("manasurge", players=players, wizards=True).new_state(seed)
    while True:
        view = state.view(state.current_seat)
        if view["phase"] == "counter" and len(view["spell"]) >= cards:
            return {**view, "legal": [str(a) for a in state.legal_actions()]}
        state.apply(rng.choice(state.legal_actions()))


# -- the pages -----------------------------------------------------------------------------------------------
def still_page(browser: Any, live: Live, viewport: dict[str, int], touch: bool) -> tuple[Any, Any, list[str]]:
    """A spectator's page of a table of people where nobody acts: the board is ours to draw on."""
    created = create(live, ["person"] * 3, "manasurge", table={"clock": {"mode": "none"}})
    url = created["links"]["spectator"]
    return open_page(browser, url, viewport, "#board .ms-table", has_touch=touch, is_mobile=touch)


def kept_open(browser: Any, live: Live, viewport: dict[str, int], touch: bool) -> Iterator[Any]:
    """A still page for a module's tests, closed after them once it has logged no error."""
    opened = still_page(browser, live, viewport, touch)
    yield opened[1]
    close_all([opened])


@pytest.fixture(scope="module")
def phone(browser: Any, live: Live) -> Iterator[Any]:
    yield from kept_open(browser, live, PHONE, touch=True)


@pytest.fixture(scope="module")
def laptop(browser: Any, live: Live) -> Iterator[Any]:
    yield from kept_open(browser, live, LAPTOP, touch=False)


BOX = "#card-text"
SHOWN = "(() => { const b = document.querySelector('#card-text'); return Boolean(b && !b.hidden); })()"


def box_shown(page: Any) -> bool:
    return bool(page.evaluate(SHOWN))


# -- a card's whole text on a tap ----------------------------------------------------------------------------
def test_a_tap_shows_a_cards_whole_text_and_plays_it_only_from_its_button(phone: Any, laptop: Any) -> None:
    suits = content("manasurge")["suits"]
    view = manasurge([])  # the Caster casts: seat 0's numbered cards are its choices
    draw(phone, "manasurge", view, seats(3))
    prompt = phone.inner_text(".ms-me .prompt")
    assert "tap a numbered card" in prompt and "click" not in prompt.lower(), prompt
    card = "#board .ms-hand [data-action='cast=5L']"
    phone.tap(card)
    until(phone, SHOWN, 5)
    assert phone.inner_text(f"{BOX} .ct-name") == "5 of Lightning"
    assert phone.inner_text(f"{BOX} .ct-body") == suits["L"]["text"]
    assert phone.inner_text(f"{BOX} .ct-play") == "Cast"
    assert acted(phone) == [], "the first tap only shows the card"
    phone.tap(card)  # a second tap on the card puts its text away, and still plays nothing
    until(phone, f"!{SHOWN}", 5)
    assert acted(phone) == []
    phone.tap(card)
    until(phone, SHOWN, 5)
    inside = phone.eval_on_selector(
        BOX, "b => { const r = b.getBoundingClientRect(); return [r.left, r.right]; }"
    )
    assert inside[0] >= 0 and inside[1] <= PHONE["width"], "the box fits the window"
    phone.tap(f"{BOX} .ct-play")
    until(phone, f"!{SHOWN}", 5)
    assert acted(phone) == ["cast=5L"]
    # words only in a tooltip: a tap shows them too; a tap elsewhere puts them away
    phone.tap("#board .ms-piles")
    until(phone, SHOWN, 5)
    assert phone.inner_text(f"{BOX} .ct-name") == phone.get_attribute("#board .ms-piles", "title")
    assert phone.query_selector(f"{BOX} .ct-play") is None
    phone.tap("#title")
    until(phone, f"!{SHOWN}", 5)
    # a card played, seen in the spell, and in the log: its text on a tap
    draw(phone, "manasurge", manasurge(["cast=5L", "cw", "play=mirror"]), seats(3))
    phone.tap("#board .ms-spell .ms-card[data-card='5L']")
    until(phone, SHOWN, 5)
    assert phone.inner_text(f"{BOX} .ct-body") == suits["L"]["text"]
    assert "Shard" in phone.inner_text(f"{BOX} .ct-note")
    phone.tap("#title")

    # a mouse plays at its first click, as before, and the prompt says "click"
    draw(laptop, "manasurge", view, seats(3))
    assert "click a numbered card" in laptop.inner_text(".ms-me .prompt")
    laptop.click(card)
    assert acted(laptop) == ["cast=5L"] and not box_shown(laptop)


def test_megacorps_event_cards_open_whole_on_a_phone(browser: Any, live: Live, phone: Any) -> None:
    events = content("megacorps")["events"]
    # a seat's own page: its event card cannot be played in the draft; its text, cut short on a phone,
    # opens whole on a tap, with the engine's reason why not now (why.js) in the same box
    for _ in range(10):  # a table where some seat was dealt an event card
        created = create(live, ["person"] * 3, "megacorps", table={"clock": {"mode": "none"}})
        room = live.room(created["table"]["id"])
        held = [s for s in range(3) if room.state.view(s)["hand"]]
        if held:
            break
    seat = held[0]
    code = room.state.view(seat)["hand"][0]
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.goto(created["links"]["seats"][seat]["url"])
    card = f"#board .mc-hand .mc-card[data-card='{code}']"
    page.wait_for_selector(card)
    text = f"{card} .mc-card-text"
    assert page.eval_on_selector(text, "t => t.scrollHeight > t.clientHeight + 1"), "cut short on a phone"
    page.locator(card).scroll_into_view_if_needed()
    page.tap(card)
    until(page, SHOWN, 5)
    assert page.inner_text(f"{BOX} .ct-name") == events[code]["name"]
    assert page.inner_text(f"{BOX} .ct-body") == events[code]["text"]
    until(page, "document.querySelector('#card-text .ct-why').textContent.length > 1", 5)
    reason = page.text_content("#why-tip")
    assert reason and page.inner_text(f"{BOX} .ct-why") == reason, "the engine's reason, in the same box"
    assert page.evaluate("getComputedStyle(document.querySelector('#why-tip')).visibility") == "hidden"
    assert room.step == 0
    page.tap("#title")
    until(page, f"!{SHOWN}", 5)
    assert not problems, problems
    context.close()

    # a card you may play: a tap chooses it (its own confirmation, MegaCorps' "Play it" or "Back"),
    # and the chosen card shows its whole text; the prompt says "tap"
    view = megacorps()
    draw(phone, "megacorps", view, seats(3))
    prompt = phone.inner_text(".mc-decision .prompt")
    assert "tap a company" in prompt and "click" not in prompt.lower(), prompt
    card = "#board .mc-hand .mc-card[data-action='play kleptocrats']"
    phone.locator(card).scroll_into_view_if_needed()
    phone.tap(card)
    phone.wait_for_selector(f"{card}[aria-expanded='true']")
    assert acted(phone) == [] and not box_shown(phone)
    assert phone.eval_on_selector(f"{card} .mc-card-text", "t => t.scrollHeight <= t.clientHeight + 1"), (
        "whole"
    )
    assert phone.inner_text(f"{card} .mc-card-text") == events["kleptocrats"]["text"]


def test_every_games_cards_and_tooltips_open_on_a_tap(phone: Any) -> None:
    # Megalomania: a card of your hand, its power, played from the box; a card handed over, its own verb
    view = midgame("megalomania", 4, 16)
    assert view["phase"] == "play" and "Eu" in view["legal"]
    draw(phone, "megalomania", view, seats(4))
    phone.tap("#board .me-box .hand .card[data-action='Eu']")
    until(phone, SHOWN, 5)
    assert phone.inner_text(f"{BOX} .ct-name") == "The blue Emperor (15)"
    assert "nobody may use powers or cubes" in phone.inner_text(f"{BOX} .ct-body")
    assert acted(phone) == []
    phone.tap(f"{BOX} .ct-play")
    assert acted(phone) == ["Eu"]
    draw(phone, "megalomania", midgame("megalomania", 4, 12), seats(4))
    assert "tap them" in phone.inner_text("#board .me-box .prompt")
    phone.tap("#board .me-box .hand .card[data-action='give=Ku']")
    until(phone, SHOWN, 5)
    assert phone.inner_text(f"{BOX} .ct-play") == "Hand it over" and acted(phone) == []
    phone.tap("#title")
    # the clan game: a character's whole text, chosen from the box
    characters = content("clan")["characters"]
    draw(phone, "clan", midgame("clan", 3, 0), seats(3))
    assert "tap a card" in phone.inner_text("#board .clan-choose .caption")
    card = "#board [data-action='choose=miser']"
    phone.locator(card).scroll_into_view_if_needed()
    phone.tap(card)
    until(phone, SHOWN, 5)
    assert phone.inner_text(f"{BOX} .ct-body") == characters["miser"]["text"]
    assert phone.inner_text(f"{BOX} .ct-play") == "Choose" and acted(phone) == []
    phone.tap(f"{BOX} .ct-play")
    assert acted(phone) == ["choose=miser"]
    # Summon 7: what the deck holds, told only in its columns' tooltips
    draw(phone, "summon7", midgame("summon7", 4, 6), seats(4))
    column = phone.locator("#board .s7-odds [title]").first
    column.scroll_into_view_if_needed()
    column.tap()
    until(phone, SHOWN, 5)
    assert phone.inner_text(f"{BOX} .ct-name") == column.get_attribute("title")
    phone.tap("#title")
    until(phone, f"!{SHOWN}", 5)


# -- a phone: nothing cut, nothing spilling, the docked seat over none of the rules --------------------------
PHONES = [PHONE, {"width": 360, "height": 740}]


def frame(page: Any) -> None:
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def test_a_phone_cuts_no_name_or_card_and_the_docked_seat_covers_no_rule(phone: Any) -> None:
    # ManaSurge for five, four of them bots: whole names, metamagic names on their cards
    view = manasurge([], players=5)
    assert "sanctuary" in view["hand"]
    draw(phone, "manasurge", view, seats(5, bots=True))
    names = phone.eval_on_selector_all("#board .ms-seat .seat-head .name", "ns => ns.map(n => n.textContent)")
    assert names == ["Bot 1", "Bot 2", "Bot 3", "Bot 4"]  # a bot's level is in the scores: "Bot 1 (normal)"
    phone.evaluate("document.getElementById('title').textContent = 'Megalomania'")  # the longest game's name
    for size in PHONES:
        phone.set_viewport_size(size)
        frame(phone)
        assert cut_text(phone) == [] and cut_text(phone, ".top") == [], size
    phone.set_viewport_size(PHONE)
    # the Counter-Spell asked on tall felts (wizards; three players and a spell of four cards, five
    # and a spell of ten): at the top of the page, the seat docked at the bottom leaves the spell's
    # rules, the valid rank and the latest card in sight
    for players, seed, cards in [(3, 1, 4), (5, 5, 10)]:
        view = reach_counter(seed, cards, players)
        assert view["legal"] == ["counter", "done"]
        who = seats(players, bots=True)
        me = view["seat"]
        who[0], who[me] = {"seat": 0, "kind": "bot", "level": "normal", "online": True}, who[0] | {"seat": me}
        draw(phone, "manasurge", view, who)
        phone.evaluate("window.scrollTo(0, 0)")
        frame(phone)
        latest = "#board .ms-spell .ms-play:last-child .ms-card"
        assert phone.is_visible("#board .ms-rules .ms-valid")
        assert covered_by(phone, f"#board .ms-rules, #board .ms-valid, {latest}", "#board .ms-me") == []
        docked = phone.eval_on_selector("#board .ms-me", "n => n.getBoundingClientRect().bottom")
        assert docked <= PHONE["height"] + 0.5, "your seat stays docked in sight"
        assert cut_text(phone) == []
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"a spell of {len(view['spell'])} cards fits across"
    # the other games, mid-game, with bots at every other seat
    for game, players, steps in [
        ("megalomania", 4, 30),
        ("summon7", 6, 12),
        ("clan", 5, 40),
        ("megacorps", 6, 40),
    ]:
        view = midgame(game, players, steps)
        me = view.get("seat", 0)
        who = seats(players, bots=True)
        who[0], who[me] = {"seat": 0, "kind": "bot", "level": "normal", "online": True}, who[0] | {"seat": me}
        draw(phone, game, view, who)
        for size in PHONES:
            phone.set_viewport_size(size)
            frame(phone)
            # MegaCorps' event cards are cut short on a phone: a tap opens them (the test above)
            found = [p for p in cut_text(phone) if "(mc-card-text)" not in p]
            assert found == [], f"{game} at {size}: {found}"
        phone.set_viewport_size(PHONE)


# -- the keyboard --------------------------------------------------------------------------------------------
# Each choice's number while the keyboard is in use: one in the flow of its element's words takes room
# of its own; one placed over its element (a card's) must cover no words of the table.
BADGES = """() => {
  const words = [];
  const walker = document.createTreeWalker(document.getElementById('board'), NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.nodeValue.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    for (const r of range.getClientRects()) {
      if (r.width > 1 && r.height > 1) words.push([r, t.nodeValue.trim()]);
    }
  }
  const out = { numbered: 0, problems: [] };
  for (const n of document.querySelectorAll('#board [data-shortcut]')) {
    const b = getComputedStyle(n, '::before');
    if (!n.getClientRects().length) continue;
    if (b.content !== `"${n.dataset.shortcut}"` || b.display === 'none') {
      out.problems.push(`${n.dataset.shortcut}: no number`);
      continue;
    }
    out.numbered += 1;
    if (b.position === 'static') continue;
    const box = n.getBoundingClientRect();
    const m = new DOMMatrix(b.transform === 'none' ? undefined : b.transform);
    const x = box.left + n.clientLeft + parseFloat(b.left) + m.e;
    const y = box.top + n.clientTop + parseFloat(b.top) + m.f;
    const w = parseFloat(b.width) + parseFloat(b.paddingLeft) + parseFloat(b.paddingRight);
    const h = parseFloat(b.height) + parseFloat(b.paddingTop) + parseFloat(b.paddingBottom);
    for (const [r, text] of words) {
      const dx = Math.min(x + w, r.right) - Math.max(x, r.left);
      const dy = Math.min(y + h, r.bottom) - Math.max(y, r.top);
      if (dx > 1 && dy > 1) out.problems.push(`${n.dataset.shortcut} covers ${text.slice(0, 30)}`);
    }
  }
  return out;
}"""


def numbers_cover_nothing(page: Any, game: str) -> None:
    found = page.evaluate(BADGES)
    assert found["numbered"] > 0 and found["problems"] == [], f"{game}: {found}"


def test_digits_work_from_the_list_are_echoed_and_numbers_cover_no_words(laptop: Any) -> None:
    view = megacorps()
    legal = view["legal"]
    assert len(legal) > 20
    draw(laptop, "megacorps", view, seats(3))
    laptop.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(40):  # Tab, as the keys list says, until the list of places has the focus
        laptop.keyboard.press("Tab")
        if laptop.evaluate("document.activeElement.id") == "mc-place-select":
            break
    else:
        pytest.fail("Tab never reached the list of places")
    chosen = laptop.evaluate("document.activeElement.value")
    laptop.keyboard.press("1")
    until(laptop, "(b => b && !b.hidden)(document.querySelector('#keys-typed'))", 5)
    assert laptop.inner_text("#keys-typed .keys-digits") == "1", "the digit typed so far shows"
    assert acted(laptop) == [], "a choice of ten or more waits for the next digit"
    laptop.keyboard.press("2")
    assert acted(laptop) == [legal[11]]
    assert laptop.inner_text("#keys-typed") == "Choice 12"
    assert laptop.evaluate("document.activeElement.value") == chosen, "the digits were not the list's"
    last = len(legal) + 1  # a number past the last choice: said, nothing played
    for digit in str(last):
        laptop.keyboard.press(digit)
    if len(str(last)) > 1 and last * 10 <= len(legal):
        laptop.keyboard.press("Enter")
    until(laptop, "document.querySelector('#keys-typed').textContent.startsWith('No choice')", 5)
    assert acted(laptop) == [legal[11]]
    assert laptop.evaluate("document.body.classList.contains('keyboard')")
    numbers_cover_nothing(laptop, "megacorps")
    for game, players, steps in [
        ("megalomania", 4, 30),
        ("manasurge", 3, 4),
        ("clan", 3, 0),
        ("summon7", 4, 6),
    ]:
        draw(laptop, game, midgame(game, players, steps), seats(players))
        numbers_cover_nothing(laptop, game)


def test_the_replay_opens_a_cards_whole_text_on_a_tap(browser: Any, live: Live) -> None:
    """The replay draws the table with the same renderers: their words open on a tap there too."""
    created = create(live, ["person"] * 3, "manasurge", table={"clock": {"mode": "none"}})
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(f"page error: {err}"))
    page.goto(f"{live.base}/replay/{created['table']['id']}")
    page.wait_for_selector("#board .ms-table")
    worded = "#board [data-text]:not([data-text='']), #board [title]"
    assert page.locator(worded).count() > 0
    page.locator(worded).first.tap()
    until(page, SHOWN, 5)
    assert page.inner_text(BOX).strip()
    assert not problems, problems
    context.close()
