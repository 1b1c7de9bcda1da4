"""MegaCorps' renderer on engine views, for the browser tests: a position of the rules drawn into a
still page (a spectator's table of three people where nobody acts) as the server sends it to a seat
(its legal actions, their words, its previews, the last action), with the actions the page sends
kept in ``window.acted``."""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.core.protocol import with_previews
from tabletop.core.record import parse_entry
from tabletop.words import content, labels

from ..games.megacorps.helpers import FIXED

SEATS = [{"seat": s, "kind": "person", "name": n, "online": True} for s, n in enumerate(["Ana", "Ben", "Cy"])]
RENDER = """async ([view, labels, content, seats, last]) => {
  const mc = await import('/static/js/megacorps.js');
  let box = document.getElementById('fixed');
  if (!box) { box = document.createElement('div'); box.id = 'fixed'; document.body.prepend(box); }
  window.acted = [];
  const ctx = { view, labels, content, seats, me: view.seat, over: false, last, fresh: true,
                offers: [], table: { id: 'fixed', trading: true }, send: () => true,
                act: (text) => window.acted.push(text) };
  mc.renderTable(box, ctx);
}"""


def engine_state(actions: list[str], setup: dict[str, Any] = FIXED) -> Any:
    """The fixed position (or ``setup``) after ``actions`` (record entries: ``@seat text`` for a seat
    other than the current one)."""
    game = tabletop.make("megacorps", players=3)
    state = game.new_state(1, setup=setup)
    for text in actions:
        seat, action = parse_entry(text)
        state.apply(game.parse_action(action), seat)
    return state


def render(page: Any, state: Any, seat: int, last: dict[str, Any] | None = None) -> dict[str, Any]:
    """Draw ``seat``'s view of ``state`` as the server sends it: its legal actions, their words,
    its previews; ``last``: the last action as the server tells it."""
    view = with_previews(
        state, seat, {**state.view(seat), "legal": [str(a) for a in state.legal_actions_for(seat)]}
    )
    names = [str(s["name"]) for s in SEATS]
    page.evaluate(RENDER, [view, labels("megacorps", view, names), content("megacorps"), SEATS, last])
    page.wait_for_selector("#fixed .mc-table")
    return dict(view)


def acted(page: Any) -> list[str]:
    return list(page.evaluate("window.acted"))
