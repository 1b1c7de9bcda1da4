"""Every registered game has every part a game needs, in every layer (docs/architecture.md,
"Adding a game"): rules, conformance hooks, a heuristic bot, search plug-ins, words, a terminal
screen, a browser renderer, golden playthroughs, a player's page, rules coverage, the README, and
the rules for players with their glossary (tabletop/words/rules), a guided first game
(tabletop/words/tutorials), and worlds from a view for online bots (tabletop/client/worlds)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tabletop
from tabletop.agents.heuristics import HEURISTICS
from tabletop.agents.ismcts import PLUGINS
from tabletop.client.worlds import world_builder
from tabletop.core.registry import names
from tabletop.envs.registry import ENCODINGS
from tabletop.sim.content import DATA_FILES
from tabletop.terminal.app import SUPPORTED
from tabletop.terminal.screens import SCREENS
from tabletop.words import WORDING, content
from tabletop.words.rules import games as games_with_rules
from tabletop.words.rules import rules
from tabletop.words.tutorials import games as games_with_tutorials
from tabletop.words.tutorials import tutorial

from .conformance.hooks import HOOKS

ROOT = Path(__file__).resolve().parent.parent
GAMES = names()


def test_the_project_has_its_four_games_and_the_clan_game() -> None:
    assert {"megalomania", "summon7", "clan", "manasurge", "megacorps"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_rules_bots_and_words(name: str) -> None:
    game = tabletop.make(name)
    assert game.name == name and game.metadata.max_decisions > 0
    assert name in HOOKS, f"{name}: add conformance hooks to tests/conformance/hooks/"
    assert name in HEURISTICS, f"{name}: register a heuristic bot in tabletop/agents/heuristics.py"
    assert name in PLUGINS, f"{name}: register search plug-ins in tabletop/agents/ismcts.py"
    for target in (HEURISTICS[name], PLUGINS[name]):  # each game's bots in its own subpackage
        assert target.startswith(f"tabletop.agents.{name}."), (
            f"{name}: put {target} in tabletop/agents/{name}/"
        )
    assert name in WORDING, f"{name}: register a words module in tabletop/words/__init__.py"
    content(name)  # the printed texts a front end needs load
    assert name in ENCODINGS, f"{name}: write its research encoding in tabletop/envs/ (registry.py)"
    assert name in DATA_FILES, f"{name}: name its data file in tabletop/sim/content.py (balance variants)"
    assert world_builder(name) is not None, (
        f"{name}: build its worlds from a view for online bots, tabletop/client/worlds/{name}.py"
    )


@pytest.mark.parametrize("name", GAMES)
def test_rules_for_players_with_a_glossary(name: str) -> None:
    assert name in games_with_rules(), (
        f"{name}: write its rules for players, tabletop/words/rules/{name}.toml (docs/learning.md)"
    )
    loaded = rules(name)  # it loads: every entry and token checked
    assert loaded.sections, f"{name}: its rules need [[section]]s"
    assert loaded.terms, f"{name}: its rules need a glossary ([[term]]s), the words its table explains"


@pytest.mark.parametrize("name", GAMES)
def test_a_guided_first_game(name: str) -> None:
    assert name in games_with_tutorials(), (
        f"{name}: write its guided first game, tabletop/words/tutorials/{name}.toml (docs/learning.md); "
        f"check it with `tabletop tutorial {name}`"
    )
    assert tutorial(name).moves, f"{name}: its tutorial must ask for moves (a step's expect)"


@pytest.mark.parametrize("name", GAMES)
def test_front_ends(name: str) -> None:
    assert name in SUPPORTED, f"{name}: add it to tabletop/terminal/app.py SUPPORTED"
    assert name == "megalomania" or name in SCREENS, f"{name}: register a terminal screen in screens.py"
    renderers = (ROOT / "tabletop/web/js/renderers.js").read_text(encoding="utf-8")
    registered = re.search(r"RENDERERS = \{([^}]*)\}", renderers)
    assert registered and name in registered.group(1), f"{name}: register a renderer in web/js/renderers.js"
    assert (ROOT / f"tabletop/web/js/{name}.js").exists(), f"{name}: write tabletop/web/js/{name}.js"


@pytest.mark.parametrize("name", GAMES)
def test_tests_and_docs(name: str) -> None:
    golden = list((ROOT / "tests/games").glob(f"*/golden/{name}-*.json"))
    assert golden, f"{name}: write golden playthroughs (tests/games/<game>/make_golden.py)"
    page = ROOT / "docs" / f"{name}.md"
    assert page.exists(), f"{name}: write the player's page docs/{name}.md"
    title = tabletop.make(name).title.split(": ")[-1]  # "Summon 7: the clan game" -> "the clan game"
    coverage = (ROOT / "docs/rules-coverage.md").read_text(encoding="utf-8")
    heading = re.search(rf"^## .*{re.escape(title)}", coverage, re.M | re.I)
    assert heading, f"{name}: add a rules-coverage section"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"docs/{name}.md" in readme, f"{name}: link docs/{name}.md from the README"
