"""Balance reports of every game, opened offline in Debian's Chromium (the Playwright harness of
tests/web): every plot is drawn, nothing is fetched, nothing goes wrong in the console."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.sim.balance import Store, plan, run_balance
from tabletop.sim.balance_report import build, write
from tabletop.sim.content import DATA_FILES

from ..web.conftest import browser

__all__ = ["browser"]  # the fixture, from the browser tests' harness

pytestmark = pytest.mark.timeout(300)

# small runs: a few games each, random bots, an identical copy of the data file as the variant
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "summon7": ({"players": 4}, 20),
    "clan": ({"players": 3, "pregame": 20}, 6),
    "megalomania": ({"players": 3}, 6),
    "manasurge": ({"players": 4, "wizards": True}, 10),
    "megacorps": ({"players": 3}, 3),
}

# for each plot: its size on the page and how much it draws (the SVG's paths and glyphs in use)
MEASURE = """() => [...document.querySelectorAll('figure.plot')].map(f => {
  const svg = f.querySelector('svg');
  const box = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
  const drawn = svg ? [...svg.querySelectorAll('path')].filter(p => {
    const b = p.getBBox(); return b.width > 0 || b.height > 0; }).length : 0;
  return {id: f.id, width: box.width, height: box.height, drawn: drawn,
          uses: svg ? svg.querySelectorAll('use').length : 0};
})"""


def report(tmp_path: Path, game: str) -> Path:
    options, games = GAMES[game]
    same = tmp_path / f"{game}-same.toml"
    same.write_text(DATA_FILES[game].read_text(encoding="utf-8"), encoding="utf-8")
    spec = plan(game, options, ["random"], 1, [("same", str(same))], games)
    outcome = run_balance(spec, Store(tmp_path / f"{game}.jsonl", spec))
    html = tmp_path / f"{game}.html"
    write(build(outcome), html, tmp_path / f"{game}.json")
    return html


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_report_opens_offline_with_every_plot_drawn(browser: Any, tmp_path: Path, game: str) -> None:
    html = report(tmp_path, game)
    context = browser.new_context(viewport={"width": 1100, "height": 900}, offline=True)
    page = context.new_page()
    fetched: list[str] = []
    problems: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(html.as_uri())
    page.wait_for_load_state("load")
    plots = page.evaluate(MEASURE)
    expected = int(page.evaluate("document.body.dataset.plots"))
    assert expected >= 8 and len(plots) == expected, game
    for plot in plots:
        assert plot["width"] > 300 and plot["height"] > 100, plot
        assert plot["drawn"] >= 5 and plot["uses"] >= 10, plot  # marks and lines; axes' text as glyphs
    assert fetched == [html.as_uri()], fetched  # the page alone: no image, font or script fetched
    assert problems == []
    assert page.locator("h1").inner_text().startswith("Balance report:")
    assert page.locator("text=No figure differs significantly").count() == 1
    context.close()
