"""The site's pages, rendered from one layout (tabletop/server/pages.py): every address answers
with the head every page shares and its own script, and a page that forgets a part of the layout
fails when the app is made, not in a visitor's browser."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from jinja2 import UndefinedError

from tabletop.server.pages import PAGES, render_all

from .helpers import running

WEB = Path(__file__).resolve().parents[2] / "tabletop" / "web"
SCRIPTS = {
    "index": "lobby",
    "table": "table",
    "replay": "replay",
    "leaderboard": "leaderboard",
    "player": "player",
    "rules": "rules",
    "account": "settings",
}


def test_every_address_serves_its_page_with_the_shared_head(db_url: str) -> None:
    with running(db_url) as client:
        for address, name in PAGES.items():
            url = re.sub(r"\{[a-z_]+\}", "abc", address)
            answer = client.get(url)
            assert answer.status_code == 200, url
            assert answer.headers["content-type"].startswith("text/html")
            html = answer.text
            head = html.split("</head>")[0]
            assert html.startswith('<!doctype html>\n<html lang="en">')
            for part in ('<meta charset="utf-8">', 'name="viewport"', 'content="no-referrer"', "favicon.svg"):
                assert part in head, (url, part)
            sheets = re.findall(r'href="/static/css/([\w-]+)\.css"', head)
            assert sheets[0] == "style" and len(sheets) == len(set(sheets)), (url, sheets)
            assert re.findall(r"<script[^>]*>", html) == [
                f'<script type="module" src="/static/js/{SCRIPTS[name]}.js">'
            ], url  # one module, no inline script (the CSP allows none)
            assert '<a class="brand" href="/">tabletop</a>' in html and "{%" not in html and "{{" not in html


def test_a_page_without_its_head_fails_when_rendered(tmp_path: Path) -> None:
    (tmp_path / "pages").mkdir()
    for name in ("layout", "leaderboard"):
        shutil.copy(WEB / "pages" / f"{name}.html", tmp_path / "pages" / f"{name}.html")
    assert '<script type="module" src="/static/js/leaderboard.js">' in render_all(tmp_path)["leaderboard"]
    shutil.copy(WEB / "pages" / "leaderboard.html", tmp_path / "pages" / "ladder.html")
    with pytest.raises(LookupError, match="ladder"):
        render_all(tmp_path)


def test_a_page_that_names_what_it_is_not_given_fails_when_rendered(tmp_path: Path) -> None:
    (tmp_path / "pages").mkdir()
    shutil.copy(WEB / "pages" / "layout.html", tmp_path / "pages" / "layout.html")
    page = (WEB / "pages" / "leaderboard.html").read_text(encoding="utf-8")
    forgetful = page.replace("{% block main %}", "{% block main %}{{ subtitle }}", 1)
    assert forgetful != page
    (tmp_path / "pages" / "leaderboard.html").write_text(forgetful, encoding="utf-8")
    with pytest.raises(UndefinedError, match="subtitle"):
        render_all(tmp_path)
