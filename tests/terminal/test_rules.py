"""The rules for players on the terminal (tabletop/terminal/rules.py): ``tabletop rules GAME`` prints
the sections with their cards drawn as the terminal draws them, what the team designed marked
provisional, and the glossary; ``h`` at every game's table shows the rules above the screen's own
help."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.style import Style
from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.core.registry import names
from tabletop.terminal import run_game
from tabletop.terminal.rules import render_rules, with_rules
from tabletop.terminal.style import BADGE, number_card_style
from tabletop.words.rules import games, rules

runner = CliRunner()
# options that make a game quick to reach the person's first question
OPTIONS: dict[str, dict[str, Any]] = {"clan": {"pregame": 30}}
PLAYERS = {"megalomania": 4, "summon7": 3, "clan": 3, "manasurge": 3, "megacorps": 3}
QUIT = {"megacorps": ["q", "s"]}  # MegaCorps asks whether to stop or to leave for good


def test_rules_prints_the_sections_provisional_marks_cards_and_glossary() -> None:
    result = runner.invoke(app, ["rules", "megalomania"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    out = result.output
    loaded = rules("megalomania")
    assert "Megalomania: the rules" in out and loaded.pitch[:40] in " ".join(out.split())
    for section in loaded.sections:
        assert section.title in out
    assert "The twenty scrolls  (provisional)" in out  # a designed section, marked
    assert "The goal  (provisional)" not in out
    assert " black Emperor 15 " in out and " blue Farmer 1 " in out  # the cards, as the terminal writes them
    assert "Glossary" in out and "dominant colour" in out and "Also: dominant." in out
    flat = " ".join(out.replace("│", " ").split())
    assert "Scroll 11 (name chosen by the team): on a fixed mission" in flat
    brief = runner.invoke(app, ["rules", "MEGALOMANIA", "--no-glossary"], env={"COLUMNS": "120"})
    assert brief.exit_code == 0 and "Glossary" not in brief.output and "The end" in brief.output


@pytest.mark.parametrize("game", ["summon7", "clan"])
def test_summon7_and_the_clan_game_draw_number_cards(game: str) -> None:
    result = runner.invoke(app, ["rules", game], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert " 11 " in result.output  # {number:11}, a badge
    marked = result.output.count("(provisional)")
    if game == "summon7":
        assert marked == 0
    else:  # every section and every term of its own
        own = [t for t in rules("clan").terms if t.provisional]
        assert marked >= len(rules("clan").sections) + len(own)


@pytest.mark.parametrize(
    ("args", "said"), [(["rules", "chess"], "no game called 'chess'"), (["rules"], "Missing")]
)
def test_rules_refuses_an_unknown_game(args: list[str], said: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and said in result.output


def segments_of(renderable: Any) -> Iterator[Any]:
    console = Console(width=120, color_system="truecolor", force_terminal=True, file=io.StringIO())
    yield from console.render(renderable)


def test_the_cards_are_the_terminals_badges() -> None:
    found = {s.text: s.style for s in segments_of(render_rules("megalomania")) if s.style}
    assert found[" black Emperor 15 "] == Style.parse(BADGE["black"])
    assert found[" yellow Knight 9 "] == Style.parse(BADGE["yellow"])
    found = {s.text: s.style for s in segments_of(render_rules("summon7")) if s.style}
    assert found[" 12 "] == Style.parse(number_card_style(12))


def test_help_without_rules_is_the_screens_help() -> None:
    help_ = "the screen's help"
    assert with_rules("no-such-game", help_) is help_


@pytest.mark.parametrize("game", names())
def test_h_at_the_table_shows_the_rules_and_the_help(tmp_path: Path, game: str) -> None:
    if game not in games():
        pytest.skip(f"{game} has no rules file yet (tabletop/words/rules/{game}.toml)")
    answers = iter(["h", *QUIT.get(game, ["q"])])
    console = Console(record=True, width=120, file=io.StringIO())
    n = PLAYERS[game]
    options = {"players": n, **OPTIONS.get(game, {})}
    save = tmp_path / "game.json"
    run_game(
        game, options, 0, ["random"] * (n - 1), 3, "normal", save, None, console, lambda _: next(answers)
    )
    out = console.export_text()
    loaded = rules(game)
    assert f"{loaded.title}: the rules" in out, "h shows the rules"
    assert all(s.title in out for s in loaded.sections) and "Glossary" in out
    assert "Commands" in out or "commands" in out, "and the screen's own help"
    assert out.index("the rules") < out.rindex("ommands"), "the help comes last, next to the prompt"
    assert "Game saved to" in out
