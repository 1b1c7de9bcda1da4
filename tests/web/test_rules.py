"""The rules for players in Debian's Chromium (issue 28): each game's rules page on a phone and a
laptop (its sections, provisional marks, the cards drawn as the table draws them, the glossary),
the lobby's links to it, and at a table of each game: the rules panel opened and closed on a phone
and a laptop, and the game's words marked, explained on keyboard focus and on a tap."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tabletop.core.registry import names
from tabletop.words.rules import games, rules

from .conftest import Live
from .helpers import create, open_page, until

pytestmark = pytest.mark.timeout(120)
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
RULED = [g for g in names() if g in games()]
CHIPS = {"card": ".log-card", "number": ".log-number", "mana": ".log-mana"}
# people only: nobody moves, so the table stays as it is while the test looks at it
SEATS = {"megalomania": 2, "summon7": 2, "clan": 2, "manasurge": 3, "megacorps": 3}


def api(live: Live, path: str) -> Any:
    return json.load(urllib.request.urlopen(f"{live.base}{path}", timeout=10))


def cards_in(data: dict[str, Any]) -> dict[str, int]:
    """How many cards of each kind the rules' paragraphs draw."""
    counted = dict.fromkeys(CHIPS, 0)
    for section in data["sections"]:
        for line in section["paragraphs"]:
            for part in line["parts"]:
                if isinstance(part, dict):
                    counted[next(k for k in CHIPS if k in part)] += 1
    return counted


@pytest.mark.parametrize("game", RULED)
def test_each_games_rules_page_on_a_phone_and_a_laptop(browser: Any, live: Live, game: str) -> None:
    data = api(live, f"/api/rules/{game}")
    loaded = rules(game)
    context, page, problems = open_page(
        browser, f"{live.base}/rules/{game}", PHONE, ".rules-doc .rules-glossary dt"
    )
    for size in (PHONE, LAPTOP):
        page.set_viewport_size(size)
        page.wait_for_timeout(50)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], (
            f"{game} scrolls sideways"
        )
        assert page.inner_text("#title") == f"{loaded.title}: the rules"
        shown = page.eval_on_selector_all(
            ".rules-sections > .rules-section",
            "ss => ss.map(s => [s.dataset.section, s.classList.contains('provisional')])",
        )
        assert shown == [[s.title, s.provisional] for s in loaded.sections]
        marks = page.eval_on_selector_all(
            ".rules-sections > .rules-section h2 .provisional-mark",
            "ms => ms.filter(m => m.offsetWidth > 0).length",
        )
        assert marks == sum(s.provisional for s in loaded.sections), "a visible mark on each designed section"
        for kind, count in cards_in(data).items():  # the cards drawn as the log draws them
            assert len(page.query_selector_all(f".rules-sections {CHIPS[kind]}")) == count, kind
        terms = page.eval_on_selector_all(".rules-glossary dt", "ds => ds.map(d => d.dataset.term)")
        assert terms == [t.term for t in loaded.terms]
        marked = page.eval_on_selector_all(".rules-glossary dt.provisional", "ds => ds.length")
        assert marked == sum(t.provisional for t in loaded.terms)
    if cards_in(data)["card"]:  # a Megalomania card keeps its colour and its shape
        chip = page.query_selector(".rules-sections .log-card")
        assert chip.get_attribute("class").split()[1] in {"black", "red", "yellow", "blue"}
        assert chip.inner_text()[0] in "■♦▲●"
    # the contents move to a section and its heading takes the focus
    last = loaded.sections[-1].title
    page.click(f'.rules-contents a:text-is("{last}")')
    until(page, f"document.activeElement.textContent.startsWith({json.dumps(last)})", 5)
    assert page.evaluate("location.hash") == f"#rules-{len(loaded.sections)}"
    # a term of the glossary is explained in the rules' own text too
    page.focus(".rules-sections .term[tabindex='0']")
    until(page, "!document.querySelector('#glossary-tip').hidden", 5)
    assert not problems, problems
    context.close()


def test_the_rules_index_and_an_unknown_game(browser: Any, live: Live) -> None:
    context, page, problems = open_page(browser, f"{live.base}/rules", PHONE, ".rules-list li")
    links = page.eval_on_selector_all(".rules-list a", "as => as.map(a => a.getAttribute('href'))")
    assert links == [f"/rules/{g}" for g in RULED]
    page.goto(f"{live.base}/rules/chess")
    page.wait_for_selector("#rules .error")
    assert "there is no game called 'chess'" in page.inner_text("#rules .error")
    assert page.inner_text("#title") == "No such rules"
    problems[:] = [p for p in problems if "404" not in p]  # the browser reports the API's 404 itself
    assert not problems, problems
    context.close()


def test_the_lobby_links_each_games_rules(browser: Any, live: Live) -> None:
    context, page, problems = open_page(browser, live.base, LAPTOP, "#learn li a")
    assert page.get_attribute("#game-rules", "href") == "/rules/megalomania"
    assert page.get_attribute("#game-rules", "aria-label") == "Rules of Megalomania"
    page.select_option("#game", "summon7")
    assert page.get_attribute("#game-rules", "href") == "/rules/summon7"
    learn = page.eval_on_selector_all("#learn a", "as => as.map(a => a.getAttribute('href'))")
    assert learn == [f"/rules/{g}" for g in RULED]
    page.click("#learn a[data-game='clan']")
    page.wait_for_selector(".rules-doc")
    assert page.inner_text("#title") == f"{rules('clan').title}: the rules"
    page.go_back()
    page.wait_for_selector("#game-rules")
    page.set_viewport_size(PHONE)
    page.click("#game-rules")
    page.wait_for_selector(".rules-doc")
    assert page.url.endswith("/rules/megalomania")
    problems[:] = [p for p in problems if "401" not in p]  # a guest's "who am I?" (account.js)
    assert not problems, problems
    context.close()


def open_table(browser: Any, url: str, viewport: dict[str, int], touch: bool) -> tuple[Any, Any, list[str]]:
    """``url`` once the board is drawn and the glossary's words are marked."""
    return open_page(browser, url, viewport, ".term[data-term]", has_touch=touch, is_mobile=touch)


TIP = "(t => t && !t.hidden ? t.dataset.term : null)(document.querySelector('#glossary-tip'))"
ACTS = "button, a, [data-action], [data-why], .card, input"
# the first marked word of the table in sight and not covered (the docked seat covers part of a phone)
UNCOVERED = """() => {
  for (const node of document.querySelectorAll('#board .term, #side .term, #log .term')) {
    if (!node.getBoundingClientRect().width) continue;
    node.scrollIntoView({block: 'center'});
    const r = node.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === node || node.contains(hit))) return {x, y, term: node.dataset.term};
  }
  return null;
}"""


def term_name(page: Any, index: str) -> str:
    game = page.evaluate("document.querySelector('.term[data-term]').dataset.game")
    return rules(game).terms[int(index)].term


@pytest.mark.parametrize("game", names())
def test_a_tables_words_are_explained_and_its_rules_open_in_a_panel(
    browser: Any, live: Live, game: str
) -> None:
    if game not in games():
        pytest.skip(f"{game} has no rules file yet (tabletop/words/rules/{game}.toml)")
    created = create(live, ["person"] * SEATS[game], game, table={"clock": {"mode": "none"}})
    room = live.room(created["table"]["id"])
    asked = room.state.current_seat if room.state.current_seat is not None else 0
    url = created["links"]["seats"][asked]["url"]
    title = rules(game).title

    # a laptop and the keyboard: Tab reaches a marked word, whose explanation shows and is its description
    context, page, problems = open_table(browser, url, LAPTOP, touch=False)
    inside = page.eval_on_selector_all(
        ".term", f"ts => ts.filter(t => t.parentElement.closest({ACTS!r})).length"
    )
    assert inside == 0, "a word marked inside something that acts"
    stops = page.eval_on_selector_all(".term[tabindex='0']", "ts => ts.map(t => t.dataset.term)")
    assert stops and len(stops) == len(set(stops)), "one tab stop a word, not one an occurrence"
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('term')"):
            break
    else:
        pytest.fail(f"{game}: Tab never reached a marked word")
    focused = page.evaluate("document.activeElement.dataset.term")
    until(page, f"{TIP} !== null", 5)
    name = term_name(page, focused)
    assert page.evaluate(TIP) == name
    described = page.evaluate(
        "document.getElementById(document.activeElement.getAttribute('aria-describedby')).textContent"
    )
    assert described.startswith(name) and rules(game).terms[int(focused)].text in described
    assert rules(game).terms[int(focused)].text in page.inner_text("#glossary-tip")
    page.keyboard.press("Escape")
    until(page, f"{TIP} === null", 5)
    # the rules panel: over the table, the table's keys asleep, closed by its button, the focus back
    step = page.evaluate("document.body.dataset.step")
    page.click("#rules-button")
    page.wait_for_selector("#rules-dialog[open] .rules-doc")
    assert page.inner_text("#rules-dialog-title") == f"{title}: the rules"
    assert page.evaluate("document.activeElement.id") == "rules-dialog-title"
    page.keyboard.press("?")
    page.keyboard.press("1")
    page.wait_for_timeout(150)
    assert not page.is_visible(".keys-dialog") and page.evaluate("document.body.dataset.step") == step
    assert len(page.query_selector_all("#rules-dialog .rules-section")) == len(rules(game).sections) + 1
    page.click("#rules-dialog .rules-close")
    until(page, "!document.querySelector('#rules-dialog').open", 5)
    assert page.evaluate("document.activeElement.id") == "rules-button"
    assert page.url == url, "the table was never left"
    assert not problems, problems
    context.close()

    # a phone and a finger: a tap explains a word, a tap elsewhere puts it away; the panel fills the screen
    context, page, problems = open_table(browser, url, PHONE, touch=True)
    target = page.evaluate(UNCOVERED)
    assert target, f"{game}: no marked word in sight on a phone"
    page.touchscreen.tap(target["x"], target["y"])
    until(page, f"{TIP} !== null", 5)
    assert page.evaluate(TIP) == term_name(page, target["term"])
    box = page.eval_on_selector(
        "#glossary-tip", "t => { const r = t.getBoundingClientRect(); return [r.left, r.right]; }"
    )
    assert box[0] >= 0 and box[1] <= PHONE["width"], "the explanation fits the window"
    page.touchscreen.tap(195, 20)  # the header
    until(page, f"{TIP} === null", 5)
    page.click("#menu-toggle")
    page.click("#rules-button")
    page.wait_for_selector("#rules-dialog[open] .rules-doc")
    size = page.eval_on_selector(
        "#rules-dialog", "d => { const r = d.getBoundingClientRect(); return [r.width, r.height]; }"
    )
    assert size[0] <= PHONE["width"] and size[1] <= PHONE["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.keyboard.press("Escape")
    until(page, "!document.querySelector('#rules-dialog').open", 5)
    assert page.evaluate("document.activeElement.id") == "rules-button"
    assert page.url == url
    assert not problems, problems
    context.close()
