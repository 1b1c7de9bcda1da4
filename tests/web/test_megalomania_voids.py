"""Megalomania's table shows the voids the play showed (M18: a colour not followed is public, in
each seat's ``lacks``): an engine view drawn into a still page, in Debian's Chromium."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.megalomania.tables import play, table

from .conftest import Live
from .helpers import create, open_page

pytestmark = pytest.mark.timeout(120)
RENDER = """async ([view, seats]) => {
  const mg = await import('/static/js/megalomania.js');
  let box = document.getElementById('fixed');
  if (!box) { box = document.createElement('div'); box.id = 'fixed'; document.body.prepend(box); }
  mg.renderTable(box, { view, seats, me: view.seat, labels: {}, act: () => true, hands: {} });
}"""
SEATS = [
    {"seat": s, "kind": "person", "name": n, "online": True} for s, n in enumerate(["Ana", "Ben", "Cy", "Di"])
]


def voids_shown(page: Any, seat: int) -> list[str]:
    return list(
        page.eval_on_selector_all(
            f"#fixed .seat-box[data-seat='{seat}'] .tag.void", "ts => ts.map(t => t.textContent)"
        )
    )


def test_a_colour_not_followed_shows_as_a_void_beside_the_player(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person", "person", "person"])  # nobody acts: a still page
    context, page, problems = open_page(
        browser, created["links"]["spectator"], {"width": 1280, "height": 900}, ".mg-table"
    )
    state = table([["Ku", "Fb"], ["Ey", "Xr"], ["Ou", "Wy"], ["Du", "Ar"]], "black")
    play(state, "Ku")
    page.evaluate(RENDER, [state.view(0), SEATS])
    page.wait_for_selector("#fixed .mg-table")
    assert voids_shown(page, 1) == []
    play(state, "Ey")  # seat 1 follows neither blue (led) nor black (dominant)
    page.evaluate(RENDER, [state.view(0), SEATS])
    page.wait_for_selector("#fixed .mg-table")
    assert sorted(voids_shown(page, 1)) == ["no black", "no blue"]
    assert voids_shown(page, 2) == voids_shown(page, 3) == []
    assert not problems, problems
    context.close()
