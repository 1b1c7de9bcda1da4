"""Helpers for the layout tests (test_layout.py): a mid-game position for each game, reached by
clicking with bots at the table, and what the page shows at a given size, measured in the page."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import helpers
from .conftest import Live
from .helpers import click, create, pending, step

# name: (width, height); the phones' first
SIZES = {
    "phone": (390, 844),
    "phone-small": (360, 740),
    "phone-landscape": (844, 390),
    "tablet": (768, 1024),
    "laptop": (1366, 768),
    "laptop-small": (1280, 800),
    "desktop": (1920, 1080),
}
PHONES = {"phone", "phone-small", "phone-landscape"}
UNTIMED = {"clock": {"mode": "none"}}


@dataclass(frozen=True)
class Game:
    """A game's table in the page: what to wait for, your hand, your choices, whose turn, scores."""

    name: str
    ready: str  # the table's root
    hand: str  # your cards
    actions: str  # every legal action's target
    turn: str  # the words that say whose turn it is
    scores: str  # every seat's score
    table: str  # what is on the table: the other seats, the cards in play


GAMES = {
    "megalomania": Game(
        "megalomania",
        ".mg-table",
        ".me-box .hand .card",
        "#board [data-action], #board .card.playable",
        ".me-box .prompt",
        ".mg-table .seat-head .score",
        ".felt .seat-box, .trick-area .card",
    ),
    "summon7": Game(
        "summon7",
        ".s7-table",
        ".s7-me .s7-me-cards .card",
        "#board [data-action]",
        ".s7-me .prompt",
        ".s7-table .score",
        ".s7-seat, .s7-odds",
    ),
    "clan": Game(
        "clan",
        ".s7-table",
        ".s7-me .s7-me-cards .card, .s7-me .pw-hand .card",
        "#board [data-action]",
        ".s7-me .prompt",
        ".s7-table .score",
        ".s7-seat, .s7-odds",
    ),
    "manasurge": Game(
        "manasurge",
        ".ms-table",
        ".ms-me .ms-hand .ms-card",
        "#board [data-action], #board [data-pick]",
        ".ms-me .prompt",
        ".ms-table .ms-shard-count",
        ".ms-seat, .ms-spell .ms-card",
    ),
    "megacorps": Game(
        "megacorps",
        ".mc-table",
        ".mc-hand .mc-card",
        ".mc-decision [data-action], .mc-decision input, .mc-decision select, .mc-decision button",
        ".mc-decision .prompt",
        ".mc-players .mc-stat.money",
        ".mc-player",
    ),
}

MEASURE = """(sel) => {
  const box = (n) => { const r = n.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const inside = (r) => r.x >= -0.5 && r.y >= -0.5
    && r.x + r.w <= innerWidth + 0.5 && r.y + r.h <= innerHeight + 0.5;
  const shown = (n) => { const r = n.getBoundingClientRect(); const s = getComputedStyle(n);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
  const covered = (n) => { const r = n.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    return !(hit && (n === hit || n.contains(hit) || hit.contains(n))); };
  const list = (s) => [...document.querySelectorAll(s)].filter(shown).map((n) => {
    const r = box(n);
    const said = n.dataset.action || n.dataset.card || n.dataset.pick || n.getAttribute('aria-label');
    return {what: (said || n.textContent || '').trim().slice(0, 40),
            ...r, inside: inside(r), covered: inside(r) ? covered(n) : null};
  });
  const out = {width: document.documentElement.scrollWidth, viewport: innerWidth, height: innerHeight,
               scrollY: scrollY, page: document.documentElement.scrollHeight};
  for (const [key, s] of Object.entries(sel)) out[key] = list(s);
  return out;
}"""


def measure(page: Any, game: Game) -> dict[str, Any]:
    """The page's width and, for your hand, your choices, the turn and the scores: where each is."""
    selectors = {
        "hand": game.hand,
        "actions": game.actions,
        "turn": game.turn,
        "scores": game.scores,
        "table": game.table,
    }
    result: dict[str, Any] = page.evaluate(MEASURE, selectors)
    return result


def problems_at(data: dict[str, Any], size: str, game: str = "") -> list[str]:
    """What is wrong with the page at ``size``: sideways scrolling, your hand or a choice out of
    sight or covered, whose turn or a score out of sight, a choice too small to touch on a phone."""
    out = []
    if data["width"] > data["viewport"]:
        out.append(f"the page is {data['width']} px wide in a {data['viewport']} px window")
    for key in ("hand", "actions", "turn", "scores", "table"):
        if not data[key] and not (key == "hand" and game == "megacorps"):  # no event cards: no hand
            out.append(f"no {key} on the page")
        # of the cards in play, the latest (the one to beat) must be in sight; a long spell may
        # run on beyond a phone held sideways, scrolled within the table
        items = data[key][-1:] if key == "table" else data[key]
        for item in items:
            if not item["inside"]:
                out.append(f"{key} {item['what']!r} is out of sight at {item}")
            elif item["covered"]:
                out.append(f"{key} {item['what']!r} is covered")
            if key == "actions" and size in PHONES and (item["w"] < 44 - 0.5 or item["h"] < 44 - 0.5):
                out.append(f"{key} {item['what']!r} is {item['w']:.0f}x{item['h']:.0f}, under 44x44")
    return out


# ---- reaching a mid-game position, your turn ---------------------------------------------------------
def _play_until(
    page: Any, room: Any, done: Callable[[], bool], choose: Callable[[], Any], seconds: float
) -> None:
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, "the position was not reached"
        ready = "#board [data-action], #board .playable, #board .mc-go"
        if not pending(page) and step(page) == room.step and page.query_selector(ready):
            if done():
                return
            target = choose()
            if target is not None and click(page, target):
                before = room.step
                wait = time.monotonic() + 2
                while room.step == before and time.monotonic() < wait:
                    page.wait_for_timeout(10)
                continue
        page.wait_for_timeout(20)


def _first(page: Any, selector: str) -> Callable[[], Any]:
    return lambda: page.query_selector(selector)


def position(browser: Any, live: Live, name: str) -> tuple[Any, Any, list[str], str]:
    """A page on a mid-game position of ``name`` where the person (seat 0) is asked; and the table."""
    seats = {"clan": 3, "megacorps": 4}.get(name, 4)
    options: dict[str, Any] = {"summon7": {"target": 90}, "clan": {"pregame": 0, "rounds": 4}}.get(name, {})
    created = create(live, ["person"] + ["easy"] * (seats - 1), name, table=UNTIMED, **options)
    table = created["table"]["id"]
    room = live.room(table)
    game = GAMES[name]
    context, page, problems = helpers.open_page(
        browser, created["links"]["seats"][0]["url"], {"width": 1280, "height": 800}, game.ready
    )
    if name == "megalomania":
        done = lambda: (  # noqa: E731
            room.state.view(0)["phase"] == "play"
            and len(page.query_selector_all(".trick-area:not(.previous) .play")) >= 1
            and len(page.query_selector_all(".me-box .hand .card")) >= 6
            and page.query_selector(".me-box .hand .card.playable") is not None
        )
        _play_until(page, room, done, _first(page, ".card.playable, button.action"), 90)
    elif name == "summon7":
        done = lambda: room.state.round >= 2 and len(room.state.table.values(0)) >= 2  # noqa: E731
        _play_until(page, room, done, _first(page, "button.action[data-action='hit']"), 90)
    elif name == "clan":
        done = lambda: (  # noqa: E731
            room.state.view(0)["stage"] == "main"
            and room.state.view(0)["phase"] == "home"
            and len(room.state.table.values(0)) >= 2
        )
        _play_until(
            page,
            room,
            done,
            _first(page, "[data-action^='choose='], button.action[data-action='hit'], #board [data-action]"),
            120,
        )
    elif name == "manasurge":
        done = lambda: room.state.view(0)["phase"] == "play" and len(room.state.view(0)["spell"]) >= 2  # noqa: E731
        _play_until(page, room, done, _first(page, "#board [data-action]"), 90)
    elif name == "megacorps":
        done = lambda: room.state.view(0)["phase"] == "turn" and room.state.round >= 2  # noqa: E731

        def choose() -> Any:
            for selector in (
                "#board [data-action^='take ']",
                "#board button.mc-go:not([disabled])",
                "#board [data-action='pass'], #board [data-action='done'], #board [data-action='decline']",
                "#board [data-action='abstain'], #board [data-action='allow'], #board [data-action='refuse']",
                "#board [data-action^='payout ']",
                "#board [data-action]:not([data-action^='offer '])",
            ):
                found = page.query_selector(selector)
                if found is not None:
                    return found
            return None

        _play_until(page, room, done, choose, 120)
    page.wait_for_timeout(300)
    return context, page, problems, table


# ---- words cut off, spilling out of their card, covered --------------------------------------------------
CUT = """(root) => {
  const out = [];
  const shown = (n) => { const r = n.getBoundingClientRect(); const s = getComputedStyle(n);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
  const said = (n) => (n.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
  for (const n of document.querySelectorAll(root)) {
    for (const e of [n, ...n.querySelectorAll('*')]) {
      if (!shown(e) || !(e.textContent || '').trim() || e.matches('select, option, svg, svg *')) continue;
      const s = getComputedStyle(e);
      const clips = s.textOverflow === 'ellipsis' || ['hidden', 'clip'].includes(s.overflowX);
      if (clips && e.scrollWidth > e.clientWidth + 1) out.push(`cut: ${said(e)} (${e.className})`);
      const clamped = s.webkitLineClamp !== 'none' && e.scrollHeight > e.clientHeight + 1;
      if (clamped) out.push(`clamped: ${said(e)} (${e.className})`);
    }
    // a card's words stay on the card (its badges and tokens sit on its edge on purpose)
    for (const card of n.querySelectorAll('.card, .mc-card')) {
      if (!shown(card)) continue;
      const box = card.getBoundingClientRect();
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const edge = t.parentElement.closest('.ms-gems, .ms-copy, .ms-caster-token, .badge');
        if (!t.nodeValue.trim() || edge) continue;
        let clipped = false; // words clipped on purpose are told above, as cut
        for (let e = t.parentElement; e && e !== card; e = e.parentElement) {
          if (getComputedStyle(e).overflowX !== 'visible') clipped = true;
        }
        if (clipped) continue;
        const range = document.createRange();
        range.selectNodeContents(t);
        for (const r of range.getClientRects()) {
          const outside = r.left < box.left - 1 || r.right > box.right + 1;
          if (outside || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
            out.push(`spills out of its card: ${t.nodeValue.trim()} (${card.className})`);
            break;
          }
        }
      }
    }
  }
  return [...new Set(out)];
}"""


def cut_text(page: Any, root: str = "#board") -> list[str]:
    """The words under ``root`` cut off (an ellipsis, a clip, a clamp) or spilling out of a card."""
    found: list[str] = page.evaluate(CUT, root)
    return found


COVERED_BY = """([what, by]) => {
  const cover = document.querySelector(by).getBoundingClientRect();
  return [...document.querySelectorAll(what)].filter((n) => {
    const r = n.getBoundingClientRect();
    const across = r.right > cover.left && r.left < cover.right;
    return r.width && across && r.bottom > cover.top + 1 && r.top < cover.bottom - 1;
  }).map((n) => (n.textContent || '').trim().slice(0, 40));
}"""


def covered_by(page: Any, what: str, by: str) -> list[str]:
    """The elements of ``what`` that the element ``by`` (a docked panel) lies over, where they are now."""
    found: list[str] = page.evaluate(COVERED_BY, [what, by])
    return found
