"""The layering of docs/architecture.md: core <- games <- everything else, and pure rules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tabletop"
OUTER = ("agents", "sim", "terminal", "cli", "server", "web", "words", "client")


def modules(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


def imported(path: Path) -> set[str]:
    """Absolute names of the tabletop modules a file imports (relative imports resolved)."""
    tree = ast.parse(path.read_text())
    package = ["tabletop", *path.relative_to(PACKAGE).parent.parts]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                names.add(".".join([*base, node.module] if node.module else base))
            elif node.module:
                names.add(node.module)
    return names


@pytest.mark.parametrize("path", modules("core"), ids=str)
def test_core_imports_no_game_and_nothing_outer(path: Path) -> None:
    for name in imported(path):
        assert not name.startswith("tabletop.games"), f"{path} imports {name}"
        assert not any(name.startswith(f"tabletop.{o}") for o in OUTER), f"{path} imports {name}"


@pytest.mark.parametrize("path", modules("games"), ids=str)
def test_games_import_only_core_and_themselves(path: Path) -> None:
    game = path.relative_to(PACKAGE / "games").parts[0]
    for name in imported(path):
        if name.startswith("tabletop."):
            allowed = name.startswith("tabletop.core") or name.startswith(f"tabletop.games.{game}")
            assert allowed or name == "tabletop.games", f"{path} imports {name}"


GLOBAL_RNG = {"random", "choice", "choices", "shuffle", "randrange", "randint", "sample", "seed", "uniform"}


@pytest.mark.parametrize("path", modules("core") + modules("games"), ids=str)
def test_rules_do_no_io_and_use_no_global_rng(path: Path) -> None:
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                assert func.id not in ("print", "input", "open"), f"{path}:{node.lineno} calls {func.id}"
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                if func.value.id == "random":
                    assert func.attr not in GLOBAL_RNG, f"{path}:{node.lineno} uses random.{func.attr}"
                assert func.value.id not in ("socket", "subprocess"), f"{path}:{node.lineno}"


FRONT_ENDS = ("tabletop.terminal", "tabletop.server", "tabletop.cli", "rich", "fastapi", "starlette")


@pytest.mark.parametrize("path", modules("words"), ids=str)
def test_words_serve_every_front_end_and_import_none(path: Path) -> None:
    """The words of actions and events are shared by the terminal and the server: they may read
    the games, never a front end (nor the agents, which must not shape what a person is told)."""
    for name in imported(path):
        assert not name.startswith(FRONT_ENDS), f"{path} imports {name}"
        assert not name.startswith("tabletop.agents"), f"{path} imports {name}"


@pytest.mark.parametrize("path", modules("client"), ids=str)
def test_the_bot_client_speaks_to_the_server_only_over_the_network(path: Path) -> None:
    """tabletop.client runs where no server is installed: it reads the games and the agents, and
    never imports the server, its web framework or a front end."""
    for name in imported(path):
        for other in (*FRONT_ENDS, "sqlalchemy", "uvicorn"):
            assert name != other and not name.startswith(f"{other}."), f"{path} imports {name}"
