"""A newcomer's first hour on the lobby and the other pages (issue 29, "Lobby, replay, pages") in
Debian's Chromium, at a laptop's 1280x800 and a phone's 390x844: designers' options folded away,
the new table's links scrolled to, no select cut, each checkbox with its own words, the leaderboard
opened on the game that matters, a first rated game plotted readably, sign-up errors that say what
is wrong, and no console error for a guest on any page.

Rated games are written straight to the server's storage (as test_players.py does): no game is
played here."""

from __future__ import annotations

import json
import re
import secrets
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.core.registry import game_class, names
from tabletop.server.ratings import record_result
from tabletop.server.storage import SeatRow, TableRow

from .conftest import Live
from .helpers import open_page, until

pytestmark = pytest.mark.timeout(180)
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PASSWORD = "correct horse battery"

# For every shown select of the create form: the options whose text is wider than the select shows
# (a copy of the select, sized by the browser to hold that one option, is wider than the select).
CUT_OPTIONS = """() => {
  const cut = [];
  for (const select of document.querySelectorAll("#create select")) {
    if (!select.getClientRects().length) continue;
    const width = select.getBoundingClientRect().width;
    for (const option of select.options) {
      const probe = document.createElement("select");
      probe.className = select.className;
      probe.append(new Option(option.text));
      Object.assign(probe.style, { position: "absolute", visibility: "hidden", width: "auto" });
      Object.assign(probe.style, { minWidth: "0", maxWidth: "none", flex: "none" });
      select.parentElement.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const name = select.id || select.dataset.option || `seat ${select.dataset.seat}`;
      if (needed > width + 0.5) cut.push(`${name}: ${option.text}`);
    }
  }
  return cut;
}"""

# For every shown checkbox of the create form: whether it sits just before its own words, on
# their first line (not after them, nor on a line between two labels).
CHECKBOXES = """() => [...document.querySelectorAll("#create input[type=checkbox]")]
  .filter((box) => box.getClientRects().length)
  .map((box) => {
    const label = box.closest("label");
    const words = label ? [...label.childNodes].find((n) => n !== box && n.textContent.trim()) : null;
    if (!words) return [box.id || box.dataset.option, false];
    const range = document.createRange();
    range.selectNodeContents(words);
    const line = range.getClientRects()[0];
    const b = box.getBoundingClientRect();
    const middle = (b.top + b.bottom) / 2;
    const first = middle >= line.top && middle <= line.bottom;
    return [box.id || box.dataset.option, first && b.right <= line.left + 1];
  })"""


def post(live: Live, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{live.base}{path}", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    data: dict[str, Any] = json.load(urllib.request.urlopen(request, timeout=10))
    return data


def rated(live: Live, table: str, game: str, user_id: int, players: int, rank: int, at: float) -> None:
    """A finished rated table of ``game``: the account in seat 0, easy bots in the others."""
    storage = live.app.state.hub.storage
    seats = [SeatRow(0, "person", token_hash="5e" * 32, name="p0", joined=True, user_id=user_id)]
    seats += [SeatRow(s, "bot", level="easy") for s in range(1, players)]
    ranks = [rank] + [r for r in range(1, players + 1) if r != rank]
    storage.insert_table(TableRow(table, game, {"players": players}, 7, None, at - 900, seats, rated=True))
    storage.set_ranks(table, ranks)
    storage.update_table(table, {"finished": True, "finished_at": at})
    assert record_result(storage, table, game, seats, ranks, at)


@pytest.fixture(scope="module")
def league(live: Live) -> Iterator[dict[str, str]]:
    """Two accounts: otto's two rated Summon 7 games, then lena's rated Summon 7 and, last, her
    first rated ManaSurge game (3rd of 3)."""
    tag = secrets.token_hex(3)
    people = {"otto": f"otto_{tag}", "lena": f"lena_{tag}"}
    ids = {}
    for key, name in people.items():
        post(live, "/api/account/signup", {"name": name, "password": PASSWORD})
        user = live.app.state.hub.storage.user(name)
        assert user is not None
        ids[key] = user.id
    now = time.time()
    rated(live, f"o1{tag}", "summon7", ids["otto"], 2, 1, now - 9000)
    rated(live, f"o2{tag}", "summon7", ids["otto"], 2, 2, now - 8000)
    rated(live, f"l1{tag}", "summon7", ids["lena"], 2, 1, now - 7000)
    rated(live, f"l2{tag}", "manasurge", ids["lena"], 3, 3, now - 60)
    yield people


def log_in(context: Any, live: Live, name: str) -> None:
    """Log the browser context in (its requests share the context's cookies)."""
    answer = context.request.post(f"{live.base}/api/account/login", data={"name": name, "password": PASSWORD})
    assert answer.ok, answer.text()


def test_a_guest_sees_no_console_error_on_any_page(browser: Any, live: Live, league: dict[str, str]) -> None:
    pages = [
        ("/", "#login"),
        ("/account", "#forgot-form"),
        (f"/players/{league['lena']}", "#games tbody tr"),
        ("/leaderboard", ".ratings-table tbody tr"),
        ("/rules", ".rules-main a"),
    ]
    context, page, problems = open_page(browser, live.base + pages[0][0], LAPTOP, pages[0][1])
    page.wait_for_selector("#options [data-option]")
    for path, ready in pages:
        page.goto(live.base + path)
        page.wait_for_selector(ready)
        page.wait_for_load_state("networkidle")
        assert not problems, (path, problems)
    page.goto(f"{live.base}/account")
    page.wait_for_selector("#account #login")  # a guest come to see their settings logs in here
    context.close()


def three_untimed_against_bots(page: Any) -> None:
    """Make a table of three in the lobby's form, the two others easy bots, untimed; once made."""
    page.select_option("[data-option=players]", "3")
    for seat in ("1", "2"):
        page.select_option(f"#seats select[data-seat='{seat}']", "easy")
    page.select_option("#clock", "none")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#created .link-row")


def test_the_lobby_folds_designers_options_and_keeps_their_defaults(browser: Any, live: Live) -> None:
    context, page, problems = open_page(browser, live.base, LAPTOP, "#options [data-option]")
    catalogue = {g["name"]: g for g in page.evaluate("fetch('/api/games').then((r) => r.json())")["games"]}
    for game in names():
        page.select_option("#game", game)
        for option in catalogue[game]["options"]:
            folded = page.eval_on_selector(f"[data-option='{option['name']}']", "i => !!i.closest('details')")
            assert folded == option["advanced"], (game, option["name"])
    page.select_option("#game", "manasurge")
    shown = page.inner_text("#options")
    assert "Deal each player a wizard" in shown and "Number of players" in shown
    for words in ("pnp", "rulebook", "not in the rules", "may choose to be struck"):
        assert words not in shown, words  # folded, so not rendered
    assert not page.is_visible("[data-option=damage_order]")
    page.click(".advanced-options summary")
    assert page.is_visible("[data-option=damage_order]") and page.is_visible("[data-option=max_rounds]")
    # a table made with the fold untouched plays the game as printed
    three_untimed_against_bots(page)
    table = page.inner_text("#created h3").split()[1]
    defaults = {spec.name: spec.default for spec in game_class("manasurge").option_specs}
    assert live.room(table).game.options == {**defaults, "players": 3}
    assert not problems, problems
    context.close()


def test_the_new_tables_links_are_scrolled_to_and_focused(browser: Any, live: Live) -> None:
    context, page, problems = open_page(browser, live.base, LAPTOP, "#options [data-option]")
    page.select_option("#game", "manasurge")
    three_untimed_against_bots(page)
    take = "document.querySelector('#created a.button.primary')"
    until(page, f"document.activeElement === {take}")
    assert page.evaluate("document.activeElement.textContent") == "Take this seat"
    # the panel in sight once the scroll settles: its heading and its first link both in the window
    until(
        page,
        "(() => { const h = document.querySelector('#created h3').getBoundingClientRect();"
        f" const t = {take}.getBoundingClientRect();"
        " return h.top >= 0 && t.bottom <= innerHeight; })()",
    )
    assert page.evaluate("scrollY") > 0  # it was below the fold
    assert not problems, problems
    context.close()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_no_select_is_cut_and_each_checkbox_sits_with_its_words(
    browser: Any, live: Live, viewport: dict[str, int]
) -> None:
    context, page, problems = open_page(browser, live.base, viewport, "#options [data-option]")
    checked = 0
    for game in names():
        page.select_option("#game", game)
        if page.query_selector(".advanced-options"):
            page.click(".advanced-options summary")
        for clock in ("realtime", "fast", "slow", "turn", "turn3", "none"):
            page.select_option("#clock", clock)  # the line under it tells the chosen one in full
            assert page.inner_text("#clock-detail").strip()
        assert page.evaluate(CUT_OPTIONS) == [], game
        boxes = page.evaluate(CHECKBOXES)
        assert all(ok for _, ok in boxes), (game, boxes)
        checked += len(boxes)
    assert checked >= 2 * len(names()) + 4  # Rated and Private every time, and the games' own
    assert not problems, problems
    context.close()


def test_the_leaderboard_opens_on_your_last_rated_game(
    browser: Any, live: Live, league: dict[str, str]
) -> None:
    context, page, problems = open_page(
        browser, f"{live.base}/leaderboard", LAPTOP, ".ratings-table tbody tr"
    )
    assert page.input_value("#game") == "summon7"  # a guest: the game with the most rated games
    log_in(context, live, league["lena"])
    page.goto(f"{live.base}/leaderboard")
    page.wait_for_selector(".ratings-table tbody tr")
    assert page.input_value("#game") == "manasurge"  # lena's last rated game
    assert page.text_content("#board-title") == "ManaSurge: ratings"
    assert league["lena"] in page.inner_text("#board")
    page.wait_for_selector("#ladder code:has-text('tabletop ladder manasurge')")  # its ladder
    not_measured = {"game": "megalomania", "ladder": None}  # the answer for a game with no ladder file
    page.route("**/api/ladder/megalomania", lambda route: route.fulfill(json=not_measured))
    page.goto(f"{live.base}/leaderboard?game=megalomania")
    page.wait_for_selector("#ladder p:has-text('Not measured yet')")
    page.goto(f"{live.base}/leaderboard?game=summon7")  # a link to a game's board still opens it
    page.wait_for_selector(".ratings-table tbody tr")
    assert page.input_value("#game") == "summon7"
    page.wait_for_selector("#ladder .ladder-table tbody tr")  # what the levels mean (issue 34)
    levels = page.eval_on_selector_all("#ladder tbody tr", "rs => rs.map(r => r.cells[0].textContent)")
    assert levels == ["random", "heuristic", "easy", "normal", "hard"]
    assert "tabletop ladder summon7" in page.inner_text("#ladder code")
    assert not problems, problems
    context.close()


def test_a_first_rated_game_is_a_readable_line_on_the_phone(
    browser: Any, live: Live, league: dict[str, str]
) -> None:
    name = league["lena"]
    context, page, problems = open_page(browser, f"{live.base}/players/{name}", PHONE, "#plot li")
    summary = page.inner_text("#plot .plot-summary")
    manasurge = re.search(r"ManaSurge: 1000 at the start, (\d+) after 1 rated game \(down (\d+)\)", summary)
    assert manasurge is not None, summary
    assert 1000 - int(manasurge[1]) == int(manasurge[2])
    until(page, "document.querySelector('#plot img').complete")
    source = page.evaluate("document.querySelector('#plot img').currentSrc")
    assert source.endswith("rating.svg?size=narrow")
    svg = page.evaluate("fetch(document.querySelector('#plot img').currentSrc).then((r) => r.text())")
    box = re.search(r'viewBox="0 0 ([\d.]+) ', svg)
    sizes = [float(s) for s in re.findall(r"font-size: ([\d.]+)px", svg)]
    assert box is not None and sizes
    scale = page.evaluate("document.querySelector('#plot img').getBoundingClientRect().width") / float(box[1])
    assert min(sizes) * scale >= 11, (min(sizes), scale)  # every label at least 11 px as shown
    assert not problems, problems
    context.close()


def test_a_refused_sign_up_says_what_is_wrong_and_keeps_the_name_in_focus(browser: Any, live: Live) -> None:
    context, page, problems = open_page(browser, live.base, PHONE, "#signup")
    page.click("#signup")
    page.fill("#account-name", "ana bob")
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#account-error:not([hidden])")
    assert page.inner_text("#account-error") == "A name cannot contain a space."
    assert page.evaluate("document.activeElement.id") == "account-name"
    assert page.get_attribute("#account-name", "aria-invalid") == "true"
    page.fill("#account-name", "an")
    page.click("#account-submit")
    until(page, "document.querySelector('#account-error').textContent.includes('at least 3')")
    assert page.inner_text("#account-error") == "A name needs at least 3 characters, not 2."
    assert page.evaluate("document.activeElement.id") == "account-name"
    page.fill("#account-name", f"bo_{secrets.token_hex(3)}")
    page.fill("#account-password", "short")
    page.click("#account-submit")
    until(page, "document.querySelector('#account-error').textContent.includes('password')")
    assert page.evaluate("document.activeElement.id") == "account-password"
    assert [p for p in problems if "status of 400" not in p] == [], problems  # the refusals only
    context.close()
